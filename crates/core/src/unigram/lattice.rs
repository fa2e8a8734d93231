//! Every way to write one word as pieces of the vocabulary: a node per piece that starts at some
//! character and matches there. Forward-backward over the nodes gives each piece's expected count
//! in the word (EM's E-step); Viterbi gives the best segmentation (pruning and encoding). A
//! character no piece covers becomes an unknown node scoring the lowest score minus 10, as in
//! sentencepiece. Scores are natural-log probabilities, added in f64.
//! Leaves out: n-best lists and sampling.

use crate::fxhash::FxHashMap;

/// An id for a character no piece covers.
pub const UNKNOWN: u32 = u32::MAX;
const UNKNOWN_PENALTY: f64 = 10.0;
/// In the prefix table: a prefix of some piece that is not a piece itself.
const PREFIX_ONLY: u32 = u32::MAX - 1;

/// The pieces as a prefix table: every prefix (at character boundaries) of every piece, with the
/// piece's index when the prefix is one.
#[derive(Clone, Debug, Default)]
pub(super) struct PieceIndex {
    prefixes: FxHashMap<String, u32>,
    scores: Vec<f64>,
    unknown_score: f64,
}

impl PieceIndex {
    pub fn new<'p>(pieces: impl IntoIterator<Item = (&'p str, f64)>) -> PieceIndex {
        let mut index = PieceIndex::default();
        for (id, (piece, score)) in pieces.into_iter().enumerate() {
            for (at, _) in piece.char_indices().skip(1) {
                index
                    .prefixes
                    .entry(piece[..at].to_string())
                    .or_insert(PREFIX_ONLY);
            }
            index.prefixes.insert(piece.to_string(), id as u32);
            index.scores.push(score);
        }
        let lowest = index.scores.iter().copied().fold(f64::INFINITY, f64::min);
        index.unknown_score = if lowest.is_finite() { lowest } else { 0.0 } - UNKNOWN_PENALTY;
        index
    }

    /// The lattice of `word` (`skip`: a piece left out, for a piece's second-best split).
    pub fn lattice(&self, word: &str, skip: Option<u32>) -> Lattice {
        let starts: Vec<usize> = word.char_indices().map(|(at, _)| at).collect();
        let n = starts.len();
        let mut nodes = Vec::new();
        for (i, &start) in starts.iter().enumerate() {
            let mut covered = false;
            for end_char in i + 1..=n {
                let end = starts.get(end_char).copied().unwrap_or(word.len());
                match self.prefixes.get(&word[start..end]) {
                    None => break,
                    Some(&PREFIX_ONLY) => {}
                    Some(&id) => {
                        covered |= end_char == i + 1;
                        if Some(id) != skip || end_char - i != n {
                            nodes.push(node(i, end_char, id, self.scores[id as usize]));
                        }
                    }
                }
            }
            if !covered {
                nodes.push(node(i, i + 1, UNKNOWN, self.unknown_score));
            }
        }
        Lattice { chars: n, nodes }
    }
}

fn node(start: usize, end: usize, id: u32, score: f64) -> LatticeNode {
    LatticeNode {
        start,
        end,
        id,
        score,
    }
}

/// One piece where it could stand: characters `start..end` of the word.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LatticeNode {
    pub start: usize,
    pub end: usize,
    /// The piece's index, or [`UNKNOWN`].
    pub id: u32,
    pub score: f64,
}

/// A word's lattice: its nodes, by start then end.
#[derive(Clone, Debug, PartialEq)]
pub struct Lattice {
    chars: usize,
    nodes: Vec<LatticeNode>,
}

impl Lattice {
    pub fn nodes(&self) -> &[LatticeNode] {
        &self.nodes
    }

    /// Length of the word in characters.
    pub fn chars(&self) -> usize {
        self.chars
    }

