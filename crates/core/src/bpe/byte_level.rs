//! Byte-level BPE as GPT-2, GPT-4 and GPT-4o train it: a pre-tokenizer pattern cuts the text into
//! chunks, each chunk becomes its UTF-8 bytes, and merges never cross a chunk. Every byte is written
//! as GPT-2's printable stand-in (a space is `Ġ`, byte 0xE2 is `â`), so a chunk is a "word" of
//! one-character symbols and the character trainer learns byte merges unchanged; Hugging Face's
//! `ByteLevel` pre-tokenizer writes bytes the same way, which is why its `merges.txt` reads `Ġ t`.
//!
//! The alphabet is all 256 bytes, numbered in code-point order of their stand-ins, as Hugging Face's
//! `BpeTrainer` numbers `ByteLevel.alphabet()`. Leaves out: special tokens, and minbpe's habit of
//! giving a merge that rebuilds existing bytes a second id (here, as in Hugging Face, one string is
//! one symbol).

use std::fmt;
use std::str::FromStr;

use crate::gpt2::byte_table::{byte_char, char_byte, printable};
use crate::tokenizer::Pieces;

/// The pre-tokenizer that cuts a byte-level corpus into chunks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// GPT-2's: contractions, ` ?letters`, ` ?digits`, ` ?other`, whitespace.
    Gpt2,
    /// cl100k_base's (GPT-4): either-case contractions, digits three at a time, line breaks apart.
    Cl100k,
    /// o200k_base's (GPT-4o): words split at case changes, contraction suffixes kept on the word.
    O200k,
}

impl Pattern {
    pub const ALL: &'static [Pattern] = &[Pattern::Gpt2, Pattern::Cl100k, Pattern::O200k];

    /// The name the CLI and the URL use.
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Gpt2 => "gpt2",
            Pattern::Cl100k => "cl100k",
            Pattern::O200k => "o200k",
        }
    }

    /// The chunks of `text`, in order; concatenated they give `text` back.
    pub fn pretokenize(self, text: &str) -> Pieces<'_> {
        match self {
            Pattern::Gpt2 => crate::gpt2::pretokenize(text),
            Pattern::Cl100k => crate::tiktoken::cl100k::pretokenize(text),
            Pattern::O200k => crate::tiktoken::o200k::pretokenize(text),
        }
    }

    /// The pattern as a regular expression, as js-tiktoken 1.0.21 writes it (the hand-written
    /// pre-tokenizers follow V8 running these), for files that other tokenizers load.
    pub fn regex(self) -> &'static str {
        match self {
            Pattern::Gpt2 => {
                r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
            }
            Pattern::Cl100k => concat!(
                r"('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)",
                r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
            ),
            Pattern::O200k => concat!(
                r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+",
                r"('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?",
                r"|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*",
                r"('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?",
                r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"
            ),
        }
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pattern name that is not one of [`Pattern::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPattern(pub String);

impl fmt::Display for UnknownPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown pre-tokenizer pattern `{}`: use gpt2, cl100k or o200k",
            self.0
        )
    }
}

impl std::error::Error for UnknownPattern {}

impl FromStr for Pattern {
    type Err = UnknownPattern;

    fn from_str(name: &str) -> Result<Pattern, UnknownPattern> {
        Pattern::ALL
            .iter()
            .copied()
            .find(|p| p.name() == name)
            .ok_or_else(|| UnknownPattern(name.to_string()))
    }
}

/// A chunk's bytes as stand-ins: the word the trainer sees (`" café"` → `"ĠcafÃ©"`).
pub fn stand_ins(chunk: &str) -> String {
    printable(chunk.as_bytes())
}

/// The 256 byte stand-ins, the alphabet of every byte-level run.
pub fn byte_alphabet() -> impl Iterator<Item = char> {
    (0..=255u8).map(byte_char)
}

/// The bytes a symbol of stand-ins stands for; None if a character is not a stand-in.
pub fn symbol_bytes(symbol: &str) -> Option<Vec<u8>> {
    symbol.chars().map(char_byte).collect()
}

/// The text a sequence of stand-in symbols stands for; bytes that are not UTF-8 on their own (a
/// token that ends inside a character) become U+FFFD, as Hugging Face's `ByteLevel` decoder does.
pub fn decode_symbols<'s>(symbols: impl IntoIterator<Item = &'s str>) -> String {
    let bytes: Vec<u8> = symbols
        .into_iter()
        .flat_map(|s| s.chars().filter_map(char_byte))
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A symbol's bytes in hex, `E2 80 99`; characters that are not stand-ins are left as they are.
pub fn hex(symbol: &str) -> String {
    let mut out = String::with_capacity(symbol.len() * 3);
    for c in symbol.chars() {
        if !out.is_empty() {
            out.push(' ');
        }
        match char_byte(c) {
            Some(b) => {
                const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
                out.push(DIGITS[usize::from(b >> 4)] as char);
                out.push(DIGITS[usize::from(b & 15)] as char);
            }
            None => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_become_stand_ins_and_back() {
        assert_eq!(stand_ins(" café"), "ĠcafÃ©");
        assert_eq!(symbol_bytes("ĠcafÃ©").unwrap(), " café".as_bytes());
        assert_eq!(decode_symbols(["Ġca", "fÃ", "©"]), " café");
        // A token that ends inside a character decodes to U+FFFD on its own.
        assert_eq!(decode_symbols(["Ã"]), "\u{fffd}");
        assert_eq!(symbol_bytes("</w>"), Some(b"</w>".to_vec()));
        assert_eq!(symbol_bytes("\u{3042}"), None);
    }

    #[test]
    fn hex_spells_every_byte() {
        assert_eq!(hex("ĠcafÃ©"), "20 63 61 66 C3 A9");
        assert_eq!(hex("Ċ"), "0A");
        assert_eq!(hex(""), "");
    }

    #[test]
    fn the_alphabet_is_every_byte_once() {
        let mut alphabet: Vec<char> = byte_alphabet().collect();
        alphabet.sort_unstable();
        alphabet.dedup();
        assert_eq!(alphabet.len(), 256);
    }

    #[test]
    fn patterns_cut_differently_and_round_trip() {
        let text = "I'VE got 12345 apples\r\n\n  and HelloWorld's/path";
        let cut = |p: Pattern| p.pretokenize(text).collect::<Vec<_>>();
        for &p in Pattern::ALL {
            assert_eq!(cut(p).concat(), text);
            assert_eq!(p.name().parse::<Pattern>(), Ok(p));
        }
        assert!(cut(Pattern::Gpt2).contains(&" 12345"));
        assert!(cut(Pattern::Cl100k).contains(&"123"));
        assert!(cut(Pattern::O200k).contains(&"World's"));
        assert_eq!(
            "gpt4".parse::<Pattern>().unwrap_err().to_string(),
            "unknown pre-tokenizer pattern `gpt4`: use gpt2, cl100k or o200k"
        );
    }
}
