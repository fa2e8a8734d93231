//! Added tokens, found in the text before anything else runs, as Hugging Face `tokenizers` 0.23
//! finds them: those with `normalized: false` (special tokens, usually) in the raw text, the others
//! in each normalized stretch between them, leftmost-longest; `single_word` ones only between
//! non-word characters, `lstrip` / `rstrip` ones taking the whitespace beside them.

use std::ops::Range;

use aho_corasick::{AhoCorasick, MatchKind};
use serde_json::Value;

use super::normalized::Normalized;
use super::normalizer::Normalizer;
use super::Unsupported;

#[derive(Clone, Debug)]
pub struct AddedToken {
    pub id: u32,
    pub content: String,
    single_word: bool,
    lstrip: bool,
    rstrip: bool,
    normalized: bool,
}

/// The added tokens, and one automaton for each of the two passes.
#[derive(Clone, Debug, Default)]
pub struct AddedTokens {
    pub tokens: Vec<AddedToken>,
    raw: Option<Finder>,
    normalized: Option<Finder>,
}

/// An automaton over some of the tokens' patterns, and which token each pattern is.
#[derive(Clone, Debug)]
struct Finder {
    automaton: AhoCorasick,
    token: Vec<usize>,
}

impl Finder {
    fn new(patterns: Vec<(String, usize)>) -> Result<Option<Finder>, Unsupported> {
        let patterns: Vec<_> = patterns
            .into_iter()
            .filter(|(p, _)| !p.is_empty())
            .collect();
        if patterns.is_empty() {
            return Ok(None);
        }
        let automaton = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(patterns.iter().map(|(p, _)| p))
            .map_err(|e| Unsupported::new("the added tokens", &e.to_string()))?;
        Ok(Some(Finder {
            automaton,
            token: patterns.into_iter().map(|(_, t)| t).collect(),
        }))
    }
}

impl AddedTokens {
    pub fn from_json(
        json: &Value,
        normalizer: Option<&Normalizer>,
    ) -> Result<AddedTokens, Unsupported> {
        let Some(list) = json.as_array() else {
            return Ok(AddedTokens::default());
        };
        let mut tokens = Vec::with_capacity(list.len());
        for entry in list {
            let flag = |key: &str| entry[key].as_bool().unwrap_or(false);
            let (Some(id), Some(content)) = (entry["id"].as_u64(), entry["content"].as_str())
            else {
                return Err(Unsupported::new(
                    "the added tokens",
                    "an entry has no id or content",
                ));
            };
            let id = u32::try_from(id)
                .map_err(|_| Unsupported::new("the added tokens", "an id is past 2^32"))?;
            tokens.push(AddedToken {
                id,
                content: content.to_string(),
                single_word: flag("single_word"),
                lstrip: flag("lstrip"),
                rstrip: flag("rstrip"),
                normalized: entry["normalized"].as_bool().unwrap_or(!flag("special")),
            });
        }
        let (mut raw, mut normalized) = (Vec::new(), Vec::new());
        for (i, token) in tokens.iter().enumerate() {
            if token.normalized {
                let mut text = Normalized::new(&token.content, 0);
                if let Some(n) = normalizer {
                    n.normalize(&mut text);
                }
                normalized.push((text.as_str().to_string(), i));
            } else {
                raw.push((token.content.clone(), i));
            }
        }
        Ok(AddedTokens {
            raw: Finder::new(raw)?,
            normalized: Finder::new(normalized)?,
            tokens,
        })
    }

    /// `text` cut into added tokens (the index of each in [`AddedTokens::tokens`]) and the
    /// stretches between them, end to end; `normalized` picks the second pass's tokens.
    pub fn split(&self, text: &str, normalized: bool) -> Vec<(Range<usize>, Option<usize>)> {
        let finder = if normalized {
            &self.normalized
        } else {
            &self.raw
        };
        let mut out = Vec::new();
        let mut done = 0;
        if let Some(finder) = finder {
            for m in finder.automaton.find_iter(text) {
                let index = finder.token[m.pattern().as_usize()];
                let token = &self.tokens[index];
                let (mut start, mut stop) = (m.start(), m.end());
                if start < done {
                    continue;
                }
                if token.single_word {
                    let before = text[..start]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !is_word_char(c));
                    let after = text[stop..].chars().next().is_none_or(|c| !is_word_char(c));
                    if !(before && after) {
                        continue;
                    }
                }
                if token.lstrip {
                    let kept = text[..start].trim_end_matches(char::is_whitespace).len();
                    start = kept.max(done);
                }
                if token.rstrip {
                    stop = text.len() - text[stop..].trim_start_matches(char::is_whitespace).len();
                }
                if done < start {
                    out.push((done..start, None));
                }
                out.push((start..stop, Some(index)));
                done = stop;
            }
        }
        if done < text.len() {
            out.push((done..text.len(), None));
        }
        out
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}
