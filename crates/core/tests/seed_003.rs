//! Seed 003's walkthrough ("four words, three merges"), reproduced exactly, plus the encoder and
//! export on the same corpus.

use til_core::bpe::{
    merges_txt, train, vocab_json, BpeError, Encoder, Pair, PairCountChange, TieRule, Trace,
    TrainOptions, Trainer, WordCounts,
};

const SEED: &str = "low 5\nlowest 2\nnewer 6\nwider 3\n";

fn seed_trace(tie_rule: TieRule, merges: usize) -> Trace {
    let words = WordCounts::from_word_count_lines(SEED).unwrap();
    train(
        &words,
        TrainOptions {
            tie_rule,
            ..TrainOptions::default()
        },
        merges,
    )
    .unwrap()
}

fn pair(trace: &Trace, left: &str, right: &str) -> Pair {
    let v = trace.vocab();
    Pair::new(v.id(left).unwrap(), v.id(right).unwrap())
}

fn show(trace: &Trace, p: Pair) -> String {
    format!(
        "{} {}",
        trace.vocab().symbol(p.left),
        trace.vocab().symbol(p.right)
    )
}

fn tokens<'t>(trace: &'t Trace, ids: &[u32]) -> Vec<&'t str> {
    ids.iter().map(|&id| trace.vocab().symbol(id)).collect()
}

#[test]
fn first_pass_top_pairs_match_the_seed_table() {
    let trace = seed_trace(TieRule::Lexicographic, 3);
    let top: Vec<(String, u64)> = trace
        .cursor()
        .top_pairs(7)
        .into_iter()
        .map(|(p, c)| (show(&trace, p), c))
        .collect();
    // The seed's table: e r 9, r </w> 9, w e 8, l o 7, o w 7, n e 6. It shows a selection: `e w` (from
    // newer, 6) also has 6 and, by the lexicographic rule, ranks just before `n e`.
    let expected = [
        ("e r", 9),
        ("r </w>", 9),
        ("w e", 8),
        ("l o", 7),
        ("o w", 7),
        ("e w", 6),
        ("n e", 6),
    ];
    assert_eq!(top, expected.map(|(p, c)| (p.to_string(), c)));
    assert_eq!(
        trace.cursor().top_pairs(5),
        trace.cursor().top_pairs(7)[..5]
    );
}

#[test]
fn three_merges_match_the_seed() {
    let trace = seed_trace(TieRule::Lexicographic, 3);
    let merges: Vec<(String, String, u64)> = trace
        .merges()
        .map(|m| {
            (
                show(&trace, m.pair),
                trace.vocab().symbol(m.merged).to_string(),
                m.count,
            )
        })
        .collect();
    let expected = [("e r", "er", 9), ("er </w>", "er</w>", 9), ("l o", "lo", 7)];
    assert_eq!(
        merges,
        expected.map(|(p, s, c)| (p.to_string(), s.to_string(), c))
    );
    let ranks: Vec<usize> = trace.merges().map(|m| m.rank).collect();
    assert_eq!(ranks, [1, 2, 3]);
}

#[test]
fn w_e_never_wins_because_merge_1_drops_it_to_2() {
    let trace = seed_trace(TieRule::Lexicographic, 3);
    let we = pair(&trace, "w", "e");
    let step1 = &trace.steps()[0];
    assert!(step1.changes.contains(&PairCountChange {
        pair: we,
        before: 8,
        after: 2
    }));
    let er = pair(&trace, "e", "r");
    assert!(step1.changes.contains(&PairCountChange {
        pair: er,
        before: 9,
        after: 0
    }));
    // Changes are sorted by pair, each once; newer (2) and wider (3) are the words that changed.
    assert!(step1.changes.windows(2).all(|w| w[0].pair < w[1].pair));
    assert_eq!(step1.words_changed, [2, 3]);
    assert!(trace.merges().all(|m| m.pair != we));
}

#[test]
fn choices() {
    // The data behind the page's sentences (the page writes them: src/tokenize/explanation.rs).
    let trace = seed_trace(TieRule::Lexicographic, 3);
    let pair = |l: &str, r: &str| (l.to_string(), r.to_string());
    let first = trace.choice(1).unwrap();
    assert_eq!(first.winner, pair("e", "r"));
    assert_eq!(first.tied, [pair("e", "r"), pair("r", "</w>")]);
    assert_eq!(
        (first.count, first.tied_total, first.rule),
        (9, 2, TieRule::Lexicographic)
    );
    let second = trace.choice(2).unwrap();
    assert_eq!(
        (second.winner, second.count, second.tied_total),
        (pair("er", "</w>"), 9, 1)
    );
    let third = trace.choice(3).unwrap();
    assert_eq!(third.tied, [pair("l", "o"), pair("o", "w")]);
    assert_eq!(third.count, 7);
    assert_eq!(trace.choice(4), None, "the run has 3 merges");
    let tied: Vec<String> = trace.steps()[0]
        .tied
        .iter()
        .map(|&p| show(&trace, p))
        .collect();
    assert_eq!(tied, ["e r", "r </w>"]);
}

