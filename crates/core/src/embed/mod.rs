//! Word embeddings: the lookup table behind `nn.Embedding`, cosine neighbours, analogies, and the two
//! standard benchmarks (Google's analogy set, WordSim-353), on GloVe 6B 50d.
//!
//! - [`table`]: the asset format (`assets/glove/vectors.bin`), its loader and the normalised table.
//! - [`neighbours`]: cosine scores over a plain `rows × dims` slice and top-k by partial selection.
//! - [`analogy`]: X − Y + Z by 3CosAdd or 3CosMul, inputs excluded or not, with per-candidate cosines.
//! - [`benchmark`]: gensim's `evaluate_word_analogies`, batched as a blocked matrix product.
//! - [`similarity`]: gensim's `evaluate_word_pairs` (Spearman's ρ with averaged ranks).
//! - [`pca`]: a 2-D projection of a handful of vectors.
//! - [`lookup`]: the shapes of a batch going through token and position embeddings, with the
//!   context-window guard.
//! - [`suggest`]: close words for an unknown one.
//! - [`export`]: neighbours and benchmark results as CSV.
//!
//! The scoring functions take a [`UnitRows`] view (plain `&[f32]`, unit-length rows) rather than the
//! table, so a GPU twin can be checked against them value for value. This file holds that view and
//! the one error enum. Leaves out: training vectors, any I/O (callers pass bytes and text).

pub mod analogy;
pub mod benchmark;
pub mod export;
mod lanes;
pub mod lookup;
pub mod neighbours;
pub mod pca;
pub mod similarity;
pub mod suggest;
pub mod table;

use std::fmt;

use crate::asset::AssetError;

use lanes::F32x4;

pub use analogy::{Analogy, Candidate, Method};
pub use benchmark::{AnalogyReport, BenchmarkRun, QuestionSet, Score, SectionScore};
pub use neighbours::Scored;
pub use similarity::PairsReport;
pub use table::EmbeddingTable;

/// A read-only `rows × dims` matrix of unit-length rows, row-major: what every scorer reads.
#[derive(Clone, Copy, Debug)]
pub struct UnitRows<'a> {
    data: &'a [f32],
    dims: usize,
}

impl<'a> UnitRows<'a> {
    /// Wraps `data`, which must hold whole rows of `dims` values (`dims` > 0).
    pub fn new(data: &'a [f32], dims: usize) -> Result<UnitRows<'a>, EmbedError> {
        if dims == 0 || !data.len().is_multiple_of(dims) {
            return Err(EmbedError::BadShape {
                values: data.len(),
                dims,
            });
        }
        Ok(UnitRows { data, dims })
    }

    pub fn dims(&self) -> usize {
        self.dims
    }

    pub fn len(&self) -> usize {
        self.data.len() / self.dims
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn row(&self, id: u32) -> &'a [f32] {
        let start = id as usize * self.dims;
        &self.data[start..start + self.dims]
    }

    /// The first `rows` rows (all of them if there are fewer): gensim's `restrict_vocab`.
    pub fn first(&self, rows: usize) -> UnitRows<'a> {
        let rows = rows.min(self.len());
        UnitRows {
            data: &self.data[..rows * self.dims],
            dims: self.dims,
        }
    }

    pub fn as_slice(&self) -> &'a [f32] {
        self.data
    }
}

/// Dot product in two four-lane accumulators (SIMD on wasm, see [`lanes`]); the summation order is
/// fixed, so every caller gets the same bits for the same rows.
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    debug_assert_eq!(a.len(), b.len());
    let main = a.len() - a.len() % 8;
    let (mut low, mut high) = (F32x4::splat(0.0), F32x4::splat(0.0));
    for (x, y) in a[..main].chunks_exact(8).zip(b[..main].chunks_exact(8)) {
        low = low + F32x4::load(x) * F32x4::load(y);
        high = high + F32x4::load(&x[4..]) * F32x4::load(&y[4..]);
    }
    let tail: f32 = a[main..].iter().zip(&b[main..]).map(|(x, y)| x * y).sum();
    (low + high).to_array().iter().sum::<f32>() + tail
}

