//! Why a SentencePiece model cut a text as it did. The text is normalized first (`▁` for spaces),
//! and the story is told for the word that holds the token (from one `▁` to the next, widened to
//! whole pieces where a piece crosses it), traced from the same code that encodes:
//! - BPE: the word's characters, then each join, best piece score first (bpe.rs);
//! - Unigram: every candidate piece Viterbi weighed for a place in the word, with its
//!   log-probability and the best path through it (unigram.rs);
//! - a character that is no piece, with byte fallback: its UTF-8 bytes, one token each.
//!
//! Leaves out: BPE's pieces of type UNUSED, which encoding splits back after the joins (the
//! replay ends on the joined piece).

use std::ops::Range;

use super::bpe::{self, Traced};
use super::model_file::Kind;
use super::processor::{Segmenter, SentencePiece};
use crate::why::{replay, Candidate, Explain, Story, Why, LONGEST_TRACED};

const CUT_BPE: &str =
    "SentencePiece writes each space as ▁ (and, as the model asks, one before the \
                       text), then joins pieces within each word, from one ▁ to the next.";
const CUT_UNIGRAM: &str =
    "SentencePiece writes each space as ▁ (and, as the model asks, one before \
                           the text); Viterbi then finds the most probable way to write the whole \
                           text as pieces, shown here for the word that holds the token.";

impl Explain for SentencePiece {
    fn explain(&self, text: &str, token: usize) -> Option<Why> {
        let normalized = self.normalizer.normalize(text, &self.vocab.users);
        let norm = normalized.text.as_str();
        let segments = self.segments(norm);
        // 1. The token's segment, and each segment's first token.
        let (mut count, mut owner) = (0, None);
        let mut firsts = vec![usize::MAX; segments.len()];
        self.each_token(&normalized, &segments, |id, _, segment| {
            if id.is_some() {
                firsts[segment] = firsts[segment].min(count);
                if count == token {
                    owner = Some(segment);
                }
                count += 1;
            }
        });
        let segment = owner?;
        // 2. Its word, widened to the segments that overlap it.
        let (start, end, id) = segments[segment];
        let word = bpe::words(norm)
            .map(|(at, w)| at..at + w.len())
            .find(|w| w.contains(&start))
            .unwrap_or(start..end);
        let inside: Vec<usize> = (0..segments.len())
            .filter(|&i| segments[i].0 < word.end && segments[i].1 > word.start)
            .collect();
        let window = segments[inside[0]].0..segments[inside[inside.len() - 1]].1;
        let seen = &norm[window.clone()];
        // 3. Its story.
        let fallback = self
            .vocab
            .bytes
            .filter(|_| self.vocab.kind(id) == Kind::Unknown);
        let story = if let Some(bytes) = fallback {
            Story::Bytes {
                character: norm[start..end].to_string(),
                ids: norm.as_bytes()[start..end]
                    .iter()
                    .map(|&b| bytes[usize::from(b)])
                    .collect(),
                at: token - firsts[segment],
            }
        } else if window.len() > LONGEST_TRACED {
            Story::TooLong
        } else {
            let made = segment - inside[0];
            match &self.segmenter {
                Segmenter::Bpe => self.joins(norm, &word, &window, made),
                Segmenter::Unigram(lattice) => {
                    let on_path = |span: &Range<usize>, id: u32| {
                        segments[inside[0]..=inside[inside.len() - 1]]
                            .iter()
                            .any(|&(s, e, i)| s == span.start && e == span.end && i == id)
                    };
                    let mut weighed = Vec::new();
                    lattice.segment_with(&self.vocab, norm, |w| {
                        if w.span.start >= window.start && w.span.end <= window.end {
                            weighed.push(w);
                        }
                    });
                    let base = weighed
                        .iter()
                        .find(|w| w.span.start == window.start)
                        .map_or(0.0, |w| w.here);
                    let candidates = weighed
                        .iter()
                        .enumerate()
                        .map(|(i, w)| Candidate {
                            span: w.span.start - window.start..w.span.end - window.start,
                            piece: norm[w.span.clone()].to_string(),
                            id: w.id,
                            log_prob: w.log_prob,
                            path: (w.total - f64::from(base)) as f32,
                            // The last to win its end is the best way there.
                            best: w.won
                                && !weighed[i + 1..]
                                    .iter()
                                    .any(|l| l.won && l.span.end == w.span.end),
                            on_path: on_path(&w.span, w.id),
                        })
                        .collect();
                    Story::Lattice { candidates }
                }
            }
        };
        let cut = match self.segmenter {
            Segmenter::Bpe => CUT_BPE,
            Segmenter::Unigram(_) => CUT_UNIGRAM,
        };
        Some(Why {
            chunk: normalized.to_input[window.start]..normalized.to_input[window.end],
            seen: seen.to_string(),
            cut,
            story,
            // Pieces hold whole characters; byte fallback's bytes are their own story.
            anatomy: Vec::new(),
        })
    }
}

impl SentencePiece {
    /// BPE's joins within `window` of the normalized text: the word alone when words are
    /// independent (as encoding does it), else the whole text's joins that fall inside.
    fn joins(&self, norm: &str, word: &Range<usize>, window: &Range<usize>, made: usize) -> Story {
        let (base, traced) = if self.vocab.words_are_independent {
            (word.start, &norm[word.clone()])
        } else {
            (0, norm)
        };
        let (mut units, mut joins) = (Vec::new(), Vec::new());
        bpe::segment_with(&self.vocab, traced, |step| match step {
            Traced::Unit(at) if window.contains(&(base + at)) => {
                units.push(base + at - window.start)
            }
            Traced::Join(mut join)
                if base + join.left >= window.start && base + join.right < window.end =>
            {
                join.left = base + join.left - window.start;
                join.right = base + join.right - window.start;
                joins.push(join);
            }
            _ => {}
        });
        let seen = &norm[window.clone()];
        let (units, steps) = replay(&units, seen.len(), &joins, |r| seen[r].to_string());
        Story::Merges { units, steps, made }
    }
}
