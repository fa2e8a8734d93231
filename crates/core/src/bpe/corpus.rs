//! The training corpus as distinct words with counts, read from free text or from `WORD COUNT` lines.
//!
//! Words are whatever lies between Unicode whitespace (`char::is_whitespace`), exactly as written:
//! no lower-casing, no normalisation, punctuation stays attached; or, for byte-level BPE, the chunks
//! of a pre-tokenizer pattern written as byte stand-ins ([`byte_level`](super::byte_level)). A
//! [`CorpusStream`] reads the same text piece by piece, for a corpus larger than memory or a caller
//! that must stay responsive while it reads. Left out: byte fallback, and opening files (callers
//! hand in text or bytes).

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

    /// Entries already distinct and in order (a trace read back): kept as they are, uncounted.
    pub(crate) fn from_distinct(entries: Vec<(String, u64)>) -> WordCounts {
        WordCounts { entries }
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

/// Reads a corpus handed over in pieces of bytes of any size (a file read a megabyte at a time, or
/// a text in slices between frames): each [`feed`](CorpusStream::feed) counts every word, line or
/// chunk that is whole so far and keeps only the unfinished tail, so memory is bounded by the table
/// of distinct words and one piece, never by the corpus. The result is the same as
/// [`CorpusFormat::words`] on the whole text, errors (and their line numbers) included; bytes that
/// are not UTF-8 are refused with their offset in the whole stream. Natively a stream can count each
/// large piece on several threads ([`CorpusStream::on_threads`]), with the same result.
pub struct CorpusStream {
    format: CorpusFormat,
    /// How many threads count a large piece (the web has one).
    #[cfg(not(target_arch = "wasm32"))]
    threads: usize,
    /// The bytes after the last place a word, line or chunk is known to end.
    tail: Vec<u8>,
    /// Bytes counted so far, so an error names its offset in the whole stream.
    counted: u64,
    /// Lines counted so far, so an error names its line in the whole text.
    lines_read: usize,
    counts: Counter,
}

impl CorpusStream {
    pub fn new(format: CorpusFormat) -> CorpusStream {
        CorpusStream {
            format,
            #[cfg(not(target_arch = "wasm32"))]
            threads: 1,
            tail: Vec::new(),
            counted: 0,
            lines_read: 0,
            counts: Counter::default(),
        }
    }

    /// Counts each piece of at least [`PARALLEL_BYTES`] on `threads` threads: the piece is cut
    /// where words end, each part counted on its own, and the parts' counts added in order, so
    /// first appearances (what `first-seen` uses) and errors are those of one thread.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn on_threads(mut self, threads: usize) -> CorpusStream {
        self.threads = threads.max(1);
        self
    }

    /// Counts what `bytes` completes: every word (line, chunk) that ends before the last place
    /// in the text so far where one surely ends.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<(), BpeError> {
        self.tail.extend_from_slice(bytes);
        let cut = last_cut(&self.tail, self.format);
        let tail = std::mem::take(&mut self.tail);
        let counted = self.count(&tail[..cut]);
        self.tail = tail;
        self.tail.drain(..cut);
        counted
    }

    /// Bytes held back as an unfinished word, line or chunk.
    pub fn pending(&self) -> usize {
        self.tail.len()
    }

    /// Counts the rest and returns every word read.
    pub fn finish(mut self) -> Result<WordCounts, BpeError> {
        let tail = std::mem::take(&mut self.tail);
        self.count(&tail)?;
        Ok(self.counts.finish())
    }

    fn count(&mut self, bytes: &[u8]) -> Result<(), BpeError> {
        let text = std::str::from_utf8(bytes).map_err(|e| BpeError::NotUtf8 {
            at_byte: self.counted + e.valid_up_to() as u64,
        })?;
        self.counted += bytes.len() as u64;
        #[cfg(not(target_arch = "wasm32"))]
        if self.threads > 1 && text.len() >= PARALLEL_BYTES {
            return self.count_on_threads(text);
        }
        self.lines_read = self.counts.add_text(text, self.format, self.lines_read)?;
        Ok(())
    }

    /// `text` cut into one part per thread where words end; the first part is counted here, the
    /// others on threads of their own, then added in order.
    #[cfg(not(target_arch = "wasm32"))]
    fn count_on_threads(&mut self, text: &str) -> Result<(), BpeError> {
        let mut parts = Vec::with_capacity(self.threads);
        let mut rest = text;
        for left in (1..=self.threads).rev() {
            // An ASCII cut, so a character boundary.
            let cut = match left {
                1 => rest.len(),
                _ => last_cut(&rest.as_bytes()[..rest.len() / left], self.format),
            };
            let (part, after) = rest.split_at(cut);
            parts.push(part);
            rest = after;
        }
        // Each part's first line number, for word-count lines' errors.
        let mut lines_before = Vec::with_capacity(parts.len());
        let mut lines = self.lines_read;
        for part in &parts {
            lines_before.push(lines);
            lines += part.bytes().filter(|&b| b == b'\n').count();
        }
        let format = self.format;
        let (first, others) = parts.split_first().expect("one part at least");
        let counted: Vec<Result<(Counter, usize), BpeError>> = std::thread::scope(|scope| {
            let workers: Vec<_> = others
                .iter()
                .zip(&lines_before[1..])
                .map(|(part, &before)| {
                    scope.spawn(move || {
                        let mut counts = Counter::default();
                        let lines = counts.add_text(part, format, before)?;
                        Ok((counts, lines))
                    })
                })
                .collect();
            let mut own = Counter::default();
            let own = own
                .add_text(first, format, lines_before[0])
                .map(|lines| (own, lines));
            std::iter::once(own)
                .chain(
                    workers
                        .into_iter()
                        .map(|w| w.join().expect("a counting thread panicked")),
                )
                .collect()
        });
        for part in counted {
            let (counts, lines) = part?;
            self.counts.append(counts);
            self.lines_read = lines;
        }
        Ok(())
    }
}

