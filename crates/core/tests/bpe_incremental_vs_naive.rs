//! The incremental trainer and the trace cursor against a naive trainer that recounts everything
//! from scratch every merge, on many small random corpora.
//!
//! Small alphabets make ties frequent; one-letter alphabets (`aaaa`) exercise overlapping pairs;
//! the `<`, `/`, `w`, `>` alphabet can spell the end-of-word marker itself; and random words often
//! build the same string two ways (`ab c` after `a bc`). Every tie rule, with and without `</w>`.
//! Every trace also goes through its bytes (`Trace::to_bytes`) and back unchanged.

use std::collections::BTreeMap;

use proptest::prelude::*;
use til_core::bpe::{
    train, Cursor, Pair, Step, TieRule, Trace, TrainOptions, WordCounts, END_OF_WORD, TIED_LIMIT,
};

type StrPair = (String, String);
type Counts = BTreeMap<StrPair, u64>;

/// Seed 003's loop, word for word: symbols are strings, every step recounts every pair.
struct Naive {
    words: Vec<(Vec<String>, u64)>,
    /// Symbol ids for `smallest-id`: the sorted alphabet, then each new string in order of creation.
    ids: Vec<String>,
}

struct NaiveStep {
    pair: StrPair,
    count: u64,
    tied: Vec<StrPair>,
}

impl Naive {
    fn new(words: &WordCounts, end_of_word: bool) -> Naive {
        let words: Vec<(Vec<String>, u64)> = words
            .entries()
            .iter()
            .map(|(word, count)| {
                let mut symbols: Vec<String> = word.chars().map(String::from).collect();
                if end_of_word {
                    symbols.push(END_OF_WORD.to_string());
                }
                (symbols, *count)
            })
            .collect();
        let mut ids: Vec<String> = words.iter().flat_map(|(s, _)| s.clone()).collect();
        ids.sort();
        ids.dedup();
        Naive { words, ids }
    }

    fn counts(&self) -> Counts {
        let mut counts = Counts::new();
        for (symbols, count) in &self.words {
            for w in symbols.windows(2) {
                *counts.entry((w[0].clone(), w[1].clone())).or_insert(0) += count;
            }
        }
        counts
    }

    fn id(&self, symbol: &str) -> usize {
        self.ids.iter().position(|s| s == symbol).unwrap()
    }

    /// Position of the pair's first occurrence: words in order, each left to right.
    fn first_seen(&self, pair: &StrPair) -> usize {
        let mut position = 0;
        for (symbols, _) in &self.words {
            for w in symbols.windows(2) {
                if (&w[0], &w[1]) == (&pair.0, &pair.1) {
                    return position;
                }
                position += 1;
            }
        }
        usize::MAX
    }

    /// All pairs, count descending, then the tie rule.
    fn ranked(&self, rule: TieRule) -> Vec<(StrPair, u64)> {
        let mut rows: Vec<(StrPair, u64)> = self.counts().into_iter().collect();
        rows.sort_by(|(a, ca), (b, cb)| {
            cb.cmp(ca).then_with(|| match rule {
                TieRule::Lexicographic => a.cmp(b),
                TieRule::SmallestId => {
                    (self.id(&a.0), self.id(&a.1)).cmp(&(self.id(&b.0), self.id(&b.1)))
                }
                TieRule::FirstSeen => self.first_seen(a).cmp(&self.first_seen(b)),
            })
        });
        rows
    }

    fn step(&mut self, rule: TieRule) -> Option<NaiveStep> {
        let ranked = self.ranked(rule);
        let (pair, count) = ranked.first()?.clone();
        let tied = ranked
            .iter()
            .take_while(|(_, c)| *c == count)
            .map(|(p, _)| p.clone())
            .collect();
        let merged = format!("{}{}", pair.0, pair.1);
        for (symbols, _) in &mut self.words {
            let mut out = Vec::new();
            let mut i = 0;
            while i < symbols.len() {
                if i + 1 < symbols.len() && symbols[i] == pair.0 && symbols[i + 1] == pair.1 {
                    out.push(merged.clone());
                    i += 2;
                } else {
                    out.push(symbols[i].clone());
                    i += 1;
                }
            }
            *symbols = out;
        }
        if !self.ids.contains(&merged) {
            self.ids.push(merged);
        }
        Some(NaiveStep { pair, count, tied })
    }

    fn segmentation(&self) -> Vec<Vec<String>> {
        self.words.iter().map(|(s, _)| s.clone()).collect()
    }
}

/// What the naive trainer says about one position.
struct Snapshot {
    segmentation: Vec<Vec<String>>,
    counts: Counts,
    ranked: Vec<(StrPair, u64)>,
}

fn strings(trace: &Trace, pair: Pair) -> StrPair {
    let v = trace.vocab();
    (
        v.symbol(pair.left).to_string(),
        v.symbol(pair.right).to_string(),
    )
}

