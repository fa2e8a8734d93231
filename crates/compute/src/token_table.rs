//! SmolLM2's token table (`til_core::smollm2::token_table`, 49,152 × 576) on the compute engine:
//! the full-table neighbour scan. On the GPU the cosine and top-k kernels (cosine.wgsl, top_k.wgsl)
//! keep the [`MAX_K`] rows nearest in f32; the core then scores that short list again in f64
//! (`TokenTable::rescored`), so both backends answer with the core's cosines and order. That holds
//! when the short list provably holds the true top k: its last f32 cosine is more than twice
//! `cosine::tolerance(576)` (7·10⁻⁵) below the k-th; otherwise (a crowd of near-equal rows) the
//! core's own scan answers. The CPU path is the core's own scan (itself f32, then f64). Also the
//! analogy set on the table, a batch of questions at a time ([`Backend::token_analogies`]).
//! Leaves out: the under-trained ranking (undertrained.rs).

use std::sync::{Arc, OnceLock};

use til_core::embed::benchmark::{BenchmarkRun, Question, QuestionSet, Section, Share, NO_ANSWER};
use til_core::embed::{EmbedError, Method, Scored, UnitRows};
use til_core::fxhash::FxHashMap;
use til_core::smollm2::token_table::TokenTable;

use crate::gpu::{self, GpuTable};
use crate::{Backend, ComputeError, Eligible, GpuContext, Query, MAX_K};

/// The token table as the backends read it: the core's, and on a GPU its unit rows uploaded once
/// (113 MB of f32).
pub struct TokenVectors {
    table: Arc<TokenTable>,
    gpu: Option<GpuTable>,
    /// The CPU's unit rows for the analogy set, made the first time it runs.
    unit: OnceLock<Vec<f32>>,
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
        Ok(TokenVectors {
            table,
            gpu,
            unit: OnceLock::new(),
        })
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
                let uploaded = uploaded(context, vectors)?;
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

    /// The analogy set's 3CosAdd answers on the token table, question by question: the best row
    /// (b − a + c, the inputs excluded) and its score (the core's `NO_ANSWER` where no row
    /// competes). On the CPU the core's `BenchmarkRun` over the unit rows (made once, then kept);
    /// on the GPU the batched product and selection of GloVe's benchmark (cosine.wgsl, top_k.wgsl)
    /// over the uploaded unit rows, whose scores are f32 sums in another order: an answer may
    /// differ only between rows whose scores are within `top_k::tolerance`.
    pub async fn token_analogies(
        &self,
        vectors: &TokenVectors,
        questions: &[Question],
    ) -> Result<Vec<Scored>, ComputeError> {
        let table = &vectors.table;
        let words = questions.iter().flat_map(|q| [q.a, q.b, q.c]);
        if let Some(id) = words.clone().find(|&id| id as usize >= table.vocab) {
            return Err(ComputeError::BadRequest(format!(
                "row {id} is not among the table's {} rows",
                table.vocab
            )));
        }
        match self {
            Backend::Gpu(context) => {
                let uploaded = uploaded(context, vectors)?;
                let unit: FxHashMap<u32, Vec<f32>> =
                    words.map(|id| (id, table.unit_row(id))).collect();
                let found = gpu::select::scored_answers(
                    context,
                    uploaded,
                    |id| unit[&id].as_slice(),
                    questions,
                    Method::Add,
                    table.vocab,
                )
                .await?;
                Ok(found
                    .into_iter()
                    .map(|best| best.first().copied().unwrap_or(NO_ANSWER))
                    .collect())
            }
            Backend::Cpu => {
                let unit = vectors.unit.get_or_init(|| table.unit_rows(1));
                let bad = |e: EmbedError| ComputeError::BadRequest(e.to_string());
                let rows = UnitRows::new(unit, table.dims).map_err(bad)?;
                let set = QuestionSet {
                    sections: vec![Section {
                        name: String::new(),
                        questions: questions.to_vec(),
                        skipped: 0,
                    }],
                    vocab: table.vocab,
                };
                let mut run =
                    BenchmarkRun::on_rows(rows, set, Method::Add, Share::ALL, 1).map_err(bad)?;
                while run.step() {}
                Ok(run.found().best)
            }
        }
    }
}

/// The unit rows' GPU copy, which must have been uploaded to this context's device.
fn uploaded<'a>(
    context: &GpuContext,
    vectors: &'a TokenVectors,
) -> Result<&'a GpuTable, ComputeError> {
    match &vectors.gpu {
        Some(uploaded) if context.owns(uploaded) => Ok(uploaded),
        _ => Err(ComputeError::BadRequest(
            "the token table was not uploaded to this GPU device".into(),
        )),
    }
}
