//! Under-trained tokens: the indicator of Land & Bartolo (2024, "Fishing for Magikarp") for a model
//! whose input and output embeddings are tied, as SmolLM2's are. Rows that training barely moved
//! still point where the never-trained rows point, once what every row shares is taken away:
//!
//! 1. the mean row is subtracted from every row;
//! 2. the first principal component of those rows is removed from each (power iteration on their
//!    d × d Gram matrix, summed in f64 over blocks of rows on every core);
//! 3. the reference direction is the mean of some rows, by default the control tokens whose rows
//!    equal another control token's (rows no text ever trained: [`untrained_controls`]);
//! 4. a row's indicator is its cosine to that direction.
//!
//! Leaves out: the paper's other indicators (for untied models) and its check by prompting the
//! model (there is no decoder here).

use super::token_table::TokenTable;
use super::Smollm2Error;
use crate::power_iteration::dominant;

/// Rows summed into the Gram matrix at once: one pass over the matrix per block.
const BLOCK_ROWS: usize = 8;
/// Rows of the Gram matrix updated together in that pass.
const MATRIX_ROWS: usize = 4;
/// Power iteration stops when the direction moves less than this, or after `MOST_ITERATIONS`.
const CONVERGED: f64 = 1e-13;
const MOST_ITERATIONS: usize = 20_000;

/// The control tokens whose row equals another control token's, lowest id first.
pub fn untrained_controls(table: &TokenTable, controls: &[u32]) -> Vec<u32> {
    let mut found: Vec<u32> = controls
        .iter()
        .copied()
        .filter(|&id| (id as usize) < table.vocab)
        .filter(|&id| {
            controls.iter().any(|&other| {
                other != id && (other as usize) < table.vocab && table.row(other) == table.row(id)
            })
        })
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

/// Every row's indicator (id order): its cosine to the mean of the `reference` rows, both taken
/// after steps 1 and 2 above. `threads` sum the Gram matrix.
pub fn indicator(
    table: &TokenTable,
    reference: &[u32],
    threads: usize,
) -> Result<Vec<f64>, Smollm2Error> {
    check_reference(table, reference)?;
    let threads = threads.clamp(1, table.vocab.div_ceil(BLOCK_ROWS).max(1));
    let per_thread = table.vocab.div_ceil(threads);
    let range =
        |t: usize| (t * per_thread).min(table.vocab)..((t + 1) * per_thread).min(table.vocab);
    let mut gram = GramSum::new(table);
    if threads == 1 {
        gram.add(table, range(0));
    } else {
        let parts: Vec<GramSum> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let mut part = GramSum::new(table);
                        part.add(table, range(t));
                        part
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("a Gram worker panicked"))
                .collect()
        });
        parts.iter().for_each(|part| gram.merge(part));
    }
    gram.indicator(table, reference)
}

/// `reference`, or why it cannot be one: empty, or naming no row.
pub fn check_reference(table: &TokenTable, reference: &[u32]) -> Result<(), Smollm2Error> {
    if reference.is_empty() {
        return Err(Smollm2Error::EmptyReference);
    }
    reference
        .iter()
        .try_for_each(|&id| table.check(id).map(|_| ()))
}

/// Σ r rᵀ over the rows added so far (upper triangle, f64): step 2's Gram matrix before centring,
/// summed a range of rows at a time, so a caller can spread it over threads (merged) or over time
/// (the page's worker, a slice between progress reports). The sums are the same either way.
#[derive(Clone, Debug)]
pub struct GramSum {
    dims: usize,
    upper: Vec<f64>,
}

impl GramSum {
    pub fn new(table: &TokenTable) -> GramSum {
        GramSum {
            dims: table.dims,
            upper: vec![0.0; table.dims * table.dims],
        }
    }

