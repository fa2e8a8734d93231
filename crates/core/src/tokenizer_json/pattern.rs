//! What a `Split` pre-tokenizer, a `Replace` normalizer or decoder looks for: a literal string, a
//! regular expression (Oniguruma's syntax in the file: a pattern we know runs on its hand-written
//! lexer, [`KnownPattern`], any other on `fancy-regex`, which has its look-around and Unicode
//! classes), or a character class of the built-in pre-tokenizers. Each finds its matches as
//! Hugging Face's `Pattern::find_matches` does: the text cut into matches and the stretches
//! between them. Leaves out: Oniguruma's own engine (fancy-regex's classes are Rust's Unicode).

use std::ops::Range;

use fancy_regex::Regex;

use super::known_pattern::KnownPattern;
use super::Unsupported;

/// A pattern to cut text by.
#[derive(Clone, Debug)]
pub enum Pattern {
    Literal(String),
    Regex(Box<Regex>),
    /// A regex we know, cut by its lexer.
    Known(KnownPattern),
    /// Each character for which the function holds is a match of its own.
    Chars(fn(char) -> bool),
}

impl Pattern {
    /// `{"String": …}` or `{"Regex": …}`.
    pub fn from_json(json: &serde_json::Value, component: &str) -> Result<Pattern, Unsupported> {
        if let Some(literal) = json["String"].as_str() {
            return Ok(Pattern::Literal(literal.to_string()));
        }
        let source = json["Regex"].as_str().ok_or_else(|| {
            Unsupported::new(component, "its pattern is neither String nor Regex")
        })?;
        Pattern::regex(source, component)
    }

    pub fn regex(source: &str, component: &str) -> Result<Pattern, Unsupported> {
        if let Some(known) = KnownPattern::of(source) {
            return Ok(Pattern::Known(known));
        }
        Regex::new(source)
            .map(|r| Pattern::Regex(Box::new(r)))
            .map_err(|e| {
                Unsupported::new(component, &format!("its pattern does not compile ({e})"))
            })
    }

    /// The matches in `text`, in order, as byte ranges (a regex may match empty).
    pub fn matches(&self, text: &str) -> Vec<Range<usize>> {
        match self {
            Pattern::Literal(literal) if literal.is_empty() => Vec::new(),
            Pattern::Literal(literal) => text
                .match_indices(literal.as_str())
                .map(|(at, m)| at..at + m.len())
                .collect(),
            Pattern::Regex(regex) => {
                let mut found = Vec::new();
                let mut at = 0;
                // Past a failure (catastrophic backtracking) the rest is one non-match, as
                // nothing can be said of it.
                while let Ok(Some(m)) = regex.find_from_pos(text, at) {
                    found.push(m.start()..m.end());
                    at = if m.end() > m.start() {
                        m.end()
                    } else {
                        match text[m.end()..].chars().next() {
                            Some(c) => m.end() + c.len_utf8(),
                            None => break,
                        }
                    };
                    if at > text.len() {
                        break;
                    }
                }
                found
            }
            Pattern::Known(known) => {
                let mut found = Vec::with_capacity(text.len() / 4);
                let mut at = 0;
                while at < text.len() {
                    let len = known.piece_len(&text[at..]);
                    found.push(at..at + len);
                    at += len;
                }
                found
            }
            Pattern::Chars(holds) => text
                .char_indices()
                .filter(|&(_, c)| holds(c))
                .map(|(at, c)| at..at + c.len_utf8())
                .collect(),
        }
    }

    /// `text` cut into (range, is a match), covering it end to end; an empty text is one empty
    /// non-match.
    pub fn find_matches(&self, text: &str) -> Vec<(Range<usize>, bool)> {
        if text.is_empty() {
            return vec![(0..0, false)];
        }
        let mut out = Vec::new();
        let mut done = 0;
        for m in self.matches(text) {
            if m.start > done {
                out.push((done..m.start, false));
            }
            done = m.end;
            out.push((m, true));
        }
        if done < text.len() {
            out.push((done..text.len(), false));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_and_the_stretches_between_cover_the_text() {
        let p = Pattern::regex(r"\s+(?!\S)|\s+", "test").unwrap();
        assert_eq!(
            p.find_matches("a  b"),
            [(0..1, false), (1..2, true), (2..3, true), (3..4, false)]
        );
        let lit = Pattern::Literal("ab".into());
        assert_eq!(
            lit.find_matches("xabab"),
            [(0..1, false), (1..3, true), (3..5, true)]
        );
        assert_eq!(lit.find_matches(""), [(0..0, false)]);
    }
}
