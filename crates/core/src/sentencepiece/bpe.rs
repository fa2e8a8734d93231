//! SentencePiece's BPE segmentation (`bpe_model.cc`), which merges by piece score rather than by
//! a merge list:
//! 1. cut the normalized text into characters (a user-defined symbol is one frozen symbol);
//! 2. queue every adjacent pair whose joined text is a piece, best score first, leftmost first
//!    on ties;
//! 3. pop the best pair; skip it if either side has changed since it was queued; join it and
//!    queue the new pairs with its neighbours; repeat until the queue is empty;
//! 4. a joined piece of type UNUSED is split back into the two halves that made it.
//!
//! When no piece has `▁` after another character (Mistral's vocabulary), no join can cross into a
//! `▁` that follows another character, so each word from such a `▁` on is segmented alone and the
//! same word is segmented once ([`segment_words`]): the same pieces, without one queue over the
//! whole text. Leaves out: BPE-dropout (sampling), which the lab never uses.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::ops::Range;

use super::vocab::Vocab;
use crate::fxhash::FxHashMap;
use crate::why::{Join, Priority};

/// The pieces of `text` (normalized) with their ids, word by word where the vocabulary allows.
pub(super) fn segment_words(vocab: &Vocab, text: &str) -> Vec<(usize, usize, u32)> {
    let with_ids = |start: usize, word: &str, out: &mut Vec<(usize, usize, u32)>| {
        for (s, e) in segment(vocab, word) {
            out.push((start + s, start + e, vocab.id_of(&word[s..e])));
        }
    };
    let mut out = Vec::new();
    if !vocab.words_are_independent {
        with_ids(0, text, &mut out);
        return out;
    }
    // Each distinct word's pieces, relative to the word, in `done`.
    let mut seen: FxHashMap<&str, Range<usize>> = FxHashMap::default();
    let mut done = Vec::new();
    for (start, word) in words(text) {
        let range = match seen.get(word) {
            Some(range) => range.clone(),
            None => {
                let first = done.len();
                with_ids(0, word, &mut done);
                seen.insert(word, first..done.len());
                first..done.len()
            }
        };
        out.extend(
            done[range]
                .iter()
                .map(|&(s, e, id)| (start + s, start + e, id)),
        );
    }
    out
}

/// `text` cut before every `▁` that follows another character, with each part's start.
pub(super) fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    let mut previous_space = true;
    let mut cuts = text.char_indices().filter_map(move |(i, c)| {
        let cut = c == '\u{2581}' && !previous_space;
        previous_space = c == '\u{2581}';
        cut.then_some(i)
    });
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let end = cuts.next().unwrap_or(text.len());
        let word = (start, &text[start..end]);
        start = end;
        Some(word)
    })
}

/// A queued pair: the left symbol's index, its score and the joined length (to notice changes).
#[derive(Clone, Copy, Debug)]
struct Candidate {
    score: f32,
    left: usize,
    right: usize,
    len: usize,
}

impl PartialEq for Candidate {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Candidate {}

impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Candidate {
    /// The heap's greatest is the best: higher score, then the smaller left index.
    fn cmp(&self, other: &Self) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then(other.left.cmp(&self.left))
    }
}

#[derive(Clone, Copy, Debug)]
struct Symbol {
    start: usize,
    end: usize,
    prev: Option<usize>,
    next: Option<usize>,
    frozen: bool,
}

/// What [`segment_with`] tells as it goes: where each starting symbol starts, and each join.
pub(super) enum Traced {
    Unit(usize),
    Join(Join),
}

/// The pieces of `text` (normalized), as byte ranges in order.
pub(super) fn segment(vocab: &Vocab, text: &str) -> Vec<(usize, usize)> {
    segment_with(vocab, text, |_| {})
}

