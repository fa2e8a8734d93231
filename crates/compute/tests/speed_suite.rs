//! The speed suite that the example and the page run, here at small sizes on lavapipe: every kernel
//! gives a row, both backends run, and every GPU result agrees with the CPU's within the kernel's
//! tolerance. The benchmark rows use the real GloVe rows and the first questions of two sections of
//! Google's set, so the answer comparison runs on real near-ties. Times are never asserted.

mod common;

use std::path::Path;
use std::sync::Arc;

use common::{block_on, gpu};
use til_compute::speed::{self, compare_answers, Sizes, WallClock, BENCHMARK_VOCAB};
use til_core::embed::benchmark::QuestionSet;
use til_core::embed::{EmbeddingTable, Method};

const SMALL: Sizes = Sizes {
    neighbour_batches: &[1, 3],
    benchmark: true,
    pe_tables: &[(64, 16), (300, 50)],
    dot_matrices: &[17],
    runs: 3,
};

/// The GloVe rows the page ships, and the first `per_section` questions of the first two sections.
fn inputs(per_section: usize) -> (Arc<EmbeddingTable>, QuestionSet) {
    let glove = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/glove");
    let table = Arc::new(
        EmbeddingTable::from_asset(&std::fs::read(glove.join("vectors.bin")).unwrap()).unwrap(),
    );
    let text = std::fs::read_to_string(glove.join("questions-words.txt")).unwrap();
    let mut set = QuestionSet::parse(&text, &table, BENCHMARK_VOCAB).unwrap();
    set.sections.truncate(2);
    for section in &mut set.sections {
        section.questions.truncate(per_section);
    }
    (table, set)
}

#[test]
fn every_kernel_is_measured_on_both_backends_and_agrees() {
    let (table, questions) = inputs(40);
    let gpu = gpu();
    let mut rows = Vec::new();
    block_on(speed::run(
        table,
        &questions,
        Some(&gpu),
        &SMALL,
        &WallClock::start(),
        |m| rows.push(m),
    ))
    .unwrap();
    let kernels: Vec<&str> = rows.iter().map(|m| m.kernel).collect();
    assert_eq!(
        kernels,
        [
            "table upload",
            "neighbours",
            "neighbours",
            "analogy benchmark",
            "analogy benchmark",
            "PE table",
            "PE table",
            "PE dot matrix"
        ]
    );
    for row in &rows[1..] {
        assert!(
            row.cpu_ms.is_some() && row.gpu_ms.is_some(),
            "{}",
            row.line()
        );
        let agreement = row.agreement.as_ref().expect("both backends ran");
        assert!(agreement.within, "{}: {}", row.line(), agreement.said);
    }
    eprintln!(
        "{}",
        rows.iter().map(|m| m.line()).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn without_a_gpu_only_the_cpu_runs() {
    let (table, questions) = inputs(5);
    let mut rows = Vec::new();
    let sizes = Sizes {
        benchmark: false,
        ..SMALL
    };
    block_on(speed::run(
        table,
        &questions,
        None,
        &sizes,
        &WallClock::start(),
        |m| rows.push(m),
    ))
    .unwrap();
    assert_eq!(rows.len(), 5, "no upload row, no benchmark");
    assert!(rows
        .iter()
        .all(|m| m.cpu_ms.is_some() && m.gpu_ms.is_none() && m.agreement.is_none()));
}

#[test]
fn a_wrong_answer_that_is_no_near_tie_disagrees() {
    let (table, questions) = inputs(10);
    let all: Vec<_> = questions
        .sections
        .iter()
        .flat_map(|s| s.questions.clone())
        .collect();
    let right: Vec<u32> = all.iter().map(|q| q.expected).collect();
    let same = compare_answers(&table, &all, Method::Add, &right, &right);
    assert!(same.within, "{}", same.said);
    assert!(same.said.ends_with("0 answers differ"), "{}", same.said);
    // Answering the question's own first word is far from the best score.
    let mut wrong = right.clone();
    wrong[0] = all[0].a;
    let differs = compare_answers(&table, &all, Method::Mul, &right, &wrong);
    assert!(!differs.within, "{}", differs.said);
    assert!(
        differs.said.ends_with("1 answers differ"),
        "{}",
        differs.said
    );
}
