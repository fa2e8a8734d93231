//! Launcher of `pe_table.wgsl`: the sinusoidal table of positions 0..n in f32, read back whole (the
//! page shows all of it as a heatmap).
//!
//! Tolerance against the core's f64 table, from [`tolerance`]: the angle pos / divisor is f32, off by
//! the divisor's rounding (2⁻²⁴ relative) and WGSL's division (2.5 ulp), about 6·2⁻²⁴·pos radians
//! at most; sine and cosine move no more than their angle does. That is twice the core's
//! `f32_deviation_bound` (which counts three half-ulp roundings). The reduction by whole turns adds
//! a few ulp of π, and WGSL lets `sin`/`cos` on [−π, π] be off by 2⁻¹¹ absolute; real drivers are far
//! better (the parity test prints what lavapipe gives), but a test can only hold a device to the spec.
//! Leaves out: the learned table (random, made once on the CPU; `pe_dots` uploads it).

use til_core::posenc::{f32_deviation_bound, PosEncError, Sinusoidal, MAX_TABLE_VALUES};

use super::{flat_groups, GpuContext, Pass};
use crate::{ComputeError, Grid};

/// What WGSL promises for `sin` and `cos` on [−π, π]: 2⁻¹¹ absolute.
pub const SIN_SPEC_ERROR: f64 = 1.0 / 2048.0;
/// The turn reduction: a few rounding steps of values up to π.
const REDUCTION_ERROR: f64 = 4.0 * std::f64::consts::PI / (1u64 << 24) as f64;

/// The largest |GPU − f64| a conforming device may give at position `pos`.
pub fn tolerance(pos: f64) -> f64 {
    2.0 * f32_deviation_bound(pos) + REDUCTION_ERROR + SIN_SPEC_ERROR
}

pub async fn run(context: &GpuContext, encoding: &Sinusoidal, positions: usize) -> Result<Grid, ComputeError> {
    let d = encoding.d();
    // The core's own limit, so both backends refuse the same tables.
    let len = positions
        .checked_mul(d)
        .filter(|&len| len <= MAX_TABLE_VALUES)
        .ok_or_else(|| ComputeError::BadRequest(PosEncError::TableTooLarge { positions, d }.to_string()))?;
    if len == 0 {
        return Ok(Grid::new(positions, d, Vec::new()));
    }
    context.check_size("the position table", len * 4)?;
    let scope = context.begin()?;
    // The core's divisor base^(2i/d) is 1/ωᵢ; f32 is what the kernel divides by.
    let divisors: Vec<f32> = encoding.omegas().map(|omega| (1.0 / omega) as f32).collect();
    let params = context.uniform("pe_table params", &[positions as u32, d as u32]);
    let divisors = context.storage("divisors", &divisors);
    let table = context.output("position table", len);
    let bind_group = context.bind(&context.kernels.pe_table, &[&params, &divisors, &table]);
    let pass = Pass { pipeline: &context.kernels.pe_table, bind_group: &bind_group, workgroups: flat_groups(context, len) };
    let values: Vec<f32> = context.run_and_read(scope, &[pass], &table, len).await?;
    Ok(Grid::new(positions, d, values.into_iter().map(f64::from).collect()))
}
