//! The one byte-level merge loop. A pre-token piece starts as one part per byte (each byte's
//! token), and the adjacent pair whose join ranks lowest is joined, leftmost on ties, until no
//! adjacent pair joins. What a join is, and its rank, is the vocabulary's to say ([`Joins`]):
//!
//! - tiktoken's encodings, GPT-2 and Tekken rank the joined *bytes* (any two parts whose bytes
//!   together are a token join, at that token's rank: `tiktoken::RankBpe`);
//! - a merge list ranks the *pair* (only a listed pair of tokens joins, at the merge's rank, as
//!   Hugging Face's `BPE` model: SmolLM2's `MergeBpe`).
//!
//! Short pieces find the lowest pair by scanning; long ones (a run of one character) keep a
//! min-heap of candidates, so a piece of n bytes costs O(n log n). Every join can be told
//! ([`Merged`]), which is what "why this split" replays. Leaves out: the pre-tokenizer, the
//! whole-piece shortcut (a caller's), dropout and byte fallback.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What a vocabulary says about joining parts.
pub trait Joins {
    /// The token of `byte` alone; `None` drops the byte (its neighbours meet).
    fn byte(&self, byte: u8) -> Option<u32>;
    /// Joining parts `left` and `right` (token ids), whose bytes together are `joined`: the
    /// join's rank (lower joins first) and the token it makes, or `None` if they do not join.
    fn join(&self, left: u32, right: u32, joined: &[u8]) -> Option<(u32, u32)>;
}

/// One join, as it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Merged {
    /// Where the left and right parts start in the piece.
    pub left_at: usize,
    pub right_at: usize,
    /// The two tokens joined, and the one they made.
    pub left: u32,
    pub right: u32,
    pub made: u32,
    pub rank: u32,
}

/// Pieces up to this many parts find their lowest pair by scanning (faster at that size than a
/// heap, and the scan's n² stays small).
const SHORT: usize = 24;
const NONE: usize = usize::MAX;
const NO_JOIN: u32 = u32::MAX;

/// Buffers reused from piece to piece, so merging allocates once per text.
#[derive(Default)]
pub struct Scratch {
    /// Each part's token (a part starts as one kept byte; the left part of a join absorbs the
    /// right one), where it starts, and its neighbours in the list.
    id: Vec<u32>,
    start: Vec<usize>,
    next: Vec<usize>,
    prev: Vec<usize>,
    /// The rank of joining each part with the next one ([`NO_JOIN`] if they do not), and what
    /// that join makes.
    rank: Vec<u32>,
    made: Vec<u32>,
    /// Candidate joins of a long piece, lowest rank first, leftmost on ties.
    heap: BinaryHeap<Reverse<(u32, usize)>>,
}

impl Scratch {
    /// The parts to start from: each a token and where it starts in the piece, in order.
    fn set_parts(&mut self, parts: impl IntoIterator<Item = (u32, usize)>) {
        self.id.clear();
        self.start.clear();
        for (id, at) in parts {
            self.id.push(id);
            self.start.push(at);
        }
    }

    /// Ranks joining part `i` with the next one.
    fn rank_join(&mut self, i: usize, piece: &[u8], joins: &impl Joins) {
        let j = self.next[i];
        let found = match j {
            NONE => None,
            _ => {
                let end = self.next[j];
                let end = if end == NONE {
                    piece.len()
                } else {
                    self.start[end]
                };
                joins.join(self.id[i], self.id[j], &piece[self.start[i]..end])
            }
        };
        (self.rank[i], self.made[i]) = found.unwrap_or((NO_JOIN, NO_JOIN));
    }

