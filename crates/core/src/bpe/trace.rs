//! A recorded training run and a cursor that scrubs through it in both directions.
//!
//! The trace keeps the initial state once (every word's segmentation and the full pair-count table)
//! and then, per merge, only what changed: the pair counts it moved (before and after) and the words
//! it touched. The cursor rebuilds any position from that: forward re-applies a merge to the touched
//! words and sets the `after` counts; back splits the merged symbol again and restores the `before`
//! counts. Splitting is exact because later merges have been undone first, so every occurrence of
//! the merged symbol in a touched word came from this merge; the one exception, a merge whose string
//! already existed, records where its new symbols went.
//!
//! Left out: copies of the state per step (that is the point), and any rendering.

use std::borrow::Borrow;

use super::segments::Segments;
use super::tie_rule::{Occurrence, TieRule};
use super::{Merge, Pair, SymbolId, TrainOptions, Vocab, WordCounts};
use crate::fxhash::FxHashMap;

/// A pair's count before and after a merge; 0 means absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairCountChange {
    pub pair: Pair,
    pub before: u64,
    pub after: u64,
}

/// The most tied pairs a [`Step`] lists. Late in a long run thousands of pairs share the top count
/// (1 or 2); listing them all would cost memory quadratic in the run, and no one reads past the
/// first few dozen.
pub const TIED_LIMIT: usize = 32;

/// One merge and its consequences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub merge: Merge,
    /// The pairs that had the winning count when this merge was chosen, winner included, ordered by
    /// the tie rule (winner first): all of them, or the first [`TIED_LIMIT`] if there were more.
    /// Length 1 means no tie.
    pub tied: Vec<Pair>,
    /// How many pairs had the winning count (winner included); equals `tied.len()` up to the limit.
    pub tied_total: usize,
    /// Pair counts this merge changed, sorted by pair, each pair once.
    pub changes: Vec<PairCountChange>,
    /// Indices (into WordCounts::entries) of words whose segmentation this merge changed, ascending.
    pub words_changed: Vec<u32>,
}

/// (word index, position after the merge) of every symbol one merge made, sorted.
pub(crate) type Placements = Box<[(u32, u32)]>;

/// The whole training run, stored as an initial state plus per-step deltas (not copies).
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub(crate) words: WordCounts,
    pub(crate) options: TrainOptions,
    pub(crate) vocab: Vocab,
    pub(crate) initial: Segments,
    /// The full pair-count table before any merge, sorted by pair.
    pub(crate) initial_counts: Vec<(Pair, u64)>,
    pub(crate) steps: Vec<Step>,
    /// For each merge whose string already existed (step index, ascending): the (word, position after
    /// the merge) of every symbol it made, since splitting all of them would split older ones too.
    pub(crate) reused: Vec<(usize, Placements)>,
}

impl Trace {
    pub fn words(&self) -> &WordCounts {
        &self.words
    }

    pub fn options(&self) -> TrainOptions {
        self.options
    }

    /// The alphabet and every merged symbol so far.
    pub fn vocab(&self) -> &Vocab {
        &self.vocab
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    pub fn merges(&self) -> impl Iterator<Item = &Merge> {
        self.steps.iter().map(|s| &s.merge)
    }

    /// Word `word`'s symbols before any merge.
    pub fn initial_segmentation(&self, word: usize) -> &[SymbolId] {
        self.initial.word(word)
    }

    /// A cursor at step 0 (no merges applied). For a cursor that owns its trace, see [`Cursor::new`].
    pub fn cursor(&self) -> Cursor<&Trace> {
        Cursor::new(self)
    }

    /// Approximate memory held by the trace, in bytes (heap allocations plus the steps themselves).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        let steps: usize = self
            .steps
            .iter()
            .map(|s| {
                s.tied.capacity() * size_of::<Pair>()
                    + s.changes.capacity() * size_of::<PairCountChange>()
                    + s.words_changed.capacity() * size_of::<u32>()
            })
            .sum();
        let reused: usize = self
            .reused
            .iter()
            .map(|(_, at)| at.len() * size_of::<(u32, u32)>())
            .sum();
        self.words.heap_bytes()
            + self.vocab.heap_bytes()
            + self.initial.heap_bytes()
            + self.initial_counts.capacity() * size_of::<(Pair, u64)>()
            + self.steps.capacity() * size_of::<Step>()
            + steps
            + self.reused.capacity() * size_of::<(usize, Placements)>()
            + reused
    }

    /// Why merge `rank` (1-based) won, as data for a sentence: the winning pair, its count, the
    /// pairs tied with it (winner first, up to [`TIED_LIMIT`]) and how many there were, and the rule
    /// that chose. `None` past the last merge. The page writes the sentence (tokenize/explanation.rs).
    pub fn choice(&self, rank: usize) -> Option<Choice> {
        let step = rank.checked_sub(1).and_then(|i| self.steps.get(i))?;
        let symbols = |p: &Pair| {
            (
                self.vocab.symbol(p.left).to_string(),
                self.vocab.symbol(p.right).to_string(),
            )
        };
        Some(Choice {
            winner: symbols(&step.merge.pair),
            count: step.merge.count,
            tied: step.tied.iter().map(symbols).collect(),
            tied_total: step.tied_total,
            rule: self.options.tie_rule,
        })
    }

