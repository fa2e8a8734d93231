//! Byte-pair encoding by ranks, as tiktoken does it: a table from each token's bytes to its rank
//! (its id), and for each pre-token piece either the piece's own rank or a merge loop that keeps
//! joining the adjacent pair whose joined bytes have the lowest rank. Leaves out: the pattern
//! (cl100k.rs) and caching (the encoding remembers merged pieces; as_tokenizer.rs). The merges can
//! be traced, for "why this split" (explain.rs).

use super::rank_table::RankTable;
use super::ranks;
use super::TiktokenError;
use crate::why::{Join, Priority};

/// An encoding's ranks, ready to encode.
#[derive(Clone, Debug)]
pub struct RankBpe {
    ranks: RankTable,
}

/// No pair: merging stops when every adjacent pair has this rank.
const NONE: u32 = u32::MAX;

impl RankBpe {
    /// Parses and checks the ranks asset (every token whole and distinct, every byte a token).
    pub fn from_asset(asset: &[u8]) -> Result<RankBpe, TiktokenError> {
        let tokens = ranks::parse(asset)?;
        let ranks = RankTable::new(&tokens)
            .map_err(|refused| TiktokenError::BadToken { rank: refused.rank })?;
        if let Some(byte) = (0..=255u8).find(|b| ranks.rank(&[*b]).is_none()) {
            return Err(TiktokenError::MissingByte { byte });
        }
        Ok(RankBpe { ranks })
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
    pub fn encode_piece(&self, piece: &[u8], out: &mut Vec<(u32, usize)>) {
        if let Some(rank) = self.ranks.rank(piece) {
            out.push((rank, piece.len()));
            return;
        }
        self.merge(piece, out, |_| {});
    }

    /// The merges of a piece of two bytes or more, lowest rank first, each told to `note`;
    /// appends the tokens to `out`. (A piece that is one token is looked up instead.)
    pub(super) fn merge(
        &self,
        piece: &[u8],
        out: &mut Vec<(u32, usize)>,
        mut note: impl FnMut(Join),
    ) {
        // Part starts, and the rank of joining each part with the next one; the last byte's start
        // and the piece's end close the list (a piece here has two bytes or more).
        let rank_of = |bytes: &[u8]| self.ranks.rank(bytes).unwrap_or(NONE);
        let mut parts: Vec<(usize, u32)> = (0..piece.len().saturating_sub(1))
            .map(|i| (i, rank_of(&piece[i..i + 2])))
            .collect();
        parts.push((piece.len().saturating_sub(1), NONE));
        parts.push((piece.len(), NONE));
        // The rank of joining part i with part i + 1, once part i + 1 spans to part i + 3.
        let joined = |parts: &[(usize, u32)], i: usize| match parts.get(i + 3) {
            Some(&(end, _)) => rank_of(&piece[parts[i].0..end]),
            None => NONE,
        };
        loop {
            // The lowest-ranked pair, leftmost on ties.
            let (at, rank) = parts[..parts.len() - 1].iter().enumerate().fold(
                (0, NONE),
                |best, (i, &(_, r))| if r < best.1 { (i, r) } else { best },
            );
            if rank == NONE {
                break;
            }
            note(Join {
                left: parts[at].0,
                right: parts[at + 1].0,
                priority: Priority::Rank(rank),
            });
            parts[at].1 = joined(&parts, at);
            if at > 0 {
                parts[at - 1].1 = joined(&parts, at - 1);
            }
            parts.remove(at + 1);
        }
        // Every part is a token: merging only ever joins two tokens into one.
        for pair in parts.windows(2) {
            let (start, end) = (pair[0].0, pair[1].0);
            out.push((rank_of(&piece[start..end]), end - start));
        }
    }
}
