//! A real transformer's embedding layer: all-MiniLM-L6-v2 (a 6-layer BERT-style encoder, d_model 384),
//! turning WordPiece ids into the (1, T, 384) tensor its first attention layer reads.
//!
//! BERT's layer is seed 000's `TransformerEmbeddings` (token rows + learned position rows, with the
//! context-window guard) plus a token-type row (0 for a single sentence) and a LayerNorm:
//!
//! ```text
//! sum[t]        = W_word[ids[t]] + W_pos[t] + W_type[0]          (raw sum)
//! normalised[t] = (sum[t] − mean) / √(var + 1e-12) · γ + β       (mean, var over the 384 values)
//! ```
//!
//! - the token table is stored as float16 ([`crate::half`] decodes it);
//! - [`asset`]: the container format of `tokens.bin` and `layer.bin`;
//! - [`TokenEmbeddings`]: the 30,522 × 384 token table (tokens.bin, float16);
//! - [`LayerWeights`]: position table, token-type rows, LayerNorm γ and β (layer.bin, float32);
//! - [`forward`] (layer.rs) → [`Embedded`]: the layer on a sequence, every intermediate kept;
//!   [`check_length`] is its guard alone, [`layer_norm`] and [`shapes`] its steps and their shapes;
//! - [`offsets`]: cos(p, p+k) across the learned position table;
//! - [`neighbours`]: the token table as an [`EmbeddingTable`](crate::embed::EmbeddingTable) for the
//!   embed module's cosine neighbours.
//!
//! Accuracy: the token table is float16 (everything else float32 as trained). Against float64 from
//! the float32 weights, every token value is within 4.05e-4 (half a float16 step at |w| ≤ 1.049), so
//! the raw sum is within 4.1e-4, and the LayerNorm output within 1.25e-3 (1.215e-3 at worst over all
//! 30,522 tokens at all 512 positions); tests/minilm_reference.rs checks both. This file holds the
//! model's sizes and the error. Leaves out: the attention layers, sentence pairs (token type 1) and
//! batches.

pub mod asset;
mod layer;
pub mod layer_norm;
mod layer_weights;
pub mod neighbours;
pub mod offsets;
pub mod shapes;
mod token_embeddings;

use std::fmt;

use crate::asset::AssetError;

use crate::embed::EmbedError;

pub use layer::{check_length, forward, Embedded};
pub use layer_weights::LayerWeights;
pub use token_embeddings::TokenEmbeddings;

/// Rows of the token table: WordPiece vocabulary size.
pub const VOCAB_SIZE: usize = 30_522;
/// Width of every row: d_model.
pub const D_MODEL: usize = 384;
/// Rows of the position table: the context window.
pub const MAX_POSITIONS: usize = 512;
/// Rows of the token-type table (sentence A and B).
pub const TYPE_VOCAB_SIZE: usize = 2;
/// LayerNorm's ε (config.json's `layer_norm_eps`).
pub const LAYER_NORM_EPS: f64 = 1e-12;

/// Everything that can go wrong: a damaged asset, an id outside the vocabulary, a sequence longer
/// than the context window, or a vocabulary that does not fit the table.
#[derive(Clone, Debug, PartialEq)]
pub enum MiniLmError {
    /// The container is damaged (truncated, wrong magic or version, bad checksum).
    Asset(AssetError),
    /// The header announces another number of tensors.
    TensorCount { expected: usize, found: u32 },
    /// A directory entry is not the tensor expected there (name, type or shape).
    UnexpectedTensor {
        index: usize,
        expected: String,
        found: String,
    },
    /// An id with no row in the token table, at `position` in the sequence.
    UnknownId { id: u32, position: usize },
    /// The seed's guard: more tokens than the position table has rows.
    ContextOverflow { len: usize, max: usize },
    /// A vocabulary whose size is not the token table's rows.
    VocabMismatch { vocab: usize, rows: usize },
    /// The token table as word vectors could not be built.
    Embed(EmbedError),
}

impl fmt::Display for MiniLmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rebuild = "rebuild it with `cargo xtask minilm`";
        match self {
            MiniLmError::Asset(error) => error.fmt(f),
            MiniLmError::TensorCount { expected, found } => write!(
                f,
                "the MiniLM asset holds {found} tensors where {expected} were expected: is it the other file? {rebuild}"
            ),
            MiniLmError::UnexpectedTensor {
                index,
                expected,
                found,
            } => write!(
                f,
                "MiniLM asset tensor {index} should be {expected}, found {found}; {rebuild}"
            ),
            MiniLmError::UnknownId { id, position } => write!(
                f,
                "token id {id} at position {position} has no row: ids go from 0 to {}",
                VOCAB_SIZE - 1
            ),
            // Seed 000's message, from the one place that words it.
            MiniLmError::ContextOverflow { len, max } => EmbedError::ContextOverflow {
                len: *len,
                max: *max,
            }
            .fmt(f),
            MiniLmError::VocabMismatch { vocab, rows } => write!(
                f,
                "the vocabulary has {vocab} tokens but the token table {rows} rows"
            ),
            MiniLmError::Embed(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for MiniLmError {}

impl From<AssetError> for MiniLmError {
    fn from(error: AssetError) -> MiniLmError {
        MiniLmError::Asset(error)
    }
}
