//! SentencePiece's precompiled normalizer (the `precompiled_charsmap` of `nmt_nfkc` and friends):
//! a Darts-clone double-array trie over input byte strings whose values point into a block of
//! NUL-terminated replacement strings. SentencePiece normalizes by taking, at each position, the
//! longest input that has a rule; [`Charsmap::longest_rule`] is that search. Hugging Face's
//! `Precompiled` normalizer (the `spm_precompiled` crate) takes the shortest instead, for a whole
//! grapheme or character: [`Charsmap::shortest_rule`].
//!
//! Written here rather than taken from the `spm_precompiled` crate: that crate indexes its trie
//! unchecked (a damaged charsmap panics) and brings a parser the page would pay for. Leaves out:
//! building tries.

use super::SentencePieceError;

/// A parsed charsmap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charsmap {
    units: Vec<u32>,
    replacements: Vec<u8>,
}

fn has_leaf(unit: u32) -> bool {
    (unit >> 8) & 1 == 1
}

fn value(unit: u32) -> u32 {
    unit & 0x7fff_ffff
}

fn label(unit: u32) -> u32 {
    unit & 0x8000_00ff
}

fn offset(unit: u32) -> u32 {
    (unit >> 10) << ((unit & (1 << 9)) >> 6)
}

impl Charsmap {
    /// The blob as the model stores it: a little-endian u32 trie size in bytes, the trie, then the
    /// replacement strings.
    pub fn parse(blob: &[u8]) -> Result<Charsmap, SentencePieceError> {
        let bad = SentencePieceError::BadCharsmap;
        let size = blob
            .get(..4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
            .ok_or(bad.clone())?;
        let trie = blob
            .get(4..4 + size)
            .filter(|_| size % 4 == 0 && size < blob.len())
            .ok_or(bad)?;
        Ok(Charsmap {
            units: trie
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect(),
            replacements: blob[4 + size..].to_vec(),
        })
    }

    /// The longest prefix of `input` with a rule: its length in bytes and its replacement.
    pub fn longest_rule(&self, input: &[u8]) -> Option<(usize, &[u8])> {
        self.rule(input, false)
    }

    /// The shortest prefix of `input` with a rule, searching no further than a NUL byte (as
    /// `spm_precompiled`'s `transform` does).
    pub fn shortest_rule(&self, input: &[u8]) -> Option<(usize, &[u8])> {
        let end = input.iter().position(|&b| b == 0).unwrap_or(input.len());
        self.rule(&input[..end], true)
    }

    fn rule(&self, input: &[u8], shortest: bool) -> Option<(usize, &[u8])> {
        let unit_at = |pos: u32| self.units.get(pos as usize).copied();
        let mut pos = offset(unit_at(0)?);
        let mut found = None;
        for (i, &byte) in input.iter().enumerate() {
            pos ^= u32::from(byte);
            // A position off the array (a damaged trie) ends the search like a missing label.
            let Some(unit) = unit_at(pos).filter(|&u| label(u) == u32::from(byte)) else {
                break;
            };
            pos ^= offset(unit);
            if has_leaf(unit) {
                let Some(leaf) = unit_at(pos) else { break };
                found = Some((i + 1, value(leaf)));
                if shortest {
                    break;
                }
            }
        }
        let (len, at) = found?;
        let rest = self.replacements.get(at as usize..)?;
        let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        Some((len, &rest[..end]))
    }
}
