//! Cosine neighbours: score every row against a query vector, then keep the best k by partial
//! selection (a small sorted buffer; the other rows are only compared with its smallest score).
//!
//! Works on [`UnitRows`], so the cosine of a row with a unit query is one dot product. Leaves out:
//! approximate indexes (50,000 × 50 is a 2.5-million-multiply scan, a couple of milliseconds).

use super::table::EmbeddingTable;
use super::{dot, normalised, EmbedError, UnitRows};

/// A row and its score (a cosine, or 3CosMul's ratio).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    pub id: u32,
    pub score: f32,
}

/// The cosine of every row with `query` (any length: it is normalised here).
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
pub fn cosine_scores(rows: UnitRows<'_>, query: &[f32]) -> Vec<f32> {
    let query = normalised(query);
    rows.as_slice()
        .chunks_exact(rows.dims())
        .map(|row| dot(row, &query))
        .collect()
}

/// The `k` highest scores among rows that `keep` accepts, best first; equal scores go to the lower
/// row (the more frequent word), so results never depend on scan order.
pub fn top_k(scores: &[f32], k: usize, keep: impl Fn(u32) -> bool) -> Vec<Scored> {
    let mut best: Vec<Scored> = Vec::with_capacity(k + 1);
    if k == 0 {
        return best;
    }
    for (id, &score) in scores.iter().enumerate() {
        // Most rows lose to the current k-th best: one comparison and on.
        if (best.len() == k && score <= best[k - 1].score) || score.is_nan() {
            continue;
        }
        let id = id as u32;
        if !keep(id) {
            continue;
        }
        // Rows arrive in increasing order, so after every equal score is where ties belong.
        let at = best.partition_point(|b| b.score >= score);
        best.insert(at, Scored { id, score });
        best.truncate(k);
    }
    best
}

/// The `k` rows nearest to `query` by cosine, leaving out `exclude` (the query word itself, usually).
pub fn nearest(rows: UnitRows<'_>, query: &[f32], k: usize, exclude: &[u32]) -> Vec<Scored> {
    top_k(&cosine_scores(rows, query), k, |id| !exclude.contains(&id))
}

/// The `k` rows nearest to `word` among the first `vocab`, the word itself left out and only rows
/// that `keep` accepts considered. Returns the word's row too.
pub fn of_word(
    table: &EmbeddingTable,
    word: &str,
    k: usize,
    vocab: usize,
    keep: impl Fn(u32) -> bool,
) -> Result<(u32, Vec<Scored>), EmbedError> {
    let vocab = table.check_vocab(vocab)?;
    let id = table.lookup(word, vocab)?;
    let rows = table.unit_rows().first(vocab);
    Ok((
        id,
        top_k(&cosine_scores(rows, rows.row(id)), k, |row| {
            row != id && keep(row)
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_k_is_a_partial_sort_with_ties_to_the_lower_row() {
        let scores = [0.1, 0.9, 0.5, 0.9, -1.0, 0.7];
        let ids = |v: Vec<Scored>| v.into_iter().map(|s| s.id).collect::<Vec<_>>();
        assert_eq!(ids(top_k(&scores, 3, |_| true)), [1, 3, 5]);
        assert_eq!(ids(top_k(&scores, 3, |id| id != 1)), [3, 5, 2]);
        assert_eq!(ids(top_k(&scores, 10, |_| true)), [1, 3, 5, 2, 0, 4]);
        assert!(top_k(&scores, 0, |_| true).is_empty());
    }

    #[test]
    fn nearest_ranks_by_angle_not_length() {
        // Rows: east, north-east, north, west (already unit length).
        let h = std::f32::consts::FRAC_1_SQRT_2;
        let data = [1.0, 0.0, h, h, 0.0, 1.0, -1.0, 0.0];
        let rows = UnitRows::new(&data, 2).unwrap();
        // A long query 31° above east: north-east (15° away) beats east (31° away).
        let found = nearest(rows, &[10.0, 6.0], 2, &[]);
        assert_eq!(found.iter().map(|s| s.id).collect::<Vec<_>>(), [1, 0]);
        assert!((found[1].score - 10.0 / 136f32.sqrt()).abs() < 1e-6);
        assert_eq!(
            nearest(rows, &[1.0, 0.0], 1, &[0])[0].id,
            1,
            "the excluded row is skipped"
        );
    }
}
