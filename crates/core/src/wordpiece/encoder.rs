//! The WordPiece tokenizer, end to end, as `tokenizers` runs MiniLM's `tokenizer.json` (no padding, no
//! truncation):
//!
//! 1. special tokens typed in the text are taken out first (special.rs);
//! 2. the rest is normalised (normalise.rs) and split into words (pretokenise.rs);
//! 3. each word becomes pieces, greedily longest first: the longest prefix in the vocabulary, then
//!    the longest `##` continuation of the remainder, and so on. A word with any stretch no piece
//!    covers, or longer than 100 characters, becomes one `[UNK]` as a whole;
//! 4. `[CLS]` in front and `[SEP]` at the end.
//!
//! Every token keeps the byte span of the input it came from, traced back through normalising.
//! Leaves out: sentence pairs (token type 1), padding and truncation (decoding is as_tokenizer.rs's).

use std::ops::Range;

use super::normalise::normalise_aligned;
use super::pretokenise::pretokenise;
use super::special::{segments, Segment};
use super::{Vocab, WordPieceError, CLS, SEP, UNK};
use crate::tokenizer::offset_in;

/// Words longer than this many characters are `[UNK]` without trying (`max_input_chars_per_word`).
pub const MAX_WORD_CHARS: usize = 100;

/// A WordPiece tokenizer over one vocabulary.
#[derive(Clone, Debug)]
pub struct WordPiece {
    vocab: Vocab,
    unk: u32,
    cls: u32,
    sep: u32,
}

/// One token of an encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub id: u32,
    /// The token as written in the vocabulary (`##ing`, `[UNK]`).
    pub text: String,
    /// The index in [`Encoding::words`] of the word it came from; None for the `[CLS]` and `[SEP]`
    /// the tokenizer adds.
    pub word: Option<usize>,
    /// The bytes of the input it stands for: whole characters (normalising works on characters);
    /// empty where `[CLS]` and `[SEP]` stand.
    pub span: Range<usize>,
}

impl Token {
    /// A `##` piece that continues the word before it.
    pub fn is_continuation(&self) -> bool {
        self.text.len() > 2 && self.text.starts_with(super::CONTINUATION)
    }
}

/// What [`WordPiece::encode`] returns: the tokens, and the words they were cut from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    pub tokens: Vec<Token>,
    /// The normalised words (special tokens typed in the text are words of their own).
    pub words: Vec<String>,
}

impl Encoding {
    /// The ids, `[CLS]` and `[SEP]` included: the model's `input_ids`.
    pub fn ids(&self) -> Vec<u32> {
        self.tokens.iter().map(|t| t.id).collect()
    }

    /// The number of tokens, `[CLS]` and `[SEP]` included: T in the seed's guard.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Never true: even empty text gives `[CLS] [SEP]`.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }
}

impl WordPiece {
    /// A tokenizer over `vocab` (which has the special tokens; [`Vocab::parse`] checks).
    pub fn new(vocab: Vocab) -> WordPiece {
        let id = |token| {
            vocab
                .start_id(token)
                .expect("Vocab::parse checks special tokens")
        };
        let (unk, cls, sep) = (id(UNK), id(CLS), id(SEP));
        WordPiece {
            vocab,
            unk,
            cls,
            sep,
        }
    }

    /// A tokenizer from the text of vocab.txt.
    pub fn from_vocab_text(text: &str) -> Result<WordPiece, WordPieceError> {
        Ok(WordPiece::new(Vocab::parse(text)?))
    }

    pub fn vocab(&self) -> &Vocab {
        &self.vocab
    }

    /// The id of `[UNK]`.
    pub fn unk_id(&self) -> u32 {
        self.unk
    }

    /// Tokenizes `text` as `tokenizers` does: `[CLS]`, the word pieces, `[SEP]`.
    pub fn encode(&self, text: &str) -> Encoding {
        let mut encoding = Encoding {
            tokens: Vec::new(),
            words: Vec::new(),
        };
        self.push(&mut encoding, self.cls, None, 0..0);
        // Specials and text stretches follow each other without gaps.
        let mut at = 0;
        for segment in segments(text) {
            match segment {
                Segment::Special(token) => {
                    let id = self.vocab.start_id(token).expect("checked by Vocab::parse");
                    let index = self.push_word(&mut encoding, token);
                    self.push(&mut encoding, id, Some(index), at..at + token.len());
                    at += token.len();
                }
                Segment::Text(stretch) => {
                    at = offset_in(text, stretch);
                    self.push_text(&mut encoding, stretch, at);
                    at += stretch.len();
                }
            }
        }
        self.push(&mut encoding, self.sep, None, text.len()..text.len());
        encoding
    }

