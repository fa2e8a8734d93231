//! Byte-pair encoding by ranks, as tiktoken does it: a table from each token's bytes to its rank
//! (its id), and for each pre-token piece either the piece's own rank or the byte-level merge loop
//! (`crate::byte_level::merge`) joining the adjacent pair whose joined bytes have the lowest rank.
//! Leaves out: the pattern (cl100k.rs) and caching (the encoding remembers merged pieces;
//! as_tokenizer.rs). The merges can be traced, for "why this split" (explain.rs).

use super::ranks;
use super::TiktokenError;
use crate::byte_level::merge::{self, Joins, Scratch};
use crate::byte_level::rank_table::RankTable;

/// An encoding's ranks, ready to encode.
#[derive(Clone, Debug)]
pub struct RankBpe {
    ranks: RankTable,
    /// Each byte's rank alone (every byte has one: checked on loading).
    byte_ranks: [u32; 256],
}

/// Any two parts whose bytes together are a token join, at that token's rank.
impl Joins for RankBpe {
    fn byte(&self, byte: u8) -> Option<u32> {
        Some(self.byte_ranks[byte as usize])
    }

    fn join(&self, _: u32, _: u32, joined: &[u8]) -> Option<(u32, u32)> {
        self.ranks.rank(joined).map(|rank| (rank, rank))
    }
}

impl RankBpe {
    /// Parses and checks the ranks asset (every token whole and distinct, every byte a token).
    pub fn from_asset(asset: &[u8]) -> Result<RankBpe, TiktokenError> {
        let tokens = ranks::parse(asset)?;
        let ranks = RankTable::new(&tokens)
            .map_err(|refused| TiktokenError::BadToken { rank: refused.rank })?;
        let mut byte_ranks = [0; 256];
        for (byte, rank) in byte_ranks.iter_mut().enumerate() {
            let byte = byte as u8;
            *rank = ranks
                .rank(&[byte])
                .ok_or(TiktokenError::MissingByte { byte })?;
        }
        Ok(RankBpe { ranks, byte_ranks })
    }

    /// Number of ids.
    pub fn len(&self) -> usize {
        self.ranks.tokens().len()
    }

    pub fn is_empty(&self) -> bool {
        self.ranks.tokens().is_empty()
    }

    /// The bytes of token `id`, if there is one.
    pub fn token(&self, id: u32) -> Option<&[u8]> {
        self.ranks.tokens().get(id)
    }

    /// The rank of `bytes` if they are one token.
    pub fn rank(&self, bytes: &[u8]) -> Option<u32> {
        self.ranks.rank(bytes)
    }

    /// Appends the ids of one pre-token piece to `out`, each with its byte length.
    pub fn encode_piece(&self, piece: &[u8], scratch: &mut Scratch, out: &mut Vec<(u32, usize)>) {
        if let Some(rank) = self.ranks.rank(piece) {
            out.push((rank, piece.len()));
            return;
        }
        merge::merge(piece, self, scratch, out, |_| {});
    }
}
