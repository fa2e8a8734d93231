//! Launcher of `attention_project.wgsl` and `attention_scores.wgsl`: a first attention layer's
//! causal logits (SmolLM2's, `til_core::smollm2::first_attention`) on the GPU. W_q and W_k are
//! uploaded once as f32 ([`upload`]); per text the CPU normalises each token's row (RMSNorm, f64,
//! then f32) and takes cos and sin of every p·θᵢ in f64, and the GPU projects once, then rotates and
//! scores once per way asked for, all in one submission with one readback.
//!
//! Tolerance against the core's f64 logits, from [`tolerance`], built up as the kernels compute:
//! 1. a projected coordinate j is an f32 dot product of `cols` terms over inputs rounded to f32:
//!    off by at most εⱼ = (cols + 3)·u·Σᵢ|Wⱼᵢxᵢ| (u = 2⁻²⁴; the bound `pe_dots` uses);
//! 2. a rotated coordinate of the pair (a, b) is v_a·cos ∓ v_b·sin: |rotated| ≤ P = √(v_a² + v_b²)
//!    (Cauchy–Schwarz), off by at most δ = √(ε_a² + ε_b²) + 4u·(|v_a| + |v_b|) (the inputs' error,
//!    then cos and sin rounded, two products and a sum);
//! 3. the logit, scale·Σ r_q r_k in f32: off by at most
//!    scale·(Σ δ_q P_k + P_q δ_k + δ_q δ_k + (head_dim + 3)·u·Σ (P_q + δ_q)(P_k + δ_k)).
//!
//! Leaves out: the values, the softmax, and what comes after.

use std::sync::Arc;

use til_core::posenc::rope::{half_from_interleaved, Layout};
use til_core::smollm2::first_attention::{FirstAttention, Logits, Rotation};

use super::{flat_groups, pipeline, GpuContext, Pass};
use crate::ComputeError;

const UNIT: f64 = 1.0 / (1u64 << 24) as f64;

/// W_q's rows then W_k's, as f32 on one device, with the two kernels compiled for it.
pub struct GpuWeights {
    device: wgpu::Device,
    buffer: wgpu::Buffer,
    project: wgpu::ComputePipeline,
    scores: wgpu::ComputePipeline,
}

impl GpuWeights {
    pub(crate) fn on(&self, context: &GpuContext) -> bool {
        self.device == *context.device()
    }
}

/// Uploads the weights and compiles the kernels. Synchronous: a failed upload or a kernel the
/// device rejects shows at the first [`run`], as a dispatch error.
pub fn upload(
    context: &GpuContext,
    attention: &FirstAttention,
) -> Result<GpuWeights, ComputeError> {
    context.check_alive()?;
    let rows: Vec<f32> = attention
        .projection_rows()
        .flatten()
        .map(|&w| w as f32)
        .collect();
    context.check_size("the attention weights", rows.len() * 4)?;
    Ok(GpuWeights {
        device: context.device().clone(),
        buffer: context.storage("W_q and W_k", &rows),
        project: pipeline(
            context.device(),
            "attention_project",
            kernel_source!("attention_project"),
        ),
        scores: pipeline(
            context.device(),
            "attention_scores",
            kernel_source!("attention_scores"),
        ),
    })
}

