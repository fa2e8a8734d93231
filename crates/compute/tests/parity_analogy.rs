//! Kernel 2, analogies: the interactive X − Y + Z (3CosAdd as a cosine with unit(x̂ + ẑ − ŷ), 3CosMul
//! from three cosine rows) against the core's `analogy::solve`, and the benchmark's batched answers
//! against the core's `BenchmarkRun`, on 2,011 rows (not a multiple of 64) and 613 questions, then
//! on the real thing: GloVe and Google's questions, section by section, the report as the core's.
//! Tolerances: `top_k::tolerance` per score (δ = (2·dims + 2)·2⁻²⁴ per cosine, carried through the
//! combination); a GPU answer may differ from the CPU's only where their scores are that close.

mod common;

use common::{block_on, gpu, table, Random};
use til_compute::gpu::top_k::{self, Mode};
use til_compute::Backend;
use til_core::embed::benchmark::{BenchmarkRun, Question, QuestionSet};
use til_core::embed::{dot, Analogy, EmbeddingTable, Method};

const DIMS: usize = 50;

fn mode(method: Method) -> Mode {
    match method {
        Method::Add => Mode::Add3,
        Method::Mul => Mode::Mul3,
    }
}

/// The benchmark's score of `row` for question (a, b, c) on the CPU, and its tolerance.
fn benchmark_score(table: &EmbeddingTable, q: &Question, method: Method, row: u32) -> (f32, f32) {
    let rows = table.unit_rows();
    let [ca, cb, cc] = [q.a, q.b, q.c].map(|id| dot(rows.row(id), rows.row(row)));
    let shifted = |c: f32| (1.0 + c) / 2.0;
    let score = match method {
        Method::Add => cb + cc - ca,
        Method::Mul => {
            shifted(cb) * shifted(cc) / (shifted(ca) + til_core::embed::analogy::EPSILON)
        }
    };
    (score, top_k::tolerance(mode(method), [cb, ca, cc], DIMS))
}

/// Every GPU answer is a row that may answer (in the vocabulary, not an input), and where it is not
/// the CPU's, the two rows' scores are within tolerance of each other. Returns how many differ.
fn assert_near_ties(
    table: &EmbeddingTable,
    questions: &[Question],
    method: Method,
    cpu: &[u32],
    gpu: &[u32],
    vocab: usize,
) -> usize {
    let mut differ = 0;
    for ((q, &c), &g) in questions.iter().zip(cpu).zip(gpu) {
        assert!(
            (g as usize) < vocab && ![q.a, q.b, q.c].contains(&g),
            "{method:?} {q:?}: GPU answered {g}"
        );
        if c != g {
            differ += 1;
            let (best, tolerance) = benchmark_score(table, q, method, c);
            let (other, _) = benchmark_score(table, q, method, g);
            assert!(
                (best - other).abs() <= 2.0 * tolerance,
                "{method:?} {q:?}: CPU {c} ({best}), GPU {g} ({other})"
            );
        }
    }
    differ
}

