//! Launcher of `top_k.wgsl`: the k best rows of each item's scores, chosen on the GPU so that only
//! k (row, score) pairs per item come back (80 bytes for k = 10, instead of 200 KB of scores over
//! 50,000 rows). The shader's constants are written here and prepended to its source, so Rust and
//! WGSL cannot disagree. Leaves out: computing the scores (`cosine`).

use til_core::embed::analogy::EPSILON;
use til_core::embed::Scored;

use super::cosine::ULP;
use super::{GpuContext, Pass};
use crate::{ComputeError, RowMask};

/// The largest k: each invocation keeps a private list this long.
pub const MAX_K: usize = 64;
/// Rows one item can exclude (a `vec4<u32>` in the shader).
pub const MAX_EXCLUDED: usize = 4;
/// Invocations per workgroup (one workgroup per item); a power of two for the tree reduction.
const THREADS: u32 = 64;
/// "No row": an unused exclusion, or a slot past the rows that compete.
pub const NONE: u32 = u32::MAX;

/// The shader with its constants.
pub(super) fn source() -> String {
    format!(
        "const MAX_K: u32 = {MAX_K}u;\nconst THREADS: u32 = {THREADS}u;\nconst NONE: u32 = {NONE}u;\nconst EPSILON: f32 = {EPSILON:?};\n{}",
        kernel_source!("top_k")
    )
}

/// How a row's score is made from the item's score rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One cosine (neighbours, 3CosAdd's target).
    Plain = 0,
    /// X + Z − Y: the benchmark's 3CosAdd (its positive denominator cannot change the winner).
    Add3 = 1,
    /// 3CosMul: cos′(X) · cos′(Z) / (cos′(Y) + ε), cos′ = (1 + cos) / 2.
    Mul3 = 2,
}

/// The largest |GPU − CPU| of a row's score in `mode`, from the row's cosines with X, Y and Z (any
/// side's), each off by at most δ = [`cosine::tolerance`](super::cosine::tolerance)`(dims)`: the
/// error carried through the combination (to first order, with 1 % to spare) plus its own roundings
/// (WGSL's division is exact to 2.5 ulp, not 0.5).
pub fn tolerance(mode: Mode, [x, y, z]: [f32; 3], dims: usize) -> f32 {
    let delta = super::cosine::tolerance(dims);
    match mode {
        Mode::Plain => delta,
        Mode::Add3 => 3.0 * delta + 4.0 * ULP * (x.abs() + y.abs() + z.abs()),
        Mode::Mul3 => {
            let shift = |c: f32| (1.0 + c) / 2.0;
            let (sx, sy, sz) = (shift(x), shift(y) + EPSILON, shift(z));
            let score = sx * sz / sy;
            // ∂/∂cos x = sz / 2sy, ∂/∂cos z = sx / 2sy, ∂/∂cos y = −score / 2sy.
            1.01 * (delta / 2.0 * (sx + sz + score) / sy + 8.0 * ULP * score)
        }
    }
}

/// One item: its score rows (X, Y, Z; `Plain` reads X) and the rows that may not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    pub slots: [u32; 3],
    pub exclude: [u32; MAX_EXCLUDED],
}

impl Item {
    /// `exclude` holds at most [`MAX_EXCLUDED`] rows (checked by the caller).
    pub fn new(slots: [u32; 3], exclude: &[u32]) -> Item {
        let mut padded = [NONE; MAX_EXCLUDED];
        padded[..exclude.len()].copy_from_slice(exclude);
        Item {
            slots,
            exclude: padded,
        }
    }

    fn words(&self) -> [u32; 8] {
        let [x, y, z] = self.slots;
        let [a, b, c, d] = self.exclude;
        [x, y, z, 0, a, b, c, d]
    }
}

/// The dispatch, and the buffer of `items × k` (row, score) pairs it fills.
pub(super) struct TopK {
    pub found: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    items: u32,
}

impl TopK {
    /// Chooses among the first `rows` scores of each score row in `scores` (`rows` apart).
    pub fn new(
        context: &GpuContext,
        scores: &wgpu::Buffer,
        rows: usize,
        items: &[Item],
        mode: Mode,
        k: usize,
        keep: Option<&RowMask>,
    ) -> Result<TopK, ComputeError> {
        let max_groups = context.device.limits().max_compute_workgroups_per_dimension as usize;
        if items.len() > max_groups {
            return Err(ComputeError::BadRequest(format!(
                "{} items in one dispatch; at most {max_groups}",
                items.len()
            )));
        }
        let params = context.uniform(
            "top_k params",
            &[rows as u32, k as u32, mode as u32, keep.is_some() as u32],
        );
        let items_buffer = context.storage(
            "items",
            &items.iter().flat_map(Item::words).collect::<Vec<u32>>(),
        );
        let mask = match keep {
            Some(keep) => {
                // Rows past the mask are not kept, as on the CPU: pad with cleared bits.
                let mut words = keep.words().to_vec();
                words.resize(words.len().max(rows.div_ceil(32)), 0);
                words
            }
            None => Vec::new(),
        };
        let mask = context.storage("mask", &mask);
        let found = context.output("found", items.len() * k * 2);
        let bind_group = context.bind(
            &context.kernels.top_k,
            &[&params, scores, &items_buffer, &mask, &found],
        );
        Ok(TopK {
            found,
            bind_group,
            items: items.len() as u32,
        })
    }

    pub fn pass<'a>(&'a self, context: &'a GpuContext) -> Pass<'a> {
        Pass {
            pipeline: &context.kernels.top_k,
            bind_group: &self.bind_group,
            workgroups: [self.items, 1, 1],
        }
    }
}

/// The read-back pairs as lists of k, dropping the NONE slots.
pub(super) fn decode(pairs: &[u32], k: usize) -> Vec<Vec<Scored>> {
    pairs
        .chunks_exact(2 * k)
        .map(|item| {
            item.chunks_exact(2)
                .filter(|pair| pair[0] != NONE)
                .map(|pair| Scored {
                    id: pair[0],
                    score: f32::from_bits(pair[1]),
                })
                .collect()
        })
        .collect()
}
