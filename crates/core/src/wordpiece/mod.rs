//! BERT's uncased WordPiece tokenizer, as Hugging Face `tokenizers` runs MiniLM's `tokenizer.json`
//! (all-MiniLM-L6-v2, 30,522 tokens): the same ids for any text.
//!
//! - [`normalise`]: clean text, CJK split, accents stripped, lower-case;
//! - [`pretokenise`]: whitespace and punctuation split;
//! - [`vocab`]: vocab.txt, token ↔ id;
//! - [`special`]: special tokens typed in the text;
//! - [`WordPiece`] (encoder.rs): greedy longest-match pieces with `##` continuations, `[UNK]`,
//!   `[CLS] … [SEP]`.
//!
//! The per-character tables (unicode_tables.rs) are read from `tokenizers` itself by
//! `cargo xtask minilm`, because its character classes mix several Unicode versions. This file
//! holds the special tokens and the error; as_tokenizer.rs puts WordPiece behind the lab's
//! [`crate::tokenizer::Tokenizer`]. Leaves out: sentence pairs, padding, truncation and training a
//! vocabulary.

mod as_tokenizer;
mod encoder;
mod explain;
pub mod normalise;
pub mod pretokenise;
pub mod special;
mod unicode_tables;
pub mod vocab;

use std::fmt;

pub use encoder::{Encoding, Token, WordPiece, MAX_WORD_CHARS};
pub use unicode_tables::TOKENIZERS_VERSION;
pub use vocab::Vocab;

/// The prefix of a piece that continues a word.
pub const CONTINUATION: &str = "##";
/// The token of a word no pieces cover.
pub const UNK: &str = "[UNK]";
/// The token in front of every sequence.
pub const CLS: &str = "[CLS]";
/// The token at the end of every sequence.
pub const SEP: &str = "[SEP]";
/// BERT's special tokens, which the tokenizer also finds typed in the text.
pub const SPECIAL_TOKENS: [&str; 5] = ["[PAD]", UNK, CLS, SEP, "[MASK]"];

/// What can go wrong: only a bad vocabulary file (any text encodes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordPieceError {
    BadVocab(String),
}

impl fmt::Display for WordPieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WordPieceError::BadVocab(why) => write!(
                f,
                "the WordPiece vocabulary is invalid: {why}; rebuild it with `cargo xtask minilm`"
            ),
        }
    }
}

impl std::error::Error for WordPieceError {}
