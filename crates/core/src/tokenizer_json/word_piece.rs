//! The `WordPiece` model, as Hugging Face `tokenizers` 0.23 runs it: the longest token that starts
//! the word, then the longest `##`-prefixed token that goes on, until the word is spelled; a word
//! that cannot be spelled, or is longer than `max_input_chars_per_word`, is the unknown token.

use std::ops::Range;

use serde_json::Value;

use crate::fxhash::FxHashMap;

#[derive(Clone, Debug)]
pub struct WordPiece {
    ids: FxHashMap<String, u32>,
    unk: Option<u32>,
    prefix: String,
    max_chars: usize,
}

impl WordPiece {
    pub fn from_json(json: &Value, ids: FxHashMap<String, u32>) -> WordPiece {
        let unk = json["unk_token"].as_str().and_then(|u| ids.get(u).copied());
        WordPiece {
            unk,
            prefix: json["continuing_subword_prefix"]
                .as_str()
                .unwrap_or("##")
                .to_string(),
            max_chars: json["max_input_chars_per_word"].as_u64().unwrap_or(100) as usize,
            ids,
        }
    }

    /// The tokens of `word` and the bytes each covers, appended to `out` (`None`: the unknown
    /// token, which this vocabulary lacks).
    pub fn tokenize(&self, word: &str, out: &mut Vec<(Option<u32>, usize)>) {
        let mark = out.len();
        if !self.spell(word, |range, _, id| out.push((Some(id), range.len()))) {
            out.truncate(mark);
            out.push((self.unk, word.len()));
        }
    }

    /// Spells `word` longest piece first, calling `note(bytes, tried, id)` for each piece found
    /// (`tried`: how many longer candidates the vocabulary lacked); false when the word is the
    /// unknown token instead (a stretch no piece covers, or a word too long).
    pub fn spell(&self, word: &str, mut note: impl FnMut(Range<usize>, usize, u32)) -> bool {
        if word.chars().count() > self.max_chars {
            return false;
        }
        let mut start = 0;
        let mut text = String::new();
        while start < word.len() {
            let mut end = word.len();
            let mut tried = 0;
            let id = loop {
                if end <= start {
                    return false;
                }
                text.clear();
                if start > 0 {
                    text.push_str(&self.prefix);
                }
                text.push_str(&word[start..end]);
                if let Some(&id) = self.ids.get(&text) {
                    break id;
                }
                tried += 1;
                end -= word[start..end]
                    .chars()
                    .next_back()
                    .map_or(1, char::len_utf8);
            };
            note(start..end, tried, id);
            start = end;
        }
        true
    }

    /// What marks a piece that goes on a word (`##`).
    pub fn prefix(&self) -> &str {
        &self.prefix
    }
}
