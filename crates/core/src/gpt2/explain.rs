//! Why GPT-2 cut a text as it did: the pattern's chunk that holds the token, then its bytes merged
//! lowest rank first (the byte-level merge loop, traced). Encoding looks a chunk that is a token up
//! whole, but for GPT-2 the merges end in that same token, so they are shown for every chunk.

use super::byte_table::printable;
use super::{pretokenize, Gpt2Tokenizer};
use crate::byte_level::merge;
use crate::why::{byte_level, joins, Explain, Why};

const CUT: &str =
    "GPT-2's pattern cuts out contractions, words, numbers and runs of punctuation, each \
                   with at most one leading space, and runs of spaces apart from the word that \
                   follows.";

impl Explain for Gpt2Tokenizer {
    fn explain(&self, text: &str, token: usize) -> Option<Why> {
        let merges = |bytes: &[u8]| {
            let joins = joins(|note| merge::trace(bytes, self, note));
            Ok(((0..bytes.len()).collect(), joins))
        };
        byte_level(self, text, token, pretokenize(text), CUT, printable, merges)
    }
}
