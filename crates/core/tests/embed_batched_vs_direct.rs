//! The benchmark's blocked matrix product gives the same answers as solving each question directly
//! with `analogy::solve` (one full scoring pass per question), on random tables large enough for
//! several row blocks, for both methods. Where the two disagree it may only be a tie: the two paths
//! sum in different orders, so scores can differ in the last bits. And the benchmark on several
//! threads, or in shares run apart and merged (the page's workers), gives exactly the answers of
//! one, at any count, ties included; shares stopped early report only the sections all finished.

use proptest::prelude::*;
use til_core::embed::analogy::{self, Analogy};
use til_core::embed::benchmark::{BenchmarkRun, Found, QuestionSet, Share, BLOCK_ROWS};
use til_core::embed::{EmbeddingTable, Method};

mod rng;

use rng::Rng;

fn random_table(rng: &mut Rng, rows: usize, dims: usize) -> EmbeddingTable {
    let words = (0..rows).map(|i| format!("w{i}")).collect();
    let values = (0..rows * dims).map(|_| rng.value()).collect();
    EmbeddingTable::from_rows(words, values, dims).unwrap()
}

/// A question file of three sections, `per` random questions each over `rows` rows.
fn three_sections(rng: &mut Rng, rows: usize, per: usize) -> String {
    let mut text = String::new();
    for section in ["capital-test", "gram-test", "city-test"] {
        text.push_str(&format!(": {section}\n"));
        for _ in 0..per {
            let ids: Vec<usize> = (0..4).map(|_| rng.below(rows)).collect();
            text.push_str(&format!(
                "w{} w{} w{} w{}\n",
                ids[0], ids[1], ids[2], ids[3]
            ));
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn batched_answers_equal_direct_answers(seed in 1u64.., dims in 3usize..12, extra in 0usize..300) {
        let mut rng = Rng(seed);
        let rows = 2 * BLOCK_ROWS + extra;
        let table = random_table(&mut rng, rows, dims);
        let vocab = rows - extra / 2;
        // Two sections of random questions; some use a word past `vocab` and must be skipped.
        let mut text = String::new();
        for section in ["capital-test", "gram-test"] {
            text.push_str(&format!(": {section}\n"));
            for _ in 0..40 {
                let ids: Vec<usize> = (0..4).map(|_| rng.below(rows)).collect();
                text.push_str(&format!("W{} w{} w{} w{}\n", ids[0], ids[1], ids[2], ids[3]));
            }
        }
        let set = QuestionSet::parse(&text, &table, vocab).unwrap();
        for method in [Method::Add, Method::Mul] {
            let mut run = BenchmarkRun::new(&table, &set, method);
            run.finish();
            for (s, section) in set.sections.iter().enumerate() {
                let answers = run.answers(s).unwrap();
                for (q, &batched) in section.questions.iter().zip(&answers) {
                    let question = Analogy { x: q.b, y: q.a, z: q.c };
                    let rows = table.unit_rows().first(vocab);
                    let direct = analogy::solve(rows, question, method, 1, false)[0];
                    if direct.id != batched {
                        let scores = analogy::scores(rows, question, method);
                        let gap = (scores[direct.id as usize] - scores[batched as usize]).abs();
                        prop_assert!(gap <= 1e-5 * scores[direct.id as usize].abs().max(1.0),
                            "{method:?}: direct {} ({}), batched {batched} ({})",
                            direct.id, scores[direct.id as usize], scores[batched as usize]);
                    }
                }
            }
        }
    }

    #[test]
    fn threads_give_the_answers_of_one(seed in 1u64.., dims in 2usize..6, extra in 0usize..300, threads in 2usize..6) {
        let mut rng = Rng(seed);
        let rows = 3 * BLOCK_ROWS + extra;
        // Few dimensions and rounded values, so equal scores (ties) happen.
        let words = (0..rows).map(|i| format!("w{i}")).collect();
        let values = (0..rows * dims).map(|_| (rng.value() * 4.0).round()).collect();
        let table = EmbeddingTable::from_rows(words, values, dims).unwrap();
        let text = three_sections(&mut rng, rows, 30);
        let set = QuestionSet::parse(&text, &table, rows).unwrap();
        for method in [Method::Add, Method::Mul] {
            let mut one = BenchmarkRun::new(&table, &set, method);
            let report = one.finish();
            let answers: Vec<_> = (0..set.sections.len()).map(|s| one.answers(s).unwrap()).collect();
            prop_assert_eq!(&BenchmarkRun::new(&table, &set, method).finish_on(threads), &report,
                "{:?}, {} threads", method, threads);
            // The page's way: each share in a run of its own (a worker), from the set as numbers;
            // the rows packed on as many threads as there are shares.
            let (counts, numbers) = set.to_rows();
            let rows = table.unit_rows().first(set.vocab);
            let found: Vec<_> = (0..threads).map(|index| {
                let share_set = QuestionSet::from_rows(&counts, &numbers, set.vocab).unwrap();
                let share = Share { index, count: threads };
                let mut run = BenchmarkRun::on_rows(rows, share_set, method, share, threads).unwrap();
                while run.step() {}
                run.found()
            }).collect();
            prop_assert_eq!(&set.merged_answers(&found), &answers, "{:?}, {} shares", method, threads);
            prop_assert_eq!(&set.merged_report(method, &found), &report);
        }
    }

    #[test]
    fn shares_stopped_early_report_only_finished_sections(seed in 1u64.., stop in 0usize..12) {
        let mut rng = Rng(seed);
        let rows = 2 * BLOCK_ROWS;
        let table = random_table(&mut rng, rows, 4);
        let text = three_sections(&mut rng, rows, 10);
        let set = QuestionSet::parse(&text, &table, rows).unwrap();
        let mut whole = BenchmarkRun::new(&table, &set, Method::Add);
        whole.finish();
        // 3 sections × 2 blocks = 6 units over 2 shares: share 0 has units 0, 2, 4, share 1 has
        // 1, 3, 5. Share 0 stops after `stop` units, share 1 finishes.
        let found: Vec<Found> = (0..2).map(|index| {
            let share = Share { index, count: 2 };
            let mut run = BenchmarkRun::on_rows(table.unit_rows(), set.clone(), Method::Add, share, 1).unwrap();
            let steps = if index == 0 { stop.min(3) } else { 3 };
            for _ in 0..steps { run.step(); }
            run.found()
        }).collect();
        let answers = set.merged_answers(&found);
        prop_assert_eq!(answers.len(), stop.min(3), "a section is finished when both its units are");
        for (s, answers) in answers.iter().enumerate() {
            prop_assert_eq!(Some(answers.clone()), whole.answers(s));
        }
        prop_assert_eq!(set.merged_report(Method::Add, &found).complete, stop >= 3);
    }
}
