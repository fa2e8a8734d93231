//! Mistral's Tekken pre-tokenizer (`tekken_240911.json`), by hand: o200k_base's case-splitting
//! pattern without the contraction suffixes, and numbers one digit at a time:
//!
//! ```text
//! [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+
//! |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*
//! |\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//! ```
//!
//! mistral-common runs it in Python tiktoken, whose regex engine is Rust's `regex`: there `\s` is
//! Unicode's White_Space, which has U+0085 (NEXT LINE) and lacks U+FEFF, the other way round from
//! V8's `\s` that the lab's tables follow ([`char_class`]).
//!
//! Tekken's ids put 1,000 special tokens first, so an ordinary token's id is its rank + 1,000
//! ([`RESERVED`]). Leaves out: the special tokens themselves (their strings are ordinary text).

use super::cl100k::Tail;
use super::o200k::{case, cased_piece_len, line_break_or_slash};
use crate::gpt2::CharClass;
use crate::tokenizer::Pieces;

/// Ids below this are Tekken's special tokens, which encoding never produces.
pub const RESERVED: u32 = 1000;

/// Splits `text` into Tekken pre-tokens; concatenating them gives `text` back.
pub fn pretokenize(text: &str) -> Pieces<'_> {
    Pieces::new(text, piece_len)
}

/// The classes of Rust's `regex`: V8's, with White_Space for `\s`.
pub fn char_class(c: char) -> CharClass {
    match c {
        '\u{85}' => CharClass::Space,
        '\u{FEFF}' => CharClass::Other,
        _ => crate::gpt2::char_class(c),
    }
}

fn piece_len(rest: &str) -> usize {
    let tail = Tail {
        trailing: line_break_or_slash,
        digits: 1,
        char_class,
    };
    cased_piece_len(rest, |_| 0, tail, case)
}

#[cfg(test)]
mod tests {
    use super::pretokenize;

    #[test]
    fn numbers_go_one_digit_at_a_time_and_contractions_stay_with_the_quote() {
        let pieces: Vec<&str> = pretokenize("I'M 2024").collect();
        assert_eq!(pieces, ["I", "'M", " ", "2", "0", "2", "4"]);
    }

    #[test]
    fn next_line_is_whitespace_as_in_rust_regex() {
        // In V8, U+0085 is no space, so `!\u{85}` would be one run of other characters; here it
        // ends the run and leads the word after it instead.
        let pieces: Vec<&str> = pretokenize("!\u{85}x").collect();
        assert_eq!(pieces, ["!", "\u{85}x"]);
    }
}
