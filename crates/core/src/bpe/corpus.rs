//! The training corpus as distinct words with counts, read from free text or from `WORD COUNT` lines.
//!
//! Words are whatever lies between Unicode whitespace (`char::is_whitespace`), exactly as written:
//! no lower-casing, no normalisation, punctuation stays attached. Left out: pre-tokenisation regexes
//! (GPT-2 style), byte fallback, and reading files (callers hand in text).

use std::collections::HashMap;

use super::BpeError;

/// Distinct words with counts, in order of first appearance (that order is what `first-seen` uses).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WordCounts {
    entries: Vec<(String, u64)>,
}

impl WordCounts {
    /// Split on Unicode whitespace (`char::is_whitespace`), no lower-casing, no normalisation.
    pub fn from_text(text: &str) -> WordCounts {
        let mut counts = Counter::default();
        for word in text.split_whitespace() {
            counts.add(word, 1);
        }
        counts.finish()
    }

    /// Lines `WORD COUNT` (e.g. `low 5`), blank lines ignored; the same word twice adds up. Errors
    /// name the (1-based) line.
    pub fn from_word_count_lines(text: &str) -> Result<WordCounts, BpeError> {
        let mut counts = Counter::default();
        for (index, line) in text.lines().enumerate() {
            let mut fields = line.split_whitespace();
            let (word, count) = match (fields.next(), fields.next(), fields.next()) {
                (None, _, _) => continue,
                (Some(word), Some(count), None) => {
                    (word, count.parse::<u64>().ok().filter(|&c| c > 0))
                }
                _ => (line, None),
            };
            let count = count.ok_or_else(|| BpeError::BadWordCountLine {
                line: index + 1,
                text: line.trim().to_string(),
            })?;
            counts.add(word, count);
        }
        Ok(counts.finish())
    }

    /// Words with counts; repeats add up, empty words and zero counts are dropped.
    pub fn from_pairs<I: IntoIterator<Item = (String, u64)>>(pairs: I) -> WordCounts {
        let pairs: Vec<(String, u64)> = pairs.into_iter().collect();
        let mut counts = Counter::default();
        for (word, count) in &pairs {
            if !word.is_empty() && *count > 0 {
                counts.add(word, *count);
            }
        }
        counts.finish()
    }

    /// `(word, count)` in order of first appearance.
    pub fn entries(&self) -> &[(String, u64)] {
        &self.entries
    }

    /// Number of distinct words.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Sum of counts (saturating: the trainer refuses counts this large anyway).
    pub fn total(&self) -> u64 {
        self.entries
            .iter()
            .fold(0u64, |sum, &(_, c)| sum.saturating_add(c))
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<(String, u64)>()
            + self
                .entries
                .iter()
                .map(|(w, _)| w.capacity())
                .sum::<usize>()
    }
}

/// Adds up counts per word while remembering first-appearance order; the map only lives while reading.
#[derive(Default)]
struct Counter<'t> {
    index: HashMap<&'t str, usize>,
    entries: Vec<(String, u64)>,
}

impl<'t> Counter<'t> {
    fn add(&mut self, word: &'t str, count: u64) {
        match self.index.get(word) {
            Some(&i) => self.entries[i].1 = self.entries[i].1.saturating_add(count),
            None => {
                self.index.insert(word, self.entries.len());
                self.entries.push((word.to_string(), count));
            }
        }
    }

    fn finish(self) -> WordCounts {
        WordCounts {
            entries: self.entries,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(w: &WordCounts) -> Vec<(&str, u64)> {
        w.entries().iter().map(|(s, c)| (s.as_str(), *c)).collect()
    }

    #[test]
    fn free_text_splits_on_unicode_whitespace_keeping_case() {
        let w = WordCounts::from_text("Low low\u{3000}low\n\tLOW, low\u{a0}x");
        assert_eq!(entries(&w), [("Low", 1), ("low", 3), ("LOW,", 1), ("x", 1)]);
        assert_eq!(w.total(), 6);
        assert!(WordCounts::from_text(" \n\t ").is_empty());
    }

    #[test]
    fn word_count_lines_add_up_and_skip_blanks() {
        let w = WordCounts::from_word_count_lines("low 5\n\n  lowest\t2 \r\nlow 1\n").unwrap();
        assert_eq!(entries(&w), [("low", 6), ("lowest", 2)]);
    }

    #[test]
    fn word_count_errors_name_the_line() {
        for (text, line, shown) in [
            ("low 5\nlowest\n", 2, "lowest"),
            ("low five", 1, "low five"),
            ("low 0", 1, "low 0"),
            ("low -3", 1, "low -3"),
            ("a 1\n\nlow 5 6", 3, "low 5 6"),
            ("a 99999999999999999999", 1, "a 99999999999999999999"),
        ] {
            let err = WordCounts::from_word_count_lines(text).unwrap_err();
            assert_eq!(
                err,
                BpeError::BadWordCountLine {
                    line,
                    text: shown.to_string()
                }
            );
        }
        assert_eq!(
            BpeError::BadWordCountLine {
                line: 3,
                text: "x".into()
            }
            .to_string(),
            "line 3: expected `WORD COUNT` with a positive whole count, got `x`"
        );
    }

    #[test]
    fn pairs_drop_empty_and_zero() {
        let w = WordCounts::from_pairs([
            ("a".to_string(), 2),
            (String::new(), 3),
            ("b".into(), 0),
            ("a".into(), 1),
        ]);
        assert_eq!(entries(&w), [("a", 3)]);
    }
}
