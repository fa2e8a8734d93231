//! A trained run as a whole tokenizer: its merge table, built once from the trace, and its
//! vocabulary's ids. Text is split on whitespace (which no token keeps), then each word is encoded
//! by replaying the merges, as "Encode a word" does.
//!
//! Decoding follows Hugging Face's BPE decoder for a `</w>` suffix: every `</w>` becomes a space and
//! the last one is dropped; without `</w>` the words run together. A byte-level run cuts the text
//! with its pattern instead, keeps every byte (spaces included) and decodes bytes back to text. Left out: unknown-token and
//! byte-fallback handling (a character the corpus never had stays a piece with no id).

use std::sync::Arc;

use super::byte_level::{decode_symbols, stand_ins, Pattern};
use super::{Encoder, Encoding, Trace, END_OF_WORD};
use crate::tokenizer::{offset_in, Piece, Tokenizer, UnknownId};

/// The run trained in the walkthrough, ready to encode any text.
#[derive(Clone, Debug)]
pub struct BpeTokenizer {
    trace: Arc<Trace>,
    encoder: Encoder,
}

impl BpeTokenizer {
    pub fn new(trace: Arc<Trace>) -> BpeTokenizer {
        BpeTokenizer {
            encoder: Encoder::from_trace(&trace),
            trace,
        }
    }

    /// The run it was built from.
    pub fn trace(&self) -> &Arc<Trace> {
        &self.trace
    }

    /// Its merge table, for replaying one word merge by merge.
    pub fn encoder(&self) -> &Encoder {
        &self.encoder
    }

    /// The words `text` is encoded as, each with its merge replay: the words between whitespace,
    /// or a byte-level run's chunks spelled as byte stand-ins (`Ġthe`).
    pub fn encode_words(&self, text: &str) -> Vec<(String, Encoding)> {
        let replay = |word: String| {
            let encoding = self.encoder.encode_word(&word);
            (word, encoding)
        };
        match self.trace.options().byte_level {
            Some(pattern) => pattern
                .pretokenize(text)
                .map(stand_ins)
                .map(replay)
                .collect(),
            None => text
                .split_whitespace()
                .map(String::from)
                .map(replay)
                .collect(),
        }
    }
}

impl Tokenizer for BpeTokenizer {
    fn name(&self) -> &str {
        "Your BPE"
    }

    fn vocab_size(&self) -> usize {
        self.trace.vocab().len()
    }

    fn encode(&self, text: &str) -> Vec<Piece> {
        let vocab = self.trace.vocab();
        encode_text(
            &self.encoder,
            self.trace.options().byte_level,
            text,
            &|token| vocab.id(token),
        )
    }

    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId> {
        let vocab = self.trace.vocab();
        let symbol = |id: u32| (id < vocab.len() as u32).then(|| vocab.symbol(id));
        decode_ids(
            self.encoder.end_of_word(),
            self.trace.options().byte_level,
            vocab.len(),
            ids,
            &symbol,
        )
    }
}

/// The pieces of `text` under a merge table: byte-level with `pattern` (every chunk's stand-ins
/// merged; a token spans as many input bytes as it has stand-ins), else words between whitespace.
/// `id` looks a token up in the vocabulary.
pub(super) fn encode_text(
    encoder: &Encoder,
    pattern: Option<Pattern>,
    text: &str,
    id: &dyn Fn(&str) -> Option<u32>,
) -> Vec<Piece> {
    let mut pieces = Vec::new();
    if let Some(pattern) = pattern {
        let mut at = 0;
        for chunk in pattern.pretokenize(text) {
            for token in encoder.encode_word(&stand_ins(chunk)).tokens {
                let end = at + token.chars().count();
                pieces.push(Piece {
                    id: id(&token),
                    span: at..end,
                    display: token,
                });
                at = end;
            }
        }
        return pieces;
    }
    for word in text.split_whitespace() {
        let tokens = encoder.encode_word(word).tokens;
        let mut at = offset_in(text, word);
        let last = tokens.len().saturating_sub(1);
        for (i, token) in tokens.into_iter().enumerate() {
            // Tokens are runs of the word's characters; the last one also holds the `</w>`
            // symbol, which stands for no input.
            let marker = if i == last && encoder.end_of_word() {
                END_OF_WORD.len()
            } else {
                0
            };
            let end = at + token.len() - marker;
            pieces.push(Piece {
                id: id(&token),
                span: at..end,
                display: token,
            });
            at = end;
        }
    }
    pieces
}

