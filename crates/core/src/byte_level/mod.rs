//! What byte-level tokenizers share (tiktoken's encodings, Tekken, SmolLM2): every token stands for
//! bytes, kept end to end in one arena ([`TokenBytes`]) and shipped as length-prefixed tokens
//! ([`read_tokens`]); the lab's pieces and decoding follow from the token stream ([`ByteLevel`]).
//! They merge through one loop ([`merge`]), each vocabulary saying what joins ([`merge::Joins`]), and
//! find a token by its bytes in one table ([`rank_table`]).

pub mod merge;
pub mod rank_table;

use std::ops::Range;

use crate::fxhash::FxHashMap;
use crate::gpt2::byte_table::printable;
use crate::tokenizer::{Piece, Tokenizer, UnknownId};

/// Every token's bytes, id order, end to end, and where each one ends.
#[derive(Clone, Debug, Default)]
pub struct TokenBytes {
    bytes: Vec<u8>,
    ends: Vec<u32>,
}

impl TokenBytes {
    pub fn push(&mut self, token: &[u8]) {
        self.bytes.extend_from_slice(token);
        self.ends.push(self.bytes.len() as u32);
    }

    /// Number of tokens.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The bytes of token `id`, if there is one.
    pub fn get(&self, id: u32) -> Option<&[u8]> {
        let end = *self.ends.get(id as usize)? as usize;
        let start = id
            .checked_sub(1)
            .map_or(0, |before| self.ends[before as usize] as usize);
        Some(&self.bytes[start..end])
    }
}

/// The tokens of each distinct piece of one text, merged once: words repeat.
#[derive(Default)]
pub struct MergedPieces<'a> {
    ranges: FxHashMap<&'a str, Range<usize>>,
    /// (id, input length) of every piece merged so far, end to end.
    tokens: Vec<(u32, usize)>,
    /// The merge loop's buffers, reused from piece to piece.
    scratch: merge::Scratch,
}

impl<'a> MergedPieces<'a> {
    /// The tokens of `piece`, from `merge` (which appends them, with the loop's buffers) the first
    /// time.
    pub fn get(
        &mut self,
        piece: &'a str,
        merge: impl FnOnce(&mut merge::Scratch, &mut Vec<(u32, usize)>),
    ) -> &[(u32, usize)] {
        let range = match self.ranges.get(piece) {
            Some(range) => range.clone(),
            None => {
                let start = self.tokens.len();
                merge(&mut self.scratch, &mut self.tokens);
                self.ranges.insert(piece, start..self.tokens.len());
                start..self.tokens.len()
            }
        };
        &self.tokens[range]
    }
}

/// `count` tokens written as a length byte and their bytes, and the bytes they took; or the index
/// of the first token that is empty or cut off.
pub fn read_tokens(body: &[u8], count: usize) -> Result<(Vec<&[u8]>, usize), usize> {
    let mut tokens = Vec::with_capacity(count);
    let mut at = 0;
    for index in 0..count {
        let len = *body.get(at).ok_or(index)? as usize;
        let token = body
            .get(at + 1..at + 1 + len)
            .filter(|t| !t.is_empty())
            .ok_or(index)?;
        tokens.push(token);
        at += 1 + len;
    }
    Ok((tokens, at))
}

/// A byte-level tokenizer as a stream of tokens; implementing it implements [`Tokenizer`].
/// (Its name and id count are [`Tokenizer::name`] and [`Tokenizer::vocab_size`]; they are named
/// apart here so that code using both traits has no two methods of one name.)
pub trait ByteLevel {
    fn label(&self) -> &str;
    fn id_count(&self) -> usize;
    /// Calls `f(id, input length)` for each token of `text` in order, and `f(None, length)` for
    /// input that makes no token.
    fn each_token(&self, text: &str, f: &mut dyn FnMut(Option<u32>, usize));
    /// The bytes of token `id`, if it is one encoding can produce.
    fn token_bytes(&self, id: u32) -> Option<&[u8]>;
    /// Ids below this are special tokens that decoding refuses (Tekken's 1,000).
    fn reserved(&self) -> u32 {
        0
    }

    /// The bytes `ids` stand for.
    fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, UnknownId> {
        let mut out = Vec::new();
        for (position, &id) in ids.iter().enumerate() {
            out.extend_from_slice(self.token_bytes(id).ok_or(UnknownId {
                id,
                position,
                vocab_size: self.id_count(),
                reserved: self.reserved(),
            })?);
        }
        Ok(out)
    }

    /// The ids of `text`.
    fn encode_ids(&self, text: &str) -> Vec<u32> {
        // About four bytes a token in English; a guess that saves most regrowing.
        let mut ids = Vec::with_capacity(text.len() / 4);
        self.each_token(text, &mut |id, _| ids.extend(id));
        ids
    }
}

impl<T: ByteLevel> Tokenizer for T {
    fn name(&self) -> &str {
        self.label()
    }

    fn vocab_size(&self) -> usize {
        self.id_count()
    }

    /// Input that makes no token is a piece without an id, shown as its bytes.
    fn encode(&self, text: &str) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let mut at = 0;
        self.each_token(text, &mut |id, len| {
            let bytes = id
                .and_then(|id| self.token_bytes(id))
                .unwrap_or(&text.as_bytes()[at..at + len]);
            pieces.push(Piece {
                id,
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
