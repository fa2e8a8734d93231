//! What the Tokenize lab's comparison works out from several tokenizers' pieces of one text, kept
//! apart from the page so it is tested natively: where their cuts differ ([`cuts`]) and the
//! pieces as CSV ([`csv`]), how numbers split ([`numbers`]), the token tax ([`token_tax`]), and long texts in slices that tokenize as the whole does
//! ([`slices`]). Leaves out: encoding (each tokenizer's own module) and drawing.

pub mod csv;
pub mod cuts;
pub mod numbers;
pub mod slices;
pub mod token_tax;
