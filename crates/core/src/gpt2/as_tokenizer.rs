//! GPT-2 behind the lab's [`Tokenizer`] interface: ids, byte spans and the `Ġ` forms of
//! [`Gpt2Tokenizer::encode_detailed`].

use super::{Gpt2Error, Gpt2Tokenizer, VOCAB_SIZE};
use crate::tokenizer::{Piece, Tokenizer, UnknownId};

impl Tokenizer for Gpt2Tokenizer {
    fn name(&self) -> &str {
        "GPT-2"
    }

    fn vocab_size(&self) -> usize {
        VOCAB_SIZE
    }

    fn encode(&self, text: &str) -> Vec<Piece> {
        self.encode_detailed(text)
            .into_iter()
            .map(|token| Piece {
                id: Some(token.id),
                span: token.start..token.end,
                display: token.printable,
            })
            .collect()
    }

    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId> {
        Gpt2Tokenizer::decode(self, ids).map_err(|error| match error {
            Gpt2Error::UnknownTokenId { id, position } => UnknownId {
                id,
                position,
                vocab_size: VOCAB_SIZE,
                reserved: 0,
            },
            other => unreachable!("decoding only fails on an unknown id, not {other}"),
        })
    }
}