/// The text of `ids`, each spelled by `symbol` (None for an id the vocabulary lacks): bytes back to
/// text when byte-level, else every `</w>` a space and the last one dropped.
pub(super) fn decode_ids<'v>(
    end_of_word: bool,
    byte_level: Option<Pattern>,
    vocab_size: usize,
    ids: &[u32],
    symbol: &dyn Fn(u32) -> Option<&'v str>,
) -> Result<String, UnknownId> {
    let mut text = String::new();
    for (position, &id) in ids.iter().enumerate() {
        let spelled = symbol(id).ok_or(UnknownId {
            id,
            position,
            vocab_size,
            reserved: 0,
        })?;
        text.push_str(spelled);
    }
    if byte_level.is_some() {
        return Ok(decode_symbols([text.as_str()]));
    }
    let mut text = text.replace(END_OF_WORD, " ");
    if end_of_word && text.ends_with(' ') {
        text.pop();
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bpe::{train, Pattern, TrainOptions, WordCounts};

    /// The seed's corpus, trained for ten merges.
    fn seed_tokenizer() -> BpeTokenizer {
        let words =
            WordCounts::from_word_count_lines("low 5\nlowest 2\nnewer 6\nwider 3\n").unwrap();
        let trace = train(&words, TrainOptions::default(), 10).unwrap();
        BpeTokenizer::new(Arc::new(trace))
    }

    #[test]
    fn pieces_cover_the_words_and_skip_whitespace() {
        let tokenizer = seed_tokenizer();
        let text = "  lowest newer\twide";
        let pieces = tokenizer.encode(text);
        let spelled: String = pieces.iter().map(|p| &text[p.span.clone()]).collect();
        assert_eq!(spelled, "lowestnewerwide");
        // Spans are contiguous within a word and the `</w>` piece ends where the word does.
        let last = pieces.last().unwrap();
        assert!(last.display.ends_with(END_OF_WORD));
        assert_eq!(last.span.end, text.len());
        assert!(pieces.iter().all(|p| p.id.is_some()));
    }

    #[test]
    fn byte_level_keeps_every_byte_and_decodes_them() {
        let words = WordCounts::from_chunks("the cat the hat the caf\u{e9}", Pattern::Gpt2);
        let options = TrainOptions::byte_level(Pattern::Gpt2, Default::default());
        let tokenizer = BpeTokenizer::new(Arc::new(train(&words, options, 20).unwrap()));
        let text = "the caf\u{e9} \u{1f600}\n";
        let pieces = tokenizer.encode(text);
        // Every byte has an id, spans tile the text, and a token may end inside a character.
        assert!(pieces.iter().all(|p| p.id.is_some()));
        assert_eq!(pieces.first().unwrap().span.start, 0);
        assert!(pieces.windows(2).all(|w| w[0].span.end == w[1].span.start));
        assert_eq!(pieces.last().unwrap().span.end, text.len());
        assert!(pieces.iter().any(|p| p.display == "the"));
        let ids: Vec<u32> = pieces.iter().filter_map(|p| p.id).collect();
        assert_eq!(tokenizer.decode(&ids).unwrap(), text);
    }

    #[test]
    fn an_unseen_character_has_no_id_and_decoding_restores_words() {
        let tokenizer = seed_tokenizer();
        let pieces = tokenizer.encode("low zed");
        assert!(pieces.iter().any(|p| p.id.is_none() && p.display == "z"));
        let known: Vec<u32> = tokenizer
            .encode("lower newest")
            .iter()
            .filter_map(|p| p.id)
            .collect();
        assert_eq!(tokenizer.decode(&known).unwrap(), "lower newest");
        let error = tokenizer.decode(&[0, 9_999]).unwrap_err();
        assert_eq!((error.id, error.position), (9_999, 1));
    }
}