/// How far an f32 cosine of two `dims`-value rows (summed in lanes, divided by lengths rounded to
/// f32) may be from the true one: (2·dims + 2)·2⁻²⁴ (7·10⁻⁵ at 576 values). The GPU kernels are
/// held to it, and SmolLM2's two-pass neighbour scan keeps every row it cannot rule out by it.
pub fn f32_cosine_tolerance(dims: usize) -> f32 {
    (2 * dims + 2) as f32 * f32::EPSILON / 2.0
}

/// `v / |v|`; the zero vector stays zero (it has no direction, and every cosine with it is 0).
pub fn normalised(v: &[f32]) -> Vec<f32> {
    let norm = dot(v, v).sqrt();
    if norm > 0.0 {
        v.iter().map(|x| x / norm).collect()
    } else {
        v.to_vec()
    }
}

/// Everything that can go wrong with embeddings: a damaged asset, an unknown word, a bad request or a
/// malformed benchmark file. Every message is a sentence a person can act on.
#[derive(Debug, Clone, PartialEq)]
pub enum EmbedError {
    /// The container is damaged (truncated, wrong magic or version, bad checksum).
    Asset(AssetError),
    UnsupportedEncoding {
        found: u32,
    },
    /// The word list is not UTF-8, has the wrong count, an empty or repeated word, or a line break.
    BadWords(String),
    /// A matrix whose values do not split into rows of `dims`.
    BadShape {
        values: usize,
        dims: usize,
    },
    /// The word is not among the rows searched; `suggestions` are close words that are.
    UnknownWord {
        word: String,
        suggestions: Vec<String>,
    },
    /// `--vocab`/`restrict_vocab` must be between 1 and the table's rows.
    BadVocab {
        requested: usize,
        rows: usize,
    },
    /// A question line before any `: section` line.
    MissingSection {
        line: usize,
    },
    /// Too few usable pairs to rank (Spearman needs two).
    TooFewPairs {
        used: usize,
    },
    /// A batch whose sequences differ in length (a tensor must be rectangular).
    RaggedBatch {
        first: usize,
        row: usize,
        len: usize,
    },
    /// The seed's guard: more positions than the position table has.
    ContextOverflow {
        len: usize,
        max: usize,
    },
    /// A question names a row past the candidates.
    RowOutOfRange {
        row: u32,
        rows: usize,
    },
    /// Share `index` of `count` does not exist.
    BadShare {
        index: usize,
        count: usize,
    },
    /// Nothing to embed or compare.
    Empty(&'static str),
}

impl fmt::Display for EmbedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmbedError::Asset(error) => error.fmt(f),
            EmbedError::UnsupportedEncoding { found } => {
                write!(f, "vectors file encoding {found} is unknown (1 = int8 with per-row scale, 2 = float32)")
            }
            EmbedError::BadWords(why) => write!(f, "the vectors file's word list is invalid: {why}"),
            EmbedError::BadShape { values, dims } => {
                write!(f, "{values} values do not make whole rows of {dims} dimensions")
            }
            EmbedError::UnknownWord { word, suggestions } if suggestions.is_empty() => {
                write!(f, "\"{word}\" is not in the vocabulary, and no close word is")
            }
            EmbedError::UnknownWord { word, suggestions } => write!(
                f,
                "\"{word}\" is not in the vocabulary; did you mean {}?",
                suggestions.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ")
            ),
            EmbedError::BadVocab { requested, rows } => {
                write!(f, "the vocabulary size must be between 1 and {rows}, got {requested}")
            }
            EmbedError::MissingSection { line } => {
                write!(f, "line {line}: a question before any \": section\" line")
            }
            EmbedError::TooFewPairs { used } => {
                write!(f, "only {used} word pairs are in the vocabulary; a rank correlation needs at least 2")
            }
            EmbedError::RaggedBatch { first, row, len } => write!(
                f,
                "sequence {row} has {len} tokens but the first has {first}: a batch tensor needs equal lengths (pad them)"
            ),
            EmbedError::ContextOverflow { len, max } => {
                write!(f, "Sequence length ({len}) exceeds maximum context window ({max})")
            }
            EmbedError::RowOutOfRange { row, rows } => {
                write!(f, "a question names row {row}, past the {rows} candidate rows")
            }
            EmbedError::BadShare { index, count } => {
                write!(f, "there is no share {index} of {count}: shares are numbered 0 to count − 1")
            }
            EmbedError::Empty(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for EmbedError {}

impl From<AssetError> for EmbedError {
    fn from(error: AssetError) -> EmbedError {
        EmbedError::Asset(error)
    }
}