fn check_step(trace: &Trace, step: &Step, naive: &NaiveStep, before: &Snapshot, after: &Snapshot) {
    let rank = step.merge.rank;
    assert_eq!(
        strings(trace, step.merge.pair),
        naive.pair,
        "pair of merge {rank}"
    );
    assert_eq!(step.merge.count, naive.count, "count of merge {rank}");
    let tied: Vec<StrPair> = step.tied.iter().map(|&p| strings(trace, p)).collect();
    let listed = naive.tied.len().min(TIED_LIMIT);
    assert_eq!(tied, naive.tied[..listed], "tied at merge {rank}");
    assert_eq!(
        step.tied_total,
        naive.tied.len(),
        "tie size at merge {rank}"
    );
    let merged = format!("{}{}", naive.pair.0, naive.pair.1);
    assert_eq!(trace.vocab().symbol(step.merge.merged), merged);
    // Changes: exactly the pairs whose count differs between the two tables.
    let mut expected: Vec<(StrPair, u64, u64)> = before
        .counts
        .keys()
        .chain(after.counts.keys())
        .map(|p| {
            (
                p.clone(),
                before.counts.get(p).copied().unwrap_or(0),
                after.counts.get(p).copied().unwrap_or(0),
            )
        })
        .filter(|(_, b, a)| b != a)
        .collect();
    expected.sort();
    expected.dedup();
    let mut changes: Vec<(StrPair, u64, u64)> = step
        .changes
        .iter()
        .map(|c| (strings(trace, c.pair), c.before, c.after))
        .collect();
    assert!(
        step.changes.windows(2).all(|w| w[0].pair < w[1].pair),
        "changes sorted by pair"
    );
    changes.sort();
    assert_eq!(changes, expected, "changes of merge {rank}");
    let words_changed: Vec<u32> = (0..before.segmentation.len())
        .filter(|&w| before.segmentation[w] != after.segmentation[w])
        .map(|w| w as u32)
        .collect();
    assert_eq!(
        step.words_changed, words_changed,
        "words changed by merge {rank}"
    );
}

fn check_cursor<T: std::borrow::Borrow<Trace>>(cursor: &Cursor<T>, snapshot: &Snapshot) {
    let trace = cursor.trace();
    let at = cursor.position();
    for (w, expected) in snapshot.segmentation.iter().enumerate() {
        let got: Vec<&str> = cursor
            .segmentation(w)
            .iter()
            .map(|&id| trace.vocab().symbol(id))
            .collect();
        assert_eq!(&got, expected, "word {w} at position {at}");
    }
    assert_eq!(
        cursor.pair_count_len(),
        snapshot.counts.len(),
        "pair table size at {at}"
    );
    for ((left, right), &count) in &snapshot.counts {
        let pair = Pair::new(
            trace.vocab().id(left).unwrap(),
            trace.vocab().id(right).unwrap(),
        );
        assert_eq!(
            cursor.count(pair),
            count,
            "count of `{left} {right}` at {at}"
        );
    }
    let top = |limit| -> Vec<(StrPair, u64)> {
        cursor
            .top_pairs(limit)
            .into_iter()
            .map(|(p, c)| (strings(trace, p), c))
            .collect()
    };
    assert_eq!(top(usize::MAX), snapshot.ranked, "full ranking at {at}");
    for limit in [1, 2, 3, 5] {
        let expected: Vec<_> = snapshot.ranked.iter().take(limit).cloned().collect();
        assert_eq!(top(limit), expected, "top {limit} at {at}");
    }
    if let Some(next) = cursor.next_step() {
        let tied: Vec<StrPair> = next.tied.iter().map(|&p| strings(trace, p)).collect();
        let expected: Vec<StrPair> = snapshot
            .ranked
            .iter()
            .take(tied.len())
            .map(|(p, _)| p.clone())
            .collect();
        assert_eq!(tied, expected);
    }
}