/// The logits of `ids` for each of `rotations`, in that order.
pub async fn run(
    context: &GpuContext,
    weights: &GpuWeights,
    attention: &Arc<FirstAttention>,
    ids: &[u32],
    rotations: &[Rotation],
) -> Result<Vec<Logits>, ComputeError> {
    let shape = attention.shape;
    attention.check_len(ids.len())?;
    let (len, heads, cols) = (ids.len(), shape.heads, shape.d_model);
    let cells = heads * len * (len + 1) / 2;
    let logits = |values: Vec<f64>| Logits::from_values(heads, len, values);
    if len == 0 || rotations.is_empty() {
        return Ok(rotations
            .iter()
            .filter_map(|_| logits(Vec::new()))
            .collect());
    }
    let mut x = Vec::with_capacity(len * cols);
    for &id in ids {
        x.extend(attention.normed_row(id)?.iter().map(|&v| v as f32));
    }
    let turns: Vec<[f32; 2]> = (0..len)
        .flat_map(|p| {
            attention.inv_freq().iter().map(move |theta| {
                let (sin, cos) = (p as f64 * theta).sin_cos();
                [cos as f32, sin as f32]
            })
        })
        .collect();
    let k_start = heads * shape.head_dim;
    let width = k_start + shape.kv_heads * shape.head_dim;
    context.check_size("the projections", len * width * 4)?;
    context.check_size("the logits", rotations.len() * cells * 4)?;

    let scope = context.begin()?;
    let project_params =
        context.uniform("project params", &[len as u32, width as u32, cols as u32]);
    let x = context.storage("normed rows", &x);
    let projected = context.output("q and k", len * width);
    let turns = context.storage("cos and sin", &turns);
    let out = context.output("logits", rotations.len() * cells);
    let project = context.bind(
        &weights.project,
        &[&project_params, &weights.buffer, &x, &projected],
    );
    let score_groups: Vec<wgpu::BindGroup> = rotations
        .iter()
        .enumerate()
        .map(|(i, rotation)| {
            let layout = match rotation.layout() {
                None => 0,
                Some(Layout::Interleaved) => 1,
                Some(Layout::Half) => 2,
            };
            let params = context.uniform(
                "score params",
                &[
                    len as u32,
                    heads as u32,
                    (heads / shape.kv_heads) as u32,
                    shape.head_dim as u32,
                    width as u32,
                    k_start as u32,
                    layout,
                    rotation.reorders() as u32,
                    (i * cells) as u32,
                    (1.0 / (shape.head_dim as f32).sqrt()).to_bits(),
                ],
            );
            context.bind(&weights.scores, &[&params, &projected, &turns, &out])
        })
        .collect();
    let mut passes = vec![Pass {
        pipeline: &weights.project,
        bind_group: &project,
        workgroups: flat_groups(context, len * width),
    }];
    passes.extend(score_groups.iter().map(|bind_group| Pass {
        pipeline: &weights.scores,
        bind_group,
        workgroups: flat_groups(context, cells),
    }));
    let values: Vec<f32> = context
        .run_and_read(scope, &passes, &out, rotations.len() * cells)
        .await?;
    values
        .chunks_exact(cells)
        .map(|chunk| logits(chunk.iter().map(|&v| f64::from(v)).collect()))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| ComputeError::Dispatch("the logits came back the wrong size".into()))
}

/// One rotated head vector as the bound sees it: each coordinate's magnitude bound P and error
/// bound δ (steps 1–2 of the module's note), in the order the dot product reads them.
pub struct Spread {
    magnitude: Vec<f64>,
    error: Vec<f64>,
}

/// The spread of one head's f64 projection `values`, whose terms' absolute sums Σᵢ|Wⱼᵢxᵢ| are
/// `abs_sums`, over `cols` columns, rotated as `rotation` says.
pub fn spread(values: &[f64], abs_sums: &[f64], cols: usize, rotation: Rotation) -> Spread {
    let order = |v: &[f64]| {
        if rotation.reorders() {
            half_from_interleaved(v)
        } else {
            v.to_vec()
        }
    };
    let (values, abs_sums) = (order(values), order(abs_sums));
    let epsilon: Vec<f64> = abs_sums
        .iter()
        .map(|a| (cols + 3) as f64 * UNIT * a)
        .collect();
    let d = values.len();
    let partner = |c: usize| match rotation.layout() {
        None => None,
        Some(Layout::Interleaved) => Some(c ^ 1),
        Some(Layout::Half) => Some((c + d / 2) % d),
    };
    let (magnitude, error) = (0..d)
        .map(|c| match partner(c) {
            None => (values[c].abs(), epsilon[c]),
            Some(o) => {
                let rounding = 4.0 * UNIT * (values[c].abs() + values[o].abs());
                (
                    values[c].hypot(values[o]),
                    epsilon[c].hypot(epsilon[o]) + rounding,
                )
            }
        })
        .unzip();
    Spread { magnitude, error }
}

/// The largest |GPU − f64| for the logit scale · rotated q · rotated k.
pub fn tolerance(q: &Spread, k: &Spread, scale: f64) -> f64 {
    let d = q.magnitude.len();
    let (mut first, mut rounding) = (0.0, 0.0);
    for c in 0..d {
        let (pq, dq, pk, dk) = (q.magnitude[c], q.error[c], k.magnitude[c], k.error[c]);
        first += dq * pk + pq * dk + dq * dk;
        rounding += (pq + dq) * (pk + dk);
    }
    scale * (first + (d + 3) as f64 * UNIT * rounding)
}
