//! A learned position table as GPT-2 and seed 000 use it: `nn.Embedding(max_seq_len, d)`, one free
//! vector per position, looked up by index and added to the token embedding.
//!
//! Rows start as PyTorch initialises an `nn.Embedding`: independent standard normal values, N(0, 1),
//! here from a seeded generator (SplitMix64 for uniform bits, Box–Muller for normals) so the same seed
//! always gives the same table on every platform. The guard is seed 000's: a sequence longer than
//! `max_seq_len` is refused with "Sequence length (T) exceeds maximum context window (N)", because the
//! table simply has no row for position N or later. That is the contrast with the sinusoidal
//! encoding, which is a formula and extends to any position.
//!
//! Left out: training (the rows stay random, so they carry no notion of distance), padding rows and
//! PyTorch's exact random stream (the values differ from `torch.manual_seed`, the distribution does not).

use super::{PosEncError, PositionTable};

/// A `max_seq_len × d` table of randomly initialised position vectors.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedTable {
    table: PositionTable,
    seed: u64,
}

impl LearnedTable {
    /// Draws `max_seq_len × d` standard normal values from `seed`, row after row.
    pub fn new(max_seq_len: usize, d: usize, seed: u64) -> Result<LearnedTable, PosEncError> {
        if d == 0 {
            return Err(PosEncError::ZeroDimension);
        }
        if max_seq_len == 0 {
            return Err(PosEncError::ZeroContextWindow);
        }
        let len = PositionTable::checked_len(max_seq_len, d)?;
        let mut normals = Normals::new(seed);
        let values = (0..len).map(|_| normals.next()).collect();
        Ok(LearnedTable {
            table: PositionTable { d, values },
            seed,
        })
    }

    /// The number of rows: positions 0..max_seq_len exist, nothing past them.
    pub fn max_seq_len(&self) -> usize {
        self.table.positions()
    }

    pub fn d(&self) -> usize {
        self.table.d()
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The position vectors of a sequence of `seq_len` tokens (rows 0..seq_len, row after row), or
    /// the seed's error when the sequence is longer than the table.
    pub fn lookup(&self, seq_len: usize) -> Result<&[f64], PosEncError> {
        let max = self.max_seq_len();
        if seq_len > max {
            return Err(PosEncError::SequenceTooLong { len: seq_len, max });
        }
        Ok(&self.table.as_slice()[..seq_len * self.d()])
    }

    /// The vector of position `pos`. Reaching it takes a sequence of `pos + 1` tokens, so a missing
    /// row is reported with the guard's message for that length.
    pub fn row(&self, pos: usize) -> Result<&[f64], PosEncError> {
        self.table.row(pos).ok_or(PosEncError::SequenceTooLong {
            len: pos.saturating_add(1),
            max: self.max_seq_len(),
        })
    }

    /// The whole table, for plots and the dot-product matrix.
    pub fn table(&self) -> &PositionTable {
        &self.table
    }
}

/// Standard normal numbers from a seed: SplitMix64 bits turned into pairs of normals by Box–Muller.
/// Deterministic and platform-independent (only `ln`, `sqrt`, `sin_cos` of f64).
struct Normals {
    state: u64,
    /// Box–Muller makes two normals at a time; the second waits here.
    spare: Option<f64>,
}

impl Normals {
    fn new(seed: u64) -> Normals {
        Normals {
            state: seed,
            spare: None,
        }
    }

    /// SplitMix64 (Steele, Lea, Flood 2014): a Weyl sequence through a strong mixer.
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE5_E4B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1]: 53 random bits, shifted off zero so `ln` below stays finite.
    fn next_open_unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }

    fn next(&mut self) -> f64 {
        if let Some(spare) = self.spare.take() {
            return spare;
        }
        // Box–Muller: radius from one uniform, angle from another.
        let radius = (-2.0 * self.next_open_unit().ln()).sqrt();
        let (sin, cos) = (std::f64::consts::TAU * self.next_open_unit()).sin_cos();
        self.spare = Some(radius * sin);
        radius * cos
    }
}
