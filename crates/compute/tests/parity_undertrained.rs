//! Kernel 7, the under-trained ranking (covariance.wgsl, indicator.wgsl) against the core's f64
//! loops (`til_core::smollm2::undertrained`):
//!
//! 1. one covariance product on a random table of odd size (2,011 rows × 75, so neither the tile
//!    of 64 rows nor the four-wide sums divide it), every coordinate within the bound
//!    `gpu/undertrained.rs` derives from the terms' magnitudes;
//! 2. the whole ranking on SmolLM2's real table (49,152 × 576), the search's products from the
//!    GPU: the component within 1e-6 of the CPU's (the sign aside), every f32 indicator within
//!    `indicator_tolerance`, the top 100 the CPU's, and the values shown (6 decimals) within 1e-6.

mod common;

use std::sync::Arc;

use common::{block_on, gpu, Random};
use til_compute::gpu::undertrained::indicator_tolerance;
use til_compute::Backend;
use til_core::chat::config::ChatConfig;
use til_core::smollm2::token_table::TokenTable;
use til_core::smollm2::undertrained::{indicator, ranked, untrained_controls, ComponentSearch};

const LAYER0: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../assets/smollm2/layer0.bin"
);
const CHAT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/smollm2/chat.bin");
const UNIT: f64 = 1.0 / (1u64 << 24) as f64;

#[test]
fn one_covariance_product_is_within_its_bound() {
    let (rows, dims) = (2_011, 75);
    let mut random = Random::new(7);
    // Rows with a shared offset (so centring matters) and one strong direction.
    let raw: Vec<f32> = (0..rows * dims)
        .map(|i| 0.5 + random.signed() * if i % dims == 3 { 4.0 } else { 1.0 })
        .collect();
    let table = Arc::new(TokenTable::from_rows(raw, rows, dims).unwrap());
    let gpu = gpu();
    let on_gpu = gpu.prepare_ranking(table.clone()).unwrap();
    let on_cpu = Backend::Cpu.prepare_ranking(table.clone()).unwrap();
    let mut search = ComponentSearch::new(&table);
    for pass in 0..3 {
        let want = block_on(Backend::Cpu.covariance_pass(&on_cpu, &search)).unwrap();
        let got = block_on(gpu.covariance_pass(&on_gpu, &search)).unwrap();
        let (mean, v) = (search.mean(), search.vector());
        // Σ over rows of |c|'s magnitude times |x − m|, per coordinate.
        let mut magnitude = vec![0.0f64; dims];
        for id in 0..rows as u32 {
            let row = table.row(id);
            let c: f64 = row
                .iter()
                .zip(mean)
                .zip(v)
                .map(|((&x, m), v)| ((f64::from(x) - m) * v).abs())
                .sum();
            for ((s, &x), m) in magnitude.iter_mut().zip(row).zip(mean) {
                *s += c * (f64::from(x) - m).abs();
            }
        }
        let bound = (dims / 4 + 5 + 66 + 4) as f64 * UNIT;
        let want = finished(want, mean);
        let got = finished(got, mean);
        for j in 0..dims {
            assert!(
                (got[j] - want[j]).abs() <= bound * magnitude[j],
                "pass {pass}, coordinate {j}: GPU {} CPU {} (bound {})",
                got[j],
                want[j],
                bound * magnitude[j]
            );
        }
        search.absorb(block_on(Backend::Cpu.covariance_pass(&on_cpu, &search)).unwrap());
    }
}

/// The product the sums stand for: Σ c·x − (Σ c)·m.
fn finished(sums: til_core::smollm2::undertrained::CovarianceSums, mean: &[f64]) -> Vec<f64> {
    sums.sum
        .iter()
        .zip(mean)
        .map(|(s, m)| s - sums.weights * m)
        .collect()
}

#[test]
fn the_ranking_on_the_real_table_is_the_cores() {
    let table = Arc::new(
        TokenTable::from_asset(std::fs::read(LAYER0).expect("assets/smollm2/layer0.bin"), 2)
            .unwrap(),
    );
    let chat = ChatConfig::read(&std::fs::read(CHAT).expect("assets/smollm2/chat.bin")).unwrap();
    let controls: Vec<u32> = chat.special_tokens.iter().map(|&(_, id)| id).collect();
    let reference = untrained_controls(&table, &controls);
    let gpu = gpu();
    let rows = gpu.prepare_ranking(table.clone()).unwrap();
    // 1. The search with every product from the GPU, then the CPU's own.
    let mut search = ComponentSearch::new(&table);
    while !search.absorb(block_on(gpu.covariance_pass(&rows, &search)).unwrap()) {}
    let on_gpu = search.indicator(&table, &reference).unwrap();
    let mut cpu_search = ComponentSearch::new(&table);
    while !cpu_search.absorb(cpu_search.pass(&table, 2)) {}
    let on_cpu = cpu_search.indicator(&table, &reference).unwrap();
    let along: f64 = on_gpu
        .component()
        .iter()
        .zip(on_cpu.component())
        .map(|(a, b)| a * b)
        .sum();
    let apart = on_gpu
        .component()
        .iter()
        .zip(on_cpu.component())
        .map(|(a, b)| (a * along.signum() - b).abs())
        .fold(0.0, f64::max);
    // Measured on lavapipe: 1.8e-9, the same 10 passes.
    assert!(apart < 1e-6, "the components differ by {apart:e}");
    // 2. Every f32 indicator (the CPU's component) within tolerance (measured: 2.4e-7).
    let want = indicator(&table, &reference, 2).unwrap();
    let f32_values = block_on(gpu.indicators(&rows, &on_cpu, 0)).unwrap();
    let worst = f32_values
        .iter()
        .zip(&want)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(
        worst <= indicator_tolerance(576),
        "an f32 indicator is off by {worst:e}"
    );
    // 3. The whole GPU ranking: the CPU's top 100 in its order, its values to 1e-8 (measured:
    //    3.6e-10; none differs at the 6 decimals the page shows).
    let normal = |id: u32| !controls.contains(&id);
    let k = 100;
    let got = block_on(gpu.indicators(&rows, &on_gpu, k + controls.len())).unwrap();
    let (top_want, top_got) = (ranked(&want, k, normal), ranked(&got, k, normal));
    let ids = |top: &[(u32, f64)]| top.iter().map(|&(id, _)| id).collect::<Vec<_>>();
    assert_eq!(ids(&top_got), ids(&top_want));
    for (g, w) in top_got.iter().zip(&top_want) {
        assert!(
            (g.1 - w.1).abs() < 1e-8,
            "token {}: GPU {} CPU {}",
            g.0,
            g.1,
            w.1
        );
    }
}
