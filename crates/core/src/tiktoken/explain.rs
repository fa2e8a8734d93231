//! Why a tiktoken encoding (cl100k_base, o200k_base, Tekken) cut a text as it did: the pattern's
//! chunk that holds the token, then either the chunk found whole among the ranks, or its bytes
//! merged lowest rank first ([`RankBpe`](super::RankBpe)'s own merge loop, traced).

use super::{Encoding, Pattern};
use crate::byte_level::merge;
use crate::gpt2::byte_table::printable;
use crate::why::{byte_level, joins, Explain, Story, Why};

/// How each encoding's pattern cuts a text, in a sentence.
fn cut_of(pattern: Pattern) -> &'static str {
    match pattern {
        Pattern::Cl100k => {
            "cl100k_base's pattern cuts out words (with at most one leading character that is no \
             letter), numbers of up to three digits, runs of punctuation with their line breaks, \
             contractions, and runs of spaces apart from the word that follows."
        }
        Pattern::O200k => {
            "o200k_base's pattern cuts out words, cut again where the case changes and with their \
             contractions, numbers of up to three digits, runs of punctuation with their line \
             breaks, and runs of spaces apart from the word that follows."
        }
        Pattern::Tekken => {
            "Tekken's pattern cuts out words, cut again where the case changes, every digit alone, \
             runs of punctuation with their line breaks, and runs of spaces apart from the word \
             that follows."
        }
    }
}

impl Explain for Encoding {
    fn explain(&self, text: &str, token: usize) -> Option<Why> {
        let merges = |bytes: &[u8]| match self.bpe.rank(bytes) {
            Some(rank) => Err(Story::Whole {
                id: rank + self.reserved,
            }),
            None => Ok((
                (0..bytes.len()).collect(),
                joins(|note| merge::trace(bytes, &self.bpe, note)),
            )),
        };
        let chunks = self.pattern.pretokenize()(text);
        byte_level(
            self,
            text,
            token,
            chunks,
            cut_of(self.pattern),
            printable,
            merges,
        )
    }
}