fn check_corpus(words: &WordCounts, merges: usize, end_of_word: bool, seeks: &[usize]) {
    for tie_rule in TieRule::ALL {
        let trace = train(
            words,
            TrainOptions {
                tie_rule,
                end_of_word,
                byte_level: None,
            },
            merges,
        )
        .unwrap();
        // 0. The trace crosses to the page as bytes: they read back as the same run.
        assert_eq!(Trace::from_bytes(&trace.to_bytes()).as_ref(), Ok(&trace));
        // 1. Run the naive trainer as far as it goes, keeping every state.
        let mut naive = Naive::new(words, end_of_word);
        let snapshot = |n: &Naive| Snapshot {
            segmentation: n.segmentation(),
            counts: n.counts(),
            ranked: n.ranked(tie_rule),
        };
        let mut snapshots = vec![snapshot(&naive)];
        let mut steps = Vec::new();
        while steps.len() < merges {
            let Some(step) = naive.step(tie_rule) else {
                break;
            };
            steps.push(step);
            snapshots.push(snapshot(&naive));
        }
        // 2. Same merges, merge by merge.
        assert_eq!(
            trace.steps().len(),
            steps.len(),
            "number of merges ({tie_rule})"
        );
        for (k, (step, naive_step)) in trace.steps().iter().zip(&steps).enumerate() {
            check_step(&trace, step, naive_step, &snapshots[k], &snapshots[k + 1]);
        }
        assert_eq!(
            trace.vocab().len(),
            trace.vocab().alphabet_len() + steps.len()
        );
        // 3. The cursor reproduces every state, scrubbing forward, back, and jumping.
        let mut cursor = trace.cursor();
        check_cursor(&cursor, &snapshots[0]);
        while cursor.forward() {
            check_cursor(&cursor, &snapshots[cursor.position()]);
        }
        while cursor.back() {
            check_cursor(&cursor, &snapshots[cursor.position()]);
        }
        for &target in seeks {
            cursor.seek(target);
            check_cursor(&cursor, &snapshots[target.min(steps.len())]);
        }
    }
}

/// Random corpora: words glued from a few pieces (mostly single letters), with counts.
fn corpus() -> impl Strategy<Value = WordCounts> {
    let abc = vec!["a", "b", "c"];
    let shapes: Vec<(Vec<&'static str>, usize, u64)> = vec![
        (vec!["a"], 8, 5),
        (vec!["a", "b"], 8, 5),
        (abc.clone(), 8, 5),
        (abc, 8, 5),
        (vec!["a", "é", "😀"], 8, 5),
        // Spells the end-of-word marker inside words, so a merge can rebuild the string `</w>`.
        (vec!["</w>", "a", "<", "/", "w>"], 8, 5),
        // Many distinct pairs all counted once: ties longer than TIED_LIMIT.
        (vec!["a", "b", "c", "d", "e", "f", "g", "h"], 40, 1),
    ];
    prop::sample::select(shapes).prop_flat_map(|(pieces, most_words, most_count)| {
        let word =
            prop::collection::vec(prop::sample::select(pieces), 1..7).prop_map(|p| p.concat());
        prop::collection::vec((word, 1..=most_count), 1..most_words)
            .prop_map(WordCounts::from_pairs)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn incremental_matches_naive(
        words in corpus(),
        merges in 1usize..40,
        end_of_word in any::<bool>(),
        seeks in prop::collection::vec(0usize..45, 0..6),
    ) {
        check_corpus(&words, merges, end_of_word, &seeks);
    }

    #[test]
    fn free_text_counts_words_in_order(words in prop::collection::vec("[ab]{1,3}", 0..20), gaps in prop::collection::vec(prop::sample::select(vec![" ", "\n", "\t ", "\u{3000}"]), 20)) {
        let text: String = words.iter().zip(&gaps).map(|(w, g)| format!("{w}{g}")).collect();
        let mut expected: Vec<(String, u64)> = Vec::new();
        for w in &words {
            match expected.iter_mut().find(|(e, _)| e == w) {
                Some(entry) => entry.1 += 1,
                None => expected.push((w.clone(), 1)),
            }
        }
        let counted = WordCounts::from_text(&text);
        prop_assert_eq!(counted.entries(), &expected[..]);
    }
}

#[test]
fn overlapping_runs_and_rebuilt_strings() {
    // `aaaa` overlaps; `abc` is built as `a bc` in one word and `ab c` in another.
    let words =
        WordCounts::from_word_count_lines("aaaa 3\naaa 2\nbc 4\nabc 1\nab 5\nxabc 1\n").unwrap();
    check_corpus(&words, 30, true, &[0, 7, 3, 30]);
    check_corpus(&words, 30, false, &[5, 1]);
}

#[test]
fn rebuilding_the_end_of_word_marker() {
    // Under first-seen, `<` `/` `w` `>` merge into the string `</w>`, which is the marker's symbol; the
    // word then reads `</w> </w>` and undoing that merge must split only the first.
    let words = WordCounts::from_word_count_lines("</w> 3\nx</w>y 1\n").unwrap();
    check_corpus(&words, 20, true, &[3, 0, 20, 2]);
    let trace = train(
        &words,
        TrainOptions {
            tie_rule: TieRule::FirstSeen,
            end_of_word: true,
            byte_level: None,
        },
        3,
    )
    .unwrap();
    let third = &trace.steps()[2].merge;
    assert_eq!(third.merged, trace.vocab().id("</w>").unwrap());
    assert_eq!(
        trace
            .vocab()
            .symbol(trace.vocab().alphabet_len() as u32 + 2),
        "</w>"
    );
}
