//! Under-trained tokens: the indicator of Land & Bartolo (2024, "Fishing for Magikarp") for a model
//! whose input and output embeddings are tied, as SmolLM2's are. Rows that training barely moved
//! still point where the never-trained rows point, once what every row shares is taken away:
//!
//! 1. the mean row is subtracted from every row;
//! 2. the first principal component of those rows is removed from each: the Lanczos method with
//!    their covariance ([`crate::lanczos`]), one pass over the rows per product (10 for SmolLM2,
//!    where the power method took 24), in f64 on every core or a slice of rows at a time
//!    ([`ComponentSearch`], for the page's worker) — a fourteenth of the work of forming the d × d
//!    Gram matrix (its upper half) first;
//! 3. the reference direction is the mean of some rows, by default the control tokens whose rows
//!    equal another control token's (rows no text ever trained: [`untrained_controls`]);
//! 4. a row's indicator is its cosine to that direction.
//!
//! Leaves out: the paper's other indicators (for untied models) and its check by prompting the
//! model (there is no decoder here).

use super::token_table::{dot, TokenTable};
use super::Smollm2Error;
use crate::lanczos::{Lanczos, Step};
use crate::row_threads::on_threads;

use std::ops::Range;
/// The search stops when the direction moves less than this, or after `MOST_PASSES`: on SmolLM2,
/// 10 passes, and the indicators equal those of a search to 1e-13 (12 passes) to 9 decimals.
const CONVERGED: f64 = 1e-10;
const MOST_PASSES: usize = 20_000;

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
/// after steps 1 and 2 above. `threads` share each pass over the rows.
pub fn indicator(
    table: &TokenTable,
    reference: &[u32],
    threads: usize,
) -> Result<Vec<f64>, Smollm2Error> {
    check_reference(table, reference)?;
    let mut search = ComponentSearch::new(table);
    while !search.absorb(search.pass(table, threads)) {}
    Ok(search.indicator(table, reference)?.values(table, threads))
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

/// Step 2, one product of the covariance at a time: a whole pass over the rows ([`Self::pass`],
/// or one summed elsewhere, e.g. on a GPU, handed to [`Self::absorb`]), or a slice of rows at a
/// time ([`Self::advance`], for the page's worker, which reports progress between slices). Each
/// way sums the same terms, so one thread and slices give the same values to the bit.
pub struct ComponentSearch {
    mean: Vec<f64>,
    search: Lanczos,
    product: CovarianceSums,
    /// The next row of the pass under way.
    next_row: usize,
    /// How far the direction moved in the last pass.
    pub moved: f64,
    found: Option<Vec<f64>>,
}

impl ComponentSearch {
    pub fn new(table: &TokenTable) -> ComponentSearch {
        ComponentSearch {
            mean: mean_row(table),
            search: Lanczos::new(&start(table.dims)),
            product: CovarianceSums::new(table.dims),
            next_row: 0,
            moved: f64::INFINITY,
            found: None,
        }
    }

    /// Step 1's mean row.
    pub fn mean(&self) -> &[f64] {
        &self.mean
    }

    /// The direction the covariance multiplies next.
    pub fn vector(&self) -> &[f64] {
        self.search.vector()
    }

    /// The covariance product of [`Self::vector`] over every row, `threads` sharing them.
    pub fn pass(&self, table: &TokenTable, threads: usize) -> CovarianceSums {
        let threads = threads.clamp(1, table.vocab.max(1));
        let parts = on_threads(table.vocab, threads, |rows| {
            let mut part = CovarianceSums::new(table.dims);
            part.add(table, &self.mean, self.vector(), rows);
            part
        });
        let mut product = CovarianceSums::new(table.dims);
        parts.iter().for_each(|part| product.merge(part));
        product
    }

    /// Takes a whole pass's sums for [`Self::vector`]; true once the component is found.
    pub fn absorb(&mut self, product: CovarianceSums) -> bool {
        if self.found.is_some() {
            return true;
        }
        let step = self
            .search
            .absorb(product.finish(&self.mean), CONVERGED, MOST_PASSES);
        self.moved = self.search.moved;
        match step {
            Step::Again => {}
            Step::Found(component) => self.found = Some(component),
            Step::Nothing => self.found = Some(vec![0.0; self.mean.len()]),
        }
        self.found.is_some()
    }

    /// Goes on for at most `rows` rows; true once the component is found.
    pub fn advance(&mut self, table: &TokenTable, rows: usize) -> bool {
        if self.found.is_some() {
            return true;
        }
        let end = (self.next_row + rows).min(table.vocab);
        self.product
            .add(table, &self.mean, self.search.vector(), self.next_row..end);
        self.next_row = end;
        if end < table.vocab {
            return false;
        }
        let product = std::mem::replace(&mut self.product, CovarianceSums::new(table.dims));
        self.next_row = 0;
        self.absorb(product)
    }

    /// Passes finished, and rows of the one under way.
    pub fn progress(&self) -> (usize, usize) {
        (self.search.products(), self.next_row)
    }

    /// Step 3 with the component as found (before the search ends: as far as it got).
    pub fn indicator(
        &self,
        table: &TokenTable,
        reference: &[u32],
    ) -> Result<Indicator, Smollm2Error> {
        check_reference(table, reference)?;
        let component = self.found.as_deref().unwrap_or(self.search.best());
        Ok(Indicator::new(table, &self.mean, component, reference))
    }
}

/// Step 1's mean row.
fn mean_row(table: &TokenTable) -> Vec<f64> {
    let mut mean = vec![0.0f64; table.dims];
    for id in 0..table.vocab as u32 {
        for (m, &v) in mean.iter_mut().zip(table.row(id)) {
            *m += f64::from(v);
        }
    }
    mean.iter_mut().for_each(|m| *m /= table.vocab as f64);
    mean
}

/// Power iteration starts from every direction at once (1, 1, …), nudged so it is orthogonal to
/// nothing likely.
fn start(dims: usize) -> Vec<f64> {
    let start: Vec<f64> = (0..dims).map(|i| 1.0 + i as f64 * 1e-3).collect();
    let length = dot(&start, &start).sqrt();
    start.into_iter().map(|x| x / length).collect()
}

/// The covariance of the centred rows times `v`, summed over ranges of rows: Σ (x − m)((x − m)·v),
/// kept as `sum` = Σ x·c and `weights` = Σ c with c = x·v − m·v, so a row is read once and never
/// centred in memory.
#[derive(Clone, Debug)]
pub struct CovarianceSums {
    pub sum: Vec<f64>,
    pub weights: f64,
}

impl CovarianceSums {
    pub fn new(dims: usize) -> CovarianceSums {
        CovarianceSums {
            sum: vec![0.0; dims],
            weights: 0.0,
        }
    }

    fn add(&mut self, table: &TokenTable, mean: &[f64], v: &[f64], rows: Range<usize>) {
        crate::cpu_features::with_avx2(|| self.add_here(table, mean, v, rows));
    }

    #[inline(always)]
    fn add_here(&mut self, table: &TokenTable, mean: &[f64], v: &[f64], rows: Range<usize>) {
        let along_mean = dot(mean, v);
        for id in rows {
            let row = table.row(id as u32);
            let c = dot(row, v) - along_mean;
            self.weights += c;
            for (s, &x) in self.sum.iter_mut().zip(row) {
                *s += c * f64::from(x);
            }
        }
    }

    /// Adds another range's sums.
    pub fn merge(&mut self, other: &CovarianceSums) {
        self.sum
            .iter_mut()
            .zip(&other.sum)
            .for_each(|(s, o)| *s += o);
        self.weights += other.weights;
    }

    fn finish(self, mean: &[f64]) -> Vec<f64> {
        let weights = self.weights;
        self.sum
            .into_iter()
            .zip(mean)
            .map(|(s, m)| s - weights * m)
            .collect()
    }
}

/// Steps 3 and 4 for a found component: the reference direction (the mean of the `reference`
/// rows, centred and with the component removed), and any row's cosine to it.
#[derive(Clone, Debug)]
pub struct Indicator {
    mean: Vec<f64>,
    component: Vec<f64>,
    direction: Vec<f64>,
    direction_norm: f64,
}

impl Indicator {
    fn new(table: &TokenTable, mean: &[f64], component: &[f64], reference: &[u32]) -> Indicator {
        let mut p = vec![0.0f64; table.dims];
        let mut direction = vec![0.0f64; table.dims];
        for &id in reference {
            projected(table.row(id), mean, component, &mut p);
            for (d, v) in direction.iter_mut().zip(&p) {
                *d += v / reference.len() as f64;
            }
        }
        Indicator {
            mean: mean.to_vec(),
            component: component.to_vec(),
            direction_norm: dot(&direction, &direction).sqrt(),
            direction,
        }
    }

    pub fn mean(&self) -> &[f64] {
        &self.mean
    }

    /// The first principal component (unit length; zeros if the rows have no spread).
    pub fn component(&self) -> &[f64] {
        &self.component
    }

    /// The reference direction (not scaled to unit length).
    pub fn direction(&self) -> &[f64] {
        &self.direction
    }

    /// Every row's indicator, in id order; rows shared among `threads`.
    pub fn values(&self, table: &TokenTable, threads: usize) -> Vec<f64> {
        let parts = on_threads(table.vocab, threads.max(1), |rows| {
            crate::cpu_features::with_avx2(|| self.values_of(table, rows))
        });
        parts.concat()
    }

    /// Row `id`'s indicator, as [`Self::values`] gives it.
    pub fn of(&self, table: &TokenTable, id: u32) -> f64 {
        let mut p = vec![0.0f64; table.dims];
        self.value(table.row(id), &mut p)
    }

    /// [`Self::values`] for `rows`, inlined into the AVX2 copy: a plain loop, as an iterator's
    /// `collect` would not be inlined.
    #[inline(always)]
    fn values_of(&self, table: &TokenTable, rows: Range<usize>) -> Vec<f64> {
        let mut p = vec![0.0f64; table.dims];
        let mut values = Vec::with_capacity(rows.len());
        for id in rows {
            values.push(self.value(table.row(id as u32), &mut p));
        }
        values
    }

    #[inline(always)]
    fn value(&self, row: &[f32], p: &mut [f64]) -> f64 {
        projected(row, &self.mean, &self.component, p);
        let lengths = dot(p, p).sqrt() * self.direction_norm;
        if lengths > 0.0 {
            dot(p, &self.direction) / lengths
        } else {
            0.0
        }
    }
}

/// `row` − `mean` with its part along the unit `component` removed, into `out`.
#[inline(always)]
fn projected(row: &[f32], mean: &[f64], component: &[f64], out: &mut [f64]) {
    for ((o, &v), m) in out.iter_mut().zip(row).zip(mean) {
        *o = f64::from(v) - m;
    }
    let along = dot(out, component);
    for (o, c) in out.iter_mut().zip(component) {
        *o -= along * c;
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

#[cfg(test)]
mod tests {
    use super::{indicator, ranked, untrained_controls, ComponentSearch};
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
        // A few rows at a time, as the page's worker goes between progress reports: the same
        // passes and sums as one thread, so the same values to the bit.
        let mut search = ComponentSearch::new(&table);
        while !search.advance(&table, 3) {}
        let sliced = search.indicator(&table, &reference).unwrap();
        assert_eq!(sliced.values(&table, 1), one);
        assert_eq!(sliced.of(&table, 3), one[3]);
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
