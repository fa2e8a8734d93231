//! Merge by rank: the tokenizer built from the asset, encode/decode, per-token
//! detail for the page and merge traces.
//!
//! Semantics follow tiktoken (and so js-tiktoken), which define GPT-2 ids:
//! a piece that is itself a token becomes that token; otherwise its bytes start
//! as byte tokens and, repeatedly, the adjacent pair whose joined bytes form the
//! lowest-ranked token is merged (leftmost on ties) until no pair forms a token.
//! Long pieces merge on a linked list with a min-heap of candidate pairs, so a
//! piece of n bytes costs O(n log n) even for 10,000 identical characters; pieces
//! of up to 24 bytes rescan a small array instead, which is faster at that size.
//! Leaves out: caching pieces across calls (memory stays bounded by the vocabulary
//! plus the current piece), special tokens on encode, other vocabularies.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

use super::byte_table::{byte_id, id_byte, printable};
use super::pretokenize::pretokenize;
use super::ranks::{self, Merge};
use super::{Gpt2Error, END_OF_TEXT, END_OF_TEXT_STR, MERGE_COUNT, VOCAB_SIZE};
use crate::fxhash::FxHashMap;

/// GPT-2's tokenizer: the merges plus the lookup tables derived from them.
#[derive(Clone)]
pub struct Gpt2Tokenizer {
    /// Merges in rank order; rank r makes token 256 + r.
    merges: Vec<Merge>,
    /// Bytes of tokens 0..END_OF_TEXT, concatenated; `offsets[id]..offsets[id + 1]`.
    bytes: Vec<u8>,
    offsets: Vec<usize>,
    /// Token bytes → id, for the whole-piece shortcut and for building `pairs`.
    by_bytes: FxHashMap<Box<[u8]>, u32>,
    /// (left id, right id) → id of the token their bytes join into, for every
    /// such split of every token: tiktoken merges any adjacent pair that joins
    /// into a token, not only the pair listed in the merges.
    pairs: FxHashMap<u64, u32>,
}

impl fmt::Debug for Gpt2Tokenizer {
    /// Sizes only: the tables hold hundreds of thousands of entries.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gpt2Tokenizer")
            .field("merges", &self.merges.len())
            .field("token_bytes", &self.bytes.len())
            .field("pairs", &self.pairs.len())
            .finish_non_exhaustive()
    }
}

/// One merge applied while building a token or piece from its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MergeStep {
    /// Merge rank (0 = first learned); the new token's id is 256 + rank.
    pub rank: u32,
    /// Id of the left token joined.
    pub left: u32,
    /// Id of the right token joined.
    pub right: u32,
    /// Id of the token they make.
    pub merged: u32,
    /// Byte offset of the left token within the bytes being merged.
    pub offset: usize,
}

/// One token of an encoded text, with what the page shows about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenDetail {
    /// GPT-2 token id.
    pub id: u32,
    /// The token in GPT-2's printable form (a space shows as `Ġ`, a newline as `Ċ`).
    pub printable: String,
    /// The raw bytes the token stands for (may be part of a UTF-8 character).
    pub bytes: Vec<u8>,
    /// Start of the token's byte range in the input text (may split a character).
    pub start: usize,
    /// End (exclusive) of that byte range.
    pub end: usize,
    /// Index of the pre-token piece the token belongs to.
    pub piece: usize,
}

/// Longest piece merged by rescanning instead of with the heap; about where
/// the two cost the same, small enough that the scan's n² stays cheap.
const SHORT_PIECE: usize = 24;

/// Sentinel for "no neighbour" / "no mergeable pair" in the merge lists.
const NONE: usize = usize::MAX;
const NO_PAIR: u32 = u32::MAX;

/// Buffers reused across the pieces of one call, so merging allocates once.
#[derive(Default)]
struct Scratch {
    /// Token id of each list node (a node starts as one byte; merged nodes die).
    ids: Vec<u32>,
    /// Next and previous node, or NONE.
    next: Vec<usize>,
    prev: Vec<usize>,
    /// Byte offset of each part, in the short scan (for traces).
    offsets: Vec<usize>,
    /// Token made by merging node i with its next node, or NO_PAIR.
    pair: Vec<u32>,
    /// Candidate merges as (token made, left node): min first, leftmost on ties.
    heap: BinaryHeap<Reverse<(u32, usize)>>,
}

