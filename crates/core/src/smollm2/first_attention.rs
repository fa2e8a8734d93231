//! SmolLM2's first attention layer up to its logits, in f64, from the weights as the GGUF file
//! ships them ([`Layer0`]):
//!
//! 1. each token's row of the embedding table;
//! 2. RMSNorm: x / √(mean(x²) + ε) · w;
//! 3. q = W_q·x (9 heads of 64) and k = W_k·x (3 heads of 64; query head h reads key head h / 3);
//! 4. RoPE at the token's position, base 100,000, in the way [`Rotation`] says;
//! 5. the causal logits q_m · k_n / √64 for n ≤ m.
//!
//! The GGUF's W_q and W_k rows are permuted so that llama.cpp's interleaved rotation (pairs 2i,
//! 2i + 1) applies; Hugging Face's checkpoint keeps them in the half layout's order (pairs i,
//! i + 32). Both ways give the same logits; rotating halves of the permuted rows, the classic
//! conversion bug, does not. Leaves out: the softmax, values and everything after.

use super::layer0::{Layer0, Shape};
use super::Smollm2Error;
use crate::posenc::rope::{self, half_from_interleaved, Layout, Scaling};
use crate::posenc::PosEncError;

/// How q and k are rotated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rotation {
    /// Not at all: the logits of content alone.
    Off,
    /// The GGUF's rows as stored, pairs (2i, 2i + 1): llama.cpp's way.
    Interleaved,
    /// Each head's rows put back in Hugging Face's order, pairs (i, i + d/2): transformers' way.
    Half,
    /// The GGUF's rows, pairs (i, i + d/2): the conversion bug.
    HalfOnGgufRows,
}

/// The causal logits of every head: `heads` lower triangles of `len` × `len`.
#[derive(Clone, Debug, PartialEq)]
pub struct Logits {
    pub heads: usize,
    pub len: usize,
    /// Head-major, then query position m, then key position n ≤ m.
    values: Vec<f64>,
}

impl Logits {
    /// Head `h`'s logits for query position `m`: m + 1 values, keys 0..=m.
    pub fn row(&self, h: usize, m: usize) -> &[f64] {
        let start = h * self.len * (self.len + 1) / 2 + m * (m + 1) / 2;
        &self.values[start..start + m + 1]
    }

    /// The largest |a − b| over every logit.
    pub fn max_difference(&self, other: &Logits) -> f64 {
        self.values
            .iter()
            .zip(&other.values)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max)
    }
}

/// The first layer: its asset, and its weights dequantized once.
#[derive(Clone, Debug)]
pub struct FirstAttention {
    pub shape: Shape,
    layer: Layer0,
    norm: Vec<f64>,
    w_q: Vec<f64>,
    w_k: Vec<f64>,
    inv_freq: Vec<f64>,
}

/// One token's q (or k), head by head.
type Heads = Vec<Vec<f64>>;