#[test]
fn every_tie_rule_agrees_on_the_seed() {
    for rule in TieRule::ALL {
        let trace = seed_trace(rule, 3);
        let merges: Vec<String> = trace.merges().map(|m| show(&trace, m.pair)).collect();
        assert_eq!(merges, ["e r", "er </w>", "l o"], "{rule}");
        let choice = trace.choice(1).unwrap();
        assert_eq!((choice.winner.0.as_str(), choice.rule), ("e", rule));
    }
}

#[test]
fn free_text_gives_the_same_run() {
    let text =
        "low ".repeat(5) + &"lowest ".repeat(2) + &"newer\n".repeat(6) + &"wider\t".repeat(3);
    let words = WordCounts::from_text(&text);
    assert_eq!(words, WordCounts::from_word_count_lines(SEED).unwrap());
    assert_eq!(words.total(), 16);
    let trace = train(&words, TrainOptions::default(), 3).unwrap();
    assert_eq!(trace.steps(), seed_trace(TieRule::Lexicographic, 3).steps());
}

#[test]
fn vocabulary_ids_and_segmentations() {
    let trace = seed_trace(TieRule::Lexicographic, 3);
    let v = trace.vocab();
    let symbols: Vec<&str> = (0..v.len() as u32).map(|id| v.symbol(id)).collect();
    // `</w>` sorts as a string: '<' comes before the letters.
    assert_eq!(
        symbols,
        ["</w>", "d", "e", "i", "l", "n", "o", "r", "s", "t", "w", "er", "er</w>", "lo"]
    );
    assert_eq!(v.alphabet_len(), 11);
    assert_eq!(
        tokens(&trace, trace.initial_segmentation(1)),
        ["l", "o", "w", "e", "s", "t", "</w>"]
    );
    let mut cursor = trace.cursor();
    cursor.seek(3);
    let words: Vec<Vec<&str>> = (0..4)
        .map(|w| tokens(&trace, cursor.segmentation(w)))
        .collect();
    assert_eq!(
        words,
        [
            vec!["lo", "w", "</w>"],
            vec!["lo", "w", "e", "s", "t", "</w>"],
            vec!["n", "e", "w", "er</w>"],
            vec!["w", "i", "d", "er</w>"],
        ]
    );
    assert_eq!(cursor.last_step().map(|s| s.merge.rank), Some(3));
    assert!(cursor.next_step().is_none());
    assert!(!cursor.forward());
    cursor.seek(0);
    assert_eq!(
        tokens(&trace, cursor.segmentation(2)),
        ["n", "e", "w", "e", "r", "</w>"]
    );
    assert_eq!(cursor.count(pair(&trace, "e", "r")), 9);
    assert_eq!(cursor.pair_count_len(), 14);
    assert!(!cursor.back());
}

#[test]
fn encoder_replays_the_three_merges() {
    let trace = seed_trace(TieRule::Lexicographic, 3);
    let encoder = Encoder::from_trace(&trace);
    // lower: l o w e r </w> -> (1, e r) l o w er </w> -> (2, er </w>) l o w er</w> -> (3, l o) lo w er</w>.
    let lower = encoder.encode_word("lower");
    assert_eq!(lower.initial, ["l", "o", "w", "e", "r", "</w>"]);
    assert_eq!(lower.tokens, ["lo", "w", "er</w>"]);
    let ranks: Vec<usize> = lower.steps.iter().map(|s| s.rank).collect();
    assert_eq!(ranks, [1, 2, 3]);
    assert_eq!(lower.steps[0].tokens, ["l", "o", "w", "er", "</w>"]);
    // newest: no `e r`, no `er </w>`, no `l o`, so nothing merges.
    let newest = encoder.encode_word("newest");
    assert_eq!(newest.tokens, ["n", "e", "w", "e", "s", "t", "</w>"]);
    assert!(newest.steps.is_empty());
}

#[test]
fn hugging_face_export() {
    let trace = seed_trace(TieRule::Lexicographic, 3);
    assert_eq!(merges_txt(&trace), "#version: 0.2\ne r\ner </w>\nl o\n");
    let json = vocab_json(trace.vocab());
    assert!(json.starts_with("{\n  \"</w>\": 0,\n  \"d\": 1,"));
    assert!(json.ends_with("\"er\": 11,\n  \"er</w>\": 12,\n  \"lo\": 13\n}\n"));
    let again = Encoder::from_merges_txt(&merges_txt(&trace), true).unwrap();
    assert_eq!(
        again.encode_word("lower"),
        Encoder::from_trace(&trace).encode_word("lower")
    );
}

