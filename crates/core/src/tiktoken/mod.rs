//! OpenAI's tiktoken encodings, id for id with js-tiktoken 1.0.21: byte-level BPE over a ranks
//! table (each token's bytes, in rank order; [`ranks`]) behind a hand-written pre-tokenizer for the
//! encoding's pattern ([`cl100k`], [`o200k`]). A piece that is itself a token is that token; otherwise its bytes
//! are merged lowest rank first, as tiktoken's `byte_pair_merge` does ([`RankBpe`]).
//!
//! Implemented: `cl100k_base` (GPT-3.5 and GPT-4), `o200k_base` (GPT-4o) and Mistral's Tekken
//! (tiktoken-style ranks behind its own pattern; [`tekken`]). Leaves out:
//! special-token parsing (their strings are ordinary text, as `encode_ordinary`) and loading files
//! (callers pass the asset's bytes).

mod as_tokenizer;
pub mod cl100k;
mod encoder;
mod explain;
pub mod o200k;
pub mod ranks;
pub mod tekken;
mod unicode_tables;

use std::fmt;

use crate::asset::AssetError;

pub use as_tokenizer::{Encoding, Pattern};
pub use encoder::RankBpe;
/// The Unicode version of o200k_base's case tables (the letter tables are GPT-2's).
pub use unicode_tables::UNICODE_VERSION;

/// Everything that can go wrong: a damaged ranks asset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TiktokenError {
    Asset(AssetError),
    /// A token of length 0, one that repeats an earlier one, or a payload that ends inside a token.
    BadToken {
        rank: usize,
    },
    /// A single byte has no token, so some texts could not be encoded.
    MissingByte {
        byte: u8,
    },
}

impl fmt::Display for TiktokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TiktokenError::Asset(error) => error.fmt(f),
            TiktokenError::BadToken { rank } => {
                write!(f, "the tiktoken ranks asset is invalid at rank {rank}: an empty, repeated or cut-off token")
            }
            TiktokenError::MissingByte { byte } => {
                write!(
                    f,
                    "the tiktoken ranks asset has no token for byte {byte:#04x}"
                )
            }
        }
    }
}

impl std::error::Error for TiktokenError {}

impl From<AssetError> for TiktokenError {
    fn from(error: AssetError) -> TiktokenError {
        TiktokenError::Asset(error)
    }
}

#[cfg(test)]
mod tests {
    use super::{cl100k, o200k};

    fn cl100k(text: &str) -> Vec<&str> {
        cl100k::pretokenize(text).collect()
    }

    fn o200k(text: &str) -> Vec<&str> {
        o200k::pretokenize(text).collect()
    }

    #[test]
    fn cl100k_worked_examples() {
        assert_eq!(cl100k("Hello world"), ["Hello", " world"]);
        assert_eq!(
            cl100k("I'M here, they'Ll"),
            ["I", "'M", " here", ",", " they", "'Ll"]
        );
        assert_eq!(cl100k("12345 1,000"), ["123", "45", " ", "1", ",", "000"]);
        assert_eq!(cl100k("a  b"), ["a", " ", " b"]);
        assert_eq!(cl100k("x \n\n  y"), ["x", " \n\n", " ", " y"]);
        assert_eq!(cl100k("ok!!\n\nnext"), ["ok", "!!\n\n", "next"]);
        assert_eq!(cl100k("\tword"), ["\tword"]);
        assert_eq!(cl100k("end   "), ["end", "   "]);
        assert_eq!(cl100k(" $5"), [" $", "5"]);
        assert_eq!(cl100k("(café)"), ["(café", ")"]);
    }

    #[test]
    fn o200k_worked_examples() {
        assert_eq!(o200k("HelloWorld"), ["Hello", "World"]);
        assert_eq!(o200k("HTTPServer"), ["HTTPServer"]);
        assert_eq!(
            o200k("I'M here, THEY'LL"),
            ["I'M", " here", ",", " THEY'LL"]
        );
        // A character that is no letter or number may lead a word.
        assert_eq!(o200k("12345 a/b"), ["123", "45", " a", "/b"]);
        assert_eq!(o200k("日本語 e\u{301}te"), ["日本語", " e\u{301}te"]);
        assert_eq!(o200k("x \n\n  y"), ["x", " \n\n", " ", " y"]);
        // Slashes may follow the line breaks after other characters.
        assert_eq!(o200k(")\n\n/* c"), [")\n\n/", "*", " c"]);
    }

    #[test]
    fn the_case_tables_come_from_the_same_unicode_as_the_letter_tables() {
        assert_eq!(super::UNICODE_VERSION, crate::gpt2::UNICODE_VERSION);
    }

    #[test]
    fn every_pattern_cuts_any_text_into_pieces_that_give_it_back() {
        let texts = [
            "",
            " ",
            "\r\n",
            "日本語のテキスト 123",
            "👍🏽 emoji's",
            "a\u{3000}b\u{85}c",
            "ABCdef GHI",
            "\u{301}a",
        ];
        for text in texts {
            for pieces in [
                cl100k::pretokenize(text).collect::<Vec<_>>(),
                o200k::pretokenize(text).collect(),
            ] {
                assert_eq!(pieces.concat(), text);
                assert!(pieces.iter().all(|p| !p.is_empty()), "{text:?}");
            }
        }
    }
}
