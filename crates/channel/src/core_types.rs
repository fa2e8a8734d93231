//! The byte layout of the core's types that cross: a token, a WordPiece encoding.

use til_core::tokenizer::Piece;
use til_core::wordpiece::{Encoding, Token};

use crate::wire::{Reader, Wire, WireError, Writer};

/// A missing id or word, as it crosses.
const NONE: u32 = u32::MAX;

fn optional(value: Option<u32>) -> u32 {
    value.unwrap_or(NONE)
}

fn read_optional(input: &mut Reader) -> Result<Option<u32>, WireError> {
    u32::read(input).map(|n| (n != NONE).then_some(n))
}

fn read_span(input: &mut Reader) -> Result<std::ops::Range<usize>, WireError> {
    let (start, end) = (usize::read(input)?, usize::read(input)?);
    if start > end {
        return Err(WireError(format!("a span {start}..{end} runs backwards")));
    }
    Ok(start..end)
}

impl Wire for Piece {
    const LEAST: usize = 16;

    fn write(&self, out: &mut Writer) {
        optional(self.id).write(out);
        self.span.start.write(out);
        self.span.end.write(out);
        self.display.write(out);
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        Ok(Piece {
            id: read_optional(input)?,
            span: read_span(input)?,
            display: String::read(input)?,
        })
    }
}

impl Wire for Token {
    const LEAST: usize = 20;

    fn write(&self, out: &mut Writer) {
        self.id.write(out);
        self.text.write(out);
        optional(self.word.map(|w| w as u32)).write(out);
        self.span.start.write(out);
        self.span.end.write(out);
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        Ok(Token {
            id: u32::read(input)?,
            text: String::read(input)?,
            word: read_optional(input)?.map(|w| w as usize),
            span: read_span(input)?,
        })
    }
}

impl Wire for Encoding {
    const LEAST: usize = 8;

    fn write(&self, out: &mut Writer) {
        self.tokens.write(out);
        self.words.write(out);
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        Ok(Encoding {
            tokens: Vec::read(input)?,
            words: Vec::read(input)?,
        })
    }
}
