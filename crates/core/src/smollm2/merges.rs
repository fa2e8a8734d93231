//! Byte-level BPE by merge list, as Hugging Face tokenizers' `BPE` model runs it: a piece's bytes
//! start as the byte tokens, and the listed merge of lowest rank among adjacent pairs is applied,
//! leftmost on ties, until no adjacent pair is listed (the byte-level merge loop,
//! `crate::byte_level::merge`, with this list saying what joins). Unlike tiktoken's ranks ([`crate::tiktoken`])
//! only the listed pair makes a token, and a piece that is itself a token is merged like any other
//! (`ignore_merges` is off). A byte the vocabulary lacks is dropped, as the reference does with no
//! unknown token, and its neighbours meet (SmolLM2 lacks six control characters and the lead bytes
//! of planes 4–11). Leaves out: dropout, unknown tokens and byte fallback.

use super::Smollm2Error;
use crate::byte_level::merge::{self, Joins, Scratch};
use crate::byte_level::TokenBytes;
use crate::fxhash::FxHashMap;

/// The vocabulary's bytes and its merges, ready to encode.
#[derive(Clone, Debug)]
pub struct MergeBpe {
    tokens: TokenBytes,
    /// The token of each single byte, or [`NO_TOKEN`].
    byte_ids: [u32; 256],
    /// (left id, right id) → (rank, id of the token they make).
    merges: FxHashMap<u64, (u32, u32)>,
}

fn pair(left: u32, right: u32) -> u64 {
    u64::from(left) << 32 | u64::from(right)
}

/// A byte without a token, and a part merged into its left neighbour.
const NO_TOKEN: u32 = u32::MAX;

impl MergeBpe {
    /// Builds the tables from the tokens' bytes (id order) and the merges (rank order, each a pair
    /// of ids). Tokens must be distinct, and each merge's two tokens joined must be a token.
    pub fn new(tokens: &[&[u8]], merges: &[(u32, u32)]) -> Result<MergeBpe, Smollm2Error> {
        let mut by_bytes: FxHashMap<&[u8], u32> = FxHashMap::default();
        let mut arena = TokenBytes::default();
        for (id, token) in tokens.iter().enumerate() {
            if token.is_empty() || by_bytes.insert(token, id as u32).is_some() {
                return Err(Smollm2Error::BadToken { id });
            }
            arena.push(token);
        }
        let mut byte_ids = [NO_TOKEN; 256];
        for (byte, id) in byte_ids.iter_mut().enumerate() {
            if let Some(&token) = by_bytes.get(&[byte as u8][..]) {
                *id = token;
            }
        }
        let mut joined = Vec::new();
        let mut table = FxHashMap::default();
        table.reserve(merges.len());
        for (rank, &(left, right)) in merges.iter().enumerate() {
            let bad = Smollm2Error::BadMerge { rank };
            joined.clear();
            for id in [left, right] {
                joined.extend_from_slice(tokens.get(id as usize).ok_or(bad.clone())?);
            }
            let id = *by_bytes.get(&joined[..]).ok_or(bad)?;
            // A pair listed twice keeps its later rank, as the reference's map does.
            table.insert(pair(left, right), (rank as u32, id));
        }
        Ok(MergeBpe {
            tokens: arena,
            byte_ids,
            merges: table,
        })
    }

    /// Whether byte `byte` has a token (one without is dropped).
    pub fn has_byte(&self, byte: u8) -> bool {
        self.byte_ids[byte as usize] != NO_TOKEN
    }

    /// Every token's bytes.
    pub fn tokens(&self) -> &TokenBytes {
        &self.tokens
    }

    /// Appends the tokens of one pre-token piece to `out`, each with the length of input it
    /// covers (a dropped byte goes to the token before it, or the first one). A piece of dropped
    /// bytes only has none.
    pub fn encode_piece(&self, piece: &[u8], scratch: &mut Scratch, out: &mut Vec<(u32, usize)>) {
        merge::merge(piece, self, scratch, out, |_| {});
    }
}

/// Only a listed pair joins, at the merge's rank.
impl Joins for MergeBpe {
    fn byte(&self, byte: u8) -> Option<u32> {
        Some(self.byte_ids[byte as usize]).filter(|&id| id != NO_TOKEN)
    }

    fn join(&self, left: u32, right: u32, _: &[u8]) -> Option<(u32, u32)> {
        self.merges.get(&pair(left, right)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::MergeBpe;
    use crate::byte_level::merge::Scratch;

    /// The 256 bytes, then "ab", "abc", "bc".
    fn toy(merges: &[(u32, u32)]) -> MergeBpe {
        let bytes: Vec<[u8; 1]> = (0..=255u8).map(|b| [b]).collect();
        let mut tokens: Vec<&[u8]> = bytes.iter().map(|b| &b[..]).collect();
        tokens.extend([&b"ab"[..], b"abc", b"bc"]);
        MergeBpe::new(&tokens, merges).expect("a valid toy vocabulary")
    }

    fn encode(bpe: &MergeBpe, text: &str) -> Vec<u32> {
        let mut out = Vec::new();
        bpe.encode_piece(text.as_bytes(), &mut Scratch::default(), &mut out);
        assert_eq!(out.iter().map(|t| t.1).sum::<usize>(), text.len());
        out.into_iter().map(|t| t.0).collect()
    }

    const A: u32 = b'a' as u32;
    const B: u32 = b'b' as u32;
    const C: u32 = b'c' as u32;

    #[test]
    fn only_listed_pairs_merge_lowest_rank_first() {
        // Rank 0: b+c, rank 1: a+b, rank 2: ab+c. "abc" merges b+c first, and a+bc is not
        // listed, so it stays a, bc even though "abc" is a token.
        let bpe = toy(&[(B, C), (A, B), (256, C)]);
        assert_eq!(encode(&bpe, "abc"), [A, 258]);
        // With a+b first, ab+c follows.
        let bpe = toy(&[(A, B), (B, C), (256, C)]);
        assert_eq!(encode(&bpe, "abc"), [257]);
    }

    #[test]
    fn ties_go_to_the_leftmost_pair() {
        let bpe = toy(&[(A, B), (B, C)]);
        assert_eq!(encode(&bpe, "abab"), [256, 256]);
        assert_eq!(encode(&bpe, "abcbc"), [256, C, 258]);
    }

    #[test]
    fn a_byte_without_a_token_is_dropped_and_its_neighbours_meet() {
        // Without byte 0x04: "a\x04b" is "ab" with the dropped byte inside its span.
        let bytes: Vec<[u8; 1]> = (0..=255u8).map(|b| [b]).collect();
        let mut tokens: Vec<&[u8]> = bytes.iter().map(|b| &b[..]).collect();
        tokens[4] = b"ab";
        let bpe = MergeBpe::new(&tokens, &[(A, B)]).expect("valid");
        let mut out = Vec::new();
        bpe.encode_piece(b"\x04a\x04b\x04", &mut Scratch::default(), &mut out);
        assert_eq!(out, [(4, 5)]);
        out.clear();
        bpe.encode_piece(b"\x04\x04", &mut Scratch::default(), &mut out);
        assert_eq!(out, []);
    }

    #[test]
    fn a_merge_to_a_missing_token_is_refused() {
        let bytes: Vec<[u8; 1]> = (0..=255u8).map(|b| [b]).collect();
        let tokens: Vec<&[u8]> = bytes.iter().map(|b| &b[..]).collect();
        assert!(MergeBpe::new(&tokens, &[(A, B)]).is_err());
        assert!(MergeBpe::new(&[b"a", b"a"], &[]).is_err());
    }
}
