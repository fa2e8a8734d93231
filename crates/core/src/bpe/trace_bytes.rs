//! A [`Trace`] as bytes and back, so a run trained in one place (the page's worker) can be scrubbed
//! in another (the page) without training again.
//!
//! Layout, all integers little-endian (u32 unless said), every list prefixed by its length:
//! 1. `TILT`, the version, then the options: tie rule, end-of-word flag and pattern as one byte
//!    each (the pattern's index in [`Pattern::ALL`] plus one, 0 for none);
//! 2. the words, each as its UTF-8 bytes and a u64 count;
//! 3. the alphabet length and every symbol's UTF-8 bytes;
//! 4. each word's initial symbols;
//! 5. the initial pair counts as (left, right, u64 count);
//! 6. the steps: the merge (rank, left, right, merged, u64 count), the tied pairs, how many tied,
//!    the changes (left, right, u64 before, u64 after), the words changed;
//! 7. the reused merges: step index and (word, position) placements.
//!
//! Reading checks that every length fits the bytes, every string is UTF-8 and every symbol id,
//! word index and step index is in range, so damaged bytes give an error rather than a panic
//! later. Left out: re-deriving the steps to prove them (the bytes come from [`Trace::to_bytes`]),
//! and compression (the page hands the bytes over in memory).

use std::sync::Arc;

use super::segments::Segments;
use super::trace::{PairCountChange, Placements, Step, Trace};
use super::{BpeError, Merge, Pair, Pattern, TieRule, TrainOptions, Vocab, WordCounts};

const MAGIC: &[u8; 4] = b"TILT";
const VERSION: u32 = 1;

impl Trace {
    /// The whole run as bytes that [`Trace::from_bytes`] reads back into an equal trace.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Writer(Vec::with_capacity(self.heap_bytes()));
        out.0.extend_from_slice(MAGIC);
        out.u32(VERSION);
        let options = self.options;
        let pattern = options.byte_level.map_or(0, |p| {
            Pattern::ALL.iter().position(|&q| q == p).unwrap_or(0) + 1
        });
        let rule = TieRule::ALL.iter().position(|&r| r == options.tie_rule);
        out.0.extend_from_slice(&[
            rule.unwrap_or(0) as u8,
            options.end_of_word as u8,
            pattern as u8,
        ]);
        out.len(self.words.len());
        for (word, count) in self.words.entries() {
            out.text(word);
            out.u64(*count);
        }
        out.len(self.vocab.alphabet_len());
        out.len(self.vocab.len());
        for id in 0..self.vocab.len() {
            out.text(self.vocab.symbol(id as u32));
        }
        for w in 0..self.initial.len() {
            out.ids(self.initial.word(w));
        }
        out.len(self.initial_counts.len());
        for &(pair, count) in &self.initial_counts {
            out.pair(pair);
            out.u64(count);
        }
        out.len(self.steps.len());
        for step in &self.steps {
            let merge = &step.merge;
            out.len(merge.rank);
            out.pair(merge.pair);
            out.u32(merge.merged);
            out.u64(merge.count);
            out.len(step.tied.len());
            step.tied.iter().for_each(|&pair| out.pair(pair));
            out.len(step.tied_total);
            out.len(step.changes.len());
            for change in &step.changes {
                out.pair(change.pair);
                out.u64(change.before);
                out.u64(change.after);
            }
            out.ids(&step.words_changed);
        }
        out.len(self.reused.len());
        for (step, placements) in &self.reused {
            out.len(*step);
            out.len(placements.len());
            for &(word, position) in placements.iter() {
                out.u32(word);
                out.u32(position);
            }
        }
        out.0
    }

    /// The trace [`Trace::to_bytes`] wrote, or why `bytes` are not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Trace, BpeError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4)? != MAGIC || r.u32()? != VERSION {
            return Err(damaged("not a training trace of this version"));
        }
        let [rule, end_of_word, pattern] = [r.byte()?, r.byte()?, r.byte()?];
        let options = TrainOptions {
            tie_rule: *TieRule::ALL
                .get(rule as usize)
                .ok_or_else(|| damaged("unknown tie rule"))?,
            end_of_word: end_of_word != 0,
            byte_level: match pattern {
                0 => None,
                n => Some(
                    *Pattern::ALL
                        .get(n as usize - 1)
                        .ok_or_else(|| damaged("unknown pattern"))?,
                ),
            },
        };
        // 1. Words and symbols.
        let word_count = r.len(12)?;
        let mut words = Vec::with_capacity(word_count);
        for _ in 0..word_count {
            words.push((r.text()?, r.u64()?));
        }
        let words = WordCounts::from_distinct(words);
        let alphabet_len = r.len(0)?;
        let symbol_count = r.len(4)?;
        if alphabet_len > symbol_count {
            return Err(damaged("the alphabet is longer than the vocabulary"));
        }
        let mut symbols = Vec::with_capacity(symbol_count);
        for _ in 0..symbol_count {
            symbols.push(Arc::<str>::from(r.text()?));
        }
        let vocab = Vocab::from_symbols(symbols, alphabet_len);
        let symbol = |id: u32| {
            ((id as usize) < symbol_count)
                .then_some(id)
                .ok_or_else(|| damaged("a symbol id past the vocabulary"))
        };
        let word_index = |w: u32| {
            ((w as usize) < word_count)
                .then_some(w)
                .ok_or_else(|| damaged("a word index past the words"))
        };
        // 2. The state before any merge.
        let mut initial = Segments::default();
        for _ in 0..word_count {
            let ids = r.ids()?;
            ids.iter().try_for_each(|&id| symbol(id).map(drop))?;
            initial.push_word(ids);
        }
        let pair = |r: &mut Reader| -> Result<Pair, BpeError> {
            Ok(Pair::new(symbol(r.u32()?)?, symbol(r.u32()?)?))
        };
        let pair_count = r.len(16)?;
        let mut initial_counts = Vec::with_capacity(pair_count);
        for _ in 0..pair_count {
            initial_counts.push((pair(&mut r)?, r.u64()?));
        }
        // 3. The steps.
        let step_count = r.len(40)?;
        let mut steps = Vec::with_capacity(step_count);
        for _ in 0..step_count {
            let merge = Merge {
                rank: r.len(0)?,
                pair: pair(&mut r)?,
                merged: symbol(r.u32()?)?,
                count: r.u64()?,
            };
            let tied = (0..r.len(8)?)
                .map(|_| pair(&mut r))
                .collect::<Result<_, _>>()?;
            let tied_total = r.len(0)?;
            let changes = (0..r.len(24)?)
                .map(|_| {
                    Ok(PairCountChange {
                        pair: pair(&mut r)?,
                        before: r.u64()?,
                        after: r.u64()?,
                    })
                })
                .collect::<Result<_, BpeError>>()?;
            let words_changed = r.ids()?;
            words_changed
                .iter()
                .try_for_each(|&w| word_index(w).map(drop))?;
            steps.push(Step {
                merge,
                tied,
                tied_total,
                changes,
                words_changed,
            });
        }
        let mut reused = Vec::new();
        for _ in 0..r.len(8)? {
            let step = r.len(0)?;
            if step >= step_count {
                return Err(damaged("a reused merge past the steps"));
            }
            let placements: Placements = (0..r.len(8)?)
                .map(|_| Ok((word_index(r.u32()?)?, r.u32()?)))
                .collect::<Result<_, BpeError>>()?;
            reused.push((step, placements));
        }
        if r.at != bytes.len() {
            return Err(damaged("bytes left over after the trace"));
        }
        Ok(Trace {
            words,
            options,
            vocab,
            initial,
            initial_counts,
            steps,
            reused,
        })
    }
}

