//! Why positions are needed at all (seed 003's "dog bit man" vs "man bit dog").
//!
//! Without positions two sentences with the same words in another order are the same multiset of
//! embedding rows, and attention treats its input as a set: plain dot-product self-attention,
//! softmax(HHᵀ/√d)·H, gives each word the same output wherever it stands, so any summary of the
//! outputs that ignores order (their mean, as a pooling layer takes it) is the same for both. With
//! PE(p) added to row p the two inputs are different sets and every word's output moves.
//!
//! Note that a *linear* summary of the inputs cannot show this: Σₚ (xₚ + PE(p)) = Σₚ xₚ + Σₚ PE(p) is
//! still the same for both orders, because both sentences receive the same position vectors in total.
//! What changes is which word is paired with which position, and only an interaction between vectors
//! (here, attention's dot products) can see that.
//!
//! Left out: learned query/key/value projections, several heads, masking; rows come from the caller
//! (the page passes GloVe rows), so this file knows nothing about words.

use super::{dot, PosEncError, Sinusoidal};

/// How the two orders compare, without and with positions.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderComparison {
    /// For each token of the first sentence, the token of the second with the same row.
    pub pairing: Vec<usize>,
    /// |row| of each token of the first sentence: the scale the gaps below compare with.
    pub row_lengths: Vec<f64>,
    /// |mean of attention outputs, first − second|, attention over the rows alone.
    pub pooled_gap_without: f64,
    /// The same with PE(p) added to row p of each sentence.
    pub pooled_gap_with: f64,
    /// For each token of the first sentence, how far its attention output is from its twin's in the
    /// second: without positions …
    pub word_gaps_without: Vec<f64>,
    /// … and with them.
    pub word_gaps_with: Vec<f64>,
    /// |Σ inputs, first − second| with positions: 0 up to rounding, the linear summary's blind spot.
    pub summed_gap_with: f64,
}

/// Compares two sentences given as rows (one embedding row per token). The second must be a
/// reordering of the first (the same rows, as a multiset), and `enc` must have the rows' width.
pub fn compare_orders(
    first: &[&[f32]],
    second: &[&[f32]],
    enc: &Sinusoidal,
) -> Result<OrderComparison, PosEncError> {
    // 1. Same width everywhere, and the second sentence is a reordering of the first.
    for row in first.iter().chain(second) {
        if row.len() != enc.d() {
            return Err(PosEncError::WidthMismatch {
                row: row.len(),
                d: enc.d(),
            });
        }
    }
    let pairing = pair_rows(first, second).ok_or(PosEncError::NotAReordering)?;
    // 2. The rows as f64 (exact), then with positions added.
    let plain = |rows: &[&[f32]]| -> Vec<Vec<f64>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| f64::from(v)).collect())
            .collect()
    };
    let (a, b) = (plain(first), plain(second));
    let (a_pe, b_pe) = (with_positions(&a, enc)?, with_positions(&b, enc)?);
    // 3. Attention over each, compared word by word and pooled.
    let (out_a, out_b) = (plain_attention(&a), plain_attention(&b));
    let (out_a_pe, out_b_pe) = (plain_attention(&a_pe), plain_attention(&b_pe));
    let word_gaps = |x: &[Vec<f64>], y: &[Vec<f64>]| -> Vec<f64> {
        pairing
            .iter()
            .enumerate()
            .map(|(i, &j)| distance(&x[i], &y[j]))
            .collect()
    };
    Ok(OrderComparison {
        pooled_gap_without: distance(&mean(&out_a), &mean(&out_b)),
        pooled_gap_with: distance(&mean(&out_a_pe), &mean(&out_b_pe)),
        word_gaps_without: word_gaps(&out_a, &out_b),
        word_gaps_with: word_gaps(&out_a_pe, &out_b_pe),
        summed_gap_with: distance(&sum(&a_pe), &sum(&b_pe)),
        row_lengths: a.iter().map(|row| dot(row, row).sqrt()).collect(),
        pairing,
    })
}

/// Self-attention with no learned weights: each row's output is the softmax(row·others/√d)-weighted
/// mean of all rows (itself included).
pub fn plain_attention(rows: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let width = rows.first().map_or(0, Vec::len);
    let scale = (width.max(1) as f64).sqrt();
    rows.iter()
        .map(|query| {
            let scores: Vec<f64> = rows.iter().map(|key| dot(query, key) / scale).collect();
            // Subtract the largest score so exp never overflows.
            let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let weights: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
            let total: f64 = weights.iter().sum();
            let mut out = vec![0.0; width];
            for (weight, row) in weights.iter().zip(rows) {
                for (o, v) in out.iter_mut().zip(row) {
                    *o += weight / total * v;
                }
            }
            out
        })
        .collect()
}

/// Row p plus PE(p).
fn with_positions(rows: &[Vec<f64>], enc: &Sinusoidal) -> Result<Vec<Vec<f64>>, PosEncError> {
    rows.iter()
        .enumerate()
        .map(|(p, row)| {
            let pe = enc.encode(p as f64)?;
            Ok(row.iter().zip(pe).map(|(x, y)| x + y).collect())
        })
        .collect()
}

/// For each row of `first`, an unused row of `second` equal to it; None if there is no such pairing.
fn pair_rows(first: &[&[f32]], second: &[&[f32]]) -> Option<Vec<usize>> {
    if first.len() != second.len() {
        return None;
    }
    let mut used = vec![false; second.len()];
    first
        .iter()
        .map(|row| {
            let j = (0..second.len()).find(|&j| !used[j] && second[j] == *row)?;
            used[j] = true;
            Some(j)
        })
        .collect()
}

fn sum(rows: &[Vec<f64>]) -> Vec<f64> {
    let width = rows.first().map_or(0, Vec::len);
    rows.iter().fold(vec![0.0; width], |mut acc, row| {
        acc.iter_mut().zip(row).for_each(|(a, v)| *a += v);
        acc
    })
}

fn mean(rows: &[Vec<f64>]) -> Vec<f64> {
    let n = rows.len().max(1) as f64;
    sum(rows).into_iter().map(|v| v / n).collect()
}

fn distance(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).powi(2))
        .sum::<f64>()
        .sqrt()
}
