//! The vocabulary (`assets/minilm/vocab.txt`): one token per line, the line number (from 0) is the
//! id, the order of `tokenizer.json`'s WordPiece vocabulary. Tokens starting with `##` continue a word;
//! they are indexed without the prefix so the encoder looks both kinds up without building strings.
//! Leaves out: reading the file (callers pass its text).

use crate::fxhash::FxHashMap;

use super::{WordPieceError, CONTINUATION, SPECIAL_TOKENS};

/// Token ↔ id, in both directions.
#[derive(Clone, Debug)]
pub struct Vocab {
    tokens: Vec<String>,
    /// Tokens that start a word.
    starts: FxHashMap<String, u32>,
    /// Continuation tokens, without their `##`.
    continuations: FxHashMap<String, u32>,
}

impl Vocab {
    /// Parses vocab.txt; refuses an empty file, an empty or repeated token, a token holding
    /// whitespace, and a vocabulary without BERT's special tokens.
    pub fn parse(text: &str) -> Result<Vocab, WordPieceError> {
        let tokens: Vec<String> = text.lines().map(str::to_string).collect();
        if tokens.is_empty() {
            return Err(WordPieceError::BadVocab("the file is empty".into()));
        }
        let (mut starts, mut continuations) = (FxHashMap::default(), FxHashMap::default());
        for (id, token) in tokens.iter().enumerate() {
            let line = id + 1;
            if token.is_empty() || token.contains(char::is_whitespace) {
                return Err(WordPieceError::BadVocab(format!(
                    "line {line} is empty or holds whitespace: {token:?}"
                )));
            }
            let (map, key) = match token.strip_prefix(CONTINUATION) {
                Some(rest) if !rest.is_empty() => (&mut continuations, rest),
                _ => (&mut starts, token.as_str()),
            };
            if map.insert(key.to_string(), id as u32).is_some() {
                return Err(WordPieceError::BadVocab(format!(
                    "line {line} repeats the token {token:?}"
                )));
            }
        }
        if let Some(missing) = SPECIAL_TOKENS.iter().find(|s| !starts.contains_key(**s)) {
            return Err(WordPieceError::BadVocab(format!(
                "the special token {missing} is missing"
            )));
        }
        Ok(Vocab {
            tokens,
            starts,
            continuations,
        })
    }

    /// The number of tokens (30,522 for MiniLM).
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// Every token, in id order.
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// The token with id `id`, or None past the end.
    pub fn token(&self, id: u32) -> Option<&str> {
        self.tokens.get(id as usize).map(String::as_str)
    }

    /// The id of `token` as written in the file (`##ing` for a continuation).
    pub fn id(&self, token: &str) -> Option<u32> {
        match token.strip_prefix(CONTINUATION) {
            Some(rest) if !rest.is_empty() => self.continuation_id(rest),
            _ => self.start_id(token),
        }
    }

    /// The id of `piece` as the start of a word.
    pub fn start_id(&self, piece: &str) -> Option<u32> {
        self.starts.get(piece).copied()
    }

    /// The id of `##piece`: `piece` continuing a word.
    pub fn continuation_id(&self, piece: &str) -> Option<u32> {
        self.continuations.get(piece).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECIALS: &str = "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\n";

    #[test]
    fn ids_are_line_numbers_and_continuations_keep_their_prefix() {
        let vocab = Vocab::parse(&format!("{SPECIALS}un\n##aff\n##able\n#\n##\n")).unwrap();
        assert_eq!(vocab.len(), 10);
        assert_eq!(vocab.id("un"), Some(5));
        assert_eq!(vocab.id("##aff"), Some(6));
        assert_eq!(vocab.continuation_id("able"), Some(7));
        assert_eq!(vocab.start_id("able"), None);
        // "#" and "##" are ordinary tokens: a prefix needs something after it.
        assert_eq!(vocab.id("##"), Some(9));
        assert_eq!(vocab.token(6), Some("##aff"));
        assert_eq!(vocab.token(10), None);
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        let error = |text: &str| Vocab::parse(text).unwrap_err().to_string();
        assert!(error("").contains("empty"));
        assert!(error(&format!("{SPECIALS}a\na\n")).contains("line 7 repeats"));
        assert!(error(&format!("{SPECIALS}a b\n")).contains("line 6"));
        assert!(error("[PAD]\n[UNK]\n").contains("[CLS] is missing"));
    }
}
