//! The token table `W_word` (30,522 × 384), `embeddings.word_embeddings.weight`: row `id` is the
//! vector of WordPiece token `id`. Kept as the asset's float16 bits (23 MB rather than 47 MB as f32)
//! and decoded a row at a time. Leaves out: the other tables (layer_weights.rs).

use super::asset::{parse, TOKEN_TENSORS};
use super::{MiniLmError, D_MODEL, VOCAB_SIZE};
use crate::half::f16_to_f32;

/// The token table, as stored.
#[derive(Clone, Debug)]
pub struct TokenEmbeddings {
    /// `VOCAB_SIZE × D_MODEL` float16 values, row-major.
    bits: Vec<u16>,
}

impl TokenEmbeddings {
    /// Checks tokens.bin (header, directory, length, checksum) and keeps its values.
    pub fn from_asset(asset: &[u8]) -> Result<TokenEmbeddings, MiniLmError> {
        let data = parse(asset, &TOKEN_TENSORS)?[0];
        let bits = data
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(TokenEmbeddings { bits })
    }

    /// 30,522.
    pub fn rows(&self) -> usize {
        VOCAB_SIZE
    }

    /// 384.
    pub fn dims(&self) -> usize {
        D_MODEL
    }

    /// Row `id`, decoded; None for an id with no row.
    pub fn row(&self, id: u32) -> Option<Vec<f32>> {
        let bits = self.row_bits(id)?;
        Some(bits.iter().map(|&b| f16_to_f32(b)).collect())
    }

    /// Row `id` decoded into `out` (384 values); false, leaving `out` alone, for an id with no row.
    pub fn row_into(&self, id: u32, out: &mut [f32]) -> bool {
        match self.row_bits(id) {
            Some(bits) => {
                for (o, &b) in out.iter_mut().zip(bits) {
                    *o = f16_to_f32(b);
                }
                true
            }
            None => false,
        }
    }

    /// The whole table decoded, row-major (47 MB): for neighbour search over every row.
    pub fn to_f32(&self) -> Vec<f32> {
        self.bits.iter().map(|&b| f16_to_f32(b)).collect()
    }

    fn row_bits(&self, id: u32) -> Option<&[u16]> {
        let start = (id as usize).checked_mul(D_MODEL)?;
        self.bits.get(start..start + D_MODEL)
    }
}
