//! Bytes → rank (a tiktoken encoding's) or id (a vocabulary's): every token's bytes end to end in
//! one arena, and an open-addressing table of 32-bit slots over it, each a rank with a few bits of
//! its hash above it.
//! A map of owned byte strings allocates once per token (200,000 for o200k_base) and takes eight
//! times the memory; encoding is bound by cache misses on this table, so it is kept to about 1 MB
//! (o200k_base), which stays in a core's L2 cache. Probes run along one cache line, so a fuller
//! table costs little, and the hash bits turn away almost every wrong slot before any bytes are read.
//! Leaves out: removal and growth (the table is built once, from the whole ranks list).

use std::hash::{BuildHasher, BuildHasherDefault};

use crate::byte_level::TokenBytes;
use crate::fxhash::FxHasher;

/// A free slot: no rank is all ones in its bits (see `rank_bits`).
const FREE: u32 = u32::MAX;

/// The tokens by rank and the slots that find them by their bytes.
#[derive(Clone, Debug, Default)]
pub struct RankTable {
    tokens: TokenBytes,
    /// Each slot: the key's hash tag above its rank, or [`FREE`].
    slots: Vec<u32>,
    /// 64 minus log2 of the slot count: a hash's top bits pick its first slot.
    shift: u32,
    /// How many low bits of a slot hold the rank: enough for the token count itself, so the
    /// largest rank is never all ones.
    rank_bits: u32,
}

/// The rank of a token the table cannot take: its bytes repeat an earlier token's, or it is the
/// 4,294,967,295th.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused {
    pub rank: usize,
}

impl RankTable {
    /// The table of `tokens`, rank 0 first; a token whose bytes an earlier one has is refused.
    pub fn new(tokens: &[&[u8]]) -> Result<RankTable, Refused> {
        RankTable::build(tokens, false)
    }

    /// The table of a vocabulary's tokens by id, where an id may have no token (an empty one,
    /// never found) and bytes may repeat (found at their first id, as a map built in id order
    /// with `or_insert` would).
    pub fn with_repeats(tokens: &[&[u8]]) -> Result<RankTable, Refused> {
        RankTable::build(tokens, true)
    }

    /// Refuses a repeat unless `repeats`; the only other refusal is 2^32 tokens.
    fn build(tokens: &[&[u8]], repeats: bool) -> Result<RankTable, Refused> {
        let count = u32::try_from(tokens.len()).map_err(|_| Refused {
            rank: FREE as usize,
        })?;
        // At most four-fifths full.
        let bits = (tokens.len() * 5 / 4)
            .max(16)
            .next_power_of_two()
            .trailing_zeros();
        let mut table = RankTable {
            tokens: TokenBytes::default(),
            slots: vec![FREE; 1 << bits],
            shift: 64 - bits,
            rank_bits: (32 - count.leading_zeros()).max(1),
        };
        for (rank, token) in tokens.iter().enumerate() {
            if token.is_empty() || table.rank(token).is_some() {
                if !repeats {
                    return Err(Refused { rank });
                }
                table.tokens.push(token);
                continue;
            }
            table.tokens.push(token);
            let hash = hash(token);
            let mut slot = table.first_slot(hash);
            while table.slots[slot] != FREE {
                slot = (slot + 1) & (table.slots.len() - 1);
            }
            table.slots[slot] = table.tag(hash) | rank as u32;
        }
        Ok(table)
    }

    /// The rank of `bytes` if they are one token.
    #[inline]
    pub fn rank(&self, bytes: &[u8]) -> Option<u32> {
        let hash = hash(bytes);
        let tag = self.tag(hash);
        let rank_mask = !0u32 >> (32 - self.rank_bits);
        let mut slot = self.first_slot(hash);
        loop {
            let entry = self.slots[slot];
            if entry == FREE {
                return None;
            }
            let rank = entry & rank_mask;
            if entry & !rank_mask == tag && self.tokens.get(rank) == Some(bytes) {
                return Some(rank);
            }
            slot = (slot + 1) & (self.slots.len() - 1);
        }
    }

    /// Every token's bytes, rank order.
    pub fn tokens(&self) -> &TokenBytes {
        &self.tokens
    }

    fn first_slot(&self, hash: u64) -> usize {
        (hash >> self.shift) as usize
    }

    /// The hash bits a slot keeps above the rank: low ones, which pick no slot, so keys that share
    /// a first slot rarely share a tag. (None when the ranks take all 32 bits.)
    fn tag(&self, hash: u64) -> u32 {
        (hash as u32).checked_shl(self.rank_bits).unwrap_or(0)
    }
}

/// The key's hash: the crate's FxHash (eight bytes a multiply, after the length), whose high bits
/// pick the first slot and whose low bits make the tag.
#[inline]
fn hash(bytes: &[u8]) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(bytes)
}

#[cfg(test)]
mod tests {
    use super::{RankTable, Refused};

    #[test]
    fn finds_every_token_and_nothing_else() {
        let tokens: Vec<Vec<u8>> = (0..=255u8)
            .map(|b| vec![b])
            .chain((0..5000u32).map(|n| format!("tok{n}").into_bytes()))
            .chain([b"a long token of more than eight bytes".to_vec()])
            .collect();
        let refs: Vec<&[u8]> = tokens.iter().map(Vec::as_slice).collect();
        let table = RankTable::new(&refs).expect("distinct");
        for (rank, token) in refs.iter().enumerate() {
            assert_eq!(table.rank(token), Some(rank as u32));
            assert_eq!(table.tokens().get(rank as u32), Some(*token));
        }
        for missing in [
            &b""[..],
            b"tok5000",
            b"tok",
            b"a long token of more than eight byte",
            b"\0\0",
        ] {
            assert_eq!(table.rank(missing), None, "{missing:?}");
        }
    }

    #[test]
    fn an_empty_table_finds_nothing() {
        let table = RankTable::new(&[]).expect("empty");
        assert_eq!(table.rank(b"a"), None);
        assert!(table.tokens().is_empty());
    }

    #[test]
    fn a_repeated_token_is_refused_at_its_rank() {
        let tokens: [&[u8]; 4] = [b"a", b"bc", b"d", b"bc"];
        assert_eq!(RankTable::new(&tokens).unwrap_err(), Refused { rank: 3 });
    }

    #[test]
    fn with_repeats_a_vocabulary_finds_each_token_at_its_first_id() {
        let tokens: [&[u8]; 5] = [b"a", b"", b"bc", b"a", b"d"];
        let table = RankTable::with_repeats(&tokens).expect("few tokens");
        assert_eq!(
            [&b"a"[..], b"bc", b"d"].map(|t| table.rank(t)),
            [Some(0), Some(2), Some(4)]
        );
        assert_eq!(table.rank(b""), None);
        assert_eq!(table.tokens().get(3), Some(&b"a"[..]));
    }
}
