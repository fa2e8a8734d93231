//! A small FxHash-style hasher (the one inside rustc) for the tokenizers' hot maps: pair → count while
//! training BPE, pair → rank and bytes → token in GPT-2, and the tiktoken ranks table's own hash.
//!
//! std's default SipHash resists hash flooding, which costs several times more per lookup; these maps
//! do millions of look-ups on keys the crate derives itself, so speed matters more.
//! Leaves out: any DoS resistance and a general-purpose API.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Multiplier from rustc's FxHasher (a 64-bit odd constant with well-spread bits).
const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// Rotate-xor-multiply hasher; `finish` rotates so the high, well-mixed product
/// bits land in the low bits that the hash table uses as its index.
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Pad the tail into one word; the length prefix Hash writes for
            // slices keeps "a" and "a\0" apart.
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.hash.rotate_left(26)
    }
}

/// A std HashMap using [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
