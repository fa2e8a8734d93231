//! What `nn.Embedding` does with a batch (seed 000): token ids index rows of W_e, positions
//! 0…T−1 index rows of W_p, and the two are added with broadcasting over the batch. This module
//! resolves a batch of sentences to ids and lists the shapes at each step, refusing ragged batches and
//! sequences longer than the context window with the seed's message.
//! Leaves out: the position table's values (the Position lab owns those) and padding.

use super::table::EmbeddingTable;
use super::EmbedError;

/// A rectangular batch of token ids, checked against a context window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// `batch × seq` ids, one row per sentence.
    pub ids: Vec<Vec<u32>>,
    /// Rows of the token table W_e.
    pub rows: usize,
    pub dims: usize,
    /// Rows of the position table (`max_seq_len`).
    pub max_positions: usize,
}

/// One line of the shape walk-through: the PyTorch expression, its shape and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeStep {
    pub expression: &'static str,
    pub shape: Vec<usize>,
    pub note: &'static str,
}

impl Batch {
    /// Splits each sentence on whitespace and looks every word up among the first `vocab` rows.
    pub fn new(
        table: &EmbeddingTable,
        sentences: &[&str],
        vocab: usize,
        max_positions: usize,
    ) -> Result<Batch, EmbedError> {
        // 1. Words to ids; an unknown word stops here with suggestions.
        let ids = sentences
            .iter()
            .filter(|s| !s.trim().is_empty())
            .map(|s| {
                s.split_whitespace()
                    .map(|w| table.lookup(w, vocab))
                    .collect::<Result<Vec<u32>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        // 2. A tensor is rectangular: every sentence as long as the first.
        let first = ids
            .first()
            .map(Vec::len)
            .ok_or(EmbedError::Empty("type at least one sentence"))?;
        if let Some((row, ragged)) = ids.iter().enumerate().find(|(_, s)| s.len() != first) {
            return Err(EmbedError::RaggedBatch {
                first,
                row: row + 1,
                len: ragged.len(),
            });
        }
        // 3. The seed's guard: no position beyond the table.
        if first > max_positions {
            return Err(EmbedError::ContextOverflow {
                len: first,
                max: max_positions,
            });
        }
        Ok(Batch {
            ids,
            rows: table.rows(),
            dims: table.dims(),
            max_positions,
        })
    }

    pub fn batch(&self) -> usize {
        self.ids.len()
    }

    pub fn seq(&self) -> usize {
        self.ids[0].len()
    }

    /// The forward pass of seed 000's `TransformerEmbeddings`, shape by shape.
    pub fn shapes(&self) -> Vec<ShapeStep> {
        let (b, t, d) = (self.batch(), self.seq(), self.dims);
        vec![
            ShapeStep {
                expression: "input_ids",
                shape: vec![b, t],
                note: "token ids, one row per sequence",
            },
            ShapeStep {
                expression: "token_embeddings.weight",
                shape: vec![self.rows, d],
                note: "W_e: one row per vocabulary entry",
            },
            ShapeStep {
                expression: "tok_emb = W_e[input_ids]",
                shape: vec![b, t, d],
                note: "each id replaced by its row",
            },
            ShapeStep {
                expression: "positions = arange(seq_len).unsqueeze(0)",
                shape: vec![1, t],
                note: "0 … T−1, shared by the batch",
            },
            ShapeStep {
                expression: "position_embeddings.weight",
                shape: vec![self.max_positions, d],
                note: "W_p: one row per position",
            },
            ShapeStep {
                expression: "pos_emb = W_p[positions]",
                shape: vec![1, t, d],
                note: "batch axis of size 1",
            },
            ShapeStep {
                expression: "tok_emb + pos_emb",
                shape: vec![b, t, d],
                note: "pos_emb broadcast across the batch axis",
            },
        ]
    }
}
