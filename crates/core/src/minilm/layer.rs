//! The embedding layer on one sequence (batch 1): ids → token rows + position rows 0…T−1 + the
//! token-type row 0 → raw sum → LayerNorm, keeping every intermediate for the page's heatmaps.
//!
//! 1. the seed's guard: T > 512 fails with "Sequence length (T) exceeds maximum context window (512)";
//! 2. each id's row of the token table (an id with no row is an error, not a panic);
//! 3. the sum per value in f64, kept as f32 (the raw sum, seed 000's output plus the type row);
//! 4. LayerNorm of the f64 sum (layer_norm.rs).
//!
//! Leaves out: batches (the page runs one sentence; seed 000's broadcasting is in embed::lookup),
//! token type 1, padding and attention masks.

use super::layer_norm::{layer_norm, RowStats};
use super::{LayerWeights, MiniLmError, TokenEmbeddings, D_MODEL, LAYER_NORM_EPS, MAX_POSITIONS};

/// The layer's output for one sequence of T tokens, with its parts. Every `Vec<f32>` but
/// `type_row` is T × 384, row-major (row t is position t).
#[derive(Clone, Debug, PartialEq)]
pub struct Embedded {
    pub ids: Vec<u32>,
    /// `W_word[ids]`: each token's row (decoded from float16).
    pub token_rows: Vec<f32>,
    /// `W_pos[0..T]`.
    pub position_rows: Vec<f32>,
    /// `W_type[0]`, added at every position.
    pub type_row: Vec<f32>,
    /// Token + position + type rows, before LayerNorm.
    pub sum: Vec<f32>,
    /// LayerNorm(sum): what the first attention layer reads.
    pub normalised: Vec<f32>,
    /// Each position's mean and standard deviation before LayerNorm.
    pub stats: Vec<RowStats>,
}

/// Seed 000's guard alone: a sequence of `seq` tokens fits the 512 positions, or the error whose
/// message is "Sequence length (T) exceeds maximum context window (512)". For a view that shows the
/// guard before the token table has loaded; [`forward`] checks it first too.
pub fn check_length(seq: usize) -> Result<(), MiniLmError> {
    if seq > MAX_POSITIONS {
        return Err(MiniLmError::ContextOverflow {
            len: seq,
            max: MAX_POSITIONS,
        });
    }
    Ok(())
}

/// Runs the embedding layer on `ids` (from the WordPiece tokenizer, `[CLS]` and `[SEP]` included).
pub fn forward(
    tokens: &TokenEmbeddings,
    weights: &LayerWeights,
    ids: &[u32],
) -> Result<Embedded, MiniLmError> {
    // 1. The guard, before any work.
    let seq = ids.len();
    check_length(seq)?;
    // 2. Token rows.
    let mut token_rows = vec![0.0f32; seq * D_MODEL];
    for (position, (&id, row)) in ids
        .iter()
        .zip(token_rows.chunks_exact_mut(D_MODEL))
        .enumerate()
    {
        if !tokens.row_into(id, row) {
            return Err(MiniLmError::UnknownId { id, position });
        }
    }
    let position_rows = weights.position_rows(seq).to_vec();
    let type_row = weights
        .token_type_row(0)
        .expect("layer.bin has two type rows")
        .to_vec();
    // 3. and 4. Sum, then LayerNorm, one position at a time.
    let mut sum = vec![0.0f32; seq * D_MODEL];
    let mut normalised = vec![0.0f32; seq * D_MODEL];
    let mut stats = Vec::with_capacity(seq);
    let mut exact = [0.0f64; D_MODEL];
    for t in 0..seq {
        let at = t * D_MODEL..(t + 1) * D_MODEL;
        let parts = token_rows[at.clone()]
            .iter()
            .zip(&position_rows[at.clone()])
            .zip(&type_row);
        for (x, ((&token, &position), &kind)) in exact.iter_mut().zip(parts) {
            *x = f64::from(token) + f64::from(position) + f64::from(kind);
        }
        for (s, x) in sum[at.clone()].iter_mut().zip(&exact) {
            *s = *x as f32;
        }
        stats.push(layer_norm(
            &exact,
            weights.gamma(),
            weights.beta(),
            LAYER_NORM_EPS,
            &mut normalised[at],
        ));
    }
    Ok(Embedded {
        ids: ids.to_vec(),
        token_rows,
        position_rows,
        type_row,
        sum,
        normalised,
        stats,
    })
}

impl Embedded {
    /// T, the number of tokens.
    pub fn seq(&self) -> usize {
        self.ids.len()
    }

    /// 384.
    pub fn dims(&self) -> usize {
        D_MODEL
    }

    /// Row t of the raw sum.
    pub fn sum_row(&self, t: usize) -> &[f32] {
        &self.sum[t * D_MODEL..(t + 1) * D_MODEL]
    }

    /// Row t of the LayerNorm output.
    pub fn normalised_row(&self, t: usize) -> &[f32] {
        &self.normalised[t * D_MODEL..(t + 1) * D_MODEL]
    }
}
