//! Launcher of `pe_dots.wgsl`: PE·PEᵀ over the first n rows of a position table (sinusoidal or
//! learned), the table uploaded as f32 and the n × n matrix read back whole (the page draws it).
//!
//! Tolerance against the core's f64 matrix, from [`tolerance`]: each input is rounded to f32 (2⁻²⁴
//! relative), and an f32 sum of d products in order is off by at most about (d + 1)·2⁻²⁴·Σ|aᵢbᵢ|
//! (the classic bound for recursive summation, γ_d, plus the product's own rounding), so
//! (d + 3)·2⁻²⁴·Σ|aᵢbᵢ| covers both. Leaves out: making the table (`pe_table`, or the core).

use til_core::posenc::PositionTable;

use super::{flat_groups, GpuContext, Pass};
use crate::{ComputeError, Grid};

/// The largest |GPU − f64| for the product of rows `a` and `b`.
pub fn tolerance(a: &[f64], b: &[f64]) -> f64 {
    let magnitude: f64 = a.iter().zip(b).map(|(x, y)| (x * y).abs()).sum();
    (a.len() + 3) as f64 * magnitude / (1u64 << 24) as f64
}

pub async fn run(
    context: &GpuContext,
    table: &PositionTable,
    n: usize,
) -> Result<Grid, ComputeError> {
    let (n, d) = (n.min(table.positions()), table.d());
    if n == 0 {
        return Ok(Grid::new(0, 0, Vec::new()));
    }
    context.check_size("the dot-product matrix", n * n * 4)?;
    let scope = context.begin()?;
    let values: Vec<f32> = table.as_slice()[..n * d]
        .iter()
        .map(|&v| v as f32)
        .collect();
    let params = context.uniform("pe_dots params", &[n as u32, d as u32]);
    let values = context.storage("position rows", &values);
    let matrix = context.output("dot matrix", n * n);
    let bind_group = context.bind(&context.kernels.pe_dots, &[&params, &values, &matrix]);
    let pass = Pass {
        pipeline: &context.kernels.pe_dots,
        bind_group: &bind_group,
        workgroups: flat_groups(context, n * n),
    };
    let products: Vec<f32> = context.run_and_read(scope, &[pass], &matrix, n * n).await?;
    Ok(Grid::new(
        n,
        n,
        products.into_iter().map(f64::from).collect(),
    ))
}
