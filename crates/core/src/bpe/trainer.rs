//! Incremental BPE training, recorded as a [`Trace`].
//!
//! Seed 003's loop (count every adjacent pair, merge the most frequent, repeat) recounts the whole
//! corpus per merge. Here the counts are kept up to date instead:
//! - a pair → words index says which words to visit when a pair is merged;
//! - a merge only changes the pairs next to each merge site, so only those counts move;
//! - a max-heap of `(count, tie key, pair)` finds the winner: highest count, then the tie rule.
//!   Entries are never updated in place; a new one is pushed when a count (or key) changes, and an
//!   entry is live only while it still matches the pair (lazy invalidation).
//!
//! The tie key is part of the heap order for every rule. Lexicographic and smallest-id keys never
//! change. The first-seen key, a pair's first occurrence, does change, but only when the pair gains
//! or loses an occurrence, which is exactly when its count is revisited anyway, because it is
//! measured in char offsets, which stay put when other symbols of the word merge. Popping the top
//! few live entries therefore yields the tied pairs already in tie-rule order, and a histogram of
//! counts gives how many pairs tie without popping them all.
//!
//! Left out: vocabulary-size targets (ask for a number of merges), minimum frequencies, special
//! tokens, threads.

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use super::byte_level::{byte_alphabet, Pattern};
use super::segments::Segments;
use super::tie_rule::{Occurrence, TieKey, TieRule};
use super::trace::{PairCountChange, Step, Trace, TIED_LIMIT};
use super::{BpeError, Merge, Pair, SymbolId, Vocab, WordCounts, END_OF_WORD};
use crate::fxhash::FxHashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainOptions {
    pub tie_rule: TieRule,
    /// Append the `</w>` symbol to every word (default true); never with `byte_level`.
    pub end_of_word: bool,
    /// Some: the words are byte chunks this pattern cut ([`CorpusFormat::ByteLevel`]), and the
    /// alphabet is all 256 byte stand-ins whether the corpus has them or not.
    ///
    /// [`CorpusFormat::ByteLevel`]: super::CorpusFormat::ByteLevel
    pub byte_level: Option<Pattern>,
}

impl TrainOptions {
    /// The options of a byte-level run with this pattern and tie rule.
    pub fn byte_level(pattern: Pattern, tie_rule: TieRule) -> TrainOptions {
        TrainOptions {
            tie_rule,
            end_of_word: false,
            byte_level: Some(pattern),
        }
    }

    /// Whether words end in `</w>`.
    pub fn marks_word_ends(self) -> bool {
        self.end_of_word && self.byte_level.is_none()
    }
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            tie_rule: TieRule::default(),
            end_of_word: true,
            byte_level: None,
        }
    }
}

/// Incremental trainer. `step()` does one merge (or returns None when no pair is left) and records it
/// in the trace. A step costs time in proportion to the words holding the winning pair, never a full
/// recount, so callers can interleave steps with other work.
pub struct Trainer {
    /// The run so far; its vocab grows with every merge.
    trace: Trace,
    /// Every word's symbols now.
    current: Segments,
    /// Live pairs (count > 0) and their weighted counts.
    counts: FxHashMap<Pair, u64>,
    /// How many live pairs have each count: the size of a tie without popping it.
    pairs_at: FxHashMap<u64, usize>,
    /// Words that may hold each live pair, ascending and without repeats. A superset: a word is added
    /// when it gains the pair and only dropped lazily, so a list may name words that lost the pair.
    holders: FxHashMap<Pair, Vec<u32>>,
    /// First-seen only: each live pair's first occurrence, in char offsets.
    first: FxHashMap<Pair, Occurrence>,
    /// Length in chars of each vocab slot, for char offsets.
    char_lens: Vec<u32>,
    queue: BinaryHeap<Entry>,
    /// Scratch, kept to avoid allocating per word: output positions of one word's merges.
    merged_at: Vec<usize>,
    /// Scratch: count changes of one step, one row per pair occurrence gained or lost.
    deltas: Vec<Delta>,
}

/// A queue entry; the heap pops the highest count first, then the smallest tie key. Live only while
/// `count` is the pair's count and (first-seen) `key` its first occurrence.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    count: u64,
    key: Reverse<TieKey>,
    pair: Pair,
}

