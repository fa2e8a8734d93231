//! GPT-2's pre-tokenizer, written by hand instead of with a regex engine:
//!
//! `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`
//!
//! The alternatives are tried in that order at each position, as a backtracking
//! engine would. Contractions are lowercase only (`DON'T` → `DON`, `'`, `T`). A
//! whitespace run followed by a non-space gives its last character to the next
//! piece, so `"a  b"` → `a`, ` `, ` b`. Classes follow JavaScript's regex engine,
//! the one js-tiktoken uses (see unicode_tables.rs). Leaves out: special tokens
//! (`<|endoftext|>` is split like any text) and the byte-level merges.

use super::unicode_tables::{LETTERS, NUMBERS, WHITESPACE};
use crate::tokenizer::Pieces;
use crate::unicode::in_ranges;

/// The four character classes the pattern distinguishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CharClass {
    /// `\p{L}`: general category Letter.
    Letter,
    /// `\p{N}`: general category Number.
    Number,
    /// `\s` as JavaScript defines it.
    Space,
    /// Everything else: punctuation, symbols, marks, emoji, controls.
    Other,
}

const fn classify(code: u32) -> CharClass {
    if in_ranges(WHITESPACE, code) {
        CharClass::Space
    } else if in_ranges(LETTERS, code) {
        CharClass::Letter
    } else if in_ranges(NUMBERS, code) {
        CharClass::Number
    } else {
        CharClass::Other
    }
}

/// ASCII classes, precomputed from the same tables: most text is ASCII.
const ASCII: [CharClass; 128] = {
    let mut table = [CharClass::Other; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = classify(i as u32);
        i += 1;
    }
    table
};

/// The pattern's class of `c`.
#[inline]
pub fn char_class(c: char) -> CharClass {
    match ASCII.get(c as usize) {
        Some(&class) => class,
        None => classify(c as u32),
    }
}

/// Splits `text` into GPT-2 pre-tokens; concatenating them gives `text` back.
pub fn pretokenize(text: &str) -> Pieces<'_> {
    Pieces::new(text, piece_len)
}

/// Byte length of the piece that starts `rest` (non-empty); always at least one char.
fn piece_len(rest: &str) -> usize {
    piece_len_by(rest, char_class)
}

/// [`piece_len`] with the classes of another engine's tables (SmolLM2's are Oniguruma's).
pub(crate) fn piece_len_by(rest: &str, char_class: fn(char) -> CharClass) -> usize {
    let bytes = rest.as_bytes();

    // 1. Contractions, case-sensitive, before anything else.
    if bytes[0] == b'\'' {
        if matches!(bytes.get(1), Some(b's' | b't' | b'm' | b'd')) {
            return 2;
        }
        if matches!(bytes.get(1..3), Some(b"re" | b"ve" | b"ll")) {
            return 3;
        }
    }

    // 2. ` ?\p{L}+`, ` ?\p{N}+`, ` ?[^\s\p{L}\p{N}]+`: a run of one non-space class,
    //    taking one leading ASCII space with it.
    let mut chars = rest.chars();
    let first = chars.next().map_or(CharClass::Other, char_class);
    let (class, run_start) = match (bytes[0], chars.next().map(char_class)) {
        (b' ', Some(next)) if next != CharClass::Space => (next, 1),
        _ => (first, 0),
    };
    if class != CharClass::Space {
        let run = &rest[run_start..];
        return run_start
            + run
                .char_indices()
                .find(|&(_, c)| char_class(c) != class)
                .map_or(run.len(), |(i, _)| i);
    }

    // 3. `\s+(?!\S)`: a whitespace run ending the text, or all of it but its last
    //    char when a non-space follows; `\s+` when that would leave nothing.
    let (mut last_start, mut end) = (0, 0);
    for (i, c) in rest.char_indices() {
        if char_class(c) != CharClass::Space {
            break;
        }
        (last_start, end) = (i, i + c.len_utf8());
    }
    if end == rest.len() || last_start == 0 {
        end
    } else {
        last_start
    }
}
