//! The compute engine: the embedding and positional-encoding maths that the page runs on WebGPU
//! compute shaders (through wgpu), with a CPU backend that calls `til_core` and gives the same
//! numbers (to the tolerances stated on each kernel).
//!
//! One interface, [`Backend`], two implementations: [`Backend::Gpu`] holds a [`GpuContext`] (one
//! WGSL file per kernel in `gpu/`, each beside its Rust launcher), [`Backend::Cpu`] runs the core's
//! own functions (`cpu.rs`). The kernels:
//!
//! 1. [`Backend::nearest`]: cosine scores of one or many queries against the whole table, top-k;
//!    [`Backend::analogy`] is the same with X − Y + Z as the query (3CosAdd) or three combined
//!    cosine rows (3CosMul). On the GPU the top-k is chosen on the GPU too (`top_k.wgsl`), so only
//!    k (row, score) pairs per query are read back;
//! 2. [`Backend::analogy_answers`]: the analogy benchmark as a batched matrix product (the questions'
//!    distinct words × the table), then one argmax per question with its inputs excluded;
//! 3. [`Backend::pe_table`]: the sinusoidal positional-encoding table;
//! 4. [`Backend::pe_dot_matrix`]: PE·PEᵀ of any position table;
//! 5. [`Backend::attention_logits`]: a first attention layer's causal logits (SmolLM2's): the
//!    projections once, then RoPE and the scores once per way of rotating;
//! 6. [`Backend::token_neighbours`]: SmolLM2's own token table, a row's nearest rows (the GPU's
//!    f32 short list scored again in f64 by the core: token_table.rs);
//! 7. [`Backend::covariance_pass`] and [`Backend::indicators`]: the under-trained ranking's passes
//!    over that table (undertrained.rs): the principal component's products, every row's indicator.
//!
//! Acquiring a device ([`GpuContext::new`], or [`GpuContext::from_device`] with a device the caller
//! made) is separate from running kernels. The embedding table is uploaded once ([`Backend::prepare`])
//! and reused by every query; only what a caller shows is read back. Any GPU failure, a lost device
//! included, comes back as a [`ComputeError`] that the caller turns into a CPU fallback: the CPU
//! path needs nothing but the same arguments. Which backend a kernel runs on is chosen in one place,
//! [`choice`] (both timed on the first call, with the caller's clock). Leaves out: the core's non-hot paths (PCA, word-pair similarity), which stay on the CPU.

pub mod choice;
mod cpu;
mod error;
pub mod gpu;
mod mask;
pub mod speed;
mod token_table;
mod undertrained;

use std::sync::Arc;

use til_core::embed::benchmark::Question;
use til_core::embed::{Analogy, Candidate, EmbeddingTable, Method, Scored};
use til_core::posenc::{PositionTable, Sinusoidal};
use til_core::smollm2::first_attention::{FirstAttention, Logits, Rotation};

pub use error::ComputeError;
pub use gpu::GpuContext;
pub use mask::RowMask;
pub use token_table::TokenVectors;
pub use undertrained::RankingRows;
/// The wgpu this crate is built on, for callers that acquire their own device.
pub use wgpu;

/// The largest k the GPU selection keeps per query (each invocation holds a private list this long).
pub const MAX_K: usize = gpu::top_k::MAX_K;
/// The most rows one query may exclude (the query word, or an analogy's three inputs).
pub const MAX_EXCLUDED: usize = gpu::top_k::MAX_EXCLUDED;

/// Where the kernels run.
pub enum Backend {
    Gpu(GpuContext),
    Cpu,
}

/// Which kind of backend, for labels and logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    Gpu,
    Cpu,
}

/// An embedding table as the backends read it: the core's table, and on a GPU its unit rows
/// uploaded once. The CPU path reads the table itself, so a fallback needs nothing new.
pub struct Vectors {
    table: Arc<EmbeddingTable>,
    gpu: Option<gpu::GpuTable>,
}

impl Vectors {
    /// The table for the CPU backend only (what [`Backend::prepare`] gives there).
    pub fn cpu_only(table: Arc<EmbeddingTable>) -> Vectors {
        Vectors { table, gpu: None }
    }

    pub fn table(&self) -> &Arc<EmbeddingTable> {
        &self.table
    }

    /// Whether the rows are uploaded to a GPU.
    pub fn is_on_gpu(&self) -> bool {
        self.gpu.is_some()
    }
}

/// A first attention layer as the backends read it: the core's (the CPU path and the GPU's
/// per-text preparation) and on a GPU its W_q and W_k uploaded once.
pub struct AttentionWeights {
    attention: Arc<FirstAttention>,
    gpu: Option<gpu::first_attention::GpuWeights>,
}

/// One neighbour query: a vector (any length, normalised by the kernel as the core does) and the rows
/// that may not answer it (at most [`MAX_EXCLUDED`]).
#[derive(Clone, Copy, Debug)]
pub struct Query<'a> {
    pub vector: &'a [f32],
    pub exclude: &'a [u32],
}