/// One pair occurrence gained or lost in a word with weight `count`.
#[derive(Clone, Copy)]
struct Delta {
    pair: Pair,
    count: u64,
    gained: bool,
}

impl Trainer {
    /// Splits every word into symbols and counts the pairs once. EmptyCorpus if there are no words.
    pub fn new(words: &WordCounts, options: TrainOptions) -> Result<Trainer, BpeError> {
        Trainer::from_words(words.clone(), options)
    }

    /// [`Trainer::new`] for a caller done with its words: the trace keeps them without a copy
    /// (a large corpus has tens of thousands of words to copy and later drop).
    pub fn from_words(words: WordCounts, options: TrainOptions) -> Result<Trainer, BpeError> {
        // 1. Refuse what cannot be trained: no words, or numbers past what the types hold.
        if words.is_empty() {
            return Err(BpeError::EmptyCorpus);
        }
        let end_of_word = options.marks_word_ends();
        check_size(&words, end_of_word)?;
        // 2. The alphabet: every character, plus the end-of-word marker or, byte-level, every byte;
        //    ids follow sorted order.
        let chars = distinct_chars(&words, options.byte_level.is_some());
        let mut alphabet: Vec<String> = chars.iter().map(|&c| String::from(c)).collect();
        if end_of_word {
            alphabet.push(END_OF_WORD.to_string());
        }
        let vocab = Vocab::from_alphabet(alphabet);
        let char_lens = (0..vocab.len() as SymbolId)
            .map(|id| vocab.symbol(id).chars().count() as u32)
            .collect();
        // 3. Initial segmentation: characters, then `</w>`.
        let end = vocab.id(END_OF_WORD).filter(|_| end_of_word);
        let ids = CharIds::new(&chars, &vocab);
        let mut initial = Segments::default();
        for (word, _) in words.entries() {
            initial.push_word(word.chars().map(|c| ids.get(c)).chain(end));
        }
        let mut trainer = Trainer {
            current: initial.clone(),
            trace: Trace {
                words,
                options,
                vocab,
                initial,
                initial_counts: Vec::new(),
                steps: Vec::new(),
                reused: Vec::new(),
            },
            counts: FxHashMap::default(),
            pairs_at: FxHashMap::default(),
            holders: FxHashMap::default(),
            first: FxHashMap::default(),
            char_lens,
            queue: BinaryHeap::new(),
            merged_at: Vec::new(),
            deltas: Vec::new(),
        };
        trainer.count_initial_pairs();
        Ok(trainer)
    }

    /// Does one merge and records it; None when no adjacent pair is left.
    pub fn step(&mut self) -> Option<&Merge> {
        // 1. The winner and the pairs tied with it, in tie-rule order.
        let (count, tied) = self.pop_leaders()?;
        let pair = tied[0];
        let tied_total = self.pairs_at.get(&count).copied().unwrap_or(tied.len());
        // 2. The merged symbol (an existing string keeps its id; see `Vocab`).
        let vocab = &mut self.trace.vocab;
        let text = format!("{}{}", vocab.symbol(pair.left), vocab.symbol(pair.right));
        let (merged, fresh) = vocab.push_merged(text);
        self.char_lens
            .push(self.char_lens[pair.left as usize] + self.char_lens[pair.right as usize]);
        // 3. Merge in every word that may hold the pair, noting pair occurrences gained and lost.
        let (words_changed, made_at) = self.merge_everywhere(pair, merged, !fresh);
        // 4. Fold those into count changes; update counts, index and queue.
        let changes = self.apply_deltas();
        // 5. Record the step.
        let index = self.trace.steps.len();
        if !fresh {
            self.trace.reused.push((index, made_at.into_boxed_slice()));
        }
        self.trace.steps.push(Step {
            merge: Merge {
                rank: index + 1,
                pair,
                merged,
                count,
            },
            tied,
            tied_total,
            changes,
            words_changed,
        });
        self.trace.steps.last().map(|s| &s.merge)
    }

    pub fn merges_done(&self) -> usize {
        self.trace.steps.len()
    }

    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// The finished run; spare capacity from growing the step list is given back.
    pub fn into_trace(mut self) -> Trace {
        self.trace.steps.shrink_to_fit();
        self.trace
    }