/// The smallest piece counted on several threads: below it, starting them costs more than they save.
#[cfg(not(target_arch = "wasm32"))]
pub const PARALLEL_BYTES: usize = 256 * 1024;

/// The last place in `text` where `format` surely ends a word, line or chunk (0 if none): after
/// the last ASCII blank of running text, after the last line break of word-count lines, and
/// before the last space that follows a visible ASCII character in byte chunks. An ASCII byte is
/// a whole character, so the cut falls on a character boundary of any UTF-8 text.
fn last_cut(text: &[u8], format: CorpusFormat) -> usize {
    let after_last = |is_end: fn(&u8) -> bool| text.iter().rposition(is_end).map(|at| at + 1);
    let found = match format {
        CorpusFormat::FreeText => after_last(u8::is_ascii_whitespace),
        CorpusFormat::WordCountLines => after_last(|&b| b == b'\n'),
        // A chunk never runs from a visible character into the space after it: the space starts
        // the next chunk (` ?letters`), so every pattern cuts there in the whole text too.
        CorpusFormat::ByteLevel(_) => {
            (1..text.len()).rfind(|&at| text[at] == b' ' && text[at - 1].is_ascii_graphic())
        }
    };
    found.unwrap_or(0)
}

/// Adds up counts per word while remembering first-appearance order; the map only lives while
/// reading. It keys words as read (owned, since a stream's pieces do not outlive their feed).
#[derive(Default)]
struct Counter {
    index: FxHashMap<Box<str>, usize>,
    entries: Vec<(String, u64)>,
}

impl Counter {
    /// The words of `text` in `format`, whose first line is line `lines_before + 1` of the whole
    /// text; returns the number of lines read in all (word-count lines; else `lines_before`).
    fn add_text(
        &mut self,
        text: &str,
        format: CorpusFormat,
        lines_before: usize,
    ) -> Result<usize, BpeError> {
        match format {
            CorpusFormat::FreeText => self.add_words(text),
            CorpusFormat::WordCountLines => return self.add_count_lines(text, lines_before),
            CorpusFormat::ByteLevel(pattern) => self.add_chunks(text, pattern),
        }
        Ok(lines_before)
    }

    /// Adds `later`'s words as if its text had been read after this one's.
    #[cfg(not(target_arch = "wasm32"))]
    fn append(&mut self, later: Counter) {
        let mut keys: Vec<(usize, Box<str>)> =
            later.index.into_iter().map(|(key, i)| (i, key)).collect();
        keys.sort_unstable_by_key(|&(i, _)| i);
        for ((_, key), (spelled, count)) in keys.into_iter().zip(later.entries) {
            match self.index.get(&*key) {
                Some(&i) => self.entries[i].1 = self.entries[i].1.saturating_add(count),
                None => {
                    self.index.insert(key, self.entries.len());
                    self.entries.push((spelled, count));
                }
            }
        }
    }

    /// Every word of running text, once each time it occurs.
    fn add_words(&mut self, text: &str) {
        for word in text.split_whitespace() {
            self.add(word, 1);
        }
    }

    /// Every chunk `pattern` cuts `text` into, kept as its stand-ins.
    fn add_chunks(&mut self, text: &str, pattern: Pattern) {
        for chunk in pattern.pretokenize(text) {
            self.add_spelled(chunk, 1, stand_ins);
        }
    }

