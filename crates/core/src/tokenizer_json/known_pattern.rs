//! The `Split` and `ByteLevel` patterns that most tokenizer.json files use, recognised by their exact
//! source and cut by hand-written lexers over Oniguruma's classes ([`crate::oniguruma`]) instead of a
//! regex engine, whose backtracking for `\s+(?!\S)` took a third of encoding's time:
//!
//! - GPT-2's (`ByteLevel` with `use_regex`): [`crate::gpt2::pretokenize`]'s lexer;
//! - Llama 3's: cl100k_base's pattern as written for Oniguruma (no possessive quantifiers,
//!   `\s*[\r\n]+`, which match the same), cut by [`crate::tiktoken::cl100k`]'s lexer;
//! - Qwen's (Qwen2 and Qwen3): Llama 3's with one number a piece (`\p{N}`, not `\p{N}{1,3}`);
//! - o200k_base's as gpt-oss writes it, words cut where the case changes:
//!   [`crate::tiktoken::o200k`]'s lexer over Oniguruma's cases.
//!
//! Each matches every character, so a lexer's pieces are the pattern's matches. The contractions
//! are case-insensitive: in Oniguruma `'ſ` (U+017F, long s) is `'s` too, which
//! tools/zoo/oniguruma_tables.py checks is the only fold beyond ASCII. Leaves out: DeepSeek's
//! patterns, which run on the regex engine.

use crate::gpt2::pretokenize::piece_len_by;
use crate::oniguruma::{self, char_class};
use crate::tiktoken::cl100k::{self, is_line_break, piece_len_with, Tail};
use crate::tiktoken::o200k::{cased_piece_len, line_break_or_slash};

/// GPT-2's pattern, which `ByteLevel` uses when `use_regex` is on.
pub const GPT2: &str =
    r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+";

const LLAMA3: &str = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

const O200K: &str = r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+";

const QWEN: &str = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

/// A pattern with a lexer of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnownPattern {
    Gpt2,
    Llama3,
    Qwen,
    /// o200k_base's, as gpt-oss's file writes it.
    O200k,
}

impl KnownPattern {
    /// The known pattern whose source is exactly `source`.
    pub fn of(source: &str) -> Option<KnownPattern> {
        match source {
            GPT2 => Some(KnownPattern::Gpt2),
            LLAMA3 => Some(KnownPattern::Llama3),
            QWEN => Some(KnownPattern::Qwen),
            O200K => Some(KnownPattern::O200k),
            _ => None,
        }
    }

    /// Byte length of the match that starts `rest` (non-empty); at least one character.
    pub fn piece_len(self, rest: &str) -> usize {
        let tail = |digits, trailing| Tail {
            trailing,
            digits,
            char_class,
        };
        match self {
            KnownPattern::Gpt2 => piece_len_by(rest, char_class),
            KnownPattern::Llama3 => piece_len_with(rest, contraction_len, tail(3, is_line_break)),
            KnownPattern::Qwen => piece_len_with(rest, contraction_len, tail(1, is_line_break)),
            KnownPattern::O200k => {
                let tail = tail(3, line_break_or_slash);
                cased_piece_len(rest, contraction_len, tail, oniguruma::case)
            }
        }
    }
}

/// `(?i:'s|'t|'re|'ve|'m|'ll|'d)` as Oniguruma folds case: ASCII either way, and `'ſ`.
fn contraction_len(rest: &str) -> usize {
    match rest.strip_prefix("'ſ") {
        Some(_) => "'ſ".len(),
        None => cl100k::contraction_len(rest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(pattern: KnownPattern, text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut at = 0;
        while at < text.len() {
            let len = pattern.piece_len(&text[at..]);
            out.push(&text[at..at + len]);
            at += len;
        }
        out
    }

    #[test]
    fn the_three_patterns_cut_as_oniguruma_does() {
        // Probed with tokenizers 0.23.3's Split (Isolated) on these sources.
        let text = "I'LL pay 12345 for x'ſll,  ok?\n\n  de 1½ é";
        assert_eq!(
            pieces(KnownPattern::Llama3, text),
            [
                "I", "'LL", " pay", " ", "123", "45", " for", " x", "'ſ", "ll", ",", " ", " ok",
                "?\n\n", " ", " de", " ", "1½", " é"
            ]
        );
        let qwen = pieces(KnownPattern::Qwen, "12345 x");
        assert_eq!(qwen, ["1", "2", "3", "4", "5", " x"]);
        assert_eq!(
            pieces(KnownPattern::Gpt2, "I'LL pay 12345 x'ſll"),
            ["I", "'", "LL", " pay", " 12345", " x", "'", "ſll"]
        );
    }

    #[test]
    fn o200k_cuts_words_where_the_case_changes_as_oniguruma_does() {
        // Probed with tokenizers 0.23.3's Split (Isolated) on gpt-oss's pattern.
        let text = "HelloWorld's ÉCOLEété X'ſ 1234/\n/x ǅemal ab\u{301}c";
        assert_eq!(
            pieces(KnownPattern::O200k, text),
            [
                "Hello",
                "World's",
                " ÉCOLEété",
                " X'ſ",
                " ",
                "123",
                "4",
                "/\n/",
                "x",
                " ǅemal",
                " ab\u{301}c"
            ]
        );
    }

    #[test]
    fn only_the_exact_sources_are_known() {
        assert_eq!(KnownPattern::of(LLAMA3), Some(KnownPattern::Llama3));
        assert_eq!(KnownPattern::of(QWEN), Some(KnownPattern::Qwen));
        assert_eq!(KnownPattern::of(&format!("{LLAMA3}|x")), None);
    }
}