    /// Counts, index, first occurrences and queue for the initial segmentation.
    fn count_initial_pairs(&mut self) {
        // 1. Visit words in order, so index lists come out sorted and the first sighting of a pair
        //    is its first occurrence.
        let first_seen = self.trace.options.tie_rule == TieRule::FirstSeen;
        for (w, (_, count)) in self.trace.words.entries().iter().enumerate() {
            let mut offset = 0;
            for window in self.current.word(w).windows(2) {
                let pair = Pair::new(window[0], window[1]);
                *self.counts.entry(pair).or_insert(0) += count;
                let list = self.holders.entry(pair).or_default();
                if list.last() != Some(&(w as u32)) {
                    list.push(w as u32);
                }
                if first_seen {
                    self.first.entry(pair).or_insert((w as u32, offset));
                }
                offset += self.char_lens[window[0] as usize];
            }
        }
        // 2. The table the trace starts from, the count histogram, and the queue.
        let mut initial: Vec<(Pair, u64)> = self.counts.iter().map(|(&p, &c)| (p, c)).collect();
        initial.sort_unstable();
        for &(_, count) in &initial {
            *self.pairs_at.entry(count).or_insert(0) += 1;
        }
        self.queue = initial
            .iter()
            .map(|&(pair, count)| self.entry(pair, count))
            .collect();
        self.trace.initial_counts = initial;
    }

    /// A queue entry for `pair` at `count` with its current tie key.
    fn entry(&self, pair: Pair, count: u64) -> Entry {
        let key = self
            .trace
            .options
            .tie_rule
            .key(pair, &self.trace.vocab, || {
                self.first
                    .get(&pair)
                    .copied()
                    .unwrap_or((u32::MAX, u32::MAX))
            });
        Entry {
            count,
            key: Reverse(key),
            pair,
        }
    }

    fn is_live(&self, entry: &Entry) -> bool {
        self.counts.get(&entry.pair) == Some(&entry.count)
            && match &entry.key.0 {
                TieKey::FirstOccurrence(at) => self.first.get(&entry.pair) == Some(at),
                _ => true,
            }
    }

    /// The top count and the first [`TIED_LIMIT`] live pairs at it, in tie-rule order; the winner
    /// (first) leaves the queue, the others go back.
    fn pop_leaders(&mut self) -> Option<(u64, Vec<Pair>)> {
        // 1. Drop stale entries until the top is live: its count is the winning count.
        let count = loop {
            let top = self.queue.peek()?;
            if self.is_live(top) {
                break top.count;
            }
            self.queue.pop();
        };
        // 2. Pop live entries at that count; the heap yields them in tie order. A pair queued twice
        //    with the same count and key gives two equal entries, popped one after the other.
        let mut leaders: Vec<Entry> = Vec::new();
        while leaders.len() < TIED_LIMIT {
            match self.queue.peek() {
                Some(top) if top.count == count => {}
                _ => break,
            }
            let Some(entry) = self.queue.pop() else { break };
            if self.is_live(&entry) && leaders.last().is_none_or(|last| last.pair != entry.pair) {
                leaders.push(entry);
            }
        }
        let tied = leaders.iter().map(|e| e.pair).collect();
        self.queue.extend(leaders.into_iter().skip(1));
        Some((count, tied))
    }

    /// Merges `pair` into `merged` in every word holding it; fills `self.deltas` with the pair
    /// occurrences lost and gained. Returns the words changed and, if `note_positions`, the (word,
    /// position) of every new symbol.
    fn merge_everywhere(
        &mut self,
        pair: Pair,
        merged: SymbolId,
        note_positions: bool,
    ) -> (Vec<u32>, Vec<(u32, u32)>) {
        let Trainer {
            current,
            holders,
            merged_at,
            deltas,
            trace,
            ..
        } = self;
        let mut words_changed = Vec::new();
        let mut made_at = Vec::new();
        deltas.clear();
        // The pair is gone everywhere after this merge, so its list is taken, not copied.
        for w in holders.remove(&pair).unwrap_or_default() {
            merged_at.clear();
            if !current.merge(w as usize, pair, merged, |i| merged_at.push(i)) {
                continue; // a stale entry: the word lost the pair earlier
            }
            words_changed.push(w);
            if note_positions {
                made_at.extend(merged_at.iter().map(|&i| (w, i as u32)));
            }
            let weight = trace.words.entries()[w as usize].1;
            let before = deltas.len();
            word_deltas(
                current.word(w as usize),
                merged_at,
                pair,
                merged,
                weight,
                deltas,
            );
            // The word now holds every pair it gained.
            for d in deltas[before..].iter().filter(|d| d.gained) {
                let list = holders.entry(d.pair).or_default();
                if let Err(at) = list.binary_search(&w) {
                    list.insert(at, w);
                }
            }
        }
        words_changed.shrink_to_fit();
        (words_changed, made_at)
    }

