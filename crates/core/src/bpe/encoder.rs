//! Segmenting a word the trainer never saw: start from its characters (plus `</w>`), then keep
//! applying the lowest-rank merge present, everywhere in the word, until none applies. Every
//! application is recorded, so the page can show the word being built up.
//!
//! Works on strings, so it takes a merge table from a trace or from a Hugging Face `merges.txt`.
//! Left out: caching, byte fallback (an unknown character simply stays a symbol of its own), and
//! token ids (look tokens up in the trace's [`Vocab`](super::Vocab) if needed).

use std::collections::HashMap;

use super::segments::merge_slice;
use super::{BpeError, Trace, END_OF_WORD};

/// One merge applied while encoding: merge `rank` joined every `left right`, giving `tokens`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeStep {
    pub rank: usize,
    pub left: String,
    pub right: String,
    /// The word's tokens after this merge.
    pub tokens: Vec<String>,
}

/// A word's encoding: its starting symbols, each merge applied, and the final tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    pub initial: Vec<String>,
    pub steps: Vec<EncodeStep>,
    pub tokens: Vec<String>,
}

/// Merge table as strings, rank order.
#[derive(Clone, Debug)]
pub struct Encoder {
    merges: Vec<(String, String)>,
    end_of_word: bool,
    /// left -> right -> rank (1-based); a pair listed twice keeps its first rank.
    ranks: HashMap<String, HashMap<String, usize>>,
}

impl Encoder {
    /// The trace's merges; `</w>` if the trace used it.
    pub fn from_trace(trace: &Trace) -> Encoder {
        let vocab = trace.vocab();
        let merges = trace
            .merges()
            .map(|m| {
                (
                    vocab.symbol(m.pair.left).to_string(),
                    vocab.symbol(m.pair.right).to_string(),
                )
            })
            .collect();
        Encoder::new(merges, trace.options().marks_word_ends())
    }

    pub fn new(merges: Vec<(String, String)>, end_of_word: bool) -> Encoder {
        let mut ranks: HashMap<String, HashMap<String, usize>> = HashMap::new();
        for (index, (left, right)) in merges.iter().enumerate() {
            ranks
                .entry(left.clone())
                .or_default()
                .entry(right.clone())
                .or_insert(index + 1);
        }
        Encoder {
            merges,
            end_of_word,
            ranks,
        }
    }

    /// Reads HF merges.txt: an optional `#version` first line, then `LEFT RIGHT` lines (one space
    /// between, as Hugging Face writes them). Blank lines are skipped.
    pub fn from_merges_txt(text: &str, end_of_word: bool) -> Result<Encoder, BpeError> {
        let mut merges = Vec::new();
        for (index, line) in text.lines().enumerate() {
            if (index == 0 && line.starts_with("#version")) || line.trim().is_empty() {
                continue;
            }
            match line.split(' ').collect::<Vec<_>>()[..] {
                [left, right] if !left.is_empty() && !right.is_empty() => {
                    merges.push((left.to_string(), right.to_string()))
                }
                _ => {
                    return Err(BpeError::BadMergesFile {
                        line: index + 1,
                        text: line.to_string(),
                    })
                }
            }
        }
        Ok(Encoder::new(merges, end_of_word))
    }

    /// The merge table, rank order (rank = index + 1).
    pub fn merges(&self) -> &[(String, String)] {
        &self.merges
    }

    pub fn end_of_word(&self) -> bool {
        self.end_of_word
    }

    /// Replay: repeatedly apply the lowest-rank merge present in the word (left to right,
    /// non-overlapping), recording each application. Unknown characters stay single symbols.
    pub fn encode_word(&self, word: &str) -> Encoding {
        let end = self.end_of_word.then(|| END_OF_WORD.to_string());
        let initial: Vec<String> = word.chars().map(String::from).chain(end).collect();
        let mut tokens = initial.clone();
        let mut steps = Vec::new();
        // Each application removes at least one token, so this ends.
        while let Some(rank) = tokens
            .windows(2)
            .filter_map(|t| self.rank(&t[0], &t[1]))
            .min()
        {
            let (left, right) = &self.merges[rank - 1];
            let merged = format!("{left}{right}");
            let len = merge_slice(&mut tokens, left, right, &merged, |_| {});
            tokens.truncate(len);
            steps.push(EncodeStep {
                rank,
                left: left.clone(),
                right: right.clone(),
                tokens: tokens.clone(),
            });
        }
        Encoding {
            initial,
            steps,
            tokens,
        }
    }

    fn rank(&self, left: &str, right: &str) -> Option<usize> {
        self.ranks.get(left)?.get(right).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(tokens: &[&str]) -> Vec<String> {
        tokens.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn lowest_rank_first_not_leftmost() {
        // `b c` outranks `a b`, so `abc` becomes `a bc`, not `ab c`.
        let e = Encoder::new(
            vec![("b".into(), "c".into()), ("a".into(), "b".into())],
            false,
        );
        let enc = e.encode_word("abc");
        assert_eq!(enc.tokens, strings(&["a", "bc"]));
        assert_eq!(enc.steps.len(), 1);
        assert_eq!(enc.steps[0].rank, 1);
    }

    #[test]
    fn merges_txt_parsing() {
        let e = Encoder::from_merges_txt("#version: 0.2\ne r\n\ner </w>\n", true).unwrap();
        assert_eq!(
            e.merges(),
            &[
                ("e".to_string(), "r".to_string()),
                ("er".into(), "</w>".into())
            ]
        );
        assert_eq!(e.encode_word("her").tokens, strings(&["h", "er</w>"]));
        let err = Encoder::from_merges_txt("#version: 0.2\ne r\nx\n", true).unwrap_err();
        assert_eq!(
            err,
            BpeError::BadMergesFile {
                line: 3,
                text: "x".into()
            }
        );
        assert_eq!(
            err.to_string(),
            "merges file line 3: expected `LEFT RIGHT`, got `x`"
        );
        assert!(Encoder::from_merges_txt("a b c\n", true).is_err());
        assert!(Encoder::from_merges_txt("a  b\n", true).is_err());
    }

    #[test]
    fn unknown_characters_stay_single() {
        let e = Encoder::new(vec![("a".into(), "a".into())], false);
        let enc = e.encode_word("aaaé");
        assert_eq!(enc.tokens, strings(&["aa", "a", "é"]));
        assert_eq!(e.encode_word("").tokens, Vec::<String>::new());
    }
}