    /// The part whose join with the next one ranks lowest, leftmost on ties.
    fn lowest(&mut self, long: bool) -> Option<usize> {
        if long {
            while let Some(Reverse((rank, i))) = self.heap.pop() {
                // Stale when a join beside it has changed part i's pair since.
                if self.rank[i] == rank {
                    return Some(i);
                }
            }
            return None;
        }
        let (mut best, mut at) = (NO_JOIN, NONE);
        let mut i = if self.id.is_empty() { NONE } else { 0 };
        while i != NONE {
            if self.rank[i] < best {
                (best, at) = (self.rank[i], i);
            }
            i = self.next[i];
        }
        (at != NONE).then_some(at)
    }
}

/// Merges `piece`, telling `note` each join in order, and appends its tokens to `out`, each with
/// the length of input it covers (a dropped byte goes to the token before it, or the first one).
/// A piece of dropped bytes only makes no token.
pub fn merge(
    piece: &[u8],
    joins: &impl Joins,
    s: &mut Scratch,
    out: &mut Vec<(u32, usize)>,
    note: impl FnMut(Merged),
) {
    // 1. One part per byte the vocabulary has.
    let bytes = piece.iter().enumerate();
    s.set_parts(bytes.filter_map(|(at, &byte)| Some((joins.byte(byte)?, at))));
    join_parts(piece, joins, s, out, note);
}

/// As [`merge`], starting from `symbols` (each a token and where it starts in `piece`, in order)
/// instead of one part per byte: a vocabulary over characters, with unknown and byte-fallback
/// tokens (the tokenizer.json engine's BPE).
#[cfg(feature = "tokenizer-json")]
pub fn merge_symbols(
    piece: &[u8],
    symbols: impl IntoIterator<Item = (u32, usize)>,
    joins: &impl Joins,
    s: &mut Scratch,
    out: &mut Vec<(u32, usize)>,
    note: impl FnMut(Merged),
) {
    s.set_parts(symbols);
    join_parts(piece, joins, s, out, note);
}

/// Steps 2 and 3 of [`merge`], from the parts in `s`.
fn join_parts(
    piece: &[u8],
    joins: &impl Joins,
    s: &mut Scratch,
    out: &mut Vec<(u32, usize)>,
    mut note: impl FnMut(Merged),
) {
    let n = s.id.len();
    s.next.clear();
    s.next.extend((1..=n).map(|i| if i < n { i } else { NONE }));
    s.prev.clear();
    s.prev
        .extend((0..n).map(|i| i.checked_sub(1).unwrap_or(NONE)));
    s.rank.clear();
    s.rank.resize(n, NO_JOIN);
    s.made.clear();
    s.made.resize(n, NO_JOIN);
    for i in 0..n {
        s.rank_join(i, piece, joins);
    }
    let long = n > SHORT;
    s.heap.clear();
    if long {
        s.heap.extend(
            (0..n)
                .filter(|&i| s.rank[i] != NO_JOIN)
                .map(|i| Reverse((s.rank[i], i))),
        );
    }
    // 2. Join the lowest pair until none joins; part i absorbs its next part.
    while let Some(i) = s.lowest(long) {
        let j = s.next[i];
        note(Merged {
            left_at: s.start[i],
            right_at: s.start[j],
            left: s.id[i],
            right: s.id[j],
            made: s.made[i],
            rank: s.rank[i],
        });
        s.id[i] = s.made[i];
        s.rank[j] = NO_JOIN;
        let k = s.next[j];
        s.next[i] = k;
        if k != NONE {
            s.prev[k] = i;
        }
        for changed in [Some(i), Some(s.prev[i]).filter(|&p| p != NONE)]
            .into_iter()
            .flatten()
        {
            s.rank_join(changed, piece, joins);
            if long && s.rank[changed] != NO_JOIN {
                s.heap.push(Reverse((s.rank[changed], changed)));
            }
        }
    }
    // 3. The parts left, left to right; the first one covers any dropped bytes before it.
    let mut i = if n == 0 { NONE } else { 0 };
    while i != NONE {
        let from = if i == 0 { 0 } else { s.start[i] };
        let to = match s.next[i] {
            NONE => piece.len(),
            k => s.start[k],
        };
        out.push((s.id[i], to - from));
        i = s.next[i];
    }
}

