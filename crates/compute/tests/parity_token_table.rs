//! Kernel 6, SmolLM2's token-table neighbours: the GPU's f32 short list (cosine.wgsl + top_k.wgsl)
//! scored again in f64 against the core's own scan (`TokenTable::neighbours`), on a random table of
//! odd size (3,001 rows × 72) where some rows repeat others exactly (as the untrained rows of the
//! real table do), ten are near-copies of one (cosines a few 10⁻⁷ apart, closer than f32 can tell)
//! and eighty of another (more than the GPU's short list holds: the core's scan answers then).
//! Tolerance: none. Both must give the same ids in the same order with the same f64 cosines.
//!
//! Then the analogy set on that table (`Backend::token_analogies`): 500 random questions, some of
//! whose answers tie exactly (the repeated rows). Tolerance: each GPU score within
//! `top_k::tolerance(Add3, …)` of the CPU's score for the same row; a GPU answer other than the
//! CPU's only where the two rows' CPU scores are within twice that.

mod common;

use std::sync::Arc;

use common::{block_on, gpu, Random};
use til_compute::gpu::top_k::{tolerance, Mode};
use til_compute::Backend;
use til_core::embed::benchmark::Question;
use til_core::embed::dot;
use til_core::smollm2::token_table::TokenTable;

const ROWS: usize = 3_001;
const DIMS: usize = 72;

fn token_table() -> Arc<TokenTable> {
    let mut random = Random::new(35);
    let mut rows: Vec<f32> = (0..ROWS * DIMS).map(|_| random.signed()).collect();
    // Rows 10–19 repeat row 9 (ten exact ties); rows 40–49 are row 39 nudged in one value.
    for copy in 10..20 {
        rows.copy_within(9 * DIMS..10 * DIMS, copy * DIMS);
    }
    for (i, near) in (40..50).enumerate() {
        rows.copy_within(39 * DIMS..40 * DIMS, near * DIMS);
        rows[near * DIMS + i] += 1e-6;
    }
    // Rows 100–179: row 99 nudged, a crowd of 80 near-equal rows.
    for (i, near) in (100..180).enumerate() {
        rows.copy_within(99 * DIMS..100 * DIMS, near * DIMS);
        rows[near * DIMS + i % DIMS] += 1e-6;
    }
    Arc::new(TokenTable::from_rows(rows, ROWS, DIMS).unwrap())
}

#[test]
fn the_gpu_short_list_rescored_equals_the_core_scan() {
    let gpu = gpu();
    let table = token_table();
    let on_gpu = gpu.prepare_tokens(table.clone()).unwrap();
    let on_cpu = Backend::Cpu.prepare_tokens(table.clone()).unwrap();
    for id in [0, 9, 15, 39, 45, 99, 150, 1_234, 3_000] {
        for k in [1, 10, 64] {
            let want = table.neighbours(id, k).unwrap();
            let cpu = block_on(Backend::Cpu.token_neighbours(&on_cpu, id, k)).unwrap();
            let got = block_on(gpu.token_neighbours(&on_gpu, id, k)).unwrap();
            assert_eq!(cpu, want, "CPU, row {id}, k {k}");
            assert_eq!(got, want, "GPU, row {id}, k {k}");
        }
    }
}

#[test]
fn a_bad_row_or_k_is_refused_on_both_backends() {
    let gpu = gpu();
    let table = token_table();
    for backend in [gpu, Backend::Cpu] {
        let vectors = backend.prepare_tokens(table.clone()).unwrap();
        let bad_row = block_on(backend.token_neighbours(&vectors, ROWS as u32, 10));
        assert!(bad_row.unwrap_err().to_string().contains("3001"));
        let bad_k = block_on(backend.token_neighbours(&vectors, 0, 65));
        assert!(bad_k.unwrap_err().to_string().contains("at most 64"));
    }
}

#[test]
fn the_analogy_set_on_the_gpu_answers_as_the_core() {
    let gpu = gpu();
    let table = token_table();
    let on_gpu = gpu.prepare_tokens(table.clone()).unwrap();
    let on_cpu = Backend::Cpu.prepare_tokens(table.clone()).unwrap();
    let mut random = Random::new(36);
    let mut questions: Vec<Question> = (0..500)
        .map(|_| Question {
            a: random.below(ROWS),
            b: random.below(ROWS),
            c: random.below(ROWS),
            expected: random.below(ROWS),
        })
        .collect();
    // Questions near the repeated rows, whose best answers tie.
    questions.extend((0..20).map(|i| Question {
        a: 3 * i + 200,
        b: 9 + i % 5,
        c: 10 + i % 7,
        expected: 11,
    }));
    let want = block_on(Backend::Cpu.token_analogies(&on_cpu, &questions)).unwrap();
    let got = block_on(gpu.token_analogies(&on_gpu, &questions)).unwrap();
    assert_eq!(got.len(), questions.len());
    let unit = |id: u32| table.unit_row(id);
    // The CPU's score of row `r` for question `q`, from its cosines, and the tolerance of a score.
    let scored = |q: &Question, r: u32| {
        let [ca, cb, cc] = [q.a, q.b, q.c].map(|w| dot(&unit(w), &unit(r)));
        (cb + cc - ca, tolerance(Mode::Add3, [cb, ca, cc], DIMS))
    };
    let mut differ = 0;
    for ((q, w), g) in questions.iter().zip(&want).zip(&got) {
        assert!(
            ![q.a, q.b, q.c].contains(&g.id),
            "{q:?}: the GPU answered an input"
        );
        let (ours, slack) = scored(q, g.id);
        assert!(
            (g.score - ours).abs() <= slack,
            "{q:?}: GPU score {} for row {}, CPU {ours}",
            g.score,
            g.id
        );
        if g.id != w.id {
            differ += 1;
            let (best, _) = scored(q, w.id);
            assert!(
                (best - ours).abs() <= 2.0 * slack,
                "{q:?}: CPU {} ({best}), GPU {} ({ours})",
                w.id,
                g.id
            );
        }
    }
    // Measured: 26 of 520 differ, each a near-tie among the repeated rows.
    assert!(differ <= questions.len() / 10, "{differ} answers differ");
    // A row past the table is refused on both backends.
    let bad = [Question {
        a: 0,
        b: 1,
        c: ROWS as u32,
        expected: 2,
    }];
    for backend in [&gpu, &Backend::Cpu] {
        let vectors = if matches!(backend, Backend::Cpu) {
            &on_cpu
        } else {
            &on_gpu
        };
        let refused = block_on(backend.token_analogies(vectors, &bad)).unwrap_err();
        assert!(refused.to_string().contains("3001"), "{refused}");
    }
}