    /// Adds rows `rows` (ids), a block of [`BLOCK_ROWS`] at a time. On an x86-64 CPU with AVX2
    /// the same loop is compiled for its four-wide registers (twice the speed): the same
    /// operations in the same order, multiplies and adds kept apart, so the same sums to the bit.
    pub fn add(&mut self, table: &TokenTable, rows: std::ops::Range<usize>) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has just said it has AVX2.
            return unsafe { self.add_avx2(table, rows) };
        }
        self.add_blocks(table, rows)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn add_avx2(&mut self, table: &TokenTable, rows: std::ops::Range<usize>) {
        self.add_blocks(table, rows)
    }

    #[inline(always)]
    fn add_blocks(&mut self, table: &TokenTable, rows: std::ops::Range<usize>) {
        let dims = self.dims;
        let mut block = vec![0.0f64; BLOCK_ROWS * dims];
        for start in rows.clone().step_by(BLOCK_ROWS) {
            block.fill(0.0);
            for (r, id) in (start..rows.end.min(start + BLOCK_ROWS)).enumerate() {
                for (b, &v) in block[r * dims..].iter_mut().zip(table.row(id as u32)) {
                    *b = f64::from(v);
                }
            }
            // Upper triangle: row i of the matrix gains Σ_r x_r[i] · x_r[i..], the block's rows
            // summed in one pass over the matrix row (so it is loaded and stored once per block,
            // and the loop over j vectorises). Four matrix rows at a time share each load of
            // x_r[j] (the loop was bound by loads); their few entries left of the diagonal are
            // sums nobody reads (the centring reads the upper triangle only).
            let x: [&[f64]; BLOCK_ROWS] = std::array::from_fn(|r| &block[r * dims..(r + 1) * dims]);
            let mut i = 0;
            while i + MATRIX_ROWS <= dims {
                let a: [[f64; BLOCK_ROWS]; MATRIX_ROWS] =
                    std::array::from_fn(|q| std::array::from_fn(|r| x[r][i + q]));
                let (r0, rest) = self.upper[i * dims..].split_at_mut(dims);
                let (r1, rest) = rest.split_at_mut(dims);
                let (r2, r3) = rest.split_at_mut(dims);
                let lines = [&mut r0[i..], &mut r1[i..], &mut r2[i..], &mut r3[i..dims]];
                let [l0, l1, l2, l3] = lines;
                for k in 0..dims - i {
                    let xs: [f64; BLOCK_ROWS] = std::array::from_fn(|r| x[r][i + k]);
                    let sum =
                        |a: &[f64; BLOCK_ROWS]| (0..BLOCK_ROWS).map(|r| a[r] * xs[r]).sum::<f64>();
                    l0[k] += sum(&a[0]);
                    l1[k] += sum(&a[1]);
                    l2[k] += sum(&a[2]);
                    l3[k] += sum(&a[3]);
                }
                i += MATRIX_ROWS;
            }
            for i in i..dims {
                let a: [f64; BLOCK_ROWS] = std::array::from_fn(|r| x[r][i]);
                let line = &mut self.upper[i * dims + i..(i + 1) * dims];
                for (k, g) in line.iter_mut().enumerate() {
                    let j = i + k;
                    *g += (0..BLOCK_ROWS).map(|r| a[r] * x[r][j]).sum::<f64>();
                }
            }
        }
    }

    /// Adds another range's sums.
    pub fn merge(&mut self, other: &GramSum) {
        self.upper
            .iter_mut()
            .zip(&other.upper)
            .for_each(|(g, p)| *g += p);
    }

    /// Steps 1 to 4 once every row has been added: every row's indicator, in id order.
    pub fn indicator(
        &self,
        table: &TokenTable,
        reference: &[u32],
    ) -> Result<Vec<f64>, Smollm2Error> {
        check_reference(table, reference)?;
        let dims = table.dims;
        // 1. The mean row.
        let mut mean = vec![0.0f64; dims];
        for id in 0..table.vocab as u32 {
            for (m, &v) in mean.iter_mut().zip(table.row(id)) {
                *m += f64::from(v);
            }
        }
        mean.iter_mut().for_each(|m| *m /= table.vocab as f64);
        // 2. The first principal component of the centred rows: Σ (r − mean)(r − mean)ᵀ is
        // Σ r rᵀ less n · mean meanᵀ.
        let n = table.vocab as f64;
        let mut gram = self.upper.clone();
        for i in 0..dims {
            for j in i..dims {
                let value = gram[i * dims + j] - n * mean[i] * mean[j];
                gram[i * dims + j] = value;
                gram[j * dims + i] = value;
            }
        }
        let component = top_eigenvector(&gram, dims);
        let projected = |id: u32| -> Vec<f64> {
            let centred: Vec<f64> = table
                .row(id)
                .iter()
                .zip(&mean)
                .map(|(&v, m)| f64::from(v) - m)
                .collect();
            let along: f64 = centred.iter().zip(&component).map(|(a, b)| a * b).sum();
            centred
                .iter()
                .zip(&component)
                .map(|(a, c)| a - along * c)
                .collect()
        };
        // 3. The reference direction.
        let mut direction = vec![0.0f64; dims];
        for &id in reference {
            for (d, v) in direction.iter_mut().zip(projected(id)) {
                *d += v / reference.len() as f64;
            }
        }
        let direction_norm = norm(&direction);
        // 4. Cosines.
        Ok((0..table.vocab as u32)
            .map(|id| {
                let row = projected(id);
                let lengths = norm(&row) * direction_norm;
                if lengths > 0.0 {
                    row.iter().zip(&direction).map(|(a, b)| a * b).sum::<f64>() / lengths
                } else {
                    0.0
                }
            })
            .collect())
    }
}

