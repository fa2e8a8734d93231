//! Launcher of `cosine.wgsl`: the dot products of a batch of unit queries with the first `rows` rows
//! of an uploaded table, left on the GPU for `top_k` to choose from (never read back whole). Rows and
//! queries go up as whole vec4s ([`padded`]).
//! Leaves out: normalising the queries (the caller does, exactly as the core does) and batching
//! (`select` splits work so the scores fit one binding).

use super::{groups, GpuContext, GpuTable, Pass};
use crate::ComputeError;

/// The largest |GPU − CPU| for the cosine of two unit vectors of `dims` values. The shader sums in
/// the core's order, so the scores are equal unless the driver fuses multiply-adds (WGSL allows it),
/// or the CPU side is the benchmark's blocked product, which sums in another order. Either way each
/// sum is within dims·2⁻²⁴·Σ|aᵢbᵢ| of the exact one, where Σ|aᵢbᵢ| ≤ |a||b| = 1; two more 2⁻²⁴
/// cover the unit lengths' own roundings.
pub fn tolerance(dims: usize) -> f32 {
    til_core::embed::f32_cosine_tolerance(dims)
}

/// 2⁻²⁴, the relative rounding error of f32.
pub(super) const ULP: f32 = f32::EPSILON / 2.0;

/// Invocations per workgroup (`@workgroup_size` in the shader); each covers one table row.
const WORKGROUP: u32 = 64;
/// Queries each invocation sums at once (the shader's lanes).
const LANES: usize = 4;

/// A recorded-to-be dispatch and the buffer it fills: `queries × rows` scores, query-major.
pub(super) struct Cosines {
    pub scores: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    workgroups: [u32; 3],
}

impl Cosines {
    /// `queries` holds whole unit vectors of the table's width (`table.dims` values each).
    pub fn new(
        context: &GpuContext,
        table: &GpuTable,
        rows: usize,
        queries: &[f32],
    ) -> Result<Cosines, ComputeError> {
        let count = queries.len() / table.dims;
        context.check_size("the scores", count * rows * 4)?;
        let width = table.dims.div_ceil(4);
        let chunked = table.dims / 8 * 2;
        let params = context.uniform(
            "cosine params",
            &[rows as u32, width as u32, chunked as u32, count as u32],
        );
        let queries = context.storage("queries", &padded(queries, table.dims));
        let scores = context.output("scores", count * rows);
        let bind_group = context.bind(
            &context.kernels.cosine,
            &[&params, &table.buffer, &queries, &scores],
        );
        let workgroups = [groups(rows, WORKGROUP), count.div_ceil(LANES) as u32, 1];
        Ok(Cosines {
            scores,
            bind_group,
            workgroups,
        })
    }

    pub fn pass<'a>(&'a self, context: &'a GpuContext) -> Pass<'a> {
        Pass {
            pipeline: &context.kernels.cosine,
            bind_group: &self.bind_group,
            workgroups: self.workgroups,
        }
    }
}

/// Vectors of `dims` values as whole vec4s: each zero-padded to a multiple of four values.
pub(super) fn padded(vectors: &[f32], dims: usize) -> Vec<f32> {
    let width = dims.div_ceil(4) * 4;
    let mut out = vec![0.0; vectors.len() / dims * width];
    for (to, from) in out.chunks_exact_mut(width).zip(vectors.chunks_exact(dims)) {
        to[..dims].copy_from_slice(from);
    }
    out
}
