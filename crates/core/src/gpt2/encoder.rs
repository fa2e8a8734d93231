//! Merge by rank: the tokenizer built from the asset, encode/decode, per-token
//! detail for the page and merge traces.
//!
//! Semantics follow tiktoken (and so js-tiktoken), which define GPT-2 ids:
//! a piece that is itself a token becomes that token; otherwise its bytes start
//! as byte tokens and, repeatedly, the adjacent pair whose joined bytes form the
//! lowest-ranked token is merged (leftmost on ties) until no pair forms a token:
//! the byte-level merge loop (`crate::byte_level::merge`), with every split of
//! every token into two tokens saying what joins.
//! A piece is merged once per call, since words repeat. Leaves out: caching pieces across calls,
//! special tokens on encode, other vocabularies.

use std::fmt;

use super::byte_table::{byte_id, id_byte, printable};
use super::pretokenize::pretokenize;
use super::ranks::{self, Merge};
use super::{Gpt2Error, END_OF_TEXT, END_OF_TEXT_STR, MERGE_COUNT, VOCAB_SIZE};
use crate::byte_level::merge::{self, Joins, Merged};
use crate::byte_level::MergedPieces;
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

/// Two tokens join when their bytes together are a token, at that token's merge rank (its id is
/// the rank + 256).
impl Joins for Gpt2Tokenizer {
    fn byte(&self, byte: u8) -> Option<u32> {
        Some(byte_id(byte))
    }

    fn join(&self, left: u32, right: u32, _: &[u8]) -> Option<(u32, u32)> {
        let made = *self.pairs.get(&pair_key(left, right))?;
        Some((made - 256, made))
    }
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
        let mut merged = MergedPieces::default();
        for piece in pretokenize(text) {
            self.encode_piece(piece, &mut merged, &mut out);
        }
        out
    }

    /// Like [`encode`](Self::encode), with each token's text, bytes and position.
    pub fn encode_detailed(&self, text: &str) -> Vec<TokenDetail> {
        let mut details = Vec::new();
        let (mut merged, mut ids, mut start) = (MergedPieces::default(), Vec::new(), 0);
        for (piece_index, piece) in pretokenize(text).enumerate() {
            ids.clear();
            self.encode_piece(piece, &mut merged, &mut ids);
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
        let mut steps = Vec::new();
        merge::trace(bytes, self, &mut |m: Merged| {
            steps.push(MergeStep {
                rank: m.rank,
                left: m.left,
                right: m.right,
                merged: m.made,
                offset: m.left_at,
            })
        });
        steps
    }

    /// Bytes of an id that encode produced (always valid).
    fn bytes_of(&self, id: u32) -> &[u8] {
        self.token_bytes(id).unwrap_or_default()
    }

    /// Appends the ids of one pre-token piece to `out`; a piece merged before in this text is
    /// `merged`'s already.
    fn encode_piece<'a>(&self, piece: &'a str, merged: &mut MergedPieces<'a>, out: &mut Vec<u32>) {
        // Most words are whole tokens: one lookup instead of a merge loop.
        if let Some(&id) = self.by_bytes.get(piece.as_bytes()) {
            return out.push(id);
        }
        let tokens = merged.get(piece, |scratch, tokens| {
            merge::merge(piece.as_bytes(), self, scratch, tokens, |_| {})
        });
        out.extend(tokens.iter().map(|&(id, _)| id));
    }
}

/// Packs a (left, right) pair into one map key.
fn pair_key(left: u32, right: u32) -> u64 {
    (u64::from(left) << 32) | u64::from(right)
}
