//! MiniLM's token table as word vectors: an [`EmbeddingTable`] with one row per WordPiece token
//! (named by vocab.txt), so the embed module's cosine neighbours (`embed::neighbours::of_word`,
//! `nearest`) and the compute engine's GPU kernels run on it unchanged, beside GloVe. A transformer's
//! input table differs from word vectors: it holds `##` pieces, special tokens and unused rows, and
//! its rows only start the model's work. Leaves out: any scoring of its own.

use super::{MiniLmError, TokenEmbeddings};
use crate::embed::EmbeddingTable;
use crate::wordpiece::Vocab;

/// The 30,522 token rows (decoded to f32) with their tokens as words: 47 MB of raw rows plus as
/// much again of unit rows, built once when the page first asks for neighbours.
pub fn token_table(tokens: &TokenEmbeddings, vocab: &Vocab) -> Result<EmbeddingTable, MiniLmError> {
    if vocab.len() != tokens.rows() {
        return Err(MiniLmError::VocabMismatch {
            vocab: vocab.len(),
            rows: tokens.rows(),
        });
    }
    EmbeddingTable::from_rows(vocab.tokens().to_vec(), tokens.to_f32(), tokens.dims())
        .map_err(MiniLmError::Embed)
}
