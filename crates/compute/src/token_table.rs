//! SmolLM2's token table (`til_core::smollm2::token_table`, 49,152 × 576) on the compute engine:
//! the full-table neighbour scan. On the GPU the cosine and top-k kernels (cosine.wgsl, top_k.wgsl)
//! keep the [`MAX_K`] rows nearest in f32; the core then scores that short list again in f64
//! (`TokenTable::rescored`), so both backends answer with the core's cosines and order. That holds
//! when the short list provably holds the true top k: its last f32 cosine is more than twice
//! `cosine::tolerance(576)` (7·10⁻⁵) below the k-th; otherwise (a crowd of near-equal rows) the
//! core's own scan answers. The CPU path is the core's own scan (itself f32, then f64). Leaves out: the analogy set and the under-trained ranking
//! (the page's workers run the core's loops for those, on every core).

use std::sync::Arc;

use til_core::embed::UnitRows;
use til_core::smollm2::token_table::TokenTable;

use crate::gpu::{self, GpuTable};
use crate::{Backend, ComputeError, Eligible, Query, MAX_K};

/// The token table as the backends read it: the core's, and on a GPU its unit rows uploaded once
/// (113 MB of f32).
pub struct TokenVectors {
    table: Arc<TokenTable>,
    gpu: Option<GpuTable>,
}

impl TokenVectors {
    pub fn table(&self) -> &Arc<TokenTable> {
        &self.table
    }
}

impl Backend {
    /// Makes the token table ready for this backend (on a GPU: its unit rows uploaded).
    pub fn prepare_tokens(&self, table: Arc<TokenTable>) -> Result<TokenVectors, ComputeError> {
        let gpu = match self {
            Backend::Gpu(context) => {
                let unit = table.unit_rows(1);
                let rows = UnitRows::new(&unit, table.dims)
                    .map_err(|e| ComputeError::BadRequest(e.to_string()))?;
                Some(context.upload_table(rows)?)
            }
            Backend::Cpu => None,
        };
        Ok(TokenVectors { table, gpu })
    }

    /// The `k` (at most [`MAX_K`]) rows nearest row `id` by cosine, `id` left out: the core's
    /// `TokenTable::neighbours`, on either backend.
    pub async fn token_neighbours(
        &self,
        vectors: &TokenVectors,
        id: u32,
        k: usize,
    ) -> Result<Vec<(u32, f64)>, ComputeError> {
        let table = &vectors.table;
        let bad = |e: til_core::smollm2::Smollm2Error| ComputeError::BadRequest(e.to_string());
        table.check(id).map_err(bad)?;
        if k > MAX_K {
            return Err(ComputeError::BadRequest(format!(
                "at most {MAX_K} neighbours, not {k}"
            )));
        }
        match self {
            Backend::Gpu(context) => {
                let uploaded = match &vectors.gpu {
                    Some(uploaded) if context.owns(uploaded) => uploaded,
                    _ => {
                        return Err(ComputeError::BadRequest(
                            "the token table was not uploaded to this GPU device".into(),
                        ))
                    }
                };
                let query = Query {
                    vector: table.row(id),
                    exclude: std::slice::from_ref(&id),
                };
                let short = gpu::select::nearest(
                    context,
                    uploaded,
                    &[query],
                    MAX_K.min(table.vocab - 1),
                    Eligible::first(table.vocab),
                )
                .await?;
                let short: Vec<_> = short.into_iter().flatten().collect();
                let floor = short
                    .get(k.max(1) - 1)
                    .map(|kth| kth.score - 2.0 * gpu::cosine::tolerance(table.dims));
                let provable = short.len() < MAX_K.min(table.vocab - 1)
                    || matches!((short.last(), floor), (Some(last), Some(floor)) if last.score < floor);
                if !provable {
                    return table.neighbours(id, k).map_err(bad);
                }
                table
                    .rescored(id, short.into_iter().map(|s| s.id), k)
                    .map_err(bad)
            }
            Backend::Cpu => table.neighbours(id, k).map_err(bad),
        }
    }
}
