//! The merge asset (`assets/gpt2/merges.bin`): its format and its validation.
//!
//! Format, all integers little-endian (written by `tools/gpt2-asset/build.mjs`):
//!
//! | offset | size          | field                                         |
//! |--------|---------------|-----------------------------------------------|
//! | 0      | 4             | magic `TG2M`                                  |
//! | 4      | 4             | version, u32 = 1                              |
//! | 8      | 4             | merge count, u32 = 50,000                     |
//! | 12     | 4             | FNV-1a 32 checksum of the payload             |
//! | 16     | count × 4     | per rank: left id u16, right id u16           |
//!
//! The header is the lab's one asset container ([`crate::asset`]).
//! The merge of rank `r` creates token `256 + r`, so a merge may only use ids
//! below that. Leaves out: building token bytes and lookup maps (encoder.rs).

use super::{Gpt2Error, MERGE_COUNT};
use crate::asset::Format;

/// The asset's container: one field, the merge count.
pub const FORMAT: Format = Format {
    what: "GPT-2 merge asset",
    magic: *b"TG2M",
    version: 1,
    fields: 1,
    rebuild: "node tools/gpt2-asset/build.mjs",
};

/// One merge: the ids of the left and right tokens it joins.
pub type Merge = (u32, u32);

/// Parses and validates the asset; returns the merges in rank order.
pub fn parse(asset: &[u8]) -> Result<Vec<Merge>, Gpt2Error> {
    // 1. Header: present, right magic, version and count.
    let header = FORMAT.read(asset)?;
    if header.field(0) as usize != MERGE_COUNT {
        return Err(Gpt2Error::WrongMergeCount {
            found: header.field(0),
        });
    }
    // 2. Length, then checksum, so a truncated file reports as truncated.
    let payload = header.payload((FORMAT.header_len() + MERGE_COUNT * 4) as u64)?;

    // 3. Each merge may only use bytes and earlier merges.
    payload
        .chunks_exact(4)
        .enumerate()
        .map(|(rank, pair)| {
            let left = u32::from(u16::from_le_bytes([pair[0], pair[1]]));
            let right = u32::from(u16::from_le_bytes([pair[2], pair[3]]));
            let limit = 256 + rank as u32;
            match [left, right].into_iter().find(|&id| id >= limit) {
                Some(id) => Err(Gpt2Error::MergeIdOutOfRange { rank, id }),
                None => Ok((left, right)),
            }
        })
        .collect()
}
