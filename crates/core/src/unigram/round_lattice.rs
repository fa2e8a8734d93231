//! One training round's vocabulary as a segmenter, for the stepper's "lattice of a chosen word":
//! every piece that could stand at each place of `▁word`, with its log-probability, the best
//! path's score through it, and which pieces the best path keeps — the same [`Candidate`]s that
//! "why this split" shows for a SentencePiece Unigram model, so one view draws both.
//! Leaves out: more than one word at a time (words are segmented independently).

use super::lattice::{PieceIndex, UNKNOWN};
use super::{Round, WORD_START};
use crate::why::Candidate;

/// A round's pieces, indexed. Ids are positions in the round's piece list, so the final round's
/// are the exported model's ids; a character no piece covers gets `<unk>`'s id 0 there and
/// [`UNKNOWN`] in earlier rounds.
pub struct RoundLattice {
    index: PieceIndex,
    /// How many meta pieces lead the round's list (only the final one has them).
    first_id: u32,
}

impl RoundLattice {
    pub fn new(round: &Round) -> RoundLattice {
        let first_id = round.meta_pieces() as u32;
        let index = PieceIndex::new(
            round
                .pieces
                .iter()
                .skip(first_id as usize)
                .map(|(p, s)| (p.as_str(), *s)),
        );
        RoundLattice { index, first_id }
    }

    /// The first whitespace-separated word of `text` as `▁word`, and its lattice's candidates in
    /// the order Viterbi meets them (by start, then end); None when `text` has no word.
    pub fn candidates(&self, text: &str) -> Option<(String, Vec<Candidate>)> {
        let word = format!("{WORD_START}{}", text.split_whitespace().next()?);
        let lattice = self.index.lattice(&word, None);
        let byte_at: Vec<usize> = word
            .char_indices()
            .map(|(at, _)| at)
            .chain([word.len()])
            .collect();
        // best[p]: the best path over the first p characters, and the node that ends it.
        let mut best: Vec<Option<(f64, usize)>> = vec![None; lattice.chars() + 1];
        best[0] = Some((0.0, usize::MAX));
        let mut through = Vec::with_capacity(lattice.nodes().len());
        for (i, node) in lattice.nodes().iter().enumerate() {
            let total = best[node.start].map(|(here, _)| here + node.score);
            if let Some(total) = total {
                if best[node.end].is_none_or(|(score, _)| total > score) {
                    best[node.end] = Some((total, i));
                }
            }
            through.push(total.unwrap_or(f64::NEG_INFINITY));
        }
        let path = lattice.viterbi().map(|(path, _)| path).unwrap_or_default();
        let candidates = lattice
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, node)| {
                let span = byte_at[node.start]..byte_at[node.end];
                Candidate {
                    piece: word[span.clone()].to_string(),
                    span,
                    id: match node.id {
                        UNKNOWN if self.first_id > 0 => 0,
                        UNKNOWN => UNKNOWN,
                        id => id + self.first_id,
                    },
                    log_prob: node.score as f32,
                    path: through[i] as f32,
                    best: best[node.end].is_some_and(|(_, winner)| winner == i),
                    on_path: path.contains(&i),
                }
            })
            .collect();
        Some((word, candidates))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::unigram::RoundKind;

    fn round(kind: RoundKind, pieces: &[(&str, f64)]) -> Round {
        Round {
            kind,
            pieces: Arc::new(pieces.iter().map(|(p, s)| (p.to_string(), *s)).collect()),
            tokens: 0,
            log_likelihood_per_token: 0.0,
        }
    }

    #[test]
    fn the_best_path_is_marked_and_scored_through_each_piece() {
        let ln = |p: f64| p.ln();
        let pieces = [
            ("▁", ln(0.1)),
            ("a", ln(0.2)),
            ("b", ln(0.2)),
            ("ab", ln(0.3)),
        ];
        let (word, candidates) = RoundLattice::new(&round(RoundKind::Seeds, &pieces))
            .candidates("  ab cd")
            .unwrap();
        assert_eq!(word, "▁ab");
        let rows: Vec<(&str, u32, bool, bool)> = candidates
            .iter()
            .map(|c| (c.piece.as_str(), c.id, c.best, c.on_path))
            .collect();
        // ▁ + ab (0.03) beats ▁ + a + b (0.004).
        assert_eq!(
            rows,
            [
                ("▁", 0, true, true),
                ("a", 1, true, false),
                ("ab", 3, true, true),
                ("b", 2, false, false)
            ]
        );
        let ab = &candidates[2];
        assert_eq!(ab.span, 3..5);
        assert!((f64::from(ab.path) - 0.03f64.ln()).abs() < 1e-6);
        assert!(RoundLattice::new(&round(RoundKind::Seeds, &pieces))
            .candidates(" \n")
            .is_none());
    }

    #[test]
    fn the_final_round_numbers_pieces_as_the_model_does() {
        let pieces = [
            ("<unk>", 0.0),
            ("<s>", 0.0),
            ("</s>", 0.0),
            ("▁", -1.0),
            ("a", -1.0),
        ];
        let (_, candidates) = RoundLattice::new(&round(RoundKind::Final { fixed: 3 }, &pieces))
            .candidates("ax")
            .unwrap();
        let ids: Vec<u32> = candidates.iter().map(|c| c.id).collect();
        // x is no piece: <unk>, scored the lowest score minus 10.
        assert_eq!(ids, [3, 4, 0]);
        assert_eq!(candidates[2].log_prob, -11.0);
        assert!(candidates.iter().all(|c| c.on_path));
    }
}