impl<'a> Query<'a> {
    /// The table's own row `id` as the query, with that row excluded: "the neighbours of a word".
    pub fn row(table: &'a EmbeddingTable, id: &'a u32) -> Query<'a> {
        Query {
            vector: table.raw_row(*id),
            exclude: std::slice::from_ref(id),
        }
    }
}

/// The rows that may answer a neighbour search: the first `vocab`, less those `keep` rejects.
#[derive(Clone, Copy, Debug)]
pub struct Eligible<'a> {
    pub vocab: usize,
    pub keep: Option<&'a RowMask>,
}

impl Eligible<'_> {
    /// Every one of the first `vocab` rows.
    pub fn first(vocab: usize) -> Eligible<'static> {
        Eligible { vocab, keep: None }
    }
}

/// A row-major matrix of f64: a position table (positions × d) or a dot-product matrix (n × n).
/// The CPU backend fills it with the core's f64 values, the GPU backend with its f32 values widened.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    values: Vec<f64>,
}

impl Grid {
    fn new(rows: usize, cols: usize, values: Vec<f64>) -> Grid {
        debug_assert_eq!(values.len(), rows * cols);
        Grid { rows, cols, values }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn get(&self, row: usize, col: usize) -> Option<f64> {
        (row < self.rows && col < self.cols).then(|| self.values[row * self.cols + col])
    }

    pub fn row(&self, row: usize) -> Option<&[f64]> {
        (row < self.rows).then(|| &self.values[row * self.cols..(row + 1) * self.cols])
    }

    /// All values, row after row.
    pub fn as_slice(&self) -> &[f64] {
        &self.values
    }
}

impl Backend {
    pub fn kind(&self) -> BackendKind {
        match self {
            Backend::Gpu(_) => BackendKind::Gpu,
            Backend::Cpu => BackendKind::Cpu,
        }
    }

    /// Makes `table` ready for this backend: on a GPU its unit rows (50,000 × 50 f32 = 10 MB for
    /// GloVe) are uploaded here, once. The result works with the CPU backend too.
    pub fn prepare(&self, table: Arc<EmbeddingTable>) -> Result<Vectors, ComputeError> {
        match self {
            Backend::Gpu(context) => {
                let gpu = Some(context.upload_table(table.unit_rows())?);
                Ok(Vectors { table, gpu })
            }
            Backend::Cpu => Ok(Vectors::cpu_only(table)),
        }
    }

    /// Makes a first attention layer ready for this backend: on a GPU its projections (768 × 576
    /// f32 for SmolLM2, 1.8 MB) are uploaded here, once. The result works with the CPU backend too.
    pub fn prepare_attention(
        &self,
        attention: Arc<FirstAttention>,
    ) -> Result<AttentionWeights, ComputeError> {
        let gpu = match self {
            Backend::Gpu(context) => Some(gpu::first_attention::upload(context, &attention)?),
            Backend::Cpu => None,
        };
        Ok(AttentionWeights { attention, gpu })
    }

    /// The causal logits of the tokens `ids` for each of `rotations`, in that order. As the core's
    /// `FirstAttention::logits`; GPU values are f32, within [`gpu::first_attention::tolerance`].
    pub async fn attention_logits(
        &self,
        weights: &AttentionWeights,
        ids: &[u32],
        rotations: &[Rotation],
    ) -> Result<Vec<Logits>, ComputeError> {
        match self {
            Backend::Gpu(context) => match &weights.gpu {
                Some(gpu) if gpu.on(context) => {
                    gpu::first_attention::run(context, gpu, &weights.attention, ids, rotations)
                        .await
                }
                _ => Err(ComputeError::BadRequest(
                    "the weights were not uploaded to this GPU device: prepare them with this backend"
                        .into(),
                )),
            },
            Backend::Cpu => cpu::first_attention(&weights.attention, ids, rotations),
        }
    }

