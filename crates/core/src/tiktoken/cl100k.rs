//! cl100k_base's pre-tokenizer, by hand (no regex engine in the wasm), matching the pattern as
//! js-tiktoken runs it in V8:
//!
//! ```text
//! ('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)
//! |[^\r\n\p{L}\p{N}]?\p{L}+ |\p{N}{1,3} | ?[^\s\p{L}\p{N}]+[\r\n]* |\s*[\r\n]+ |\s+(?!\S) |\s+
//! ```
//!
//! At each position the first alternative that matches wins, each with the regex's backtracking
//! worked out: a letter run may take one leading character that is neither a line break, a letter
//! nor a number; digits go three at a time; a run of other characters may take one leading space
//! and trailing line breaks; a whitespace run ends after its last line break, or leaves its last
//! character to the next piece when a non-space follows. The character classes are GPT-2's
//! ([`crate::gpt2::char_class`], read from V8 by `tools/gpt2-asset/unicode-tables.mjs`).
//! Leaves out: Python tiktoken's possessive-quantifier pattern, which can differ on rare inputs.

use crate::gpt2::{char_class, CharClass};
use crate::tokenizer::Pieces;

/// Splits `text` into cl100k_base pre-tokens; concatenating them gives `text` back.
pub fn pretokenize(text: &str) -> Pieces<'_> {
    Pieces::new(text, piece_len)
}

pub(crate) fn is_line_break(c: char) -> bool {
    c == '\r' || c == '\n'
}

/// Byte length of the piece that starts `rest` (non-empty); always at least one character.
fn piece_len(rest: &str) -> usize {
    piece_len_with(rest, contraction_len, TAIL)
}

/// cl100k_base's pattern with `contraction`'s rule for step 1 and `tail`'s classes and digit run:
/// also Llama 3's and Qwen's patterns as Oniguruma runs them (the tokenizer.json engine's lexers).
pub(crate) fn piece_len_with(rest: &str, contraction: fn(&str) -> usize, tail: Tail) -> usize {
    // 1. Contractions, either case.
    let contraction = contraction(rest);
    if contraction > 0 {
        return contraction;
    }
    // 2. `[^\r\n\p{L}\p{N}]?\p{L}+`.
    let char_class = |c| tail.class(c);
    let mut chars = rest.chars();
    let first = chars.next().expect("rest is not empty");
    let (class, next) = (char_class(first), chars.next().map(char_class));
    if class == CharClass::Letter {
        return run(rest, 0, |c| char_class(c) == CharClass::Letter);
    }
    if class != CharClass::Number && !is_line_break(first) && next == Some(CharClass::Letter) {
        return run(rest, first.len_utf8(), |c| {
            char_class(c) == CharClass::Letter
        });
    }
    rest_len(rest, tail)
}

/// The length of the contraction (`'s 't 'm 'd 're 've 'll`, in any case) that starts `rest`, or 0.
pub(crate) fn contraction_len(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    if bytes.first() != Some(&b'\'') {
        return 0;
    }
    let lower = |i: usize| bytes.get(i).map(u8::to_ascii_lowercase);
    if matches!(lower(1), Some(b's' | b't' | b'm' | b'd')) {
        return 2;
    }
    if matches!(
        (lower(1), lower(2)),
        (Some(b'r' | b'v'), Some(b'e')) | (Some(b'l'), Some(b'l'))
    ) {
        return 3;
    }
    0
}

/// How a pattern's alternatives after the words differ between encodings.
#[derive(Clone, Copy)]
pub(crate) struct Tail {
    /// What may follow a run of other characters: `[\r\n]*`, or `[\r\n/]*`.
    pub trailing: fn(char) -> bool,
    /// The longest run of numbers in one piece.
    pub digits: usize,
    /// The character classes of the regex engine the reference runs the pattern in.
    pub char_class: fn(char) -> CharClass,
}

impl Tail {
    /// `char_class(c)`, ASCII from V8's inlined table: the engines' classes agree on ASCII
    /// (tested beside Oniguruma's), and an indirect call for every character was a tenth of
    /// encoding.
    #[inline]
    fn class(&self, c: char) -> CharClass {
        if c.is_ascii() {
            char_class(c)
        } else {
            (self.char_class)(c)
        }
    }
}

/// cl100k_base's tail, in V8's classes.
const TAIL: Tail = Tail {
    trailing: is_line_break,
    digits: 3,
    char_class,
};

/// The alternatives after the words, which cl100k_base, o200k_base and Tekken share: `\p{N}{1,digits}`,
/// ` ?[^\s\p{L}\p{N}]+` with what `trailing` takes after it (`[\r\n]*`, or o200k's `[\r\n/]*`),
/// `\s*[\r\n]+`, `\s+(?!\S)`, `\s+`.
pub(super) fn rest_len(rest: &str, tail: Tail) -> usize {
    let Tail {
        trailing, digits, ..
    } = tail;
    let char_class = |c| tail.class(c);
    let mut chars = rest.chars();
    let first = chars.next().expect("rest is not empty");
    let (class, next) = (char_class(first), chars.next().map(char_class));
    let after_first = first.len_utf8();
    // 3. Up to `digits` numbers.
    if class == CharClass::Number {
        return rest
            .char_indices()
            .take(digits)
            .take_while(|&(_, c)| char_class(c) == CharClass::Number)
            .last()
            .map_or(after_first, |(i, c)| i + c.len_utf8());
    }
    // 4. Other characters, with one leading space and what may trail them.
    let others_from = match (first, next) {
        (' ', Some(CharClass::Other)) => Some(after_first),
        (_, _) if class == CharClass::Other => Some(0),
        _ => None,
    };
    if let Some(start) = others_from {
        let end = run(rest, start, |c| char_class(c) == CharClass::Other);
        return run(rest, end, trailing);
    }
    // 5. Whitespace: `\s*[\r\n]+` ends after the run's last line break; else `\s+(?!\S)` leaves the
    //    last character to a following non-space; else `\s+`.
    let end = run(rest, 0, |c| char_class(c) == CharClass::Space);
    let whitespace = &rest[..end];
    if let Some(last_break) = whitespace.rfind(is_line_break) {
        return last_break + 1;
    }
    let last_start = whitespace.char_indices().last().map_or(0, |(i, _)| i);
    if end == rest.len() || last_start == 0 {
        end
    } else {
        last_start
    }
}

/// The end (a byte offset) of the run of characters that `keep` accepts, starting at byte `from`.
pub(super) fn run(text: &str, from: usize, keep: impl Fn(char) -> bool) -> usize {
    text[from..]
        .char_indices()
        .find(|&(_, c)| !keep(c))
        .map_or(text.len(), |(i, _)| from + i)
}