fn matrix_times(w: &[f64], x: &[f64]) -> Vec<f64> {
    w.chunks_exact(x.len())
        .map(|row| row.iter().zip(x).map(|(a, b)| a * b).sum())
        .collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

impl FirstAttention {
    pub fn new(layer: Layer0) -> Result<FirstAttention, Smollm2Error> {
        let shape = layer.shape;
        Ok(FirstAttention {
            shape,
            norm: layer.norm(),
            w_q: layer.w_q(),
            w_k: layer.w_k(),
            inv_freq: rope::inv_freq(shape.head_dim, shape.rope_base, Scaling::None)
                .map_err(Smollm2Error::Position)?,
            layer,
        })
    }

    /// Steps 1–2: token `id`'s embedding row, RMS-normalised and scaled.
    pub fn normed_row(&self, id: u32) -> Result<Vec<f64>, Smollm2Error> {
        let x = self.layer.token_row(id)?;
        let mean_square = x.iter().map(|v| v * v).sum::<f64>() / x.len() as f64;
        let scale = 1.0 / (mean_square + self.shape.epsilon).sqrt();
        Ok(x.iter()
            .zip(&self.norm)
            .map(|(v, w)| v * scale * w)
            .collect())
    }

    /// Steps 3–4 for one token at position `p`: its q heads and k heads, each rotated.
    fn rotated(&self, x: &[f64], p: usize, rotation: Rotation) -> Result<[Heads; 2], PosEncError> {
        let turn = |v: &[f64]| match rotation {
            Rotation::Off => Ok(v.to_vec()),
            Rotation::Interleaved => rope::rotate(v, p as f64, &self.inv_freq, Layout::Interleaved),
            Rotation::Half => rope::rotate(
                &half_from_interleaved(v),
                p as f64,
                &self.inv_freq,
                Layout::Half,
            ),
            Rotation::HalfOnGgufRows => rope::rotate(v, p as f64, &self.inv_freq, Layout::Half),
        };
        let heads = |projected: Vec<f64>| {
            projected
                .chunks_exact(self.shape.head_dim)
                .map(turn)
                .collect::<Result<Vec<_>, _>>()
        };
        Ok([
            heads(matrix_times(&self.w_q, x))?,
            heads(matrix_times(&self.w_k, x))?,
        ])
    }

    /// Every head's causal logits for the tokens `ids` at positions 0, 1, ….
    pub fn logits(&self, ids: &[u32], rotation: Rotation) -> Result<Logits, Smollm2Error> {
        if ids.len() > self.shape.context {
            return Err(Smollm2Error::Position(PosEncError::SequenceTooLong {
                len: ids.len(),
                max: self.shape.context,
            }));
        }
        let mut qs = Vec::with_capacity(ids.len());
        let mut ks = Vec::with_capacity(ids.len());
        for (p, &id) in ids.iter().enumerate() {
            let x = self.normed_row(id)?;
            let [q, k] = self
                .rotated(&x, p, rotation)
                .map_err(Smollm2Error::Position)?;
            qs.push(q);
            ks.push(k);
        }
        let (heads, len) = (self.shape.heads, ids.len());
        let group = heads / self.shape.kv_heads;
        let scale = 1.0 / (self.shape.head_dim as f64).sqrt();
        let mut values = Vec::with_capacity(heads * len * (len + 1) / 2);
        for h in 0..heads {
            for (m, q) in qs.iter().enumerate() {
                values.extend(ks[..=m].iter().map(|k| dot(&q[h], &k[h / group]) * scale));
            }
        }
        Ok(Logits { heads, len, values })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smollm2::layer0::{parse, FORMAT};

    /// A two-token model of width 32: two query heads of 16 over one key head, context 3, its
    /// projections stored as F32; token 1's row is 0.5 everywhere, token 0's counts up.
    fn tiny() -> Vec<u8> {
        let mut payload = Vec::new();
        for id in 0..2u8 {
            payload.extend_from_slice(&0x3800u16.to_le_bytes()); // the block's scale: f16 0.5
            payload.extend((0..32i8).map(|i| if id == 0 { i as u8 } else { 1 }));
        }
        let f32s = |n: usize, f: &dyn Fn(usize) -> f32| -> Vec<u8> {
            (0..n).flat_map(|i| f(i).to_le_bytes()).collect()
        };
        payload.extend(f32s(32, &|_| 1.0));
        payload.extend(f32s(32 * 32, &|i| ((i * 7 % 11) as f32 - 5.0) / 8.0));
        payload.extend(f32s(16 * 32, &|i| ((i * 5 % 13) as f32 - 6.0) / 8.0));
        let fields = [
            2,
            32,
            2,
            1,
            16,
            3,
            10_000f32.to_bits(),
            1e-5f32.to_bits(),
            0,
            0,
        ];
        FORMAT.write(&fields, &payload)
    }

    #[test]
    fn both_layouts_give_the_same_logits_and_the_bug_does_not() {
        let layer = parse(tiny()).expect("a valid asset");
        let attention = FirstAttention::new(layer).expect("weights");
        let ids = [0, 1, 0];
        let logits = |r| attention.logits(&ids, r).expect("logits");
        let interleaved = logits(Rotation::Interleaved);
        assert_eq!((interleaved.heads, interleaved.len), (2, 3));
        assert_eq!(interleaved.row(1, 2).len(), 3);
        assert!(interleaved.max_difference(&logits(Rotation::Half)) < 1e-12);
        assert!(interleaved.max_difference(&logits(Rotation::HalfOnGgufRows)) > 1e-3);
        // At position 0 nothing turns.
        assert_eq!(interleaved.row(0, 0), logits(Rotation::Off).row(0, 0));
    }

    #[test]
    fn unknown_ids_long_inputs_and_damage_are_refused() {
        let asset = tiny();
        let attention = FirstAttention::new(parse(asset.clone()).expect("valid")).expect("weights");
        assert_eq!(
            attention.logits(&[2], Rotation::Off),
            Err(Smollm2Error::UnknownId { id: 2, vocab: 2 })
        );
        assert_eq!(
            attention
                .logits(&[0; 4], Rotation::Off)
                .unwrap_err()
                .to_string(),
            "Sequence length (4) exceeds maximum context window (3)"
        );
        assert!(parse(asset[..asset.len() - 1].to_vec()).is_err());
        let mut damaged = asset.clone();
        *damaged.last_mut().unwrap() ^= 1;
        assert!(matches!(parse(damaged), Err(Smollm2Error::Asset(_))));
    }
}
