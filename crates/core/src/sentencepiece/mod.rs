//! SentencePiece models (Mistral's `tokenizer.model.v1`, or any `.model` file a user opens), id
//! for id with Google's `sentencepiece` library:
//! 1. the model file is read and checked ([`ModelFile`]);
//! 2. the text is normalized: the charsmap's rules, `▁` for spaces, the dummy prefix (normalizer.rs);
//! 3. the normalized text is segmented by the model's algorithm: BPE by piece score (bpe.rs) or
//!    Unigram by Viterbi over log-probabilities (unigram.rs);
//! 4. a piece the vocabulary lacks becomes its UTF-8 bytes (`<0xF0>` …) with byte fallback, or the
//!    unknown id, one per run of unknown characters, without (processor.rs).
//!
//! Special-token strings are ordinary text and no BOS/EOS is added, as `encode(text)` does by
//! default. Leaves out: the WORD and CHAR model types (a clear error), sampling, n-best and the
//! denormalizer.

mod asset;
mod bpe;
pub mod charsmap;
mod explain;
mod model_file;
mod normalizer;
mod processor;
mod protobuf;
mod unigram;
mod user_symbols;
mod vocab;

use std::fmt;

use crate::asset::AssetError;

pub use asset::{from_asset, to_asset, FORMAT};
pub use model_file::{Algorithm, Entry, Kind, ModelFile};
pub use processor::SentencePiece;

/// Everything that can go wrong reading a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SentencePieceError {
    Asset(AssetError),
    /// The protobuf framing breaks at byte `at` of `part`.
    Malformed {
        part: &'static str,
        at: usize,
    },
    NotUtf8 {
        part: &'static str,
    },
    UnknownPieceType {
        code: u64,
    },
    UnsupportedAlgorithm(&'static str),
    /// An empty or repeated piece, or a byte piece that is not `<0xXX>` or not allowed.
    BadPiece {
        id: usize,
    },
    /// A model has exactly one unknown piece.
    UnknownPieces {
        count: usize,
    },
    /// Byte fallback is on but this byte has no piece.
    MissingByte {
        byte: u8,
    },
    BadCharsmap,
}

impl fmt::Display for SentencePieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = "this is not a usable SentencePiece model file";
        match self {
            SentencePieceError::Asset(error) => error.fmt(f),
            SentencePieceError::Malformed { part, at } => {
                write!(f, "{file}: {part} is damaged at byte {at}")
            }
            SentencePieceError::NotUtf8 { part } => write!(f, "{file}: {part} is not UTF-8"),
            SentencePieceError::UnknownPieceType { code } => {
                write!(f, "{file}: a piece has the unknown type {code}")
            }
            SentencePieceError::UnsupportedAlgorithm(name) => write!(
                f,
                "this SentencePiece model uses the {name} algorithm; the lab reads BPE and Unigram models"
            ),
            SentencePieceError::BadPiece { id } => {
                write!(f, "{file}: piece {id} is empty, repeated or a malformed byte piece")
            }
            SentencePieceError::UnknownPieces { count } => {
                write!(f, "{file}: it has {count} unknown pieces, not one")
            }
            SentencePieceError::MissingByte { byte } => {
                write!(f, "{file}: byte fallback is on but byte {byte:#04x} has no piece")
            }
            SentencePieceError::BadCharsmap => {
                write!(f, "{file}: its normalizer's charsmap is damaged")
            }
        }
    }
}

impl std::error::Error for SentencePieceError {}

impl From<AssetError> for SentencePieceError {
    fn from(error: AssetError) -> SentencePieceError {
        SentencePieceError::Asset(error)
    }
}
