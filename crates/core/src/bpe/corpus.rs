//! The training corpus as distinct words with counts, read from free text or from `WORD COUNT` lines.
//!
//! Words are whatever lies between Unicode whitespace (`char::is_whitespace`), exactly as written:
//! no lower-casing, no normalisation, punctuation stays attached; or, for byte-level BPE, the chunks
//! of a pre-tokenizer pattern written as byte stand-ins ([`byte_level`](super::byte_level)). A
//! [`CorpusReader`] reads the same text a slice at a time, for a caller that must stay responsive
//! while a large corpus is read. Left out: byte fallback, and reading files (callers hand in text).

use super::byte_level::{stand_ins, Pattern};
use super::BpeError;
use crate::fxhash::FxHashMap;

/// Distinct words with counts, in order of first appearance (that order is what `first-seen` uses).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WordCounts {
    entries: Vec<(String, u64)>,
}

impl WordCounts {
    /// Split on Unicode whitespace (`char::is_whitespace`), no lower-casing, no normalisation.
    pub fn from_text(text: &str) -> WordCounts {
        let mut counts = Counter::default();
        counts.add_words(text);
        counts.finish()
    }

    /// The chunks `pattern` cuts `text` into, each as its bytes' stand-ins (`" the"` → `"Ġthe"`).
    pub fn from_chunks(text: &str, pattern: Pattern) -> WordCounts {
        let mut counts = Counter::default();
        counts.add_chunks(text, pattern);
        counts.finish()
    }

    /// Lines `WORD COUNT` (e.g. `low 5`), blank lines ignored; the same word twice adds up. Errors
    /// name the (1-based) line.
    pub fn from_word_count_lines(text: &str) -> Result<WordCounts, BpeError> {
        let mut counts = Counter::default();
        counts.add_count_lines(text, 0)?;
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

/// How a corpus text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorpusFormat {
    /// Running text, split on whitespace ([`WordCounts::from_text`]).
    FreeText,
    /// One `WORD COUNT` per line, as in the seed's table ([`WordCounts::from_word_count_lines`]).
    WordCountLines,
    /// Running text cut by a pre-tokenizer pattern into byte chunks ([`WordCounts::from_chunks`]).
    ByteLevel(Pattern),
}

impl CorpusFormat {
    pub const ALL: &'static [CorpusFormat] = &[
        CorpusFormat::FreeText,
        CorpusFormat::WordCountLines,
        CorpusFormat::ByteLevel(Pattern::Gpt2),
        CorpusFormat::ByteLevel(Pattern::Cl100k),
        CorpusFormat::ByteLevel(Pattern::O200k),
    ];

    /// The format's name in a link (`text`, `counts`, `bytes-cl100k`).
    pub fn name(self) -> &'static str {
        match self {
            CorpusFormat::FreeText => "text",
            CorpusFormat::WordCountLines => "counts",
            CorpusFormat::ByteLevel(Pattern::Gpt2) => "bytes-gpt2",
            CorpusFormat::ByteLevel(Pattern::Cl100k) => "bytes-cl100k",
            CorpusFormat::ByteLevel(Pattern::O200k) => "bytes-o200k",
        }
    }

    /// What a form calls it.
    pub fn label(self) -> &'static str {
        match self {
            CorpusFormat::FreeText => "running text, words between spaces",
            CorpusFormat::WordCountLines => "word-count lines (low 5)",
            CorpusFormat::ByteLevel(Pattern::Gpt2) => "byte-level, GPT-2's pattern",
            CorpusFormat::ByteLevel(Pattern::Cl100k) => "byte-level, cl100k's pattern (GPT-4)",
            CorpusFormat::ByteLevel(Pattern::O200k) => "byte-level, o200k's pattern (GPT-4o)",
        }
    }

    /// The words of the whole `text` in this format.
    pub fn words(self, text: &str) -> Result<WordCounts, BpeError> {
        match self {
            CorpusFormat::FreeText => Ok(WordCounts::from_text(text)),
            CorpusFormat::WordCountLines => WordCounts::from_word_count_lines(text),
            CorpusFormat::ByteLevel(pattern) => Ok(WordCounts::from_chunks(text, pattern)),
        }
    }

    /// The byte-level pattern, if the words are byte chunks.
    pub fn pattern(self) -> Option<Pattern> {
        match self {
            CorpusFormat::ByteLevel(pattern) => Some(pattern),
            _ => None,
        }
    }
}

