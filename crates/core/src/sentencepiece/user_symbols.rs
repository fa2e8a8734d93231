//! User-defined symbols: pieces a model keeps whole wherever they occur, untouched by the
//! normalizer and never merged with their neighbours. SentencePiece matches the longest one that
//! starts at a position; otherwise a position advances by one character.

use crate::fxhash::FxHashMap;

/// The longest-match set of a model's user-defined pieces.
#[derive(Clone, Debug, Default)]
pub(super) struct UserSymbols {
    /// Each symbol's id.
    symbols: FxHashMap<String, u32>,
    longest: usize,
}

impl UserSymbols {
    pub fn new<'a>(pieces: impl IntoIterator<Item = (&'a str, u32)>) -> UserSymbols {
        let symbols: FxHashMap<String, u32> = pieces
            .into_iter()
            .map(|(p, id)| (p.to_string(), id))
            .collect();
        let longest = symbols.keys().map(String::len).max().unwrap_or(0);
        UserSymbols { symbols, longest }
    }

    /// The byte length of the longest symbol that starts `text`, if any.
    pub fn longest_match(&self, text: &str) -> Option<usize> {
        if self.symbols.is_empty() {
            return None;
        }
        let end = self.longest.min(text.len());
        (1..=end)
            .rev()
            .filter(|&len| text.is_char_boundary(len))
            .find(|&len| self.symbols.contains_key(&text[..len]))
    }

    /// The byte length of the symbol that starts non-empty `text`: a user-defined symbol (true)
    /// or one character (false).
    pub fn next_symbol(&self, text: &str) -> (usize, bool) {
        match self.longest_match(text) {
            Some(len) => (len, true),
            None => (text.chars().next().map_or(0, char::len_utf8), false),
        }
    }
}
