//! SmolLM2's own token table W_e (vocab × d_model; the model ties it to its output layer) read as
//! vectors: a row's nearest rows by cosine, and the rows of the words an analogy question names.
//! It is a token table, not a word table: ` king`, ` King` and `King` are three rows.
//!
//! The rows are the GGUF's Q8_0 values (an f16 scale times an int8), exact in f32; cosines are
//! worked out in f64 so near-ties order as a float64 reference orders them. Leaves out: the
//! under-trained indicator (undertrained.rs), GPU kernels and the page.

use std::borrow::Cow;

use super::layer0::{self, Layer0};
use super::Smollm2Error;
use crate::fxhash::FxHashMap;
use crate::row_threads::fill_on_threads;

/// The table, dequantized, with each row's length.
#[derive(Clone, Debug)]
pub struct TokenTable {
    pub vocab: usize,
    pub dims: usize,
    rows: Vec<f32>,
    norms: Vec<f64>,
}

impl TokenTable {
    pub fn from_layer0(layer: &Layer0) -> Result<TokenTable, Smollm2Error> {
        TokenTable::dequantized(layer, 1)
    }

    /// From the first-layer asset's bytes (see [`layer0::parse`]) on `threads` threads, each
    /// dequantizing a slice of rows and finding their lengths, while one more compares the asset's
    /// checksum (which, a byte at a time, takes as long as the rest on two cores).
    pub fn from_asset(
        asset: impl Into<Cow<'static, [u8]>>,
        threads: usize,
    ) -> Result<TokenTable, Smollm2Error> {
        let layer = layer0::read(asset.into())?;
        std::thread::scope(|scope| {
            let check = scope.spawn(|| layer.check());
            let table = TokenTable::dequantized(&layer, threads);
            check.join().expect("the checksum thread panicked")?;
            table
        })
    }

    fn dequantized(layer: &Layer0, threads: usize) -> Result<TokenTable, Smollm2Error> {
        let (vocab, dims) = (layer.shape.vocab, layer.shape.d_model);
        // Each thread fills its slice of rows and finds their lengths while they are in cache.
        let mut rows = vec![0.0f32; vocab * dims];
        let parts = fill_on_threads(&mut rows, dims, threads, |range, part| {
            let mut norms = Vec::with_capacity(range.len());
            for (at, chunk) in part.chunks_mut(256 * dims).enumerate() {
                layer.token_rows_into(range.start + 256 * at, chunk)?;
                norms.extend(chunk.chunks_exact(dims).map(|row| dot(row, row).sqrt()));
            }
            Ok(norms)
        });
        let norms = parts
            .into_iter()
            .collect::<Result<Vec<_>, Smollm2Error>>()?
            .concat();
        Ok(TokenTable {
            vocab,
            dims,
            rows,
            norms,
        })
    }

    /// A table of `vocab` rows of `dims` values, row after row.
    pub fn from_rows(
        rows: Vec<f32>,
        vocab: usize,
        dims: usize,
    ) -> Result<TokenTable, Smollm2Error> {
        if dims == 0 || rows.len() != vocab * dims {
            return Err(Smollm2Error::Gguf(format!(
                "its token table has {} values, not {vocab} × {dims}",
                rows.len()
            )));
        }
        let norms = rows
            .chunks_exact(dims)
            .map(|row| dot(row, row).sqrt())
            .collect();
        Ok(TokenTable {
            vocab,
            dims,
            rows,
            norms,
        })
    }

    /// Every row, one after another.
    pub fn as_slice(&self) -> &[f32] {
        &self.rows
    }

    pub fn row(&self, id: u32) -> &[f32] {
        let at = id as usize * self.dims;
        &self.rows[at..at + self.dims]
    }

    /// The row's length (0 for a row of zeros).
    pub fn norm(&self, id: u32) -> f64 {
        self.norms[id as usize]
    }

    /// `id`, or why it names no row.
    pub fn check(&self, id: u32) -> Result<u32, Smollm2Error> {
        if (id as usize) < self.vocab {
            Ok(id)
        } else {
            Err(Smollm2Error::UnknownId {
                id: id as usize,
                vocab: self.vocab,
            })
        }
    }

