//! Everything of the embedding layer but the token table, from layer.bin, float32 exactly as
//! trained: the learned position table `W_pos` (512 × 384), the token-type rows `W_type` (2 × 384)
//! and LayerNorm's γ and β (384 each). Small (0.8 MB), so the Position lab can load it alone.
//! Leaves out: the token table (token_embeddings.rs).

use super::asset::{parse, LAYER_TENSORS};
use super::{MiniLmError, D_MODEL, MAX_POSITIONS};
use crate::posenc::PositionTable;

/// The position table, token-type rows and LayerNorm parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerWeights {
    positions: Vec<f32>,
    token_types: Vec<f32>,
    gamma: Vec<f32>,
    beta: Vec<f32>,
}

impl LayerWeights {
    /// Checks layer.bin (header, directory, length, checksum) and decodes it.
    pub fn from_asset(asset: &[u8]) -> Result<LayerWeights, MiniLmError> {
        let parts = parse(asset, &LAYER_TENSORS)?;
        let floats = |bytes: &[u8]| -> Vec<f32> {
            bytes
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect()
        };
        Ok(LayerWeights {
            positions: floats(parts[0]),
            token_types: floats(parts[1]),
            gamma: floats(parts[2]),
            beta: floats(parts[3]),
        })
    }

    /// 512: the longest sequence the layer takes.
    pub fn max_positions(&self) -> usize {
        MAX_POSITIONS
    }

    /// `W_pos[p]`, or None past the table.
    pub fn position_row(&self, p: usize) -> Option<&[f32]> {
        let start = p.checked_mul(D_MODEL)?;
        self.positions.get(start..start + D_MODEL)
    }

    /// The first `n` rows of `W_pos` (all 512 if `n` is larger), row-major.
    pub fn position_rows(&self, n: usize) -> &[f32] {
        &self.positions[..n.min(MAX_POSITIONS) * D_MODEL]
    }

    /// The whole position table widened to f64, for the posenc module's plots and dot products.
    pub fn position_table(&self) -> PositionTable {
        let values = self.positions.iter().map(|&v| f64::from(v)).collect();
        PositionTable::from_values(D_MODEL, values).expect("512 × 384 is a valid table")
    }

    /// `W_type[t]` (0: sentence A, the only one here; 1: sentence B), or None for another t.
    pub fn token_type_row(&self, t: usize) -> Option<&[f32]> {
        let start = t.checked_mul(D_MODEL)?;
        self.token_types.get(start..start + D_MODEL)
    }

    /// LayerNorm's scale γ.
    pub fn gamma(&self) -> &[f32] {
        &self.gamma
    }

    /// LayerNorm's shift β.
    pub fn beta(&self) -> &[f32] {
        &self.beta
    }
}