/// Reads a corpus a slice of whole lines at a time (see [`CorpusReader::read`]); the result is the
/// same as [`WordCounts::from_text`] or [`WordCounts::from_word_count_lines`] on the whole text,
/// errors (and their line numbers) included.
pub struct CorpusReader<'t> {
    /// What is still to read.
    rest: &'t str,
    format: CorpusFormat,
    /// Lines read so far, so an error names its line in the whole text.
    lines_read: usize,
    counts: Counter<'t>,
}

impl<'t> CorpusReader<'t> {
    pub fn new(text: &'t str, format: CorpusFormat) -> CorpusReader<'t> {
        CorpusReader {
            rest: text,
            format,
            lines_read: 0,
            counts: Counter::default(),
        }
    }

    /// Reads at least `bytes` more bytes (fewer only at the end), up to the end of the line they
    /// end in, or, in running text without a line break, up to the next ASCII space or tab: words
    /// and lines are never cut. Byte chunks are cut only before a space that follows a visible
    /// ASCII character, where every pattern ends a chunk anyway. Returns whether the whole text
    /// is read.
    pub fn read(&mut self, bytes: usize) -> Result<bool, BpeError> {
        // 1. The slice: `bytes`, then on to a place where no word, line or chunk is cut.
        let cut = cut_after(self.rest.as_bytes(), bytes, self.format);
        // An ASCII byte is a whole character, so the cut falls on a character boundary.
        let (slice, rest) = self.rest.split_at(cut);
        self.rest = rest;
        // 2. Count it.
        match self.format {
            CorpusFormat::FreeText => self.counts.add_words(slice),
            CorpusFormat::WordCountLines => {
                self.lines_read = self.counts.add_count_lines(slice, self.lines_read)?;
            }
            CorpusFormat::ByteLevel(pattern) => self.counts.add_chunks(slice, pattern),
        }
        Ok(self.rest.is_empty())
    }

    /// How many bytes are still to read.
    pub fn remaining(&self) -> usize {
        self.rest.len()
    }

    /// The words read so far (all of them once [`CorpusReader::read`] has returned true).
    pub fn finish(self) -> WordCounts {
        self.counts.finish()
    }
}

/// Where a slice of at least `bytes` bytes of `text` may end in `format` (the whole text if nowhere).
fn cut_after(text: &[u8], bytes: usize, format: CorpusFormat) -> usize {
    let ends_slice = |is_end: fn(&u8) -> bool| {
        let tail = text.get(bytes..).unwrap_or_default();
        tail.iter().position(is_end).map(|at| bytes + at + 1)
    };
    let found = match format {
        CorpusFormat::FreeText => ends_slice(u8::is_ascii_whitespace),
        CorpusFormat::WordCountLines => ends_slice(|&b| b == b'\n'),
        // A chunk never runs from a visible character into the space after it: the space starts
        // the next chunk (` ?letters`), so every pattern cuts there in the whole text too.
        CorpusFormat::ByteLevel(_) => (bytes.max(1)..text.len())
            .find(|&at| text[at] == b' ' && text[at - 1].is_ascii_graphic()),
    };
    found.unwrap_or(text.len())
}

/// Adds up counts per word while remembering first-appearance order; the map only lives while reading.
#[derive(Default)]
struct Counter<'t> {
    index: FxHashMap<&'t str, usize>,
    entries: Vec<(String, u64)>,
}

impl<'t> Counter<'t> {
    /// Every word of running text, once each time it occurs.
    fn add_words(&mut self, text: &'t str) {
        for word in text.split_whitespace() {
            self.add(word, 1);
        }
    }

    /// Every chunk `pattern` cuts `text` into, kept as its stand-ins.
    fn add_chunks(&mut self, text: &'t str, pattern: Pattern) {
        for chunk in pattern.pretokenize(text) {
            self.add_spelled(chunk, 1, stand_ins);
        }
    }

    /// `WORD COUNT` lines, the first of which is line `lines_before + 1` of the whole text; returns
    /// the number of lines read in all.
    fn add_count_lines(&mut self, text: &'t str, lines_before: usize) -> Result<usize, BpeError> {
        let mut read = lines_before;
        for line in text.lines() {
            read += 1;
            let mut fields = line.split_whitespace();
            let (word, count) = match (fields.next(), fields.next(), fields.next()) {
                (None, _, _) => continue,
                (Some(word), Some(count), None) => {
                    (word, count.parse::<u64>().ok().filter(|&c| c > 0))
                }
                _ => (line, None),
            };
            let count = count.ok_or_else(|| BpeError::BadWordCountLine {
                line: read,
                text: line.trim().to_string(),
            })?;
            self.add(word, count);
        }
        Ok(read)
    }