impl Gpt2Tokenizer {
    /// Parses and validates the asset (`assets/gpt2/merges.bin`) and builds the tables.
    pub fn from_asset(asset: &[u8]) -> Result<Self, Gpt2Error> {
        // 1. The merges, validated.
        let merges = ranks::parse(asset)?;

        // 2. Token bytes: the 256 bytes, then each merge's left and right joined.
        let mut bytes: Vec<u8> = (0..=255u8).map(id_byte).collect();
        let mut offsets: Vec<usize> = (0..=256).collect();
        for &(left, right) in &merges {
            for id in [left, right] {
                // In range: ranks::parse checked each id is below this merge's own.
                let (start, end) = (offsets[id as usize], offsets[id as usize + 1]);
                bytes.extend_from_within(start..end);
            }
            offsets.push(bytes.len());
        }

        // 3. Bytes → id; a repeat would make ids ambiguous.
        let mut by_bytes = FxHashMap::with_capacity_and_hasher(VOCAB_SIZE, Default::default());
        for (id, window) in offsets.windows(2).enumerate() {
            let key: Box<[u8]> = bytes[window[0]..window[1]].into();
            if by_bytes.insert(key, id as u32).is_some() {
                return Err(Gpt2Error::DuplicateToken { rank: id - 256 });
            }
        }

        // 4. Every split of every merged token into two tokens.
        // GPT-2 has about two such splits per merge (108,299 in all).
        let mut pairs = FxHashMap::with_capacity_and_hasher(2 * MERGE_COUNT, Default::default());
        for (id, window) in offsets.windows(2).enumerate().skip(256) {
            let token = &bytes[window[0]..window[1]];
            for cut in 1..token.len() {
                let (head, tail) = token.split_at(cut);
                // Look up the tail only when the head is a token.
                let Some(&l) = by_bytes.get(head) else {
                    continue;
                };
                if let Some(&r) = by_bytes.get(tail) {
                    pairs.insert(pair_key(l, r), id as u32);
                }
            }
        }

        Ok(Self {
            merges,
            bytes,
            offsets,
            by_bytes,
            pairs,
        })
    }

    /// Token ids of `text`, identical to js-tiktoken's `gpt2` encoding.
    /// `<|endoftext|>` in the text is encoded as ordinary text.
    pub fn encode(&self, text: &str) -> Vec<u32> {
        let mut out = Vec::with_capacity(text.len() / 4 + 1);
        let mut scratch = Scratch::default();
        for piece in pretokenize(text) {
            self.encode_piece(piece.as_bytes(), &mut scratch, &mut out);
        }
        out
    }

    /// Like [`encode`](Self::encode), with each token's text, bytes and position.
    pub fn encode_detailed(&self, text: &str) -> Vec<TokenDetail> {
        let mut details = Vec::new();
        let (mut scratch, mut ids, mut start) = (Scratch::default(), Vec::new(), 0);
        for (piece_index, piece) in pretokenize(text).enumerate() {
            ids.clear();
            self.encode_piece(piece.as_bytes(), &mut scratch, &mut ids);
            for &id in &ids {
                let bytes = self.bytes_of(id);
                details.push(TokenDetail {
                    id,
                    printable: printable(bytes),
                    bytes: bytes.to_vec(),
                    start,
                    end: start + bytes.len(),
                    piece: piece_index,
                });
                start += bytes.len();
            }
        }
        details
    }

    /// The bytes `ids` stand for; an id outside 0..=50256 is an error.
    pub fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, Gpt2Error> {
        let mut out = Vec::with_capacity(ids.len() * 4);
        for (position, &id) in ids.iter().enumerate() {
            let bytes = self
                .token_bytes(id)
                .ok_or(Gpt2Error::UnknownTokenId { id, position })?;
            out.extend_from_slice(bytes);
        }
        Ok(out)
    }