    /// The pieces of a stretch of plain text that starts at byte `base` of the input.
    fn push_text(&self, encoding: &mut Encoding, stretch: &str, base: usize) {
        let (normalised, sources) = normalise_aligned(stretch);
        // A normalised byte range back to the input characters it came from.
        let span = |from: usize, to: usize| {
            let last = sources[to - 1];
            let last_len = stretch[last..].chars().next().map_or(0, char::len_utf8);
            base + sources[from]..base + last + last_len
        };
        let mut pieces = Vec::new();
        for word in pretokenise(&normalised) {
            let start = offset_in(&normalised, word);
            let index = self.push_word(encoding, word);
            pieces.clear();
            if !self.pieces(word, &mut pieces) {
                self.push(
                    encoding,
                    self.unk,
                    Some(index),
                    span(start, start + word.len()),
                );
                continue;
            }
            let mut from = start;
            for &id in &pieces {
                let token = self.vocab.token(id).expect("ids come from the vocabulary");
                let len = if from == start {
                    token.len()
                } else {
                    token.len() - super::CONTINUATION.len()
                };
                self.push(encoding, id, Some(index), span(from, from + len));
                from += len;
            }
        }
    }

    /// The ids of `word`'s pieces, appended to `out`; false (with `out` partly filled) when the word
    /// is too long or some stretch of it has no piece, i.e. when it is `[UNK]`.
    pub fn pieces(&self, word: &str, out: &mut Vec<u32>) -> bool {
        self.pieces_with(word, out, |_, _| {})
    }

    /// [`pieces`](Self::pieces), telling `note` each piece found: its byte range in the word and
    /// how many longer candidates from its start were not in the vocabulary.
    pub(crate) fn pieces_with(
        &self,
        word: &str,
        out: &mut Vec<u32>,
        mut note: impl FnMut(Range<usize>, usize),
    ) -> bool {
        if word.chars().count() > MAX_WORD_CHARS {
            return false;
        }
        let mut start = 0;
        while start < word.len() {
            // Longest first: shorten the candidate one character at a time from the end.
            let rest = &word[start..];
            let found = rest
                .char_indices()
                .map(|(i, c)| i + c.len_utf8())
                .rev()
                .enumerate()
                .find_map(|(tried, end)| {
                    let piece = &rest[..end];
                    let id = if start == 0 {
                        self.vocab.start_id(piece)
                    } else {
                        self.vocab.continuation_id(piece)
                    };
                    id.map(|id| (id, end, tried))
                });
            let Some((id, len, tried)) = found else {
                return false;
            };
            note(start..start + len, tried);
            out.push(id);
            start += len;
        }
        true
    }

    /// Records a word and returns its index in [`Encoding::words`].
    fn push_word(&self, encoding: &mut Encoding, word: &str) -> usize {
        encoding.words.push(word.to_string());
        encoding.words.len() - 1
    }

    fn push(&self, encoding: &mut Encoding, id: u32, word: Option<usize>, span: Range<usize>) {
        let text = self.vocab.token(id).expect("ids come from the vocabulary");
        encoding.tokens.push(Token {
            id,
            text: text.to_string(),
            word,
            span,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokenizer() -> WordPiece {
        let vocab = "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\nun\n##aff\n##able\nu\n##n\n##a\n.\n";
        WordPiece::from_vocab_text(vocab).unwrap()
    }

    fn texts(encoding: &Encoding) -> Vec<&str> {
        encoding.tokens.iter().map(|t| t.text.as_str()).collect()
    }

    #[test]
    fn longest_piece_first_then_continuations() {
        let wp = tokenizer();
        let encoding = wp.encode("Unaffable.");
        assert_eq!(
            texts(&encoding),
            ["[CLS]", "un", "##aff", "##able", ".", "[SEP]"]
        );
        assert_eq!(encoding.ids(), [2, 5, 6, 7, 11, 3]);
        assert_eq!(encoding.words, ["unaffable", "."]);
        let words: Vec<_> = encoding.tokens.iter().map(|t| t.word).collect();
        assert_eq!(words, [None, Some(0), Some(0), Some(0), Some(1), None]);
        assert!(encoding.tokens[2].is_continuation() && !encoding.tokens[1].is_continuation());
    }

    #[test]
    fn a_word_with_an_uncovered_stretch_is_one_unk() {
        let wp = tokenizer();
        // "unx": un, then no piece for "x" → the whole word is [UNK], not "un [UNK]".
        assert_eq!(
            texts(&wp.encode("unx un")),
            ["[CLS]", "[UNK]", "un", "[SEP]"]
        );
        // Greedy does not backtrack: "unaf" is un + ##a + (no "##f") → [UNK].
        assert_eq!(texts(&wp.encode("unaf")), ["[CLS]", "[UNK]", "[SEP]"]);
    }

    #[test]
    fn the_word_limit_counts_characters() {
        let wp = tokenizer();
        let limit = format!("u{}", "a".repeat(MAX_WORD_CHARS - 1));
        assert_eq!(wp.encode(&limit).len(), 2 + MAX_WORD_CHARS);
        assert_eq!(texts(&wp.encode(&format!("{limit}a")))[1], "[UNK]");
        assert_eq!(texts(&wp.encode("")), ["[CLS]", "[SEP]"]);
    }
}