    /// The `k` eligible rows nearest to each query by cosine, best first, ties to the lower row;
    /// rows a query excludes never answer.
    /// As `til_core::embed::neighbours::{cosine_scores, top_k}` per query.
    pub async fn nearest(
        &self,
        vectors: &Vectors,
        queries: &[Query<'_>],
        k: usize,
        eligible: Eligible<'_>,
    ) -> Result<Vec<Vec<Scored>>, ComputeError> {
        check_request(
            vectors,
            k,
            queries.iter().map(|q| (q.vector.len(), q.exclude.len())),
        )?;
        let eligible = Eligible {
            vocab: eligible.vocab.min(vectors.table.rows()),
            ..eligible
        };
        match self {
            Backend::Gpu(context) => {
                gpu::select::nearest(context, gpu_table(context, vectors)?, queries, k, eligible)
                    .await
            }
            Backend::Cpu => Ok(cpu::nearest(&vectors.table, queries, k, eligible)),
        }
    }

    /// X − Y + Z among the first `vocab` rows: the `k` best candidates with their cosines to the
    /// inputs; `include_inputs` lets X, Y and Z answer. As `til_core::embed::analogy::solve`.
    pub async fn analogy(
        &self,
        vectors: &Vectors,
        analogy: Analogy,
        method: Method,
        k: usize,
        include_inputs: bool,
        vocab: usize,
    ) -> Result<Vec<Candidate>, ComputeError> {
        check_request(vectors, k, std::iter::empty())?;
        let vocab = vocab.min(vectors.table.rows());
        check_rows([analogy.x, analogy.y, analogy.z], vocab)?;
        match self {
            Backend::Gpu(context) => {
                let table = gpu_table(context, vectors)?;
                gpu::select::analogy(
                    context,
                    table,
                    vectors.table.unit_rows().first(vocab),
                    analogy,
                    method,
                    k,
                    include_inputs,
                )
                .await
            }
            Backend::Cpu => Ok(cpu::analogy(
                &vectors.table,
                analogy,
                method,
                k,
                include_inputs,
                vocab,
            )),
        }
    }

    /// The answer to each benchmark question (b − a + c, the three inputs excluded) among the first
    /// `vocab` rows, in question order. As the core's `BenchmarkRun` (gensim's semantics).
    pub async fn analogy_answers(
        &self,
        vectors: &Vectors,
        questions: &[Question],
        method: Method,
        vocab: usize,
    ) -> Result<Vec<u32>, ComputeError> {
        let vocab = vocab.min(vectors.table.rows());
        check_rows(questions.iter().flat_map(|q| [q.a, q.b, q.c]), vocab)?;
        match self {
            Backend::Gpu(context) => {
                gpu::select::answers(
                    context,
                    gpu_table(context, vectors)?,
                    &vectors.table,
                    questions,
                    method,
                    vocab,
                )
                .await
            }
            Backend::Cpu => Ok(cpu::answers(&vectors.table, questions, method, vocab)),
        }
    }

    /// Rows 0..positions of the sinusoidal table (positions × d). GPU values are f32: within
    /// [`gpu::pe_table::tolerance`] of the core's f64 reference.
    pub async fn pe_table(
        &self,
        encoding: &Sinusoidal,
        positions: usize,
    ) -> Result<Grid, ComputeError> {
        match self {
            Backend::Gpu(context) => gpu::pe_table::run(context, encoding, positions).await,
            Backend::Cpu => cpu::pe_table(encoding, positions),
        }
    }

    /// PE·PEᵀ over the first `n` rows of `table` (fewer if it is shorter). GPU products are of the
    /// values rounded to f32, summed in f32: within [`gpu::pe_dots::tolerance`] of the core's f64.
    pub async fn pe_dot_matrix(
        &self,
        table: &PositionTable,
        n: usize,
    ) -> Result<Grid, ComputeError> {
        match self {
            Backend::Gpu(context) => gpu::pe_dots::run(context, table, n).await,
            Backend::Cpu => Ok(cpu::pe_dot_matrix(table, n)),
        }
    }
}

/// The table's GPU copy, which must have been uploaded to this context's device.
fn gpu_table<'a>(
    context: &GpuContext,
    vectors: &'a Vectors,
) -> Result<&'a gpu::GpuTable, ComputeError> {
    match &vectors.gpu {
        Some(table) if context.owns(table) => Ok(table),
        _ => Err(ComputeError::BadRequest(
            "the table was not uploaded to this GPU device: prepare it with this backend".into(),
        )),
    }
}

/// The limits both backends keep to, so they refuse the same requests: k and the exclusions the GPU
/// selection holds, and queries as long as the table's rows.
fn check_request(
    vectors: &Vectors,
    k: usize,
    queries: impl Iterator<Item = (usize, usize)>,
) -> Result<(), ComputeError> {
    if k > MAX_K {
        return Err(ComputeError::BadRequest(format!(
            "k is {k}; at most {MAX_K} neighbours can be asked for"
        )));
    }
    let dims = vectors.table.dims();
    for (len, excluded) in queries {
        if len != dims {
            return Err(ComputeError::BadRequest(format!(
                "a query has {len} values; the table's rows have {dims}"
            )));
        }
        if excluded > MAX_EXCLUDED {
            return Err(ComputeError::BadRequest(format!(
                "a query excludes {excluded} rows; at most {MAX_EXCLUDED} can be excluded"
            )));
        }
    }
    Ok(())
}

/// Every input must be among the `vocab` rows searched (the core would index past them).
fn check_rows(ids: impl IntoIterator<Item = u32>, vocab: usize) -> Result<(), ComputeError> {
    match ids.into_iter().find(|&id| id as usize >= vocab) {
        Some(id) => Err(ComputeError::BadRequest(format!(
            "row {id} is not among the rows searched"
        ))),
        None => Ok(()),
    }
}
