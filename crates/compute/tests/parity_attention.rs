//! Kernel 5, a first attention layer: SmolLM2's causal logits on the GPU (f32) against the core's
//! f64 ones, with the real weights (`assets/smollm2/layer0.bin`), for a sentence and for 40 seeded
//! random ids, every way of rotating. Each logit must be within its own bound,
//! `first_attention::tolerance` (built up from the f32 projection, rotation and dot product; the
//! reasons are in the launcher's note); the worst error and the worst error/bound are printed.
//! Also: both backends refuse the same ids and lengths with the same words, and project once.

mod common;

use std::sync::Arc;

use common::{block_on, gpu, Random};
use til_compute::gpu::first_attention::{spread, tolerance};
use til_compute::{Backend, ComputeError};
use til_core::smollm2::first_attention::{FirstAttention, Rotation};
use til_core::smollm2::layer0;
use til_core::smollm2::Smollm2;
use til_core::tokenizer::Tokenizer;

const LAYER0: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../assets/smollm2/layer0.bin"
);
const TOKENIZER: &[u8] = include_bytes!("../../../assets/smollm2/smollm2.bin");
const WAYS: [Rotation; 4] = [
    Rotation::Interleaved,
    Rotation::Half,
    Rotation::HalfOnGgufRows,
    Rotation::Off,
];

fn attention() -> Arc<FirstAttention> {
    let bytes =
        std::fs::read(LAYER0).expect("assets/smollm2/layer0.bin (cargo xtask zoo builds it)");
    Arc::new(FirstAttention::new(layer0::parse(bytes).expect("a valid asset")).expect("weights"))
}

/// Σᵢ|Wⱼᵢxᵢ| for every projection row j of token `id`.
fn abs_sums(attention: &FirstAttention, id: u32) -> Vec<f64> {
    let x = attention.normed_row(id).unwrap();
    attention
        .projection_rows()
        .map(|row| row.iter().zip(&x).map(|(w, v)| (w * v).abs()).sum())
        .collect()
}

fn check(gpu: &Backend, attention: &Arc<FirstAttention>, ids: &[u32], what: &str) {
    let weights = gpu.prepare_attention(attention.clone()).unwrap();
    let got = block_on(gpu.attention_logits(&weights, ids, &WAYS)).unwrap();
    let cpu = block_on(Backend::Cpu.attention_logits(&weights, ids, &WAYS)).unwrap();
    let shape = attention.shape;
    let (hd, heads, kv) = (shape.head_dim, shape.heads, shape.kv_heads);
    let projected = attention.project(ids).unwrap();
    let sums: Vec<Vec<f64>> = ids.iter().map(|&id| abs_sums(attention, id)).collect();
    let scale = 1.0 / (hd as f64).sqrt();
    for (w, &rotation) in WAYS.iter().enumerate() {
        assert_eq!(
            cpu[w],
            attention.logits(ids, rotation).unwrap(),
            "the CPU backend is the core"
        );
        let (mut worst, mut worst_ratio): (f64, f64) = (0.0, 0.0);
        for h in 0..heads {
            let kh = h / (heads / kv);
            for m in 0..ids.len() {
                let q_at = m * heads * hd + h * hd;
                let q = spread(
                    &projected.q[q_at..q_at + hd],
                    &sums[m][h * hd..(h + 1) * hd],
                    shape.d_model,
                    rotation,
                );
                for (n, key_sums) in sums[..=m].iter().enumerate() {
                    let k_at = n * kv * hd + kh * hd;
                    let k_rows = heads * hd + kh * hd;
                    let k = spread(
                        &projected.k[k_at..k_at + hd],
                        &key_sums[k_rows..k_rows + hd],
                        shape.d_model,
                        rotation,
                    );
                    let (c, g) = (cpu[w].row(h, m)[n], got[w].row(h, m)[n]);
                    let bound = tolerance(&q, &k, scale);
                    let error = (c - g).abs();
                    assert!(
                        error <= bound,
                        "{what}, {rotation:?}, head {h}, q {m}, k {n}: f64 {c}, GPU {g}, bound {bound:.2e}"
                    );
                    worst = worst.max(error);
                    worst_ratio = worst_ratio.max(error / bound);
                }
            }
        }
        // The bound is a worst case, far above the errors seen (4.5e-6 at most): a slip that stays
        // under it but far beyond f32's reach fails here.
        assert!(worst < 1e-4, "{what}, {rotation:?}: worst {worst:.2e}");
        eprintln!(
            "{what}, {rotation:?}: {} logits, worst |GPU − f64| = {worst:.2e}, worst error/bound = {worst_ratio:.3}",
            cpu[w].as_slice().len()
        );
    }
    // The two layouts agree on the GPU too, to f32's reach.
    assert!(got[0].max_difference(&got[1]) < 1e-3);
    assert!(
        got[0].max_difference(&got[2]) > 0.1,
        "the bug moves the logits"
    );
}

#[test]
fn the_first_layers_logits_match_the_f64_core() {
    let gpu = gpu();
    let attention = attention();
    let tokenizer = Smollm2::from_asset(til_core::registry::SMOLLM2.name, TOKENIZER).unwrap();
    let ids: Vec<u32> = tokenizer
        .encode("The dog bit the man, and then the man bit the dog in 2024.")
        .iter()
        .map(|p| p.id.unwrap())
        .collect();
    check(&gpu, &attention, &ids, "a sentence");
    let mut random = Random::new(15);
    let ids: Vec<u32> = (0..40)
        .map(|_| random.below(attention.shape.vocab))
        .collect();
    check(&gpu, &attention, &ids, "40 random ids");
}

#[test]
fn both_backends_refuse_the_same_inputs_alike() {
    let gpu = gpu();
    let attention = attention();
    let weights = gpu.prepare_attention(attention.clone()).unwrap();
    let vocab = attention.shape.vocab as u32;
    let context = attention.shape.context;
    let refusals = |ids: &[u32]| {
        [&gpu, &Backend::Cpu].map(|backend| {
            block_on(backend.attention_logits(&weights, ids, &[Rotation::Interleaved])).unwrap_err()
        })
    };
    let [on_gpu, on_cpu] = refusals(&[1, vocab]);
    assert_eq!(on_gpu, on_cpu);
    assert!(matches!(on_cpu, ComputeError::BadRequest(_)));
    let [on_gpu, on_cpu] = refusals(&vec![1; context + 1]);
    assert_eq!(on_gpu, on_cpu);
    assert_eq!(
        on_cpu.to_string(),
        format!(
            "Sequence length ({}) exceeds maximum context window ({context})",
            context + 1
        )
    );
    // No tokens: no logits, on either backend.
    let empty = block_on(gpu.attention_logits(&weights, &[], &WAYS)).unwrap();
    assert_eq!(empty.len(), 4);
    assert!(empty.iter().all(|l| l.len == 0 && l.as_slice().is_empty()));
    // Weights prepared for the CPU are not silently used on the GPU.
    let cpu_weights = Backend::Cpu.prepare_attention(attention).unwrap();
    assert!(block_on(gpu.attention_logits(&cpu_weights, &[1], &WAYS)).is_err());
}
