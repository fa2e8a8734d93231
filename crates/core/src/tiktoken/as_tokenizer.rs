//! A tiktoken encoding (its pattern over its ranks) as a [`ByteLevel`] tokenizer, and so behind the
//! lab's [`crate::tokenizer::Tokenizer`] interface.

use super::{cl100k, o200k, tekken, RankBpe};
use crate::byte_level::{ByteLevel, MergedPieces};
use crate::tokenizer::Pieces;

/// One encoding: its name, its pattern and its ranks.
#[derive(Clone, Debug)]
pub struct Encoding {
    pub(super) name: &'static str,
    pub(super) pretokenize: fn(&str) -> Pieces<'_>,
    pub(super) bpe: RankBpe,
    /// Ids before rank 0 (Tekken's special tokens): an id is its rank plus this.
    pub(super) reserved: u32,
}

impl Encoding {
    /// cl100k_base (GPT-3.5, GPT-4) over its ranks.
    pub fn cl100k(bpe: RankBpe) -> Encoding {
        Encoding {
            name: "cl100k_base",
            pretokenize: cl100k::pretokenize,
            bpe,
            reserved: 0,
        }
    }

    /// o200k_base (GPT-4o) over its ranks.
    pub fn o200k(bpe: RankBpe) -> Encoding {
        Encoding {
            name: "o200k_base",
            pretokenize: o200k::pretokenize,
            bpe,
            reserved: 0,
        }
    }

    /// Mistral's Tekken over its ranks: ids start after its 1,000 special tokens.
    pub fn tekken(bpe: RankBpe) -> Encoding {
        Encoding {
            name: "tekken",
            pretokenize: tekken::pretokenize,
            bpe,
            reserved: tekken::RESERVED,
        }
    }
}

/// Ids as js-tiktoken's `encode(text, [], [])` (and mistral-common's `Tekkenizer.encode(text,
/// bos=False, eos=False)`).
impl ByteLevel for Encoding {
    fn label(&self) -> &str {
        self.name
    }

    fn id_count(&self) -> usize {
        self.reserved as usize + self.bpe.len()
    }

    /// A piece that is one token is looked up;
    /// the merges of a longer one are remembered for the rest of the text, since words repeat.
    fn each_token(&self, text: &str, f: &mut dyn FnMut(Option<u32>, usize)) {
        let mut merged = MergedPieces::default();
        for piece in (self.pretokenize)(text) {
            if let Some(rank) = self.bpe.rank(piece.as_bytes()) {
                f(Some(rank + self.reserved), piece.len());
                continue;
            }
            let tokens = merged.get(piece, |out| self.bpe.encode_piece(piece.as_bytes(), out));
            for &(rank, len) in tokens {
                f(Some(rank + self.reserved), len);
            }
        }
    }

    fn token_bytes(&self, id: u32) -> Option<&[u8]> {
        self.bpe.token(id.checked_sub(self.reserved)?)
    }

    fn reserved(&self) -> u32 {
        self.reserved
    }
}
