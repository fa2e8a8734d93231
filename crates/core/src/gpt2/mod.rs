//! GPT-2's byte-level BPE tokenizer: the types, the error and the public surface.
//!
//! Text is split by GPT-2's pre-tokenizer pattern ([`pretokenize`]), each piece's
//! UTF-8 bytes start as one token per byte ([`byte_table`]), and adjacent tokens
//! are merged lowest rank first ([`Gpt2Tokenizer`]) using the 50,000 merges in
//! `assets/gpt2/merges.bin` ([`ranks`]). Ids match js-tiktoken's `gpt2` encoding.
//!
//! Leaves out: special-token parsing on encode (the text `<|endoftext|>` is encoded
//! as ordinary text, like tiktoken's `encode_ordinary`; id 50256 still decodes to
//! it), other vocabularies, and loading the asset from disk or network (callers
//! pass its bytes).

mod as_tokenizer;
pub mod byte_table;
mod encoder;
mod explain;
pub mod pretokenize;
pub mod ranks;
mod unicode_tables;

use std::fmt;

use crate::asset::AssetError;

pub use encoder::{Gpt2Tokenizer, MergeStep, TokenDetail};
pub use pretokenize::{char_class, pretokenize, CharClass};
pub use unicode_tables::UNICODE_VERSION;

/// Number of merges in GPT-2's vocabulary.
pub const MERGE_COUNT: usize = 50_000;
/// Id of `<|endoftext|>`, the only special token: right after the 256 byte tokens and the merges.
pub const END_OF_TEXT: u32 = 256 + MERGE_COUNT as u32;
/// The text of the special token [`END_OF_TEXT`].
pub const END_OF_TEXT_STR: &str = "<|endoftext|>";
/// Number of token ids (0..=50256).
pub const VOCAB_SIZE: usize = END_OF_TEXT as usize + 1;

/// Everything that can go wrong in this module: a damaged asset or an unknown id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gpt2Error {
    /// The container is damaged (truncated, wrong magic or version, bad checksum).
    Asset(AssetError),
    /// The header's merge count is not GPT-2's 50,000.
    WrongMergeCount { found: u32 },
    /// A merge uses an id that does not exist yet at its rank.
    MergeIdOutOfRange { rank: usize, id: u32 },
    /// A merge makes the same bytes as an earlier token.
    DuplicateToken { rank: usize },
    /// A token id outside 0..=50256, at `position` in the input.
    UnknownTokenId { id: u32, position: usize },
}

impl fmt::Display for Gpt2Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let asset = "GPT-2 merge asset";
        match self {
            Self::Asset(error) => error.fmt(f),
            Self::WrongMergeCount { found } => {
                write!(f, "{asset} declares {found} merges; GPT-2 has {MERGE_COUNT}")
            }
            Self::MergeIdOutOfRange { rank, id } => write!(
                f,
                "{asset} is invalid: merge {rank} uses id {id}, but only ids below {} exist by then",
                256 + rank
            ),
            Self::DuplicateToken { rank } => {
                write!(f, "{asset} is invalid: merge {rank} repeats the bytes of an earlier token")
            }
            Self::UnknownTokenId { id, position } => write!(
                f,
                "token id {id} at position {position} is not a GPT-2 id (0..={END_OF_TEXT})"
            ),
        }
    }
}

impl std::error::Error for Gpt2Error {}

impl From<AssetError> for Gpt2Error {
    fn from(error: AssetError) -> Gpt2Error {
        Gpt2Error::Asset(error)
    }
}
