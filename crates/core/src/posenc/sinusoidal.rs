//! The sinusoidal positional encoding of "Attention Is All You Need", as seed 003 writes it:
//!
//! ```text
//! PE(pos, 2i)   = sin(pos / base^(2i / d))
//! PE(pos, 2i+1) = cos(pos / base^(2i / d))        base = 10,000 by default
//! ```
//!
//! Dimension j belongs to pair i = ⌊j/2⌋ (the seed's JavaScript writes `Math.floor(i / 2)`), and pair i
//! turns at angular frequency ωᵢ = base^(−2i/d) radians per position: pair 0 at 1 rad per position
//! (wavelength 2π), the last pairs slowest (wavelengths up to 2π·base).
//!
//! **Odd d.** The formula above is used unchanged with the real d: dimensions 0..d−1 form (d−1)/2
//! full (sin, cos) pairs, and the last dimension d−1 (an even index) is a lone sine at
//! ω = base^(−(d−1)/d) whose cosine partner would be dimension d, which does not exist. This is what the
//! seed's JavaScript computes; implementations that fill `pe[:, 0::2]` and `pe[:, 1::2]` separately
//! (PyTorch tutorials) fail with a shape error instead. The lone sine breaks the offset-only property a
//! little; `relative` gives the exact correction.
//!
//! The reference is f64. [`Sinusoidal::encode_f32`] computes what an f32 kernel (the GPU path) gets,
//! and [`f32_deviation_bound`] says how far that can drift. Left out: the learned table (`learned`) and
//! everything about dot products (`relative`).

use super::{PosEncError, PositionTable};

/// The base of the original paper and of seed 003.
pub const DEFAULT_BASE: f64 = 10_000.0;

/// A validated sinusoidal encoding: d_model, base, and the per-pair divisors base^(2i/d).
#[derive(Clone, Debug, PartialEq)]
pub struct Sinusoidal {
    d: usize,
    base: f64,
    /// base^(2i/d) for each pair i in 0..⌈d/2⌉; the angle of pair i at `pos` is `pos / divisor`, the
    /// formula's own division (not a multiplication by ωᵢ), so values match the seed to the last bit
    /// that `powf` allows.
    divisors: Vec<f64>,
}

impl Sinusoidal {
    /// Rejects d = 0 and any base that is not a finite number above 1.
    pub fn new(d: usize, base: f64) -> Result<Sinusoidal, PosEncError> {
        if d == 0 {
            return Err(PosEncError::ZeroDimension);
        }
        // NaN is not finite, so it is refused here too.
        if !base.is_finite() || base <= 1.0 {
            return Err(PosEncError::BadBase(base));
        }
        let divisors = (0..d.div_ceil(2))
            .map(|i| base.powf((2 * i) as f64 / d as f64))
            .collect();
        Ok(Sinusoidal { d, base, divisors })
    }

    pub fn d(&self) -> usize {
        self.d
    }

    pub fn base(&self) -> f64 {
        self.base
    }

    /// How many frequencies there are: ⌈d/2⌉ (for odd d the last one drives only the lone sine).
    pub fn pairs(&self) -> usize {
        self.divisors.len()
    }

    /// ωᵢ = base^(−2i/d) in radians per position, for pair `i` (None past the last pair).
    pub fn omega(&self, i: usize) -> Option<f64> {
        self.divisors.get(i).map(|div| 1.0 / div)
    }

