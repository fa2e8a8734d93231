//! Why GPT-2 cut a text as it did: the pattern's chunk that holds the token, then its bytes merged
//! lowest rank first ([`Gpt2Tokenizer::trace_merges`]). Encoding looks a chunk that is a token up
//! whole, but for GPT-2 the merges end in that same token, so they are shown for every chunk.

use super::byte_table::printable;
use super::{pretokenize, Gpt2Tokenizer};
use crate::tokenizer::Tokenizer;
use crate::why::{byte_level, chunk_of, Explain, Join, Priority, Why};

const CUT: &str =
    "GPT-2's pattern cuts out contractions, words, numbers and runs of punctuation, each \
                   with at most one leading space, and runs of spaces apart from the word that \
                   follows.";

impl Explain for Gpt2Tokenizer {
    fn explain(&self, text: &str, token: usize) -> Option<Why> {
        let spans: Vec<_> = Tokenizer::encode(self, text)
            .into_iter()
            .map(|p| p.span)
            .collect();
        let chunk = chunk_of(pretokenize(text), &spans, token)?;
        Some(byte_level(
            text,
            &spans,
            token,
            chunk,
            CUT,
            printable,
            |bytes| {
                let joins = self
                    .trace_merges(bytes)
                    .iter()
                    .map(|step| Join {
                        left: step.offset,
                        right: step.offset + self.token_bytes(step.left).map_or(0, <[u8]>::len),
                        priority: Priority::Rank(step.rank),
                    })
                    .collect();
                Ok(((0..bytes.len()).collect(), joins))
            },
        ))
    }
}