    /// Every row scaled to length 1 (a row of zeros stays zeros), for the analogy benchmark's
    /// blocked products.
    pub fn unit_rows(&self, threads: usize) -> Vec<f32> {
        let mut unit = vec![0.0f32; self.rows.len()];
        fill_on_threads(&mut unit, self.dims, threads, |ids, unit| {
            for (out, id) in unit.chunks_exact_mut(self.dims).zip(ids) {
                self.unit_row_into(id as u32, out);
            }
        });
        unit
    }

    /// Row `id` scaled to length 1, as [`Self::unit_rows`] makes it.
    pub fn unit_row(&self, id: u32) -> Vec<f32> {
        let mut out = vec![0.0f32; self.dims];
        self.unit_row_into(id, &mut out);
        out
    }

    #[inline]
    fn unit_row_into(&self, id: u32, out: &mut [f32]) {
        let norm = self.norm(id);
        let scale = if norm > 0.0 { 1.0 / norm } else { 0.0 };
        for (o, &v) in out.iter_mut().zip(self.row(id)) {
            *o = (f64::from(v) * scale) as f32;
        }
    }

    /// The `k` rows most similar to row `id` by cosine, most similar first (equal cosines: the
    /// lower id first), `id` itself left out. Two passes: every row's cosine in f32 (four lanes,
    /// SIMD in the page's worker), then [`Self::rescored`] in f64 on every row whose f32 cosine
    /// is within twice `embed::f32_cosine_tolerance` of the k-th best f32 cosine, which is every row
    /// that can be in the true top `k`.
    pub fn neighbours(&self, id: u32, k: usize) -> Result<Vec<(u32, f64)>, Smollm2Error> {
        let id = self.check(id)?;
        let k = k.min(self.vocab - 1);
        if k == 0 {
            return Ok(Vec::new());
        }
        let query = self.row(id);
        let query_norm = self.norm(id) as f32;
        let mut scored: Vec<(u32, f32)> = (0..self.vocab as u32)
            .filter(|&other| other != id)
            .map(|other| {
                let lengths = query_norm * self.norm(other) as f32;
                let cosine = if lengths > 0.0 {
                    crate::embed::dot(query, self.row(other)) / lengths
                } else {
                    0.0
                };
                (other, cosine)
            })
            .collect();
        scored.select_nth_unstable_by(k - 1, |a, b| b.1.total_cmp(&a.1));
        let floor = scored[k - 1].1 - 2.0 * crate::embed::f32_cosine_tolerance(self.dims);
        let candidates = scored.into_iter().filter(|s| s.1 >= floor).map(|s| s.0);
        self.rescored(id, candidates, k)
    }

