//! Launcher of `cosine.wgsl`: the dot products of a batch of unit queries with the first `rows` rows
//! of an uploaded table, left on the GPU for `top_k` to choose from (never read back whole).
//! Leaves out: normalising the queries (the caller does, exactly as the core does) and batching
//! (`select` splits work so the scores fit one binding).

use super::{groups, GpuContext, GpuTable, Pass};
use crate::ComputeError;

/// The largest |GPU − CPU| for the cosine of two unit vectors of `dims` values. Both sides sum the
/// same f32 products in different orders (the core in two four-lane accumulators, the shader one by
/// one, and a driver may fuse multiply-adds), and each order is within dims·2⁻²⁴·Σ|aᵢbᵢ| of the exact
/// sum, where Σ|aᵢbᵢ| ≤ |a||b| = 1; two more 2⁻²⁴ cover the unit lengths' own roundings.
pub fn tolerance(dims: usize) -> f32 {
    (2 * dims + 2) as f32 * ULP
}

/// 2⁻²⁴, the relative rounding error of f32.
pub(super) const ULP: f32 = f32::EPSILON / 2.0;

/// Invocations per workgroup (`@workgroup_size` in the shader); each covers one table row.
const WORKGROUP: u32 = 64;
/// Queries each invocation sums at once (the shader's vec4 lanes).
const LANES: usize = 4;

/// A recorded-to-be dispatch and the buffer it fills: `queries × rows` scores, query-major.
pub(super) struct Cosines {
    pub scores: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    workgroups: [u32; 3],
}

impl Cosines {
    /// `queries` holds whole unit vectors of the table's width.
    pub fn new(context: &GpuContext, table: &GpuTable, rows: usize, queries: &[f32]) -> Result<Cosines, ComputeError> {
        let count = queries.len() / table.dims;
        context.check_size("the scores", count * rows * 4)?;
        // Zero-padded to whole groups of four, so every lane reads inside the buffer.
        let mut padded = queries.to_vec();
        padded.resize(count.div_ceil(LANES) * LANES * table.dims, 0.0);
        let params = context.uniform("cosine params", &[rows as u32, table.dims as u32, count as u32]);
        let queries = context.storage("queries", &padded);
        let scores = context.output("scores", count * rows);
        let bind_group =
            context.bind(&context.kernels.cosine, &[&params, &table.buffer, &queries, &scores]);
        let workgroups = [groups(rows, WORKGROUP), count.div_ceil(LANES) as u32, 1];
        Ok(Cosines { scores, bind_group, workgroups })
    }

    pub fn pass<'a>(&'a self, context: &'a GpuContext) -> Pass<'a> {
        Pass { pipeline: &context.kernels.cosine, bind_group: &self.bind_group, workgroups: self.workgroups }
    }
}