    /// Folds `self.deltas` into one change per pair (sorted by pair) and brings counts, histogram,
    /// index, first occurrences and queue up to date.
    fn apply_deltas(&mut self) -> Vec<PairCountChange> {
        let mut deltas = std::mem::take(&mut self.deltas);
        deltas.sort_unstable_by_key(|d| d.pair);
        let mut changes = Vec::new();
        for run in deltas.chunk_by(|a, b| a.pair == b.pair) {
            // 1. The new count. Losses are occurrences that existed, so subtracting first is safe.
            let pair = run[0].pair;
            let before = self.counts.get(&pair).copied().unwrap_or(0);
            let lost: u64 = run.iter().filter(|d| !d.gained).map(|d| d.count).sum();
            let gained: u64 = run.iter().filter(|d| d.gained).map(|d| d.count).sum();
            let after = before - lost + gained;
            if after != before {
                changes.push(PairCountChange {
                    pair,
                    before,
                    after,
                });
                self.move_count(pair, before, after);
            }
            // 2. A pair that gained or lost occurrences may have a new first occurrence.
            if after > 0 && self.trace.options.tie_rule == TieRule::FirstSeen {
                let now = first_occurrence(&mut self.holders, &self.current, &self.char_lens, pair);
                self.first.insert(pair, now);
            }
            // 3. Queue the pair under its count and key now (if neither moved, the old entry and
            //    this one are equal, and equal entries count once).
            if after > 0 {
                let entry = self.entry(pair, after);
                self.queue.push(entry);
            }
        }
        self.deltas = deltas;
        // Stale entries pile up at low counts; rebuild when they outnumber live pairs.
        if self.queue.len() > 2 * self.counts.len() + 1024 {
            self.queue = self
                .counts
                .iter()
                .map(|(&pair, &count)| self.entry(pair, count))
                .collect();
        }
        changes.shrink_to_fit();
        changes
    }

    /// Sets a pair's count, keeping the histogram, and forgets the pair when it reaches 0.
    fn move_count(&mut self, pair: Pair, before: u64, after: u64) {
        if before > 0 {
            if let Some(n) = self.pairs_at.get_mut(&before) {
                *n -= 1;
                if *n == 0 {
                    self.pairs_at.remove(&before);
                }
            }
        }
        if after == 0 {
            self.counts.remove(&pair);
            self.holders.remove(&pair);
            self.first.remove(&pair);
        } else {
            self.counts.insert(pair, after);
            *self.pairs_at.entry(after).or_insert(0) += 1;
        }
    }
}

/// The pair occurrences one word lost and gained when `pair` became `merged` at output positions
/// `merged_at` of `word` (the word after merging), each weighted by the word's count.
///
/// Only pairs touching a merge site change. Around a new symbol at `m`, the old word had
/// `x left right y`: `x left`, `left right` and `right y` are lost, `x merged` and `merged y` gained.
/// Two merges side by side (`a a a a` -> `aa aa`) share the `right left` between them; it is counted
/// once, as the right neighbour of the first.
fn word_deltas(
    word: &[SymbolId],
    merged_at: &[usize],
    pair: Pair,
    merged: SymbolId,
    weight: u64,
    out: &mut Vec<Delta>,
) {
    let mut note = |left, right, gained| {
        out.push(Delta {
            pair: Pair::new(left, right),
            count: weight,
            gained,
        })
    };
    for (k, &m) in merged_at.iter().enumerate() {
        note(pair.left, pair.right, false);
        let after_merge = k > 0 && merged_at[k - 1] + 1 == m;
        if m > 0 && !after_merge {
            note(word[m - 1], pair.left, false);
            note(word[m - 1], merged, true);
        }
        if m + 1 < word.len() {
            if merged_at.get(k + 1) == Some(&(m + 1)) {
                note(pair.right, pair.left, false);
                note(merged, merged, true);
            } else {
                note(pair.right, word[m + 1], false);
                note(merged, word[m + 1], true);
            }
        }
    }
}