    /// The (word, position) list of a merge whose string already existed, if step `index` is one.
    fn reused_positions(&self, index: usize) -> Option<&[(u32, u32)]> {
        let at = self.reused.binary_search_by_key(&index, |(i, _)| *i).ok()?;
        Some(&self.reused[at].1)
    }
}

/// Why a merge won (see [`Trace::choice`]); pairs as their two symbols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub winner: (String, String),
    pub count: u64,
    /// The pairs at the winning count, winner first, up to [`TIED_LIMIT`].
    pub tied: Vec<(String, String)>,
    /// How many pairs had the winning count, winner included.
    pub tied_total: usize,
    pub rule: TieRule,
}

/// The words a pair comes from at some step (see [`Cursor::sources`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairSources {
    /// (word index, that word's contribution to the pair's count), largest first.
    pub words: Vec<(usize, u64)>,
    /// How many further words hold the pair.
    pub more: usize,
}

/// Scrubs a trace in both directions by applying deltas forward or undoing them backward.
/// State at position k = after k merges (k = 0..=steps.len()).
///
/// `T` is how the cursor holds its trace: `&Trace` (from [`Trace::cursor`]), or an owning handle such
/// as `Rc<Trace>` / `Arc<Trace>` so the cursor can live as long as the page keeps it.
#[derive(Clone, Debug)]
pub struct Cursor<T: Borrow<Trace>> {
    trace: T,
    position: usize,
    segments: Segments,
    counts: FxHashMap<Pair, u64>,
}

impl<T: Borrow<Trace>> Cursor<T> {
    /// A cursor at position 0.
    pub fn new(trace: T) -> Cursor<T> {
        let t = trace.borrow();
        Cursor {
            position: 0,
            segments: t.initial.clone(),
            counts: t.initial_counts.iter().copied().collect(),
            trace,
        }
    }

    pub fn trace(&self) -> &Trace {
        self.trace.borrow()
    }

    pub fn position(&self) -> usize {
        self.position
    }

    /// Applies the next merge; false at the end.
    pub fn forward(&mut self) -> bool {
        let trace = self.trace.borrow();
        let Some(step) = trace.steps.get(self.position) else {
            return false;
        };
        let Merge { pair, merged, .. } = step.merge;
        for &w in &step.words_changed {
            self.segments.merge(w as usize, pair, merged, |_| {});
        }
        set_counts(
            &mut self.counts,
            step.changes.iter().map(|c| (c.pair, c.after)),
        );
        self.position += 1;
        true
    }

    /// Undoes the last merge; false at 0.
    pub fn back(&mut self) -> bool {
        let trace = self.trace.borrow();
        let Some(index) = self.position.checked_sub(1) else {
            return false;
        };
        let step = &trace.steps[index];
        let Merge { pair, merged, .. } = step.merge;
        match trace.reused_positions(index) {
            // The merged string was new: every occurrence in a touched word is this merge's.
            None => {
                for &w in &step.words_changed {
                    self.segments
                        .split(w as usize, pair, |_, symbol| symbol == merged);
                }
            }
            // The string existed before: split only where this merge put it.
            Some(at) => {
                for &w in &step.words_changed {
                    let lo = at.partition_point(|&(word, _)| word < w);
                    let hi = at.partition_point(|&(word, _)| word <= w);
                    let here = &at[lo..hi];
                    self.segments.split(w as usize, pair, |i, _| {
                        here.binary_search(&(w, i as u32)).is_ok()
                    });
                }
            }
        }
        set_counts(
            &mut self.counts,
            step.changes.iter().map(|c| (c.pair, c.before)),
        );
        self.position = index;
        true
    }

    /// Moves to `position`, clamped to the number of steps.
    pub fn seek(&mut self, position: usize) {
        let target = position.min(self.trace.borrow().steps.len());
        while self.position < target && self.forward() {}
        while self.position > target && self.back() {}
    }

    /// The pair's count now (0 if absent).
    pub fn count(&self, pair: Pair) -> u64 {
        self.counts.get(&pair).copied().unwrap_or(0)
    }

    /// Number of distinct pairs with a count above 0 now.
    pub fn pair_count_len(&self) -> usize {
        self.counts.len()
    }