    /// The text `ids` stand for. Ids that end or start mid-character leave invalid
    /// UTF-8, which is replaced by U+FFFD, as js-tiktoken's decode does;
    /// `decode(&encode(s)) == s` for every string.
    pub fn decode(&self, ids: &[u32]) -> Result<String, Gpt2Error> {
        let bytes = self.decode_bytes(ids)?;
        Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    /// The raw bytes of token `id`, or `None` if there is no such id.
    pub fn token_bytes(&self, id: u32) -> Option<&[u8]> {
        match id {
            END_OF_TEXT => Some(END_OF_TEXT_STR.as_bytes()),
            _ => {
                let (start, end) = (
                    self.offsets.get(id as usize)?,
                    self.offsets.get(id as usize + 1)?,
                );
                Some(&self.bytes[*start..*end])
            }
        }
    }

    /// Token `id` in GPT-2's printable form (`Ġthe`), or `None` if there is no such id.
    pub fn token_printable(&self, id: u32) -> Option<String> {
        self.token_bytes(id).map(printable)
    }

    /// The merge of rank `rank` as (left id, right id); it makes token 256 + rank.
    pub fn merge(&self, rank: u32) -> Option<(u32, u32)> {
        self.merges.get(rank as usize).copied()
    }

    /// The merges that build token `id` from its bytes, in the order BPE applies
    /// them; empty for byte tokens and `<|endoftext|>`, `None` for unknown ids.
    /// The last step always makes `id` (checked for every token by the tests).
    pub fn merge_trace(&self, id: u32) -> Option<Vec<MergeStep>> {
        match id {
            END_OF_TEXT => Some(Vec::new()),
            _ => self.token_bytes(id).map(|bytes| self.trace_merges(bytes)),
        }
    }

    /// The merges BPE applies to `bytes` (one pre-token piece), in order. This is
    /// the merge loop alone: encode skips it for a piece that is already a token,
    /// but for GPT-2 the loop ends in that same token (tested for every token).
    pub fn trace_merges(&self, bytes: &[u8]) -> Vec<MergeStep> {
        let (mut steps, mut ids) = (Vec::new(), Vec::new());
        self.merge_bytes(bytes, &mut Scratch::default(), &mut ids, Some(&mut steps));
        steps
    }

    /// Bytes of an id that encode produced (always valid).
    fn bytes_of(&self, id: u32) -> &[u8] {
        self.token_bytes(id).unwrap_or_default()
    }

    /// Appends the ids of one pre-token piece to `out`.
    fn encode_piece(&self, piece: &[u8], scratch: &mut Scratch, out: &mut Vec<u32>) {
        // Most words are whole tokens: one lookup instead of a merge loop.
        match self.by_bytes.get(piece) {
            Some(&id) => out.push(id),
            None => self.merge_bytes(piece, scratch, out, None),
        }
    }

    /// The token a left and right token join into, or NO_PAIR.
    fn pair(&self, left: u32, right: u32) -> u32 {
        self.pairs
            .get(&pair_key(left, right))
            .copied()
            .unwrap_or(NO_PAIR)
    }

    /// Merges `piece` from its bytes, lowest-ranked pair first, appending the
    /// resulting ids to `out` and, if asked, each merge to `trace`.
    fn merge_bytes(
        &self,
        piece: &[u8],
        s: &mut Scratch,
        out: &mut Vec<u32>,
        trace: Option<&mut Vec<MergeStep>>,
    ) {
        // Both give the same result; the scan is faster while pieces are short.
        if piece.len() <= SHORT_PIECE {
            self.merge_short(piece, s, out, trace);
        } else {
            self.merge_long(piece, s, out, trace);
        }
    }

    /// [`merge_bytes`](Self::merge_bytes) by rescanning a small array after each
    /// merge: O(n²), only used for n ≤ SHORT_PIECE.
    fn merge_short(
        &self,
        piece: &[u8],
        s: &mut Scratch,
        out: &mut Vec<u32>,
        mut trace: Option<&mut Vec<MergeStep>>,
    ) {
        // 1. One part per byte; pair[i] is what parts i and i + 1 make.
        s.ids.clear();
        s.ids.extend(piece.iter().map(|&b| byte_id(b)));
        s.offsets.clear();
        s.offsets.extend(0..piece.len());
        s.pair.clear();
        s.pair
            .extend(s.ids.windows(2).map(|w| self.pair(w[0], w[1])));
        s.pair.push(NO_PAIR);

        // 2. Merge the lowest (leftmost on ties) until no pair makes a token.
        loop {
            let (mut made, mut i) = (NO_PAIR, 0);
            for (at, &p) in s.pair.iter().enumerate() {
                if p < made {
                    (made, i) = (p, at);
                }
            }
            if made == NO_PAIR {
                break;
            }
            if let Some(steps) = trace.as_deref_mut() {
                let (left, right, offset) = (s.ids[i], s.ids[i + 1], s.offsets[i]);
                steps.push(MergeStep {
                    rank: made - 256,
                    left,
                    right,
                    merged: made,
                    offset,
                });
            }
            s.ids[i] = made;
            s.ids.remove(i + 1);
            s.pair.remove(i + 1);
            s.offsets.remove(i + 1);
            s.pair[i] = match s.ids.get(i + 1) {
                Some(&right) => self.pair(made, right),
                None => NO_PAIR,
            };
            if i > 0 {
                s.pair[i - 1] = self.pair(s.ids[i - 1], made);
            }
        }
        out.extend_from_slice(&s.ids);
    }

    /// [`merge_bytes`](Self::merge_bytes) on a linked list with a min-heap of
    /// candidates: O(n log n) for long pieces such as runs of one character.
    fn merge_long(
        &self,
        piece: &[u8],
        s: &mut Scratch,
        out: &mut Vec<u32>,
        mut trace: Option<&mut Vec<MergeStep>>,
    ) {
        // 1. One list node per byte.
        let n = piece.len();
        s.ids.clear();
        s.ids.extend(piece.iter().map(|&b| byte_id(b)));
        s.next.clear();
        s.next
            .extend((1..=n).map(|i| if i == n { NONE } else { i }));
        s.prev.clear();
        s.prev
            .extend((0..n).map(|i| i.checked_sub(1).unwrap_or(NONE)));

        // 2. Every adjacent pair that joins into a token is a candidate.
        s.pair.clear();
        s.heap.clear();
        for i in 0..n {
            let made = if i + 1 < n {
                self.pair(s.ids[i], s.ids[i + 1])
            } else {
                NO_PAIR
            };
            s.pair.push(made);
            if made != NO_PAIR {
                s.heap.push(Reverse((made, i)));
            }
        }

        // 3. Pop the lowest token id (= rank order), skipping candidates that a
        //    neighbouring merge made stale: their node's pair has changed since.
        while let Some(Reverse((made, i))) = s.heap.pop() {
            if s.pair[i] != made {
                continue;
            }
            let j = s.next[i];
            if let Some(steps) = trace.as_deref_mut() {
                let (left, right) = (s.ids[i], s.ids[j]);
                steps.push(MergeStep {
                    rank: made - 256,
                    left,
                    right,
                    merged: made,
                    offset: i,
                });
            }
            // Node i absorbs node j.
            s.ids[i] = made;
            s.pair[j] = NO_PAIR;
            let k = s.next[j];
            s.next[i] = k;
            s.pair[i] = NO_PAIR;
            if k != NONE {
                s.prev[k] = i;
                s.pair[i] = self.pair(made, s.ids[k]);
                if s.pair[i] != NO_PAIR {
                    s.heap.push(Reverse((s.pair[i], i)));
                }
            }
            let p = s.prev[i];
            if p != NONE {
                s.pair[p] = self.pair(s.ids[p], made);
                if s.pair[p] != NO_PAIR {
                    s.heap.push(Reverse((s.pair[p], p)));
                }
            }
        }

        // 4. Read the surviving nodes left to right.
        let mut i = if n == 0 { NONE } else { 0 };
        while i != NONE {
            out.push(s.ids[i]);
            i = s.next[i];
        }
    }
}

/// Packs a (left, right) pair into one map key.
fn pair_key(left: u32, right: u32) -> u64 {
    (u64::from(left) << 32) | u64::from(right)
}
