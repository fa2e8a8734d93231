//! A trained run as a whole tokenizer: its merge table, built once from the trace, and its
//! vocabulary's ids. Text is split on whitespace (which no token keeps), then each word is encoded
//! by replaying the merges, as "Encode a word" does.
//!
//! Decoding follows Hugging Face's BPE decoder for a `</w>` suffix: every `</w>` becomes a space and
//! the last one is dropped; without `</w>` the words run together. Left out: unknown-token and
//! byte-fallback handling (a character the corpus never had stays a piece with no id).

use std::sync::Arc;

use super::{Encoder, Trace, END_OF_WORD};
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
        let mut pieces = Vec::new();
        for word in text.split_whitespace() {
            let tokens = self.encoder.encode_word(word).tokens;
            let mut at = offset_in(text, word);
            let last = tokens.len().saturating_sub(1);
            for (i, token) in tokens.into_iter().enumerate() {
                // Tokens are runs of the word's characters; the last one also holds the `</w>`
                // symbol, which stands for no input.
                let marker = if i == last && self.encoder.end_of_word() {
                    END_OF_WORD.len()
                } else {
                    0
                };
                let end = at + token.len() - marker;
                pieces.push(Piece {
                    id: vocab.id(&token),
                    span: at..end,
                    display: token,
                });
                at = end;
            }
        }
        pieces
    }

    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId> {
        let vocab = self.trace.vocab();
        let mut text = String::new();
        for (position, &id) in ids.iter().enumerate() {
            if id as usize >= vocab.len() {
                return Err(UnknownId {
                    id,
                    position,
                    vocab_size: vocab.len(),
                    reserved: 0,
                });
            }
            text.push_str(vocab.symbol(id));
        }
        let mut text = text.replace(END_OF_WORD, " ");
        if self.encoder.end_of_word() && text.ends_with(' ') {
            text.pop();
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bpe::{train, TrainOptions, WordCounts};

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
