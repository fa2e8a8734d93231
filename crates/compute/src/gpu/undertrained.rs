//! Launcher of `covariance.wgsl` and `indicator.wgsl`: the under-trained ranking's two passes over
//! SmolLM2's token table (`til_core::smollm2::undertrained`) on the GPU. The table's rows go up once
//! as f32 (exact: they are Q8_0 values) with both kernels compiled for them ([`upload`]); the
//! Lanczos steps, the reference direction and the ranking stay with the core, in f64.
//!
//! Tolerances against the core's f64 sums, from how the kernels compute (u = 2⁻²⁴):
//! 1. [`covariance`]: a row's c = (x − m)·v is off by at most about (d/4 + 5)·u·Σ|(xᵢ − mᵢ)vᵢ|
//!    (each centred value rounded once, four running sums of d/4 terms), and a tile's column sum
//!    of 64 terms adds 66·u of Σ|c·(x − m)|; the tiles are added in f64. The product moves the
//!    search's direction by about that error over the gap between the two largest eigenvalues:
//!    on the real table (the parity test, lavapipe) the component found from GPU products is
//!    within 1.8e-9 of the CPU's, in the same 10 passes.
//! 2. [`indicators`]: a cosine of centred, projected rows in f32: within [`indicator_tolerance`]
//!    of the f64 value for SmolLM2's 576 dimensions (measured on the real table: see the test).
//!
//! Leaves out: the mean row and the direction (computed by the core), reading back more than the
//! tiles' sums or one value a row.

use til_core::smollm2::token_table::TokenTable;
use til_core::smollm2::undertrained::{CovarianceSums, Indicator};

use super::{flat_groups, pipeline, GpuContext, Pass};
use crate::ComputeError;

/// Rows per workgroup tile in `covariance.wgsl`.
const TILE: usize = 64;

/// The largest |GPU − f64| of one row's indicator, rows of `dims` values: twice a cosine's bound
/// ([`super::cosine::tolerance`]), as the row is centred and projected before its cosine (on
/// SmolLM2's table: 1.4e-4; the worst row measured on lavapipe is off by 2.4e-7).
pub fn indicator_tolerance(dims: usize) -> f64 {
    2.0 * f64::from(super::cosine::tolerance(dims))
}

/// The table's rows on one device, with the two kernels compiled for it.
pub struct GpuRows {
    device: wgpu::Device,
    table: wgpu::Buffer,
    vocab: usize,
    dims: usize,
    covariance: wgpu::ComputePipeline,
    indicator: wgpu::ComputePipeline,
}

impl GpuRows {
    pub(crate) fn on(&self, context: &GpuContext) -> bool {
        self.device == *context.device()
    }
}

/// Uploads the rows and compiles the kernels. Synchronous: a failed upload or a kernel the device
/// rejects shows at the first call, as a dispatch error.
pub fn upload(context: &GpuContext, table: &TokenTable) -> Result<GpuRows, ComputeError> {
    context.check_alive()?;
    context.check_size("the token table", table.as_slice().len() * 4)?;
    let max_groups = context.device.limits().max_compute_workgroups_per_dimension as usize;
    if table.vocab.div_ceil(TILE) > max_groups {
        return Err(ComputeError::BadRequest(format!(
            "{} rows are too many for this GPU's dispatches",
            table.vocab
        )));
    }
    Ok(GpuRows {
        device: context.device().clone(),
        table: context.storage("token rows", table.as_slice()),
        vocab: table.vocab,
        dims: table.dims,
        covariance: pipeline(context.device(), "covariance", kernel_source!("covariance")),
        indicator: pipeline(context.device(), "indicator", kernel_source!("indicator")),
    })
}

/// The covariance of the centred rows times `v`: Σ c·(x − m) over every row. The rows were
/// centred on the GPU, so the sums' weights (Σ c, for rows summed raw) are zero.
pub async fn covariance(
    context: &GpuContext,
    rows: &GpuRows,
    mean: &[f64],
    v: &[f64],
) -> Result<CovarianceSums, ComputeError> {
    let dims = rows.dims;
    let tiles = rows.vocab.div_ceil(TILE);
    let scope = context.begin()?;
    let vectors: Vec<f32> = mean.iter().chain(v).map(|&x| x as f32).collect();
    let params = context.uniform("covariance params", &[rows.vocab as u32, dims as u32]);
    let vectors = context.storage("mean and v", &vectors);
    let sums = context.output("tile sums", tiles * dims);
    let bind_group = context.bind(&rows.covariance, &[&params, &rows.table, &vectors, &sums]);
    let pass = Pass {
        pipeline: &rows.covariance,
        bind_group: &bind_group,
        workgroups: [tiles as u32, 1, 1],
    };
    let tile_sums: Vec<f32> = context
        .run_and_read(scope, &[pass], &sums, tiles * dims)
        .await?;
    let mut product = CovarianceSums::new(dims);
    for tile in tile_sums.chunks_exact(dims) {
        for (s, &t) in product.sum.iter_mut().zip(tile) {
            *s += f64::from(t);
        }
    }
    Ok(product)
}

/// Every row's indicator in f32, in id order.
pub async fn indicators(
    context: &GpuContext,
    rows: &GpuRows,
    indicator: &Indicator,
) -> Result<Vec<f32>, ComputeError> {
    let scope = context.begin()?;
    let direction = indicator.direction();
    let length = direction.iter().map(|d| d * d).sum::<f64>().sqrt();
    let unit = |d: &f64| if length > 0.0 { d / length } else { 0.0 };
    let vectors: Vec<f32> = indicator
        .mean()
        .iter()
        .chain(indicator.component())
        .copied()
        .chain(direction.iter().map(unit))
        .map(|x| x as f32)
        .collect();
    let params = context.uniform("indicator params", &[rows.vocab as u32, rows.dims as u32]);
    let vectors = context.storage("mean, component and direction", &vectors);
    let out = context.output("indicators", rows.vocab);
    let bind_group = context.bind(&rows.indicator, &[&params, &rows.table, &vectors, &out]);
    let pass = Pass {
        pipeline: &rows.indicator,
        bind_group: &bind_group,
        workgroups: flat_groups(context, rows.vocab),
    };
    context.run_and_read(scope, &[pass], &out, rows.vocab).await
}