/// [`segment`], telling `note` the starting symbols and each join made (step 4's splits are not
/// joins undone: they are told as nothing).
pub(super) fn segment_with(
    vocab: &Vocab,
    text: &str,
    mut note: impl FnMut(Traced),
) -> Vec<(usize, usize)> {
    // 1. Characters, or whole user-defined symbols.
    let mut symbols = Vec::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        let (len, frozen) = vocab.users.next_symbol(&text[at..]);
        let index = symbols.len();
        note(Traced::Unit(at));
        symbols.push(Symbol {
            start: at,
            end: at + len,
            prev: index.checked_sub(1),
            next: (at + len < text.len()).then_some(index + 1),
            frozen,
        });
        at += len;
    }
    // 2. Every adjacent pair that is a piece.
    let mut queue = BinaryHeap::new();
    // Where an unused piece's left half stood when the piece was last queued: step 4 splits the
    // piece back into its halves.
    let mut halves: FxHashMap<&str, Range<usize>> = FxHashMap::default();
    let mut push =
        |queue: &mut BinaryHeap<Candidate>, symbols: &[Symbol], left: usize, right: usize| {
            let (l, r) = (symbols[left], symbols[right]);
            if l.frozen || r.frozen {
                return;
            }
            let joined = &text[l.start..r.end];
            if let Some(id) = vocab.mergeable(joined) {
                queue.push(Candidate {
                    score: vocab.score(id),
                    left,
                    right,
                    len: joined.len(),
                });
                if vocab.is_unused(id) {
                    halves.insert(joined, l.start..l.end);
                }
            }
        };
    for i in 1..symbols.len() {
        push(&mut queue, &symbols, i - 1, i);
    }
    // 3. Best pair first, while the pair is still what was queued.
    while let Some(best) = queue.pop() {
        let (l, r) = (symbols[best.left], symbols[best.right]);
        let (l_len, r_len) = (l.end - l.start, r.end - r.start);
        if l_len == 0 || r_len == 0 || l_len + r_len != best.len {
            continue;
        }
        note(Traced::Join(Join {
            left: l.start,
            right: r.start,
            priority: Priority::Score(best.score),
        }));
        symbols[best.left].end = r.end;
        symbols[best.left].next = r.next;
        if let Some(next) = r.next {
            symbols[next].prev = Some(best.left);
        }
        symbols[best.right].end = symbols[best.right].start;
        if let Some(prev) = symbols[best.left].prev {
            push(&mut queue, &symbols, prev, best.left);
        }
        if let Some(next) = symbols[best.left].next {
            push(&mut queue, &symbols, best.left, next);
        }
    }
    // 4. Walk the survivors; unused pieces go back to their halves.
    let mut out = Vec::new();
    let mut index = (!symbols.is_empty()).then_some(0);
    while let Some(i) = index {
        resegment(
            vocab,
            &halves,
            text,
            symbols[i].start,
            symbols[i].end,
            &mut out,
        );
        index = symbols[i].next;
    }
    out
}

fn resegment(
    vocab: &Vocab,
    halves: &FxHashMap<&str, Range<usize>>,
    text: &str,
    start: usize,
    end: usize,
    out: &mut Vec<(usize, usize)>,
) {
    let piece = &text[start..end];
    let split = vocab
        .mergeable(piece)
        .filter(|&id| vocab.is_unused(id))
        .and_then(|_| halves.get(piece));
    match split {
        Some(left) => {
            let mid = start + left.len();
            resegment(vocab, halves, text, start, mid, out);
            resegment(vocab, halves, text, mid, end, out);
        }
        None => out.push((start, end)),
    }
}

#[cfg(test)]
mod tests {
    use super::segment;
    use crate::sentencepiece::model_file::{Entry, Kind};
    use crate::sentencepiece::vocab::Vocab;

    fn vocab(pieces: &[(&str, f32)]) -> Vocab {
        let mut entries = vec![Entry {
            piece: "<unk>".into(),
            score: 0.0,
            kind: Kind::Unknown,
        }];
        entries.extend(pieces.iter().map(|&(piece, score)| Entry {
            piece: piece.into(),
            score,
            kind: Kind::Normal,
        }));
        Vocab::new(&entries).expect("distinct pieces")
    }

    fn pieces(vocab: &Vocab, text: &str) -> Vec<String> {
        segment(vocab, text)
            .into_iter()
            .map(|(s, e)| text[s..e].to_string())
            .collect()
    }

    #[test]
    fn the_best_scoring_join_goes_first_whatever_its_place() {
        // "bc" outscores "ab", so "abc" becomes a + bc, never ab + c.
        let v = vocab(&[
            ("a", 0.0),
            ("b", 0.0),
            ("c", 0.0),
            ("ab", -2.0),
            ("bc", -1.0),
        ]);
        assert_eq!(pieces(&v, "abc"), ["a", "bc"]);
        // On a tie the leftmost pair wins: "aaa" is aa + a.
        let v = vocab(&[("a", 0.0), ("aa", -1.0)]);
        assert_eq!(pieces(&v, "aaa"), ["aa", "a"]);
        assert_eq!(pieces(&v, "aaaa"), ["aa", "aa"]);
    }

    #[test]
    fn words_start_at_each_space_that_follows_another_character() {
        let words: Vec<_> = super::words("▁a▁▁bc▁").map(|(_, w)| w).collect();
        assert_eq!(words, ["▁a", "▁▁bc", "▁"]);
        assert_eq!(super::words("").count(), 0);
    }

    #[test]
    fn joins_continue_through_pieces_made_on_the_way() {
        let v = vocab(&[
            ("h", 0.0),
            ("e", 0.0),
            ("y", 0.0),
            ("he", -1.0),
            ("hey", -2.0),
        ]);
        assert_eq!(pieces(&v, "heyhe"), ["hey", "he"]);
        assert_eq!(pieces(&v, ""), Vec::<String>::new());
    }
}