    /// The best path (highest total score) as node indices, and its score; None when no path
    /// covers the word (only with a piece left out).
    pub fn viterbi(&self) -> Option<(Vec<usize>, f64)> {
        // best[p]: the best score of a path over the first p characters, and its last node.
        let mut best: Vec<Option<(f64, usize)>> = vec![None; self.chars + 1];
        best[0] = Some((0.0, usize::MAX));
        for (index, node) in self.nodes.iter().enumerate() {
            let Some((here, _)) = best[node.start] else {
                continue;
            };
            let total = here + node.score;
            if best[node.end].is_none_or(|(score, _)| total > score) {
                best[node.end] = Some((total, index));
            }
        }
        let (score, mut last) = best[self.chars]?;
        let mut path = Vec::new();
        while last != usize::MAX {
            path.push(last);
            last = best[self.nodes[last].start].map_or(usize::MAX, |(_, node)| node);
        }
        path.reverse();
        Some((path, score))
    }

    /// Each node's marginal probability (the share of all paths' probability that goes through it)
    /// and the log of the sum over all paths.
    pub fn marginals(&self) -> (Vec<f64>, f64) {
        let mut alpha = vec![f64::NEG_INFINITY; self.chars + 1];
        let mut beta = vec![f64::NEG_INFINITY; self.chars + 1];
        alpha[0] = 0.0;
        beta[self.chars] = 0.0;
        // Nodes come by start, so a start's alpha is complete before its nodes are read.
        for node in &self.nodes {
            alpha[node.end] = log_add(alpha[node.end], alpha[node.start] + node.score);
        }
        for node in self.nodes.iter().rev() {
            beta[node.start] = log_add(beta[node.start], node.score + beta[node.end]);
        }
        let z = alpha[self.chars];
        let marginals = self
            .nodes
            .iter()
            .map(|node| (alpha[node.start] + node.score + beta[node.end] - z).exp())
            .collect();
        (marginals, z)
    }
}

/// log(e^a + e^b), exact for -inf.
fn log_add(a: f64, b: f64) -> f64 {
    let (high, low) = if a > b { (a, b) } else { (b, a) };
    if low == f64::NEG_INFINITY {
        return high;
    }
    high + (low - high).exp().ln_1p()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> PieceIndex {
        let ln = |p: f64| p.ln();
        PieceIndex::new([
            ("▁", ln(0.1)),
            ("a", ln(0.2)),
            ("b", ln(0.2)),
            ("ab", ln(0.3)),
            ("▁ab", ln(0.05)),
        ])
    }

    #[test]
    fn viterbi_takes_the_most_probable_split() {
        let lattice = index().lattice("▁ab", None);
        let (path, score) = lattice.viterbi().unwrap();
        let ids: Vec<u32> = path.iter().map(|&i| lattice.nodes()[i].id).collect();
        // ▁ + ab = 0.03 beats ▁ab = 0.05? No: 0.05 > 0.03, so the whole piece wins.
        assert_eq!(ids, [4]);
        assert!((score - 0.05f64.ln()).abs() < 1e-12);
        // Left out, the second best is ▁ + ab.
        let lattice = index().lattice("▁ab", Some(4));
        let ids: Vec<u32> = lattice
            .viterbi()
            .unwrap()
            .0
            .iter()
            .map(|&i| lattice.nodes()[i].id)
            .collect();
        assert_eq!(ids, [0, 3]);
    }

    #[test]
    fn marginals_are_path_shares() {
        let lattice = index().lattice("▁ab", None);
        let (marginals, z) = lattice.marginals();
        // Paths: ▁ab 0.05, ▁+ab 0.03, ▁+a+b 0.004.
        let total: f64 = 0.05 + 0.03 + 0.004;
        assert!((z - total.ln()).abs() < 1e-12);
        for (node, m) in lattice.nodes().iter().zip(&marginals) {
            let expected = match node.id {
                0 => 0.034 / total,
                3 => 0.03 / total,
                4 => 0.05 / total,
                1 | 2 => 0.004 / total,
                _ => unreachable!(),
            };
            assert!((m - expected).abs() < 1e-12, "{node:?}");
        }
    }

    #[test]
    fn an_uncovered_character_is_unknown() {
        let lattice = index().lattice("▁ac", None);
        let last = lattice.nodes().last().unwrap();
        assert_eq!((last.id, last.start, last.end), (UNKNOWN, 2, 3));
        assert!((last.score - (0.05f64.ln() - 10.0)).abs() < 1e-12);
        assert!(lattice.viterbi().is_some());
    }
}