    /// `WORD COUNT` lines, the first of which is line `lines_before + 1` of the whole text; returns
    /// the number of lines read in all.
    fn add_count_lines(&mut self, text: &str, lines_before: usize) -> Result<usize, BpeError> {
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

    fn add(&mut self, word: &str, count: u64) {
        self.add_spelled(word, count, str::to_string);
    }

    /// Counts `word`, kept as `spelled(word)` when first seen (the map keys the text as read).
    fn add_spelled(&mut self, word: &str, count: u64, spelled: fn(&str) -> String) {
        match self.index.get(word) {
            Some(&i) => self.entries[i].1 = self.entries[i].1.saturating_add(count),
            None => {
                self.index.insert(word.into(), self.entries.len());
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

    /// Reads `text` fed in pieces of `bytes` (at least 1), cut anywhere, even inside a character.
    fn read_in_slices(
        text: &str,
        format: CorpusFormat,
        bytes: usize,
    ) -> Result<WordCounts, BpeError> {
        let mut stream = CorpusStream::new(format);
        for piece in text.as_bytes().chunks(bytes.max(1)) {
            stream.feed(piece)?;
        }
        stream.finish()
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

    /// Pieces large enough to be counted on threads: the same words, in the same order, and the
    /// same first bad line, at any thread count.
    #[test]
    fn counting_on_threads_equals_one_thread() {
        let words: Vec<String> = (0..150_000)
            .map(|i| format!("w{}", i * 7919 % 5_003))
            .collect();
        let running = words.join(" ") + "\n caf\u{e9} \u{1f600}";
        let lines: String = words.iter().map(|w| format!("{w} 2\n")).collect();
        let bad_lines = format!("{lines}oops\n{lines}");
        for threads in [1, 2, 3, 7] {
            let read = |text: &str, format: CorpusFormat| {
                let mut stream = CorpusStream::new(format).on_threads(threads);
                stream.feed(text.as_bytes())?;
                stream.finish()
            };
            assert!(running.len() > 2 * PARALLEL_BYTES);
            assert_eq!(
                read(&running, CorpusFormat::FreeText),
                Ok(WordCounts::from_text(&running))
            );
            for &pattern in Pattern::ALL {
                let format = CorpusFormat::ByteLevel(pattern);
                assert_eq!(read(&running, format), format.words(&running), "{threads}");
            }
            let format = CorpusFormat::WordCountLines;
            assert_eq!(read(&lines, format), format.words(&lines));
            assert_eq!(read(&bad_lines, format), format.words(&bad_lines));
            assert!(matches!(
                read(&bad_lines, format),
                Err(BpeError::BadWordCountLine { line: 150_001, .. })
            ));
        }
    }

    #[test]
    fn a_stream_holds_back_only_the_unfinished_word() {
        let mut stream = CorpusStream::new(CorpusFormat::FreeText);
        stream.feed(b"ab cd").unwrap();
        assert_eq!(stream.pending(), "cd".len());
        stream.feed(b"e\nf").unwrap();
        assert_eq!(stream.pending(), "f".len());
        assert_eq!(
            entries(&stream.finish().unwrap()),
            [("ab", 1), ("cde", 1), ("f", 1)]
        );
        let mut stream = CorpusStream::new(CorpusFormat::WordCountLines);
        stream.feed(b"ab 1\ncd 2").unwrap();
        assert_eq!(stream.pending(), "cd 2".len());
        assert_eq!(entries(&stream.finish().unwrap()), [("ab", 1), ("cd", 2)]);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused_at_their_offset_in_any_slicing() {
        // A character split across pieces is fine; a broken one is not, wherever the pieces end.
        let mut text = "caf\u{e9} ol\u{e9} ".as_bytes().to_vec();
        let bad_at = text.len() as u64 + 2;
        text.extend_from_slice(b"na\xe9ve words after");
        for format in [
            CorpusFormat::FreeText,
            CorpusFormat::ByteLevel(Pattern::Gpt2),
        ] {
            for bytes in 1..=text.len() {
                let mut stream = CorpusStream::new(format);
                let failed = text
                    .chunks(bytes)
                    .try_for_each(|piece| stream.feed(piece))
                    .and_then(|()| stream.finish().map(drop));
                assert_eq!(
                    failed,
                    Err(BpeError::NotUtf8 { at_byte: bad_at }),
                    "{bytes}"
                );
            }
        }
        let cut_short = &"caf\u{e9}".as_bytes()[..4];
        let mut stream = CorpusStream::new(CorpusFormat::FreeText);
        stream.feed(cut_short).unwrap();
        assert_eq!(stream.finish(), Err(BpeError::NotUtf8 { at_byte: 3 }));
        assert_eq!(
            BpeError::NotUtf8 { at_byte: 3 }.to_string(),
            "the corpus is not valid UTF-8 (at byte 3)"
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
