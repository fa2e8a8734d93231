//! WordPiece behind the lab's [`Tokenizer`] interface. Encoding adds `[CLS]` and `[SEP]` as the model
//! sees them. Decoding is Hugging Face's WordPiece decoder with `skip_special_tokens` and without the
//! clean-up pass: tokens joined by spaces, a `##` piece glued to the one before, `[CLS]`, `[SEP]`,
//! `[PAD]` and `[MASK]` skipped (`[UNK]` stays, it stands for a word).
//! Normalising loses case and accents, so decoding gives the normalised words, not the input.

use super::{WordPiece, CONTINUATION, SPECIAL_TOKENS, UNK};
use crate::tokenizer::{Piece, Tokenizer, UnknownId};

impl Tokenizer for WordPiece {
    fn name(&self) -> &str {
        "WordPiece (MiniLM)"
    }

    fn vocab_size(&self) -> usize {
        self.vocab().len()
    }

    fn encode(&self, text: &str) -> Vec<Piece> {
        WordPiece::encode(self, text)
            .tokens
            .into_iter()
            .map(|token| Piece {
                id: Some(token.id),
                span: token.span,
                display: token.text,
            })
            .collect()
    }

    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId> {
        let mut text = String::new();
        for (position, &id) in ids.iter().enumerate() {
            let token = self.vocab().token(id).ok_or(UnknownId {
                id,
                position,
                vocab_size: self.vocab().len(),
                reserved: 0,
            })?;
            if token != UNK && SPECIAL_TOKENS.contains(&token) {
                continue;
            }
            match token
                .strip_prefix(CONTINUATION)
                .filter(|rest| !rest.is_empty())
            {
                Some(rest) if !text.is_empty() => text.push_str(rest),
                _ => {
                    if !text.is_empty() {
                        text.push(' ');
                    }
                    text.push_str(token);
                }
            }
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokenizer() -> WordPiece {
        let vocab = "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\nun\n##aff\n##able\nu\n##n\n##a\n.\nis\n";
        WordPiece::from_vocab_text(vocab).unwrap()
    }

    #[test]
    fn spans_point_into_the_input_through_normalising() {
        let text = "Ünaffable  is.";
        let pieces = Tokenizer::encode(&tokenizer(), text);
        let shown: Vec<(&str, &str)> = pieces
            .iter()
            .map(|p| (p.display.as_str(), &text[p.span.clone()]))
            .collect();
        assert_eq!(
            shown,
            [
                ("[CLS]", ""),
                ("un", "Ün"),
                ("##aff", "aff"),
                ("##able", "able"),
                ("is", "is"),
                (".", "."),
                ("[SEP]", ""),
            ]
        );
        assert_eq!(pieces[0].span, 0..0);
        assert_eq!(pieces[6].span, text.len()..text.len());
    }

    #[test]
    fn decoding_glues_continuations_and_skips_markers() {
        let tokenizer = tokenizer();
        let ids: Vec<u32> = Tokenizer::encode(&tokenizer, "unaffable is [MASK] x.")
            .iter()
            .filter_map(|p| p.id)
            .collect();
        assert_eq!(tokenizer.decode(&ids).unwrap(), "unaffable is [UNK] .");
        assert_eq!(tokenizer.decode(&[99]).unwrap_err().position, 0);
    }
}
