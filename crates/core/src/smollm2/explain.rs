//! Why SmolLM2's tokenizer cut a text as it did: the pre-tokenizer's chunk that holds the token,
//! then its bytes merged by the listed merge of lowest rank ([`MergeBpe`]'s own loop, traced).
//! A chunk that is a token is merged like any other, as the tokenizer does; the bytes it has no
//! token for are left out of what is shown.

use super::{pretokenize, MergeBpe, Smollm2};
use crate::byte_level::merge;
use crate::gpt2::byte_table::printable;
use crate::why::{byte_level, joins, Explain, Why};

const CUT: &str =
    "SmolLM2 cuts every digit apart, then GPT-2's pattern cuts out contractions, words, \
                   numbers and runs of punctuation, each with at most one leading space, and runs \
                   of spaces apart from the word that follows.";

/// The bytes of `bytes` that have a token, as the vocabulary writes them.
fn kept(bpe: &MergeBpe, bytes: &[u8]) -> String {
    let kept: Vec<u8> = bytes.iter().copied().filter(|&b| bpe.has_byte(b)).collect();
    printable(&kept)
}

impl Explain for Smollm2 {
    fn explain(&self, text: &str, token: usize) -> Option<Why> {
        let write = |bytes: &[u8]| kept(&self.bpe, bytes);
        let merges = |bytes: &[u8]| {
            let units = (0..bytes.len()).filter(|&at| self.bpe.has_byte(bytes[at]));
            Ok((
                units.collect(),
                joins(|note| merge::trace(bytes, &self.bpe, note)),
            ))
        };
        byte_level(self, text, token, pretokenize(text), CUT, write, merges)
    }
}
