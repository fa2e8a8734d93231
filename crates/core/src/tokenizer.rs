//! The one interface every tokenizer of the lab plugs into: a name, the vocabulary size,
//! `encode(text)` into pieces (each with its id, its byte span in the input and its display form)
//! and `decode(ids)`. The page's comparison and the CLI iterate over `dyn Tokenizer` values, so a new
//! tokenizer is one more implementation, not one more column of special cases.
//!
//! Implemented by [`crate::bpe::BpeTokenizer`] (a run trained in the walkthrough),
//! [`crate::gpt2::Gpt2Tokenizer`] and [`crate::wordpiece::WordPiece`]. Left out: what is particular
//! to one tokenizer (merge replays, byte stories, `##` words): each keeps its own richer API.

use std::fmt;
use std::ops::Range;

/// One token of an encoded text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The token's id; `None` for a symbol the vocabulary lacks (a tokenizer with neither byte
    /// fallback nor an unknown token keeps such characters as they are).
    pub id: Option<u32>,
    /// The bytes of the input the token stands for. Byte-level tokens may start or end inside a
    /// character; tokens the tokenizer adds (`[CLS]`) have an empty span where they stand.
    pub span: Range<usize>,
    /// The token as its vocabulary writes it (`Ġthe`, `##ing`, `lo</w>`).
    pub display: String,
}

/// An id [`Tokenizer::decode`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownId {
    pub id: u32,
    /// Where the id stands in the input, from 0.
    pub position: usize,
    /// The tokenizer's vocabulary size: ids below it are known.
    pub vocab_size: usize,
    /// Ids below this are special tokens that encoding never produces and decoding refuses
    /// (Tekken's first 1,000); 0 for most tokenizers.
    pub reserved: u32,
}

impl fmt::Display for UnknownId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.id < self.reserved {
            return write!(
                f,
                "token id {} at position {} is one of the {} special tokens, which the lab treats as text and does not decode",
                self.id, self.position, self.reserved
            );
        }
        write!(
            f,
            "token id {} at position {} is not in this vocabulary ({}..{})",
            self.id, self.position, self.reserved, self.vocab_size
        )
    }
}

impl std::error::Error for UnknownId {}

/// A tokenizer as the lab compares them.
pub trait Tokenizer {
    /// A short name for headings and the CLI (`GPT-2`).
    fn name(&self) -> &str;
    /// How many ids the vocabulary has.
    fn vocab_size(&self) -> usize;
    /// The tokens of `text`, in order.
    fn encode(&self, text: &str) -> Vec<Piece>;
    /// The text `ids` stand for, as the tokenizer's own decoder writes it.
    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId>;
}

/// A text cut into pre-token pieces by a pattern's `piece_len` (the byte length of the piece that
/// starts a non-empty rest, at least one character); concatenating the pieces gives the text back.
#[derive(Debug, Clone)]
pub struct Pieces<'a> {
    text: &'a str,
    pos: usize,
    piece_len: fn(&str) -> usize,
}

impl<'a> Pieces<'a> {
    pub fn new(text: &'a str, piece_len: fn(&str) -> usize) -> Pieces<'a> {
        Pieces {
            text,
            pos: 0,
            piece_len,
        }
    }
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let (piece, _) = rest.split_at((self.piece_len)(rest));
        self.pos += piece.len();
        Some(piece)
    }
}

/// Where `part`, a slice of `whole`, starts in it.
pub(crate) fn offset_in(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}
