//! A tiktoken encoding (its pattern over its ranks) behind the lab's [`Tokenizer`] interface: pieces
//! with their ids, byte spans and GPT-2-style printable forms (`Ġ` for a space byte), decoding to
//! the exact bytes.

use std::ops::Range;

use super::{cl100k, o200k, tekken, RankBpe};
use crate::fxhash::FxHashMap;
use crate::gpt2::byte_table::printable;
use crate::tokenizer::{Piece, Pieces, Tokenizer, UnknownId};

/// One encoding: its name, its pattern and its ranks.
#[derive(Clone, Debug)]
pub struct Encoding {
    name: &'static str,
    pretokenize: fn(&str) -> Pieces<'_>,
    bpe: RankBpe,
    /// Ids before rank 0 (Tekken's special tokens): an id is its rank plus this.
    reserved: u32,
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

    /// The ids of `text`, as js-tiktoken's `encode(text, [], [])` (and mistral-common's
    /// `Tekkenizer.encode(text, bos=False, eos=False)`).
    pub fn encode_ids(&self, text: &str) -> Vec<u32> {
        // About four bytes a token in English; a guess that saves most regrowing.
        let mut ids = Vec::with_capacity(text.len() / 4);
        self.each_token(text, |id, _| ids.push(id));
        ids
    }

    /// The bytes `ids` stand for.
    pub fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, UnknownId> {
        let mut out = Vec::new();
        for (position, &id) in ids.iter().enumerate() {
            let rank = id.checked_sub(self.reserved);
            let bytes = rank.and_then(|r| self.bpe.token(r)).ok_or(UnknownId {
                id,
                position,
                vocab_size: self.vocab_size(),
                reserved: self.reserved,
            })?;
            out.extend_from_slice(bytes);
        }
        Ok(out)
    }

    /// Calls `f(id, byte length)` for each token of `text`. A piece that is one token is looked up;
    /// the merges of a longer one are remembered for the rest of the text, since words repeat.
    fn each_token(&self, text: &str, mut f: impl FnMut(u32, usize)) {
        let mut merged: FxHashMap<&str, Range<usize>> = FxHashMap::default();
        let mut tokens = Vec::new();
        for piece in (self.pretokenize)(text) {
            if let Some(rank) = self.bpe.rank(piece.as_bytes()) {
                f(rank + self.reserved, piece.len());
                continue;
            }
            let range = match merged.get(piece) {
                Some(range) => range.clone(),
                None => {
                    let start = tokens.len();
                    self.bpe.encode_piece(piece.as_bytes(), &mut tokens);
                    merged.insert(piece, start..tokens.len());
                    start..tokens.len()
                }
            };
            for &(rank, len) in &tokens[range] {
                f(rank + self.reserved, len);
            }
        }
    }
}

impl Tokenizer for Encoding {
    fn name(&self) -> &str {
        self.name
    }

    fn vocab_size(&self) -> usize {
        self.reserved as usize + self.bpe.len()
    }

    fn encode(&self, text: &str) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let mut at = 0;
        self.each_token(text, |id, len| {
            let bytes = self.bpe.token(id - self.reserved).unwrap_or_default();
            pieces.push(Piece {
                id: Some(id),
                span: at..at + len,
                display: printable(bytes),
            });
            at += len;
        });
        pieces
    }

    /// Ids that end or start inside a character leave invalid UTF-8, replaced by U+FFFD.
    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId> {
        let bytes = self.decode_bytes(ids)?;
        Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }
}