    fn add(&mut self, word: &'t str, count: u64) {
        self.add_spelled(word, count, str::to_string);
    }

    /// Counts `word`, kept as `spelled(word)` when first seen (the map keys the text as read).
    fn add_spelled(&mut self, word: &'t str, count: u64, spelled: fn(&str) -> String) {
        match self.index.get(word) {
            Some(&i) => self.entries[i].1 = self.entries[i].1.saturating_add(count),
            None => {
                self.index.insert(word, self.entries.len());
                self.entries.push((spelled(word), count));
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

    /// Reads `text` in slices of `bytes` to the end.
    fn read_in_slices(
        text: &str,
        format: CorpusFormat,
        bytes: usize,
    ) -> Result<WordCounts, BpeError> {
        let mut reader = CorpusReader::new(text, format);
        while !reader.read(bytes)? {}
        assert_eq!(reader.remaining(), 0);
        Ok(reader.finish())
    }

    #[test]
    fn reading_in_slices_equals_reading_whole() {
        let running =
            "Low low\u{3000}low\n\tLOW, lo\u{e9}w\u{a0}x\r\n\n  caf\u{e9} low  \u{e9}t\u{e9}\nend";
        let lines = "low 5\n\n  lowest\t2 \r\nlow 1\ncaf\u{e9} 3\n\u{e9}t\u{e9} 1";
        for bytes in 0..=running.len() + 1 {
            let read = read_in_slices(running, CorpusFormat::FreeText, bytes).unwrap();
            assert_eq!(read, WordCounts::from_text(running), "slices of {bytes}");
            let read = read_in_slices(lines, CorpusFormat::WordCountLines, bytes).unwrap();
            assert_eq!(read, WordCounts::from_word_count_lines(lines).unwrap());
        }
    }

    #[test]
    fn byte_chunks_read_in_slices_equal_reading_whole() {
        let text = "Hello world's  end!\r\n\n  caf\u{e9} 123456 x.\ty  \u{3000}z it's/ok? \u{1f600}\u{1f600} ab";
        for &pattern in Pattern::ALL {
            let format = CorpusFormat::ByteLevel(pattern);
            let whole = WordCounts::from_chunks(text, pattern);
            assert_eq!(format.words(text), Ok(whole.clone()));
            for bytes in 0..=text.len() + 1 {
                let read = read_in_slices(text, format, bytes).unwrap();
                assert_eq!(read, whole, "{pattern} in slices of {bytes}");
            }
        }
        let chunks = WordCounts::from_chunks("the cat, the hat", Pattern::Gpt2);
        assert_eq!(
            entries(&chunks),
            [("the", 1), ("Ġcat", 1), (",", 1), ("Ġthe", 1), ("Ġhat", 1)]
        );
    }

    #[test]
    fn reading_in_slices_names_the_same_bad_line() {
        let text = "low 5\n\nlowest 2\r\nnewer\nwider 3\n";
        let whole = WordCounts::from_word_count_lines(text).unwrap_err();
        assert_eq!(
            whole,
            BpeError::BadWordCountLine {
                line: 4,
                text: "newer".into()
            }
        );
        for bytes in 0..=text.len() {
            let sliced = read_in_slices(text, CorpusFormat::WordCountLines, bytes).unwrap_err();
            assert_eq!(sliced, whole, "slices of {bytes}");
        }
    }

    #[test]
    fn a_slice_ends_after_a_line_or_a_blank_never_inside_a_word() {
        let mut reader = CorpusReader::new("ab cd\nef", CorpusFormat::FreeText);
        assert!(!reader.read(1).unwrap());
        assert_eq!(reader.remaining(), "cd\nef".len());
        let mut reader = CorpusReader::new("ab 1\ncd 2\n", CorpusFormat::WordCountLines);
        assert!(!reader.read(1).unwrap());
        assert_eq!(reader.remaining(), "cd 2\n".len());
        assert!(reader.read(1).unwrap());
        assert_eq!(entries(&reader.finish()), [("ab", 1), ("cd", 2)]);
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
