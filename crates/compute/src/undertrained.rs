//! The under-trained ranking's two heavy passes over SmolLM2's token table on the compute engine
//! (`til_core::smollm2::undertrained`): the covariance products of the principal component search,
//! and every row's indicator. The core runs the search (Lanczos, f64) and asks a backend for each
//! product; on the GPU (covariance.wgsl, indicator.wgsl) the products are f32 tiles added in f64,
//! and the indicators f32, of which the rows that may rank among the first `rescore` are scored
//! again by the core in f64 — so the ranking shown is in the core's order, with its values for the
//! component found. The CPU path is the core's own loops. Leaves out: stepping a pass in slices
//! (the worker does that on the CPU with `ComponentSearch::advance`, to show progress within one).

use std::sync::Arc;

use til_core::smollm2::token_table::TokenTable;
use til_core::smollm2::undertrained::{ComponentSearch, CovarianceSums, Indicator};

use crate::gpu::undertrained::{self as kernels, GpuRows};
use crate::{Backend, ComputeError};

/// The token table as the ranking's backends read it: the core's, and on a GPU its rows uploaded
/// once (113 MB of f32 for SmolLM2).
pub struct RankingRows {
    table: Arc<TokenTable>,
    gpu: Option<GpuRows>,
}

impl RankingRows {
    pub fn table(&self) -> &Arc<TokenTable> {
        &self.table
    }
}

impl Backend {
    /// Makes the table ready for the ranking on this backend (on a GPU: its rows uploaded).
    pub fn prepare_ranking(&self, table: Arc<TokenTable>) -> Result<RankingRows, ComputeError> {
        let gpu = match self {
            Backend::Gpu(context) => Some(kernels::upload(context, &table)?),
            Backend::Cpu => None,
        };
        Ok(RankingRows { table, gpu })
    }

    /// The covariance of the centred rows times `search`'s next vector, over every row: what
    /// `ComponentSearch::absorb` takes.
    pub async fn covariance_pass(
        &self,
        rows: &RankingRows,
        search: &ComponentSearch,
    ) -> Result<CovarianceSums, ComputeError> {
        match self {
            Backend::Gpu(context) => {
                let gpu = uploaded(context, rows)?;
                kernels::covariance(context, gpu, search.mean(), search.vector()).await
            }
            Backend::Cpu => Ok(search.pass(&rows.table, 1)),
        }
    }

    /// Every row's indicator, in id order. On the GPU the values are f32 (within
    /// `gpu::undertrained::indicator_tolerance`) except those of the rows whose f32 value is within
    /// twice that of the `rescore`-th highest or above it: the core's f64 values, so the first
    /// `rescore` rows rank as the CPU ranks them.
    pub async fn indicators(
        &self,
        rows: &RankingRows,
        indicator: &Indicator,
        rescore: usize,
    ) -> Result<Vec<f64>, ComputeError> {
        let table = &rows.table;
        match self {
            Backend::Gpu(context) => {
                let gpu = uploaded(context, rows)?;
                let found = kernels::indicators(context, gpu, indicator).await?;
                let mut values: Vec<f64> = found.iter().map(|&v| f64::from(v)).collect();
                if rescore == 0 || found.is_empty() {
                    return Ok(values);
                }
                let mut sorted = found;
                let at = rescore.min(sorted.len()) - 1;
                let (_, kth, _) = sorted.select_nth_unstable_by(at, |a, b| b.total_cmp(a));
                let floor = f64::from(*kth) - 2.0 * kernels::indicator_tolerance(table.dims);
                for (id, value) in values.iter_mut().enumerate() {
                    if *value >= floor {
                        *value = indicator.of(table, id as u32);
                    }
                }
                Ok(values)
            }
            Backend::Cpu => Ok(indicator.values(table, 1)),
        }
    }
}

/// The rows' GPU copy, which must have been uploaded to this context's device.
fn uploaded<'a>(
    context: &crate::GpuContext,
    rows: &'a RankingRows,
) -> Result<&'a GpuRows, ComputeError> {
    match &rows.gpu {
        Some(gpu) if gpu.on(context) => Ok(gpu),
        _ => Err(ComputeError::BadRequest(
            "the token table was not uploaded to this GPU device for the ranking".into(),
        )),
    }
}
