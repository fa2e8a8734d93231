//! SentencePiece's Unigram segmentation (`unigram_model.cc`, the optimized Viterbi it uses by
//! default): the best path through every way of writing the text as pieces, a path scoring the
//! sum of its pieces' log-probabilities. For each position, in order, every piece that starts
//! there extends the best path ending there; a character no single piece covers becomes the
//! unknown piece at the lowest score minus 10. User-defined pieces score length × the best score
//! − 0.1, so they always win. Arithmetic follows the C++ to the bit: piece scores are added in
//! double precision and stored as float, the unknown penalty in float.
//! Leaves out: sampling and n-best.

use std::ops::Range;

use super::model_file::Kind;
use super::vocab::Vocab;
use crate::fxhash::FxHashMap;

/// Every prefix of a segmentable piece, at character boundaries, with the piece's id when the
/// prefix is itself one ([`NOT_A_PIECE`] otherwise): a trie walked by hashing.
#[derive(Clone, Debug)]
pub(super) struct Lattice {
    prefixes: FxHashMap<String, u32>,
    min_score: f32,
    max_score: f32,
}

const UNKNOWN_PENALTY: f32 = 10.0;
const NOT_A_PIECE: u32 = u32::MAX;

/// One candidate as Viterbi weighs it: a piece over `span` (of the normalized text), its
/// log-probability, the best path's score to its start (`here`), the two added (`total`), and
/// whether it beat every candidate for its end so far (the last to win is the best).
pub(super) struct Weighed {
    pub span: Range<usize>,
    pub id: u32,
    pub log_prob: f32,
    pub here: f32,
    pub total: f64,
    pub won: bool,
}

#[derive(Clone, Copy)]
struct Best {
    id: u32,
    score: f32,
    start: Option<usize>,
}

impl Lattice {
    pub fn new(vocab: &Vocab) -> Lattice {
        let mut prefixes = FxHashMap::default();
        let (mut min_score, mut max_score) = (f32::MAX, f32::MIN_POSITIVE);
        for (id, entry) in vocab.entries.iter().enumerate() {
            if !matches!(entry.kind, Kind::Normal | Kind::UserDefined | Kind::Unused) {
                continue;
            }
            if entry.kind == Kind::Normal {
                min_score = min_score.min(entry.score);
                max_score = max_score.max(entry.score);
            }
            let piece = &entry.piece;
            for (at, _) in piece.char_indices().skip(1) {
                prefixes
                    .entry(piece[..at].to_string())
                    .or_insert(NOT_A_PIECE);
            }
            prefixes.insert(piece.clone(), id as u32);
        }
        Lattice {
            prefixes,
            min_score,
            max_score,
        }
    }

    /// The pieces of `text` (normalized) on the best path: byte ranges with their ids.
    pub fn segment(&self, vocab: &Vocab, text: &str) -> Vec<(usize, usize, u32)> {
        self.segment_with(vocab, text, |_| {})
    }

    /// [`segment`](Self::segment), telling `note` every candidate as Viterbi weighs it.
    pub fn segment_with(
        &self,
        vocab: &Vocab,
        text: &str,
        mut note: impl FnMut(Weighed),
    ) -> Vec<(usize, usize, u32)> {
        let unknown_score = self.min_score - UNKNOWN_PENALTY;
        let empty = Best {
            id: vocab.unknown,
            score: 0.0,
            start: None,
        };
        let mut best = vec![empty; text.len() + 1];
        for (start, c) in text.char_indices() {
            let here = best[start].score;
            let one_char = c.len_utf8();
            let mut covered = false;
            let ends = text[start..].char_indices().skip(1).map(|(i, _)| start + i);
            for end in ends.chain(std::iter::once(text.len())) {
                let Some(&found) = self.prefixes.get(&text[start..end]) else {
                    break;
                };
                let id = found;
                if id == NOT_A_PIECE || vocab.is_unused(id) {
                    continue;
                }
                let len = end - start;
                let score = match vocab.kind(id) {
                    Kind::UserDefined => f64::from(len as f32 * self.max_score) - 0.1,
                    _ => f64::from(vocab.score(id)),
                };
                let candidate = score + f64::from(here);
                let target = &mut best[end];
                let won = target.start.is_none() || candidate > f64::from(target.score);
                note(Weighed {
                    span: start..end,
                    id,
                    log_prob: score as f32,
                    here,
                    total: candidate,
                    won,
                });
                if won {
                    *target = Best {
                        id,
                        score: candidate as f32,
                        start: Some(start),
                    };
                }
                covered |= len == one_char;
            }
            if !covered {
                let candidate = unknown_score + here;
                let target = &mut best[start + one_char];
                let won = target.start.is_none() || candidate > target.score;
                note(Weighed {
                    span: start..start + one_char,
                    id: vocab.unknown,
                    log_prob: unknown_score,
                    here,
                    total: f64::from(candidate),
                    won,
                });
                if won {
                    *target = Best {
                        id: vocab.unknown,
                        score: candidate,
                        start: Some(start),
                    };
                }
            }
        }
        let mut path = Vec::new();
        let mut end = text.len();
        while end > 0 {
            let node = best[end];
            let start = node.start.expect("every character boundary is reached");
            path.push((start, end, node.id));
            end = start;
        }
        path.reverse();
        path
    }
}
