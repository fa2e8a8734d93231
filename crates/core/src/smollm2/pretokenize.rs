//! SmolLM2's pre-tokenizer, as its tokenizer.json chains it (llama.cpp's `smollm` pre-type): every
//! digit (`char::is_numeric`) is a piece of its own, then GPT-2's pattern cuts the text between the
//! digits. The pattern is GPT-2's hand-written one ([`crate::gpt2::pretokenize`]) over Oniguruma's
//! classes ([`crate::oniguruma`]), the engine Hugging Face tokenizers runs it in. The pattern's
//! number class never sees a character here (every one is a digit split off first).

use super::unicode_tables::DIGITS;
use crate::gpt2::pretokenize::piece_len_by;
use crate::oniguruma::char_class;
use crate::unicode::in_ranges;

fn is_digit(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_digit()
    } else {
        in_ranges(DIGITS, c as u32)
    }
}

/// The pieces of a text; concatenated they give it back.
#[derive(Debug, Clone)]
pub struct Pieces<'a> {
    text: &'a str,
    pos: usize,
    /// Where the digit-free stretch the pattern is cutting ends.
    stretch_end: usize,
}

/// Splits `text` into SmolLM2's pre-tokens.
pub fn pretokenize(text: &str) -> Pieces<'_> {
    Pieces {
        text,
        pos: 0,
        stretch_end: 0,
    }
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let len = if self.pos < self.stretch_end {
            piece_len_by(&self.text[self.pos..self.stretch_end], char_class)
        } else {
            let first = rest.chars().next()?;
            if is_digit(first) {
                first.len_utf8()
            } else {
                // Found once per stretch, so the whole text is scanned once.
                let stretch = rest
                    .char_indices()
                    .find(|&(_, c)| is_digit(c))
                    .map_or(rest.len(), |(i, _)| i);
                self.stretch_end = self.pos + stretch;
                piece_len_by(&rest[..stretch], char_class)
            }
        };
        self.pos += len;
        Some(&rest[..len])
    }
}

#[cfg(test)]
mod tests {
    use super::pretokenize;

    fn pieces(text: &str) -> Vec<&str> {
        pretokenize(text).collect()
    }

    #[test]
    fn digits_stand_alone_and_the_gpt2_pattern_cuts_the_rest() {
        // GPT-2 alone keeps " 2024" whole; here the space is left on its own.
        assert_eq!(pieces("in 2024!"), ["in", " ", "2", "0", "2", "4", "!"]);
        assert_eq!(pieces("x²³ ١٢"), ["x", "²", "³", " ", "١", "٢"]);
        assert_eq!(pieces("don't  go"), ["don", "'t", " ", " go"]);
    }

    #[test]
    fn oniguruma_spaces_differ_from_javascript() {
        // U+0085 is \s to Oniguruma; U+FEFF is not (the reverse of JavaScript).
        assert_eq!(pieces("a\u{85}\u{85}b"), ["a", "\u{85}", "\u{85}", "b"]);
        assert_eq!(pieces("a \u{FEFF}"), ["a", " \u{FEFF}"]);
    }

    #[test]
    fn pieces_rebuild_any_text() {
        for text in ["", "1", "  12  ", "é9\u{301}x", "\n\n3\r\n"] {
            assert_eq!(pieces(text).concat(), text);
        }
    }
}
