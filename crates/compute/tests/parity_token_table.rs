//! Kernel 6, SmolLM2's token-table neighbours: the GPU's f32 short list (cosine.wgsl + top_k.wgsl)
//! scored again in f64 against the core's own scan (`TokenTable::neighbours`), on a random table of
//! odd size (3,001 rows × 72) where some rows repeat others exactly (as the untrained rows of the
//! real table do), ten are near-copies of one (cosines a few 10⁻⁷ apart, closer than f32 can tell)
//! and eighty of another (more than the GPU's short list holds: the core's scan answers then).
//! Tolerance: none. Both must give the same ids in the same order with the same f64 cosines.

mod common;

use std::sync::Arc;

use common::{block_on, gpu, Random};
use til_compute::Backend;
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
