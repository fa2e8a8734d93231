//! Word-pair similarity benchmarks (WordSim-353 and its kin) with gensim's `evaluate_word_pairs`
//! semantics: lines `word1<TAB>word2<TAB>score`, `#` lines are comments, other malformed lines are
//! skipped, words are matched case-insensitively within the first `vocab` rows, pairs with a word
//! outside them are left out and counted. The model's score is the cosine; the result is Spearman's ρ
//! (Pearson's r of the ranks, ties sharing their average rank, as scipy's `spearmanr`) and Pearson's r.
//! Leaves out: `dummy4unknown` and p-values.

use super::table::EmbeddingTable;
use super::{dot, EmbedError};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairsReport {
    pub spearman: f64,
    pub pearson: f64,
    /// Pairs with both words in the vocabulary.
    pub used: usize,
    /// Pairs left out because a word is not.
    pub out_of_vocab: usize,
}

impl PairsReport {
    /// All well-formed pairs.
    pub fn total(&self) -> usize {
        self.used + self.out_of_vocab
    }

    /// Share of pairs left out, in percent (gensim's `oov_ratio`).
    pub fn out_of_vocab_percent(&self) -> f64 {
        100.0 * self.out_of_vocab as f64 / self.total().max(1) as f64
    }
}

pub fn evaluate_pairs(
    text: &str,
    table: &EmbeddingTable,
    vocab: usize,
) -> Result<PairsReport, EmbedError> {
    let vocab = table.check_vocab(vocab)?;
    let rows = table.unit_rows();
    let (mut gold, mut model, mut out_of_vocab) = (Vec::new(), Vec::new(), 0);
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // 1. Exactly three tab-separated fields, the last a number; anything else is skipped.
        let fields: Vec<&str> = line.split('\t').collect();
        let [a, b, score] = fields[..] else { continue };
        let Ok(score) = score.trim().parse::<f64>() else {
            continue;
        };
        // 2. Both words in the vocabulary, or the pair is counted as out of it.
        match (
            table.id_within(a.trim(), vocab),
            table.id_within(b.trim(), vocab),
        ) {
            (Some(a), Some(b)) => {
                gold.push(score);
                model.push(f64::from(dot(rows.row(a), rows.row(b))));
            }
            _ => out_of_vocab += 1,
        }
    }
    if gold.len() < 2 {
        return Err(EmbedError::TooFewPairs { used: gold.len() });
    }
    Ok(PairsReport {
        spearman: spearman(&gold, &model),
        pearson: pearson(&gold, &model),
        used: gold.len(),
        out_of_vocab,
    })
}

/// Spearman's ρ: Pearson's r of the average ranks.
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    pearson(&ranks(a), &ranks(b))
}

/// Pearson's r (0 when either side has no variance).
pub fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len()) as f64;
    let (mean_a, mean_b) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        let (dx, dy) = (x - mean_a, y - mean_b);
        ab += dx * dy;
        aa += dx * dx;
        bb += dy * dy;
    }
    if aa == 0.0 || bb == 0.0 {
        0.0
    } else {
        ab / (aa * bb).sqrt()
    }
}

/// 1-based ranks; equal values share the average of the ranks they span.
pub fn ranks(values: &[f64]) -> Vec<f64> {
    let order = crate::order::sorted_indices(values.len(), &|i, j| values[i].total_cmp(&values[j]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let end = start
            + order[start..]
                .iter()
                .take_while(|&&i| values[i] == values[order[start]])
                .count();
        // Positions start..end (0-based) hold ranks start+1..=end; their mean is (start + 1 + end) / 2.
        let shared = (start + 1 + end) as f64 / 2.0;
        for &i in &order[start..end] {
            ranks[i] = shared;
        }
        start = end;
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_their_average_rank() {
        assert_eq!(ranks(&[10.0, 20.0, 20.0, 5.0]), [2.0, 3.5, 3.5, 1.0]);
    }

    #[test]
    fn spearman_worked_example() {
        // Monotone but not linear: ρ = 1, r < 1; reversed: ρ = −1.
        let x = [1.0, 2.0, 3.0, 4.0];
        assert!((spearman(&x, &[1.0, 4.0, 9.0, 16.0]) - 1.0).abs() < 1e-12);
        assert!(pearson(&x, &[1.0, 4.0, 9.0, 16.0]) < 0.99);
        assert!((spearman(&x, &[4.0, 3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        // scipy.stats.spearmanr([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) = 0.8207826816681233
        assert!(
            (spearman(&[1.0, 2.0, 3.0, 4.0, 5.0], &[5.0, 6.0, 7.0, 8.0, 7.0]) - 0.8207826816681233)
                .abs()
                < 1e-12
        );
    }
}
