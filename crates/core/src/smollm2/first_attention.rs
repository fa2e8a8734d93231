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

/// Where head `h`'s logit of query `m` and key `n ≤ m` sits among the lower triangles of `len`
/// tokens, head after head: the order [`Logits`] and the GPU kernel both write.
pub fn triangle_index(len: usize, h: usize, m: usize, n: usize) -> usize {
    h * len * (len + 1) / 2 + m * (m + 1) / 2 + n
}

impl Logits {
    /// Logits in [`triangle_index`] order (another backend's), checked for their count.
    pub fn from_values(heads: usize, len: usize, values: Vec<f64>) -> Option<Logits> {
        (values.len() == heads * len * (len + 1) / 2).then_some(Logits { heads, len, values })
    }

    /// Head `h`'s logits for query position `m`: m + 1 values, keys 0..=m.
    pub fn row(&self, h: usize, m: usize) -> &[f64] {
        let start = triangle_index(self.len, h, m, 0);
        &self.values[start..start + m + 1]
    }

    /// Every logit, in [`triangle_index`] order.
    pub fn as_slice(&self) -> &[f64] {
        &self.values
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

/// Steps 1–3 for a text: every token's q and k as the GGUF's rows give them, before any rotation.
#[derive(Clone, Debug, PartialEq)]
pub struct Projected {
    pub len: usize,
    /// Token after token, `heads × head_dim` values each.
    pub q: Vec<f64>,
    /// Token after token, `kv_heads × head_dim` values each.
    pub k: Vec<f64>,
}

fn matrix_times(w: &[f64], x: &[f64]) -> Vec<f64> {
    w.chunks_exact(x.len())
        .map(|row| row.iter().zip(x).map(|(a, b)| a * b).sum())
        .collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

impl Rotation {
    /// The pairs it turns, or `None` for no rotation.
    pub fn layout(self) -> Option<Layout> {
        match self {
            Rotation::Off => None,
            Rotation::Interleaved => Some(Layout::Interleaved),
            Rotation::Half | Rotation::HalfOnGgufRows => Some(Layout::Half),
        }
    }

    /// Whether each head's coordinates are first put in the checkpoint's order.
    pub fn reorders(self) -> bool {
        self == Rotation::Half
    }
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

    /// The RoPE frequencies θᵢ, i < head_dim / 2.
    pub fn inv_freq(&self) -> &[f64] {
        &self.inv_freq
    }

    /// W_q's rows, then W_k's (each `d_model` wide), as the GGUF orders them.
    pub fn projection_rows(&self) -> impl Iterator<Item = &[f64]> {
        let d = self.shape.d_model;
        self.w_q.chunks_exact(d).chain(self.w_k.chunks_exact(d))
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

    /// Refuses a text longer than the model's context, in the seed's words.
    pub fn check_len(&self, len: usize) -> Result<(), Smollm2Error> {
        if len > self.shape.context {
            return Err(Smollm2Error::Position(PosEncError::SequenceTooLong {
                len,
                max: self.shape.context,
            }));
        }
        Ok(())
    }

    /// Steps 1–3 for the tokens `ids`, once for every way of rotating them.
    pub fn project(&self, ids: &[u32]) -> Result<Projected, Smollm2Error> {
        self.check_len(ids.len())?;
        let (mut q, mut k) = (Vec::new(), Vec::new());
        for &id in ids {
            let x = self.normed_row(id)?;
            q.extend(matrix_times(&self.w_q, &x));
            k.extend(matrix_times(&self.w_k, &x));
        }
        Ok(Projected {
            len: ids.len(),
            q,
            k,
        })
    }

    /// Step 4 for every head of one token at position `p`.
    fn rotated(
        &self,
        heads: &[f64],
        p: usize,
        rotation: Rotation,
    ) -> Result<Vec<Vec<f64>>, PosEncError> {
        heads
            .chunks_exact(self.shape.head_dim)
            .map(|v| {
                let v = if rotation.reorders() {
                    half_from_interleaved(v)
                } else {
                    v.to_vec()
                };
                match rotation.layout() {
                    None => Ok(v),
                    Some(layout) => rope::rotate(&v, p as f64, &self.inv_freq, layout),
                }
            })
            .collect()
    }

    /// Steps 4–5: every head's causal logits of projected tokens at positions 0, 1, ….
    pub fn scores(
        &self,
        projected: &Projected,
        rotation: Rotation,
    ) -> Result<Logits, Smollm2Error> {
        let (heads, len) = (self.shape.heads, projected.len);
        let turn = |values: &[f64], width: usize| {
            values
                .chunks_exact(width * self.shape.head_dim)
                .enumerate()
                .map(|(p, token)| self.rotated(token, p, rotation))
                .collect::<Result<Vec<_>, _>>()
                .map_err(Smollm2Error::Position)
        };
        let qs = turn(&projected.q, heads)?;
        let ks = turn(&projected.k, self.shape.kv_heads)?;
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

    /// Every head's causal logits for the tokens `ids` at positions 0, 1, ….
    pub fn logits(&self, ids: &[u32], rotation: Rotation) -> Result<Logits, Smollm2Error> {
        self.scores(&self.project(ids)?, rotation)
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
    fn projecting_once_scores_every_way_as_logits_does() {
        let attention = FirstAttention::new(parse(tiny()).expect("valid")).expect("weights");
        let ids = [1, 0, 0];
        let projected = attention.project(&ids).expect("projections");
        assert_eq!(
            (projected.len, projected.q.len(), projected.k.len()),
            (3, 96, 48)
        );
        for rotation in [
            Rotation::Off,
            Rotation::Interleaved,
            Rotation::Half,
            Rotation::HalfOnGgufRows,
        ] {
            let logits = attention.scores(&projected, rotation).expect("scores");
            assert_eq!(logits, attention.logits(&ids, rotation).expect("logits"));
            // The flat order is the triangle index's: head 1, query 2, key 1.
            assert_eq!(
                logits.as_slice()[triangle_index(3, 1, 2, 1)],
                logits.row(1, 2)[1]
            );
        }
        assert_eq!(triangle_index(3, 1, 0, 0), 6);
        let values = attention
            .logits(&ids, Rotation::Off)
            .unwrap()
            .as_slice()
            .to_vec();
        assert!(Logits::from_values(2, 3, values.clone()).is_some());
        assert!(Logits::from_values(2, 4, values).is_none());
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
