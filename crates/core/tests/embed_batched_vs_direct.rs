//! The benchmark's blocked matrix product gives the same answers as solving each question directly
//! with `analogy::solve` (one full scoring pass per question), on random tables large enough for
//! several row blocks, for both methods. Where the two disagree it may only be a tie: the two paths
//! sum in different orders, so scores can differ in the last bits. And the benchmark on several
//! threads gives exactly the answers of one, at any thread count, ties included.

use proptest::prelude::*;
use til_core::embed::analogy::{self, Analogy};
use til_core::embed::benchmark::{BenchmarkRun, QuestionSet, BLOCK_ROWS};
use til_core::embed::{EmbeddingTable, Method};

mod rng;

use rng::Rng;

fn random_table(rng: &mut Rng, rows: usize, dims: usize) -> EmbeddingTable {
    let words = (0..rows).map(|i| format!("w{i}")).collect();
    let values = (0..rows * dims).map(|_| rng.value()).collect();
    EmbeddingTable::from_rows(words, values, dims).unwrap()
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
        let mut text = String::new();
        for section in ["capital-test", "gram-test", "city-test"] {
            text.push_str(&format!(": {section}\n"));
            for _ in 0..30 {
                let ids: Vec<usize> = (0..4).map(|_| rng.below(rows)).collect();
                text.push_str(&format!("w{} w{} w{} w{}\n", ids[0], ids[1], ids[2], ids[3]));
            }
        }
        let set = QuestionSet::parse(&text, &table, rows).unwrap();
        for method in [Method::Add, Method::Mul] {
            let mut one = BenchmarkRun::new(&table, &set, method);
            one.finish();
            let mut many = BenchmarkRun::new(&table, &set, method);
            // Some units on this thread first, the rest on the others.
            many.step();
            many.step();
            many.finish_on(threads);
            for s in 0..set.sections.len() {
                prop_assert_eq!(one.answers(s), many.answers(s), "{:?}, {} threads", method, threads);
            }
        }
    }
}
