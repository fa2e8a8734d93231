//! Why SmolLM2's tokenizer cut a text as it did: the pre-tokenizer's chunk that holds the token,
//! then its bytes merged by the listed merge of lowest rank ([`MergeBpe`]'s own loop, traced).
//! A chunk that is a token is merged like any other, as the tokenizer does; the bytes it has no
//! token for are left out of what is shown.

use super::{pretokenize, MergeBpe, Smollm2};
use crate::gpt2::byte_table::printable;
use crate::tokenizer::Tokenizer;
use crate::why::{byte_level, chunk_of, Explain, Join, Why};

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
        let spans: Vec<_> = self.encode(text).into_iter().map(|p| p.span).collect();
        let chunk = chunk_of(pretokenize(text), &spans, token)?;
        let write = |bytes: &[u8]| kept(&self.bpe, bytes);
        Some(byte_level(
            text,
            &spans,
            token,
            chunk,
            CUT,
            write,
            |bytes| {
                let mut joins = Vec::new();
                self.bpe.merge(bytes, |m| joins.push(Join::of(m)));
                let units = (0..bytes.len())
                    .filter(|&at| self.bpe.has_byte(bytes[at]))
                    .collect();
                Ok((units, joins))
            },
        ))
    }
}
