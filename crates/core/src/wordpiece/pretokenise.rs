//! BERT's pre-tokeniser (`BertPreTokenizer`): normalised text is split on whitespace, which is
//! dropped, and every punctuation character becomes a word of its own, so "isn't." gives `isn`, `'`,
//! `t`, `.`. Punctuation is BERT's: any ASCII punctuation (`$`, `+`, `^` … included, though Unicode
//! calls them symbols) and Unicode's P* categories, as `tokenizers` classifies them
//! (unicode_tables.rs). Leaves out: offsets (the page shows words, not spans).

use super::unicode_tables::{PUNCTUATION, SPLIT_WHITESPACE};
use crate::unicode::in_ranges;

/// Whether the pre-tokeniser makes `c` a word of its own.
pub fn is_punctuation(c: char) -> bool {
    in_ranges(PUNCTUATION, c as u32)
}

/// Whether the pre-tokeniser splits on `c` and drops it.
pub fn is_whitespace(c: char) -> bool {
    in_ranges(SPLIT_WHITESPACE, c as u32)
}

/// The words of normalised `text`, in order; none is empty or holds whitespace.
pub fn pretokenise(text: &str) -> Words<'_> {
    Words { rest: text }
}

/// Iterator over the words of a text, see [`pretokenise`].
#[derive(Debug, Clone)]
pub struct Words<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Words<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        // 1. Skip whitespace.
        let start = self.rest.find(|c| !is_whitespace(c))?;
        let rest = &self.rest[start..];
        // 2. One punctuation character, or a run up to the next whitespace or punctuation.
        let first = rest.chars().next()?;
        let len = if is_punctuation(first) {
            first.len_utf8()
        } else {
            rest.find(|c| is_whitespace(c) || is_punctuation(c))
                .unwrap_or(rest.len())
        };
        let (word, after) = rest.split_at(len);
        self.rest = after;
        Some(word)
    }
}

#[cfg(test)]
mod tests {
    use super::pretokenise;

    #[test]
    fn worked_examples() {
        let words = |text| pretokenise(text).collect::<Vec<_>>();
        assert_eq!(words("isn't it?"), ["isn", "'", "t", "it", "?"]);
        assert_eq!(words("  a$b  "), ["a", "$", "b"]);
        assert_eq!(
            words("http://x.io"),
            ["http", ":", "/", "/", "x", ".", "io"]
        );
        // Unicode punctuation splits too; symbols that are not ASCII (€, 🙂) do not.
        assert_eq!(words("«x»—1€🙂"), ["«", "x", "»", "—", "1€🙂"]);
        assert!(words(" \t ").is_empty());
    }
}
