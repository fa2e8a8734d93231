//! The `WordPiece` model, as Hugging Face `tokenizers` 0.23 runs it: the longest token that starts
//! the word, then the longest `##`-prefixed token that goes on, until the word is spelled; a word
//! that cannot be spelled, or is longer than `max_input_chars_per_word`, is the unknown token.

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
        let whole = |out: &mut Vec<_>| out.push((self.unk, word.len()));
        if word.chars().count() > self.max_chars {
            return whole(out);
        }
        let mark = out.len();
        let mut start = 0;
        let mut text = String::new();
        while start < word.len() {
            let mut end = word.len();
            let found = loop {
                if end <= start {
                    break None;
                }
                text.clear();
                if start > 0 {
                    text.push_str(&self.prefix);
                }
                text.push_str(&word[start..end]);
                if let Some(&id) = self.ids.get(&text) {
                    break Some(id);
                }
                end -= word[start..end]
                    .chars()
                    .next_back()
                    .map_or(1, char::len_utf8);
            };
            match found {
                Some(id) => out.push((Some(id), end - start)),
                None => {
                    out.truncate(mark);
                    return whole(out);
                }
            }
            start = end;
        }
    }
}
