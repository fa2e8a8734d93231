//! A tiktoken encoding (its pattern over its ranks) as a [`ByteLevel`] tokenizer, and so behind the
//! lab's [`crate::tokenizer::Tokenizer`] interface.

use super::{cl100k, o200k, tekken, RankBpe};
use crate::byte_level::{ByteLevel, MergedPieces};
use crate::tokenizer::Pieces;

/// Which tiktoken-style pattern cuts the text, with what it implies for ids and "why".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// cl100k_base's (GPT-3.5, GPT-4).
    Cl100k,
    /// o200k_base's (GPT-4o): words cut where the case changes.
    O200k,
    /// Mistral's Tekken: o200k-like, every digit alone, 1,000 special ids first.
    Tekken,
}

impl Pattern {
    pub(super) fn pretokenize(self) -> fn(&str) -> Pieces<'_> {
        match self {
            Pattern::Cl100k => cl100k::pretokenize,
            Pattern::O200k => o200k::pretokenize,
            Pattern::Tekken => tekken::pretokenize,
        }
    }

    /// Ids before rank 0 (Tekken's special tokens): an id is its rank plus this.
    fn reserved(self) -> u32 {
        match self {
            Pattern::Tekken => tekken::RESERVED,
            Pattern::Cl100k | Pattern::O200k => 0,
        }
    }
}

/// One encoding: its name, its pattern and its ranks.
#[derive(Clone, Debug)]
pub struct Encoding {
    pub(super) name: &'static str,
    pub(super) pattern: Pattern,
    pub(super) bpe: RankBpe,
    /// Ids before rank 0 (Tekken's special tokens): an id is its rank plus this.
    pub(super) reserved: u32,
}

impl Encoding {
    /// The encoding `name` (as the registry spells it): `pattern` over its ranks.
    pub fn new(name: &'static str, pattern: Pattern, bpe: RankBpe) -> Encoding {
        Encoding {
            name,
            pattern,
            bpe,
            reserved: pattern.reserved(),
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
        for piece in self.pattern.pretokenize()(text) {
            if let Some(rank) = self.bpe.rank(piece.as_bytes()) {
                f(Some(rank + self.reserved), piece.len());
                continue;
            }
            let tokens = merged.get(piece, |scratch, out| {
                self.bpe.encode_piece(piece.as_bytes(), scratch, out)
            });
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
