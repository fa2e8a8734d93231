//! Positional encodings: how a transformer's input learns where each token sits (seed 003's sinusoidal
//! formula, seed 000's learned table), and why the sinusoidal similarity PE(p)·PE(p+k) depends only on
//! the offset k.
//!
//! This file holds the shared table type and the one error enum; the work happens in the sibling modules:
//! - `sinusoidal`: the fixed sine/cosine encoding in f64 (the CPU reference), its f32 twin for
//!   measuring what single precision does at large positions, and tables for N positions;
//! - `learned`: a GPT-2-style `nn.Embedding(max_seq_len, d)` position table with seeded random-normal
//!   rows and the seed's context-window guard;
//! - `relative`: the closed form PE(p)·PE(p+k) = Σᵢ cos(k·ωᵢ), the dot-product matrix PE·PEᵀ, and the
//!   rotation that carries each (sin, cos) pair from p to p+k;
//! - `order`: why positions are needed: two word orders through plain self-attention, without and
//!   with PE added;
//! - `rope`: rotary position embedding (inverse frequencies with context scalings, both pair
//!   layouts, the score's dependence on n − m, the decay bound); `rope_analysis` what it does over
//!   many offsets;
//! - `alibi`: ALiBi's per-head slopes and its bias on the logits;
//! - `scheme`: the interface every scheme implements ([`PositionalScheme`]), so views can take
//!   whichever is chosen.
//!
//! Left out on purpose: training the learned table (it stays at its random initialisation), and any
//! GPU code (the GPU path reuses these definitions
//! in f32).

pub mod alibi;
pub mod learned;
pub mod order;
pub mod relative;
pub mod rope;
pub mod rope_analysis;
pub mod scheme;
pub mod sinusoidal;

use std::fmt;

pub use learned::LearnedTable;
pub use order::{compare_orders, plain_attention, OrderComparison};
pub use relative::{
    direct_dot, dot, dot_matrix, dots_at_offset, odd_d_residual, offset_kernel, rotate_pair,
    DotMatrix,
};
pub use scheme::{dot_at, mean_dot_at_offset, PositionalScheme};
pub use sinusoidal::{f32_deviation, f32_deviation_bound, Sinusoidal, DEFAULT_BASE};

/// The most values one table may hold (2²⁸ f64s, 2 GiB): a guard against a typo such as
/// `--positions 1000000000` exhausting memory instead of failing with a message.
pub const MAX_TABLE_VALUES: usize = 1 << 28;

/// Why an encoding or table cannot be built.
#[derive(Clone, PartialEq)]
pub enum PosEncError {
    /// d_model is 0: there would be no dimensions to write a position into.
    ZeroDimension,
    /// The base is ≤ 1, NaN or infinite: frequencies base^(−2i/d) would not fall geometrically.
    BadBase(f64),
    /// A position is negative, NaN or infinite.
    BadPosition(f64),
    /// A dimension index at or past d_model.
    NoSuchDimension { dim: usize, d: usize },
    /// A learned table with no rows.
    ZeroContextWindow,
    /// The seed's guard: a sequence longer than the learned table's rows.
    SequenceTooLong { len: usize, max: usize },
    /// Rows to add positions to are not d_model wide.
    WidthMismatch { row: usize, d: usize },
    /// Two sentences compared for word order do not hold the same rows.
    NotAReordering,
    /// `positions × d` is beyond [`MAX_TABLE_VALUES`].
    TableTooLarge { positions: usize, d: usize },
    /// RoPE turns pairs of coordinates: its dimension must be even and at least 2.
    OddRotaryDimension(usize),
    /// A scaling parameter that is not a finite positive number (or out of order).
    BadParameter { what: &'static str, value: f64 },
    /// A position past 2^53, where f64 no longer holds every integer: m − n would be wrong.
    PositionTooLarge(f64),
}

impl fmt::Display for PosEncError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PosEncError::ZeroDimension => write!(f, "d_model must be at least 1, got 0"),
            PosEncError::BadBase(base) => {
                write!(f, "base must be a finite number greater than 1, got {base}")
            }
            PosEncError::BadPosition(pos) => {
                write!(f, "position must be a finite number ≥ 0, got {pos}")
            }
            PosEncError::NoSuchDimension { dim, d } => {
                write!(f, "dimension {dim} does not exist: d_model is {d} (dimensions 0 to {})", d.saturating_sub(1))
            }
            PosEncError::ZeroContextWindow => {
                write!(f, "max_seq_len must be at least 1, got 0")
            }
            // Seed 000's message, word for word.
            PosEncError::SequenceTooLong { len, max } => write!(
                f,
                "Sequence length ({len}) exceeds maximum context window ({max})"
            ),
            PosEncError::WidthMismatch { row, d } => {
                write!(f, "a row of {row} values cannot take a position vector of d_model = {d}")
            }
            PosEncError::NotAReordering => {
                write!(f, "the two sentences must hold the same words, in any order")
            }
            PosEncError::OddRotaryDimension(d) => write!(
                f,
                "RoPE rotates pairs of dimensions: d must be even and at least 2, got {d}"
            ),
            PosEncError::BadParameter { what, value } => {
                write!(f, "{what} must be a finite number above 0, got {value}")
            }
            PosEncError::PositionTooLarge(p) => write!(
                f,
                "position {p} is past 2^53, where f64 cannot hold every whole number: the offset m − n would be wrong"
            ),
            PosEncError::TableTooLarge { positions, d } => write!(
                f,
                "a table of {positions} positions × {d} dimensions is too large (at most {MAX_TABLE_VALUES} values)"
            ),
        }
    }
}

/// The message itself: a derived Debug would ship every variant's field names in the page's wasm
/// (700 bytes of a budget with none to spare) to say what Display already says.
impl fmt::Debug for PosEncError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for PosEncError {}

/// One vector per position, row-major: row p is the encoding of position p. Both the sinusoidal and
/// the learned encodings produce one.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionTable {
    d: usize,
    values: Vec<f64>,
}

impl PositionTable {
    /// Checks that `positions × d` values fit before anything is allocated.
    fn checked_len(positions: usize, d: usize) -> Result<usize, PosEncError> {
        match positions.checked_mul(d) {
            Some(len) if len <= MAX_TABLE_VALUES => Ok(len),
            _ => Err(PosEncError::TableTooLarge { positions, d }),
        }
    }

    /// A table of given rows (`values` holds whole rows of `d`), e.g. a trained model's learned
    /// positions, so the functions of [`relative`] apply to it too.
    pub fn from_values(d: usize, values: Vec<f64>) -> Result<PositionTable, PosEncError> {
        if d == 0 {
            return Err(PosEncError::ZeroDimension);
        }
        if !values.len().is_multiple_of(d) {
            return Err(PosEncError::WidthMismatch {
                row: values.len() % d,
                d,
            });
        }
        PositionTable::checked_len(values.len() / d, d)?;
        Ok(PositionTable { d, values })
    }

    /// The number of positions (rows).
    pub fn positions(&self) -> usize {
        self.values.len() / self.d
    }

    /// The width of every row, d_model.
    pub fn d(&self) -> usize {
        self.d
    }

    /// The vector of position `pos`, or None past the last row.
    pub fn row(&self, pos: usize) -> Option<&[f64]> {
        let start = pos.checked_mul(self.d)?;
        self.values.get(start..start + self.d)
    }

    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[f64]> {
        self.values.chunks_exact(self.d)
    }

    /// All values, row after row.
    pub fn as_slice(&self) -> &[f64] {
        &self.values
    }
}