fn damaged(why: &str) -> BpeError {
    BpeError::BadModel(format!("damaged training trace: {why}"))
}

struct Writer(Vec<u8>);

impl Writer {
    fn u32(&mut self, value: u32) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    fn u64(&mut self, value: u64) {
        self.0.extend_from_slice(&value.to_le_bytes());
    }

    /// A length or index: the trainer refuses runs whose sizes pass u32.
    fn len(&mut self, value: usize) {
        self.u32(value as u32);
    }

    fn text(&mut self, text: &str) {
        self.len(text.len());
        self.0.extend_from_slice(text.as_bytes());
    }

    fn pair(&mut self, pair: Pair) {
        self.u32(pair.left);
        self.u32(pair.right);
    }

    fn ids(&mut self, ids: &[u32]) {
        self.len(ids.len());
        ids.iter().for_each(|&id| self.u32(id));
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], BpeError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| damaged("it ends early"))?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, BpeError> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<u32, BpeError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn u64(&mut self) -> Result<u64, BpeError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }

    /// A length whose items take at least `item_bytes` each: one the bytes left cannot hold is
    /// damage, found before anything is allocated for it.
    fn len(&mut self, item_bytes: usize) -> Result<usize, BpeError> {
        let n = self.u32()? as usize;
        if n.saturating_mul(item_bytes) > self.bytes.len() - self.at {
            return Err(damaged("a length longer than the bytes"));
        }
        Ok(n)
    }

    fn text(&mut self) -> Result<String, BpeError> {
        let n = self.len(1)?;
        let bytes = self.take(n)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| damaged("a symbol that is not UTF-8"))
    }

    /// A list of u32s, taken in one piece (the bulk of a trace is these).
    fn ids(&mut self) -> Result<Vec<u32>, BpeError> {
        let n = self.len(4)?;
        Ok(self
            .take(4 * n)?
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
            .collect())
    }
}