#[test]
fn runs_out_of_pairs_and_reports_errors() {
    let words = WordCounts::from_word_count_lines(SEED).unwrap();
    let trace = train(&words, TrainOptions::default(), 1000).unwrap();
    // Every word ends as one symbol: 6 + 7 + 6 + 6 symbols in 4 words take 21 merges at most.
    assert!(trace.steps().len() <= 21);
    let mut cursor = trace.cursor();
    cursor.seek(usize::MAX);
    assert_eq!(cursor.position(), trace.steps().len());
    assert_eq!(cursor.pair_count_len(), 0);
    assert!((0..4).all(|w| cursor.segmentation(w).len() == 1));
    assert!(trace.heap_bytes() > 0);

    assert_eq!(
        train(&words, TrainOptions::default(), 0).unwrap_err(),
        BpeError::ZeroMerges
    );
    let empty = WordCounts::from_text(" \n ");
    assert_eq!(
        train(&empty, TrainOptions::default(), 3).unwrap_err(),
        BpeError::EmptyCorpus
    );
    assert_eq!(BpeError::EmptyCorpus.to_string(), "the corpus has no words");
    assert_eq!(
        BpeError::ZeroMerges.to_string(),
        "the number of merges must be at least 1"
    );
    let huge = WordCounts::from_pairs([("ab".to_string(), u64::MAX / 2)]);
    assert_eq!(
        Trainer::new(&huge, TrainOptions::default()).err(),
        Some(BpeError::CorpusTooLarge)
    );
}

#[test]
fn without_end_of_word() {
    let words = WordCounts::from_word_count_lines(SEED).unwrap();
    let options = TrainOptions {
        end_of_word: false,
        ..TrainOptions::default()
    };
    let trace = train(&words, options, 2).unwrap();
    assert_eq!(trace.vocab().id("</w>"), None);
    // e r (9) first; then w e and w er: `w e` is 2 (lowest), `w er` 6 (newer), `l o` / `o w` 7.
    let merges: Vec<String> = trace.merges().map(|m| show(&trace, m.pair)).collect();
    assert_eq!(merges, ["e r", "l o"]);
    assert_eq!(
        Encoder::from_trace(&trace).encode_word("lower").tokens,
        ["lo", "w", "er"]
    );
}

#[test]
fn trainer_steps_one_at_a_time() {
    let words = WordCounts::from_word_count_lines(SEED).unwrap();
    let mut trainer = Trainer::new(&words, TrainOptions::default()).unwrap();
    assert_eq!(trainer.merges_done(), 0);
    assert_eq!(trainer.step().map(|m| m.count), Some(9));
    assert_eq!(trainer.merges_done(), 1);
    assert_eq!(trainer.trace().steps().len(), 1);
    let mut cursor = trainer.trace().cursor();
    assert!(cursor.forward());
    assert_eq!(cursor.count(pair(trainer.trace(), "w", "e")), 2);
    while trainer.step().is_some() {}
    assert!(trainer.step().is_none());
    let done = trainer.merges_done();
    assert_eq!(trainer.into_trace().steps().len(), done);
}

#[test]
fn comes_from_column_matches_the_seed_table() {
    let trace = seed_trace(TieRule::Lexicographic, 3);
    let rows = [
        ("e r", "newer (6) + wider (3)"),
        ("r </w>", "newer (6) + wider (3)"),
        ("w e", "newer (6) + lowest (2)"),
        ("l o", "low (5) + lowest (2)"),
        ("o w", "low (5) + lowest (2)"),
        ("n e", "newer (6)"),
    ];
    let pairs: Vec<Pair> = rows
        .iter()
        .map(|(p, _)| {
            let (l, r) = p.split_once(' ').unwrap();
            pair(&trace, l, r)
        })
        .collect();
    let sources = trace.cursor().sources(&pairs, 2);
    for ((name, expected), found) in rows.iter().zip(&sources) {
        let words: Vec<String> = found
            .words
            .iter()
            .map(|&(w, c)| format!("{} ({c})", trace.words().entries()[w].0))
            .collect();
        assert_eq!(words.join(" + "), *expected, "{name}");
        assert_eq!(found.more, 0, "{name}");
    }
    // After merge 1, `w e` survives only in lowest: newer's e went into `er`.
    let mut cursor = trace.cursor();
    cursor.seek(1);
    let we = cursor.sources(&[pair(&trace, "w", "e")], 2);
    assert_eq!(we[0].words, vec![(1, 2)]);
}