    /// All ωᵢ, fastest first.
    pub fn omegas(&self) -> impl ExactSizeIterator<Item = f64> + '_ {
        self.divisors.iter().map(|div| 1.0 / div)
    }

    /// Whether d is odd, so the last dimension is a lone sine.
    pub fn has_lone_sine(&self) -> bool {
        !self.d.is_multiple_of(2)
    }

    /// PE(pos): d values.
    pub fn encode(&self, pos: f64) -> Result<Vec<f64>, PosEncError> {
        let mut out = vec![0.0; self.d];
        self.encode_into(pos, &mut out)?;
        Ok(out)
    }

    /// Writes PE(pos) into `out` (its first d values), for callers that reuse a buffer.
    pub fn encode_into(&self, pos: f64, out: &mut [f64]) -> Result<(), PosEncError> {
        check_position(pos)?;
        for (pair, chunk) in out[..self.d].chunks_mut(2).enumerate() {
            let (sin, cos) = (pos / self.divisors[pair]).sin_cos();
            chunk[0] = sin;
            if let Some(slot) = chunk.get_mut(1) {
                *slot = cos;
            }
        }
        Ok(())
    }

    /// One value, PE(pos, dim), for plotting a single wave without building a vector.
    pub fn value(&self, pos: f64, dim: usize) -> Result<f64, PosEncError> {
        check_position(pos)?;
        if dim >= self.d {
            return Err(PosEncError::NoSuchDimension { dim, d: self.d });
        }
        let angle = pos / self.divisors[dim / 2];
        Ok(if dim.is_multiple_of(2) {
            angle.sin()
        } else {
            angle.cos()
        })
    }

    /// The table of positions 0..n (n rows of d values).
    pub fn table(&self, n: usize) -> Result<PositionTable, PosEncError> {
        let len = PositionTable::checked_len(n, self.d)?;
        let mut values = vec![0.0; len];
        for (pos, row) in values.chunks_exact_mut(self.d).enumerate() {
            self.encode_into(pos as f64, row)?;
        }
        Ok(PositionTable { d: self.d, values })
    }

    /// PE(pos) as an f32 kernel computes it, to measure what single precision costs:
    /// 1. the position and each divisor are rounded to f32 (the best an f32 kernel can be handed);
    /// 2. the angle `pos / divisor` is divided in f32 (one more rounding, relative 2⁻²⁴);
    /// 3. sin/cos are then evaluated exactly (in f64) on that f32 angle and rounded to f32.
    ///
    /// Step 3 isolates the unavoidable part of the error, the angle's rounding: no sine routine can
    /// recover digits the angle no longer holds. A GPU's own `sin` adds its error on top (WGSL only
    /// promises 2⁻¹¹ absolute, and only for arguments in [−π, π]).
    pub fn encode_f32(&self, pos: f32) -> Result<Vec<f32>, PosEncError> {
        check_position(f64::from(pos))?;
        let mut out = Vec::with_capacity(self.d);
        for (dim, divisor) in (0..self.d).map(|dim| (dim, self.divisors[dim / 2] as f32)) {
            let angle = f64::from(pos / divisor);
            let value = if dim.is_multiple_of(2) {
                angle.sin()
            } else {
                angle.cos()
            };
            out.push(value as f32);
        }
        Ok(out)
    }
}

/// The measured cost of f32 at one position: max over dimensions of
/// |[`Sinusoidal::encode_f32`] − [`Sinusoidal::encode`]|.
pub fn f32_deviation(enc: &Sinusoidal, pos: f64) -> Result<f64, PosEncError> {
    let exact = enc.encode(pos)?;
    let single = enc.encode_f32(pos as f32)?;
    Ok(exact
        .iter()
        .zip(single)
        .map(|(x, y)| (x - f64::from(y)).abs())
        .fold(0.0, f64::max))
}

/// An upper bound on |PE_f32(pos, j) − PE_f64(pos, j)| over all dimensions j, for
/// [`Sinusoidal::encode_f32`].
///
/// The fastest pair has ω₀ = 1, so every angle is at most `pos`. The f32 angle carries at most three
/// relative roundings of 2⁻²⁴ (position, divisor, division), so it is off by at most 3·2⁻²⁴·pos
/// radians (a little more for second-order terms, hence the factor 1.001); sine and cosine move by no
/// more than the angle does; rounding the value to f32 adds at most 2⁻²⁵. Integer positions below
/// 2²⁴ are exact in f32, so for them the bound is loose by a third.
///
/// It grows linearly: 1.8·10⁻⁶ at position 10, 1.8·10⁻³ at 10⁴, 0.18 at 10⁶. Measured
/// (tests/posenc_precision.rs, d = 512) the worst deviation is about a third of that, ≈ 6·10⁻⁸·pos:
/// above 1e-6 from position 20, 6.6·10⁻⁵ at 1024, 8·10⁻⁴ near 10⁴, 0.06 near 10⁶. So f32 cannot be
/// held to the CPU path's 1e-6 beyond the first positions; compare the GPU path against this bound.
pub fn f32_deviation_bound(pos: f64) -> f64 {
    const EPS32: f64 = 1.0 / (1u64 << 24) as f64;
    3.0 * EPS32 * pos.abs() * 1.001 + EPS32 / 2.0
}

fn check_position(pos: f64) -> Result<(), PosEncError> {
    // NaN is not finite, so it is refused here too.
    if !pos.is_finite() || pos < 0.0 {
        return Err(PosEncError::BadPosition(pos));
    }
    Ok(())
}