    /// The `limit` highest-count pairs now, count descending, ties in tie-rule order (partial
    /// selection, not a full sort of the table).
    pub fn top_pairs(&self, limit: usize) -> Vec<(Pair, u64)> {
        if limit == 0 {
            return Vec::new();
        }
        // 1. Every live pair.
        let mut rows: Vec<(Pair, u64)> = self.counts.iter().map(|(&p, &c)| (p, c)).collect();
        // 2. Keep those that can make the cut: above the limit-th highest count, or at it (then the
        //    tie rule decides which of them fit).
        if limit < rows.len() {
            let (_, nth, _) = rows.select_nth_unstable_by(limit - 1, |a, b| b.1.cmp(&a.1));
            let cut = nth.1;
            rows.retain(|row| row.1 >= cut);
        }
        // 3. Order the survivors by count and rule, and cut.
        let trace = self.trace.borrow();
        let rule = trace.options.tie_rule;
        let first = match rule {
            TieRule::FirstSeen => self.first_occurrences(&rows),
            _ => FxHashMap::default(),
        };
        rule.sort_rows(&mut rows, &trace.vocab, |p| {
            first.get(&p).copied().unwrap_or((u32::MAX, u32::MAX))
        });
        rows.truncate(limit);
        rows
    }

    /// Which words each of `pairs` comes from now, as in the seed's "comes from" column
    /// ("newer (6) + wider (3)"): per pair, its words by contribution (occurrences × word count,
    /// largest first, at most `per_pair` of them) and how many more words hold it.
    /// One pass over every word's symbols; meant for the few pairs a table shows.
    pub fn sources(&self, pairs: &[Pair], per_pair: usize) -> Vec<PairSources> {
        let index: FxHashMap<Pair, usize> =
            pairs.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let mut found: Vec<Vec<(usize, u64)>> = vec![Vec::new(); pairs.len()];
        let entries = self.trace.borrow().words.entries();
        for (w, (_, count)) in entries.iter().enumerate() {
            for window in self.segments.word(w).windows(2) {
                let Some(&i) = index.get(&Pair::new(window[0], window[1])) else {
                    continue;
                };
                // A pair can occur more than once in a word; those occurrences come one after another
                // in this scan, so they add to that word's entry.
                match found[i].last_mut() {
                    Some((last, weight)) if *last == w => *weight += count,
                    _ => found[i].push((w, *count)),
                }
            }
        }
        found
            .into_iter()
            .map(|mut words| {
                crate::order::sort_by(&mut words, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                let more = words.len().saturating_sub(per_pair);
                words.truncate(per_pair);
                PairSources { words, more }
            })
            .collect()
    }

    /// Word `word`'s symbols now.
    pub fn segmentation(&self, word: usize) -> &[SymbolId] {
        self.segments.word(word)
    }

    /// The merge that will be chosen from this state.
    pub fn next_step(&self) -> Option<&Step> {
        self.trace.borrow().steps.get(self.position)
    }

    /// The merge that produced this state.
    pub fn last_step(&self) -> Option<&Step> {
        let index = self.position.checked_sub(1)?;
        self.trace.borrow().steps.get(index)
    }

    /// Where each of `rows`' pairs first occurs now, by reading the words in order until all are found.
    fn first_occurrences(&self, rows: &[(Pair, u64)]) -> FxHashMap<Pair, Occurrence> {
        let mut missing: FxHashMap<Pair, ()> = rows.iter().map(|&(p, _)| (p, ())).collect();
        let mut found = FxHashMap::default();
        for w in 0..self.segments.len() {
            if missing.is_empty() {
                break;
            }
            for (i, window) in self.segments.word(w).windows(2).enumerate() {
                let pair = Pair::new(window[0], window[1]);
                if missing.remove(&pair).is_some() {
                    found.insert(pair, (w as u32, i as u32));
                }
            }
        }
        found
    }
}

/// Sets each pair's count, dropping pairs that reach 0 so the table only holds live pairs.
fn set_counts(counts: &mut FxHashMap<Pair, u64>, values: impl Iterator<Item = (Pair, u64)>) {
    for (pair, count) in values {
        if count == 0 {
            counts.remove(&pair);
        } else {
            counts.insert(pair, count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{train, TrainOptions, WordCounts};

    #[test]
    fn a_choice_names_the_tied_pairs_and_counts_them() {
        let options = TrainOptions {
            end_of_word: false,
            ..TrainOptions::default()
        };
        let pair = |l: &str, r: &str| (l.to_string(), r.to_string());
        let five = train(&WordCounts::from_text("ab cd ef gh ij"), options, 1).unwrap();
        let choice = five.choice(1).unwrap();
        assert_eq!(choice.winner, pair("a", "b"));
        assert_eq!((choice.count, choice.tied_total), (1, 5));
        assert_eq!(choice.tied[4], pair("i", "j"));
        let seven = train(&WordCounts::from_text("ab cd ef gh ij kl mn"), options, 1).unwrap();
        assert_eq!(seven.choice(1).unwrap().tied_total, 7);
        assert_eq!(seven.choice(2), None);
        assert_eq!(seven.choice(0), None);
    }
}
