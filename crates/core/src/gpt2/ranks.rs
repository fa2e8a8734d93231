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
//! The merge of rank `r` creates token `256 + r`, so a merge may only use ids
//! below that. Leaves out: building token bytes and lookup maps (encoder.rs).

use super::{Gpt2Error, MERGE_COUNT};

/// First four bytes of the asset.
pub const MAGIC: [u8; 4] = *b"TG2M";
/// The only format version this code reads.
pub const VERSION: u32 = 1;
/// Header size in bytes.
pub const HEADER_LEN: usize = 16;

/// One merge: the ids of the left and right tokens it joins.
pub type Merge = (u32, u32);

/// FNV-1a 32 over `bytes`: cheap, and enough to catch a damaged download.
pub fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Parses and validates the asset; returns the merges in rank order.
pub fn parse(asset: &[u8]) -> Result<Vec<Merge>, Gpt2Error> {
    // 1. Header: present, right magic, version and count.
    let header = asset
        .get(..HEADER_LEN)
        .ok_or(Gpt2Error::AssetTooShort { len: asset.len() })?;
    let word =
        |i: usize| u32::from_le_bytes([header[i], header[i + 1], header[i + 2], header[i + 3]]);
    let magic = [header[0], header[1], header[2], header[3]];
    if magic != MAGIC {
        return Err(Gpt2Error::BadMagic { found: magic });
    }
    if word(4) != VERSION {
        return Err(Gpt2Error::UnsupportedVersion { found: word(4) });
    }
    if word(8) as usize != MERGE_COUNT {
        return Err(Gpt2Error::WrongMergeCount { found: word(8) });
    }

    // 2. Length, then checksum, so a truncated file reports as truncated.
    let payload = &asset[HEADER_LEN..];
    if payload.len() != MERGE_COUNT * 4 {
        let expected = HEADER_LEN + MERGE_COUNT * 4;
        return Err(Gpt2Error::WrongLength {
            expected,
            found: asset.len(),
        });
    }
    let computed = checksum(payload);
    if computed != word(12) {
        return Err(Gpt2Error::ChecksumMismatch {
            stored: word(12),
            computed,
        });
    }

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
