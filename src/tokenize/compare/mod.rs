//! Every tokenizer side by side on the same text: the columns (`side.rs`, one column's interface;
//! `sides.rs`, the list, from the registry), the comparison itself (`side_by_side.rs`), counting
//! (`counting.rs`, `whole_text.rs`), why a token is what it is (`why_view.rs`), the token tax, the
//! numbers grid, a model file of the reader's, and WordPiece's notes.
mod counting;
mod model_file_side;
mod numbers_view;
mod side;
mod side_by_side;
pub mod sides;
mod token_tax_view;
mod whole_text;
mod why_view;
mod wordpiece_notes;

pub use side_by_side::{Chooser, Compare, MOST_CHOSEN};