/// The `k` ids `keep` accepts with the highest indicator, highest first (equal values: lower id).
pub fn ranked(values: &[f64], k: usize, keep: impl Fn(u32) -> bool) -> Vec<(u32, f64)> {
    let mut all: Vec<(u32, f64)> = (0..values.len() as u32)
        .filter(|&id| keep(id))
        .map(|id| (id, values[id as usize]))
        .collect();
    all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    all.truncate(k);
    all
}

fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// The unit eigenvector of the symmetric `matrix` with the largest eigenvalue, by power iteration
/// (zeros for a zero matrix: then there is no component to remove).
fn top_eigenvector(matrix: &[f64], dims: usize) -> Vec<f64> {
    // Start from every direction at once (1, 1, …), nudged so it is orthogonal to nothing likely.
    let start: Vec<f64> = (0..dims).map(|i| 1.0 + i as f64 * 1e-3).collect();
    let length = norm(&start);
    let start = start.into_iter().map(|x| x / length).collect();
    let step = |v: &[f64]| -> Vec<f64> {
        matrix
            .chunks_exact(dims)
            .map(|row| row.iter().zip(v).map(|(a, b)| a * b).sum())
            .collect()
    };
    dominant(start, step, 0.0, CONVERGED, MOST_ITERATIONS).unwrap_or_else(|| vec![0.0; dims])
}

#[cfg(test)]
mod tests {
    use super::{indicator, ranked, untrained_controls, GramSum};
    use crate::smollm2::token_table::TokenTable;

    #[test]
    fn rows_like_the_untrained_ones_rank_first() {
        // Three dims: rows 0 and 1 are identical "never trained" controls near (0, 0, 1); rows 2
        // and 3 lean the same way; the rest spread along the first axis (the shared component).
        let rows = vec![
            0.0, 0.1, 1.0, // 0
            0.0, 0.1, 1.0, // 1
            0.1, 0.2, 0.9, // 2
            0.3, -0.1, 0.8, // 3
            5.0, 0.5, -0.2, // 4
            -4.0, -0.4, 0.1, // 5
            3.0, -0.6, -0.3, // 6
            -5.0, 0.7, -0.1, // 7
        ];
        let table = TokenTable::from_rows(rows, 8, 3).unwrap();
        let reference = untrained_controls(&table, &[0, 1, 4]);
        assert_eq!(reference, [0, 1]);
        let values = indicator(&table, &reference, 2).unwrap();
        let top = ranked(&values, 2, |id| id >= 2);
        assert_eq!(top.iter().map(|&(id, _)| id).collect::<Vec<_>>(), [2, 3]);
        assert!((values[0] - 1.0).abs() < 1e-12);
        // The same on one thread as on two (up to the order the Gram matrix's parts are summed in).
        let one = indicator(&table, &reference, 1).unwrap();
        assert!(one.iter().zip(&values).all(|(a, b)| (a - b).abs() < 1e-12));
        // Summed a few rows at a time, as the page's worker does between progress reports (it adds
        // whole blocks, so its sums are one thread's; here the blocks are cut short too).
        let mut gram = GramSum::new(&table);
        for start in (0..8).step_by(3) {
            gram.add(&table, start..(start + 3).min(8));
        }
        let stepped = gram.indicator(&table, &reference).unwrap();
        assert!(stepped.iter().zip(&one).all(|(a, b)| (a - b).abs() < 1e-12));
    }

    #[test]
    fn an_empty_or_bad_reference_says_so() {
        let table = TokenTable::from_rows(vec![1.0, 0.0, 0.0, 1.0], 2, 2).unwrap();
        assert!(indicator(&table, &[], 1)
            .unwrap_err()
            .to_string()
            .contains("empty"));
        assert!(indicator(&table, &[9], 1)
            .unwrap_err()
            .to_string()
            .contains("token id 9"));
    }
}
