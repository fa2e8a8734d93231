//! A tiktoken encoding behind the lab's [`Tokenizer`] interface: pieces with their ids, byte spans
//! and GPT-2-style printable forms (`Ġ` for a space byte), decoding to the exact bytes.

use super::{cl100k, RankBpe};
use crate::gpt2::byte_table::printable;
use crate::tokenizer::{Piece, Tokenizer, UnknownId};

/// cl100k_base: its pattern over its ranks.
#[derive(Clone, Debug)]
pub struct Cl100k {
    bpe: RankBpe,
}

impl Cl100k {
    pub fn new(bpe: RankBpe) -> Cl100k {
        Cl100k { bpe }
    }

    /// The ids of `text`, as js-tiktoken's `encode(text, [], [])`.
    pub fn encode_ids(&self, text: &str) -> Vec<u32> {
        let mut ids = Vec::new();
        self.each_token(text, |id, _| ids.push(id));
        ids
    }

    /// The bytes `ids` stand for.
    pub fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, UnknownId> {
        let mut out = Vec::new();
        for (position, &id) in ids.iter().enumerate() {
            let bytes = self.bpe.token(id).ok_or(UnknownId {
                id,
                position,
                vocab_size: self.bpe.len(),
            })?;
            out.extend_from_slice(bytes);
        }
        Ok(out)
    }

    fn each_token(&self, text: &str, mut f: impl FnMut(u32, usize)) {
        let mut tokens = Vec::new();
        for piece in cl100k::pretokenize(text) {
            tokens.clear();
            self.bpe.encode_piece(piece.as_bytes(), &mut tokens);
            for &(id, len) in &tokens {
                f(id, len);
            }
        }
    }
}

impl Tokenizer for Cl100k {
    fn name(&self) -> &str {
        "cl100k_base"
    }

    fn vocab_size(&self) -> usize {
        self.bpe.len()
    }

    fn encode(&self, text: &str) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let mut at = 0;
        self.each_token(text, |id, len| {
            let bytes = self.bpe.token(id).unwrap_or_default();
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