    /// The `k` of `candidates` most similar to row `id`, in [`Self::neighbours`]' order and with
    /// its cosines; `id` is left out. Given a GPU's f32 short list that holds the true top `k`, the
    /// core's own answer.
    pub fn rescored(
        &self,
        id: u32,
        candidates: impl IntoIterator<Item = u32>,
        k: usize,
    ) -> Result<Vec<(u32, f64)>, Smollm2Error> {
        let query = self.row(self.check(id)?);
        let query_norm = self.norm(id);
        let mut scored: Vec<(u32, f64)> = candidates
            .into_iter()
            .filter(|&other| other != id && (other as usize) < self.vocab)
            .map(|other| {
                let lengths = query_norm * self.norm(other);
                let cosine = if lengths > 0.0 {
                    dot(query, self.row(other)) / lengths
                } else {
                    0.0
                };
                (other, cosine)
            })
            .collect();
        let order = |a: &(u32, f64), b: &(u32, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
        let k = k.min(scored.len());
        if k < scored.len() {
            scored.select_nth_unstable_by(k, order);
            scored.truncate(k);
        }
        scored.sort_by(order);
        Ok(scored)
    }
}

/// The dot product in f64 of rows or directions (each product of an f32 with an f32 or an f64 is
/// computed in f64), summed in `LANES` lanes: sixteen independent additions at a time, four AVX2
/// registers' worth, so a vector addition never waits on the one before it (a chain of them left
/// the dot product at a quarter of the CPU's rate).
#[inline(always)]
pub fn dot<A: Copy + Into<f64>, B: Copy + Into<f64>>(a: &[A], b: &[B]) -> f64 {
    let mut lanes = [0.0f64; LANES];
    let (a_lanes, b_lanes) = (a.chunks_exact(LANES), b.chunks_exact(LANES));
    let tail: f64 = a_lanes
        .remainder()
        .iter()
        .zip(b_lanes.remainder())
        .map(|(&x, &y)| x.into() * y.into())
        .sum();
    for (x, y) in a_lanes.zip(b_lanes) {
        for lane in 0..LANES {
            lanes[lane] += x[lane].into() * y[lane].into();
        }
    }
    let mut width = LANES;
    while width > 1 {
        width /= 2;
        for lane in 0..width {
            lanes[lane] += lanes[lane + width];
        }
    }
    lanes[0] + tail
}

const LANES: usize = 16;

/// A word's row where the vocabulary holds it as one token with a leading space (`Ġ` + word, as
/// written): the words an analogy question on a token table can ask about.
pub fn spaced_word_ids<'a>(tokens: impl IntoIterator<Item = &'a [u8]>) -> FxHashMap<Vec<u8>, u32> {
    tokens
        .into_iter()
        .enumerate()
        .filter_map(|(id, bytes)| Some((bytes.strip_prefix(b" ")?.to_vec(), id as u32)))
        .filter(|(word, _)| !word.is_empty() && !word.contains(&b' '))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::TokenTable;

    /// Four rows of two: (1, 0), (0, 2), (3, 3), (−1, 0).
    fn table() -> TokenTable {
        TokenTable::from_rows(vec![1.0, 0.0, 0.0, 2.0, 3.0, 3.0, -1.0, 0.0], 4, 2).unwrap()
    }

    #[test]
    fn unit_rows_are_the_rows_over_their_lengths_on_any_threads() {
        let unit = table().unit_rows(1);
        assert_eq!(
            unit,
            [1.0, 0.0, 0.0, 1.0, 0.70710677, 0.70710677, -1.0, 0.0]
        );
        assert_eq!(table().unit_rows(3), unit);
    }

    #[test]
    fn neighbours_by_cosine_leave_the_query_out() {
        let found = table().neighbours(0, 3).unwrap();
        let ids: Vec<u32> = found.iter().map(|&(id, _)| id).collect();
        assert_eq!(ids, [2, 1, 3]);
        assert!((found[0].1 - std::f64::consts::FRAC_1_SQRT_2).abs() < 1e-15);
        assert_eq!(found[2].1, -1.0);
        assert_eq!(
            table().neighbours(1, 1).unwrap(),
            [(2, std::f64::consts::FRAC_1_SQRT_2)]
        );
    }

    /// The two-pass scan (f32 short list, f64 scores) against one f64 pass over every row, on 2,000
    /// rows of 48 where rows 100–189 copy row 99 exactly (exact ties) and rows 300–379 are row 299
    /// nudged by 10⁻⁶ (closer than f32 tells apart: their order is the f64 pass's).
    #[test]
    fn the_short_list_gives_what_scoring_every_row_gives() {
        let (rows, dims) = (2_000, 48);
        let mut state = 0x35u64;
        let mut values: Vec<f32> = (0..rows * dims)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 40) as f32 / (1u64 << 23) as f32 - 1.0
            })
            .collect();
        for copy in 100..190 {
            values.copy_within(99 * dims..100 * dims, copy * dims);
        }
        for (i, near) in (300..380).enumerate() {
            values.copy_within(299 * dims..300 * dims, near * dims);
            values[near * dims + i % dims] += 1e-6;
        }
        let table = TokenTable::from_rows(values, rows, dims).unwrap();
        for id in [0, 99, 150, 299, 340, 1_999] {
            for k in [1, 10, 60, 200] {
                let every = table.rescored(id, 0..rows as u32, k).unwrap();
                assert_eq!(table.neighbours(id, k).unwrap(), every, "row {id}, k {k}");
            }
        }
    }

    #[test]
    fn a_bad_id_or_shape_says_so() {
        assert!(table()
            .neighbours(4, 3)
            .unwrap_err()
            .to_string()
            .contains("token id 4"));
        assert!(TokenTable::from_rows(vec![1.0; 7], 4, 2).is_err());
    }

    #[test]
    fn spaced_words_are_the_tokens_with_one_leading_space() {
        let tokens: [&[u8]; 5] = [b" king", b"King", b" ", b"  x", b" Paris"];
        let ids = super::spaced_word_ids(tokens);
        assert_eq!(ids.get(&b"king"[..]), Some(&0));
        assert_eq!(ids.get(&b"Paris"[..]), Some(&4));
        assert_eq!(ids.len(), 2);
    }
}