/// Where `pair` first occurs now: the first listed word that still holds it, and the char offset of
/// the occurrence there. Words in front of it lost the pair, so they are dropped from the list.
fn first_occurrence(
    holders: &mut FxHashMap<Pair, Vec<u32>>,
    current: &Segments,
    char_lens: &[u32],
    pair: Pair,
) -> Occurrence {
    let Some(list) = holders.get_mut(&pair) else {
        return (u32::MAX, u32::MAX);
    };
    let mut stale = 0;
    let mut found = (u32::MAX, u32::MAX);
    'words: for &w in list.iter() {
        let mut offset = 0;
        for s in current.word(w as usize).windows(2) {
            if s[0] == pair.left && s[1] == pair.right {
                found = (w, offset);
                break 'words;
            }
            offset += char_lens[s[0] as usize];
        }
        stale += 1;
    }
    list.drain(..stale);
    found
}

/// Every character of the words, sorted. ASCII goes through a table, so the common case costs one
/// store per character rather than a set insertion.
/// Every character of the words, in code-point order; with `all_bytes`, every byte stand-in too.
fn distinct_chars(words: &WordCounts, all_bytes: bool) -> Vec<char> {
    let mut ascii = [false; 128];
    let mut other = BTreeSet::new();
    let bytes = byte_alphabet().filter(|_| all_bytes);
    for c in words
        .entries()
        .iter()
        .flat_map(|(word, _)| word.chars())
        .chain(bytes)
    {
        match ascii.get_mut(c as usize) {
            Some(seen) => *seen = true,
            None => {
                other.insert(c);
            }
        }
    }
    (0u8..128)
        .filter(|&b| ascii[b as usize])
        .map(char::from)
        .chain(other)
        .collect()
}

/// The symbol id of each alphabet character, looked up once per character kind instead of once per
/// character of the corpus: a table for ASCII, a map for the rest.
struct CharIds {
    ascii: [SymbolId; 128],
    other: FxHashMap<char, SymbolId>,
}

impl CharIds {
    fn new(chars: &[char], vocab: &Vocab) -> CharIds {
        let mut ids = CharIds {
            ascii: [SymbolId::MAX; 128],
            other: FxHashMap::default(),
        };
        let mut buf = [0u8; 4];
        for &c in chars {
            // Every alphabet character is in the vocabulary: it was built from them.
            let id = vocab.id(c.encode_utf8(&mut buf)).unwrap_or(SymbolId::MAX);
            match ids.ascii.get_mut(c as usize) {
                Some(slot) => *slot = id,
                None => {
                    ids.other.insert(c, id);
                }
            }
        }
        ids
    }

    /// `c`'s id; `c` must be an alphabet character.
    fn get(&self, c: char) -> SymbolId {
        match self.ascii.get(c as usize) {
            Some(&id) => id,
            None => self.other.get(&c).copied().unwrap_or(SymbolId::MAX),
        }
    }
}

/// Checks that counts fit: a pair count is at most the sum of count × symbols over words, which must
/// fit in u64, and the symbol total must stay below 2^31 so ids and positions fit in u32.
fn check_size(words: &WordCounts, end_of_word: bool) -> Result<(), BpeError> {
    let mut weighted: u64 = 0;
    let mut symbols: u64 = 0;
    for (word, count) in words.entries() {
        let len = word.chars().count() as u64 + u64::from(end_of_word);
        weighted = count
            .checked_mul(len)
            .and_then(|n| n.checked_add(weighted))
            .ok_or(BpeError::CorpusTooLarge)?;
        symbols += len;
    }
    if symbols >= 1 << 31 {
        return Err(BpeError::CorpusTooLarge);
    }
    Ok(())
}

/// Train up to `merges` merges (fewer if pairs run out). ZeroMerges if merges == 0.
pub fn train(words: &WordCounts, options: TrainOptions, merges: usize) -> Result<Trace, BpeError> {
    if merges == 0 {
        return Err(BpeError::ZeroMerges);
    }
    let mut trainer = Trainer::new(words, options)?;
    while trainer.merges_done() < merges && trainer.step().is_some() {}
    Ok(trainer.into_trace())
}
