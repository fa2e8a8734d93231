//! The `WordLevel` model: each piece is its token, or the unknown token.

use serde_json::Value;

use crate::fxhash::FxHashMap;

#[derive(Clone, Debug)]
pub struct WordLevel {
    ids: FxHashMap<String, u32>,
    unk: Option<u32>,
}

impl WordLevel {
    pub fn from_json(json: &Value, ids: FxHashMap<String, u32>) -> WordLevel {
        let unk = json["unk_token"].as_str().and_then(|u| ids.get(u).copied());
        WordLevel { ids, unk }
    }

    /// The token of `word` (`None`: unknown, and the vocabulary has no unknown token).
    pub fn token(&self, word: &str) -> Option<u32> {
        self.ids.get(word).copied().or(self.unk)
    }
}