#[test]
fn interactive_analogies_match_the_core() {
    let gpu = gpu();
    let table = table(2011, DIMS, 17, &[(40, 1500)]);
    let cpu_vectors = Backend::Cpu.prepare(table.clone()).unwrap();
    let on_gpu = gpu.prepare(table.clone()).unwrap();
    let mut random = Random::new(23);
    for round in 0..12 {
        let analogy = Analogy {
            x: random.below(1999),
            y: random.below(1999),
            z: random.below(1999),
        };
        for method in Method::ALL {
            for include_inputs in [false, true] {
                let (k, vocab) = if round % 2 == 0 {
                    (10, 2011)
                } else {
                    (64, 1999)
                };
                let cpu = block_on(Backend::Cpu.analogy(
                    &cpu_vectors,
                    analogy,
                    method,
                    k,
                    include_inputs,
                    vocab,
                ))
                .unwrap();
                let got = block_on(gpu.analogy(&on_gpu, analogy, method, k, include_inputs, vocab))
                    .unwrap();
                let what = format!("{analogy:?} {method:?} inputs {include_inputs} k {k}");
                assert_eq!(cpu.len(), got.len(), "{what}");
                for (rank, (c, g)) in cpu.iter().zip(&got).enumerate() {
                    let tolerance = match method {
                        Method::Add => top_k::tolerance(Mode::Plain, [0.0; 3], DIMS),
                        Method::Mul => {
                            top_k::tolerance(Mode::Mul3, [c.cos_x, c.cos_y, c.cos_z], DIMS)
                        }
                    };
                    assert!(
                        (c.score - g.score).abs() <= tolerance,
                        "{what}, rank {rank}: CPU {c:?}, GPU {g:?}"
                    );
                    if c.id == g.id {
                        // The cosines to the inputs are the core's own dot products on both paths.
                        assert_eq!(
                            (c.cos_x, c.cos_y, c.cos_z),
                            (g.cos_x, g.cos_y, g.cos_z),
                            "{what}"
                        );
                    } else {
                        let other = cpu.iter().find(|o| o.id == g.id).map(|o| o.score);
                        assert!(
                            other.is_some_and(|s| (s - c.score).abs() <= 2.0 * tolerance),
                            "{what}, rank {rank}: CPU {c:?}, GPU {g:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn benchmark_answers_match_the_core() {
    let gpu = gpu();
    let table = table(2011, DIMS, 29, &[(7, 1200)]);
    let cpu_vectors = Backend::Cpu.prepare(table.clone()).unwrap();
    let on_gpu = gpu.prepare(table.clone()).unwrap();
    let mut random = Random::new(31);
    let vocab = 1999;
    // 613 questions over 150 words, so questions share words as the real set's do.
    let questions: Vec<Question> = (0..613)
        .map(|_| {
            let mut word = || random.below(150) * 13 % vocab as u32;
            Question {
                a: word(),
                b: word(),
                c: word(),
                expected: word(),
            }
        })
        .collect();
    for method in Method::ALL {
        let cpu = block_on(Backend::Cpu.analogy_answers(&cpu_vectors, &questions, method, vocab))
            .unwrap();
        let got = block_on(gpu.analogy_answers(&on_gpu, &questions, method, vocab)).unwrap();
        assert_eq!(cpu.len(), questions.len());
        let differ = assert_near_ties(&table, &questions, method, &cpu, &got, vocab);
        eprintln!(
            "{method:?}: {differ} of {} answers differ, each a near-tie",
            questions.len()
        );
    }
}

/// The whole Google set on the committed GloVe asset (14,877 questions asked on 30,000 rows), a
/// section per call as the page runs it: every answer is the core's or a near-tie of it (on lavapipe
/// one 3CosMul answer of 14,877 flips: the kernel sums cosines in another order than the core's
/// blocked product), and the report moves by no more than those flips.
#[test]
fn the_google_benchmark_reports_what_the_core_reports() {
    let gpu = gpu();
    let glove = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/glove");
    let asset = std::fs::read(glove.join("vectors.bin")).expect("the committed GloVe asset");
    let table = std::sync::Arc::new(EmbeddingTable::from_asset(&asset).unwrap());
    let text =
        std::fs::read_to_string(glove.join("questions-words.txt")).expect("the question file");
    let set = QuestionSet::parse(&text, &table, 30_000).unwrap();
    let on_gpu = gpu.prepare(table.clone()).unwrap();
    for method in Method::ALL {
        let mut core = BenchmarkRun::new(&table, &set, method);
        let core_report = core.finish();
        let mut answers = Vec::new();
        let mut differ = 0;
        for (s, section) in set.sections.iter().enumerate() {
            let got = block_on(gpu.analogy_answers(&on_gpu, &section.questions, method, set.vocab))
                .unwrap();
            let expected = core.answers(s).expect("a finished section");
            differ += assert_near_ties(
                &table,
                &section.questions,
                method,
                &expected,
                &got,
                set.vocab,
            );
            answers.push(got);
        }
        let report = set.report(method, &answers);
        eprintln!(
            "{}: core {:?}, GPU {:?}; {differ} answers differ, each a near-tie",
            method.label(),
            core_report.total(),
            report.total()
        );
        assert_eq!(report.total().asked, 14_877);
        assert_eq!(report.sections.len(), core_report.sections.len());
        assert!(report.complete);
        // Near-ties aside, the report is the core's: the sections' counts differ by the flips only.
        let moved: usize = report
            .sections
            .iter()
            .zip(&core_report.sections)
            .map(|(g, c)| g.score.correct.abs_diff(c.score.correct))
            .sum();
        assert!(
            moved <= differ,
            "{moved} correct answers moved with {differ} flips"
        );
    }
}