/// The joins of `piece` in order, each told to `note`, without its tokens ("why this split").
pub fn trace(piece: &[u8], joins: &impl Joins, note: &mut dyn FnMut(Merged)) {
    merge(piece, joins, &mut Scratch::default(), &mut Vec::new(), note);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ranks over joined bytes: "ab" 0, "bc" 1, "abc" 2; every byte its own value.
    struct ByBytes;

    impl Joins for ByBytes {
        fn byte(&self, byte: u8) -> Option<u32> {
            Some(u32::from(byte) + 100)
        }

        fn join(&self, _: u32, _: u32, joined: &[u8]) -> Option<(u32, u32)> {
            match joined {
                b"ab" => Some((0, 0)),
                b"bc" => Some((1, 1)),
                b"abc" => Some((2, 2)),
                b"aa" => Some((3, 3)),
                b"aaaa" => Some((4, 4)),
                _ => None,
            }
        }
    }

    /// A merge list: (b, c) first, then (a, b); "abc" only from (ab, c), which is not listed.
    struct ByPair;

    impl Joins for ByPair {
        fn byte(&self, byte: u8) -> Option<u32> {
            (byte != b'x').then_some(u32::from(byte))
        }

        fn join(&self, left: u32, right: u32, _: &[u8]) -> Option<(u32, u32)> {
            match (left as u8, right as u8) {
                (b'b', b'c') => Some((0, 500)),
                (b'a', b'b') => Some((1, 501)),
                _ => None,
            }
        }
    }

    fn merged(piece: &[u8], joins: &impl Joins) -> (Vec<(u32, usize)>, Vec<Merged>) {
        let (mut out, mut steps) = (Vec::new(), Vec::new());
        merge(piece, joins, &mut Scratch::default(), &mut out, |m| {
            steps.push(m)
        });
        (out, steps)
    }

    #[test]
    fn joined_bytes_rank_any_two_parts_that_make_a_token() {
        // ab (rank 0) first, then ab + c makes "abc" (rank 2), though (ab, c) is no listed pair.
        let (out, steps) = merged(b"abc", &ByBytes);
        assert_eq!(out, [(2, 3)]);
        assert_eq!(steps.iter().map(|m| m.rank).collect::<Vec<_>>(), [0, 2]);
        assert_eq!((steps[1].left_at, steps[1].right_at), (0, 2));
    }

    #[test]
    fn a_merge_list_joins_only_listed_pairs_and_drops_bytes_it_lacks() {
        // (b, c) first; then (a, bc) is not listed: two tokens.
        let (out, _) = merged(b"abc", &ByPair);
        assert_eq!(out, [(u32::from(b'a'), 1), (500, 2)]);
        // x is dropped: its length goes to the token before it, or to the first one.
        let (out, _) = merged(b"xaxb", &ByPair);
        assert_eq!(out, [(501, 4)]);
        assert!(merged(b"xx", &ByPair).0.is_empty());
    }

    #[test]
    fn ties_go_leftmost_and_long_pieces_agree_with_short_ones() {
        // "aaaaa": aa at 0 (leftmost), then aa at 2, then aaaa; the last a stays.
        let (out, steps) = merged(b"aaaaa", &ByBytes);
        assert_eq!(out, [(4, 4), (u32::from(b'a') + 100, 1)]);
        assert_eq!(
            steps.iter().map(|m| m.left_at).collect::<Vec<_>>(),
            [0, 2, 0]
        );
        // Past SHORT parts the heap takes over: the same joins, piece by piece.
        let long = b"ab".repeat(40);
        let (out, steps) = merged(&long, &ByBytes);
        assert_eq!(out, vec![(0, 2); 40]);
        assert_eq!(steps.len(), 40);
        let runs = b"aaaa".repeat(10);
        let (out, _) = merged(&runs, &ByBytes);
        assert_eq!(out, vec![(4, 4); 10]);
    }
}
