//! Kernel 2, analogies: the interactive X − Y + Z (3CosAdd as a cosine with unit(x̂ + ẑ − ŷ), 3CosMul
//! from three cosine rows) against the core's `analogy::solve`, and the benchmark's batched answers
//! against the core's `BenchmarkRun`, on 2,011 rows (not a multiple of 64) and 613 questions.
//! Tolerances: `top_k::tolerance` per score (δ = (2·dims + 2)·2⁻²⁴ per cosine, carried through the
//! combination); a GPU answer may differ from the CPU's only where their scores are that close.

mod common;

use common::{block_on, gpu, table, Random};
use til_compute::gpu::top_k::{self, Mode};
use til_compute::Backend;
use til_core::embed::benchmark::Question;
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
        Method::Mul => shifted(cb) * shifted(cc) / (shifted(ca) + til_core::embed::analogy::EPSILON),
    };
    (score, top_k::tolerance(mode(method), [cb, ca, cc], DIMS))
}

#[test]
fn interactive_analogies_match_the_core() {
    let gpu = gpu();
    let table = table(2011, DIMS, 17, &[(40, 1500)]);
    let cpu_vectors = Backend::Cpu.prepare(table.clone()).unwrap();
    let on_gpu = gpu.prepare(table.clone()).unwrap();
    let mut random = Random::new(23);
    for round in 0..12 {
        let analogy = Analogy { x: random.below(1999), y: random.below(1999), z: random.below(1999) };
        for method in Method::ALL {
            for include_inputs in [false, true] {
                let (k, vocab) = if round % 2 == 0 { (10, 2011) } else { (64, 1999) };
                let cpu = block_on(Backend::Cpu.analogy(&cpu_vectors, analogy, method, k, include_inputs, vocab)).unwrap();
                let got = block_on(gpu.analogy(&on_gpu, analogy, method, k, include_inputs, vocab)).unwrap();
                let what = format!("{analogy:?} {method:?} inputs {include_inputs} k {k}");
                assert_eq!(cpu.len(), got.len(), "{what}");
                for (rank, (c, g)) in cpu.iter().zip(&got).enumerate() {
                    let tolerance = match method {
                        Method::Add => top_k::tolerance(Mode::Plain, [0.0; 3], DIMS),
                        Method::Mul => top_k::tolerance(Mode::Mul3, [c.cos_x, c.cos_y, c.cos_z], DIMS),
                    };
                    assert!((c.score - g.score).abs() <= tolerance, "{what}, rank {rank}: CPU {c:?}, GPU {g:?}");
                    if c.id == g.id {
                        // The cosines to the inputs are the core's own dot products on both paths.
                        assert_eq!((c.cos_x, c.cos_y, c.cos_z), (g.cos_x, g.cos_y, g.cos_z), "{what}");
                    } else {
                        let other = cpu.iter().find(|o| o.id == g.id).map(|o| o.score);
                        assert!(other.is_some_and(|s| (s - c.score).abs() <= 2.0 * tolerance), "{what}, rank {rank}: CPU {c:?}, GPU {g:?}");
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
            Question { a: word(), b: word(), c: word(), expected: word() }
        })
        .collect();
    for method in Method::ALL {
        let cpu = block_on(Backend::Cpu.analogy_answers(&cpu_vectors, &questions, method, vocab)).unwrap();
        let got = block_on(gpu.analogy_answers(&on_gpu, &questions, method, vocab)).unwrap();
        assert_eq!(cpu.len(), questions.len());
        let mut differ = 0;
        for ((q, &c), &g) in questions.iter().zip(&cpu).zip(&got) {
            assert!((g as usize) < vocab && ![q.a, q.b, q.c].contains(&g), "{method:?} {q:?}: GPU answered {g}");
            if c != g {
                differ += 1;
                let (best, tolerance) = benchmark_score(&table, q, method, c);
                let (other, _) = benchmark_score(&table, q, method, g);
                assert!((best - other).abs() <= 2.0 * tolerance, "{method:?} {q:?}: CPU {c} ({best}), GPU {g} ({other})");
            }
        }
        eprintln!("{method:?}: {differ} of {} answers differ, each a near-tie", questions.len());
    }
}
