//! Rotary position embedding (RoPE, RoFormer), in f64: a scheme that acts inside attention instead
//! of being added to the input (ALiBi, the other one, is alibi.rs).
//! 1. Inverse frequencies θᵢ = base^(−2i/d), i < d/2, with a context scaling ([`Scaling`]): none,
//!    linear (position interpolation), static NTK-aware, or Llama 3.1's banded one.
//! 2. Rotation of a vector at position p: pair i turns by p·θᵢ. Two pair layouts exist
//!    ([`Layout`]): interleaved (2i, 2i + 1: RoFormer, Meta's code, llama.cpp) and half (i, i + d/2:
//!    Hugging Face's `rotate_half`), and [`half_from_interleaved`] reorders one into the other.
//! 3. The score R(m)q · R(n)k, which equals q · R(n − m)k ([`score`], [`relative_score`]), and
//!    RoFormer's long-term decay bound (§3.4.3, [`decay_bound`]).
//!
//! Leaves out: YaRN and dynamic NTK scaling, partial rotary dimensions, and f32 (the GPU path).

use super::PosEncError;

/// Past this a position is no longer an exact integer in f64, so m − n loses the offset.
pub const LARGEST_EXACT_POSITION: f64 = 9_007_199_254_740_992.0; // 2^53

/// How the frequencies are stretched for contexts longer than the model was trained on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scaling {
    None,
    /// Position interpolation: every θᵢ divided by `factor`.
    Linear {
        factor: f64,
    },
    /// Static NTK-aware: the base multiplied by factor^(d / (d − 2)).
    Ntk {
        factor: f64,
    },
    /// Llama 3.1's: wavelengths 2π/θᵢ longer than original/low_freq_factor are divided by
    /// `factor`, those shorter than original/high_freq_factor kept, and those in between blended
    /// with s = (original/wavelength − low_freq_factor) / (high_freq_factor − low_freq_factor):
    /// (1 − s)·θᵢ/factor + s·θᵢ.
    Llama3 {
        factor: f64,
        low_freq_factor: f64,
        high_freq_factor: f64,
        original_max: f64,
    },
}

/// Which coordinates make a rotated pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Pairs (2i, 2i + 1).
    Interleaved,
    /// Pairs (i, i + d/2).
    Half,
}

/// Checks that `x` is a finite positive number, naming it `what` in the error.
fn positive(x: f64, what: &'static str) -> Result<f64, PosEncError> {
    match x.is_finite() && x > 0.0 {
        true => Ok(x),
        false => Err(PosEncError::BadParameter { what, value: x }),
    }
}

/// The d/2 inverse frequencies of a RoPE of dimension `d` (even, ≥ 2) and `base` (> 1).
pub fn inv_freq(d: usize, base: f64, scaling: Scaling) -> Result<Vec<f64>, PosEncError> {
    if d == 0 || d % 2 == 1 {
        return Err(PosEncError::OddRotaryDimension(d));
    }
    if !(base.is_finite() && base > 1.0) {
        return Err(PosEncError::BadBase(base));
    }
    let base = match scaling {
        // d = 2 has no exponent d/(d − 2): the one pair's θ is 1 whatever the base.
        Scaling::Ntk { factor } if d > 2 => {
            base * positive(factor, "factor")?.powf(d as f64 / (d as f64 - 2.0))
        }
        _ => base,
    };
    let plain = (0..d / 2).map(|i| base.powf(-(2.0 * i as f64) / d as f64));
    Ok(match scaling {
        Scaling::None | Scaling::Ntk { .. } => plain.collect(),
        Scaling::Linear { factor } => {
            let factor = positive(factor, "factor")?;
            plain.map(|theta| theta / factor).collect()
        }
        Scaling::Llama3 {
            factor,
            low_freq_factor,
            high_freq_factor,
            original_max,
        } => {
            let factor = positive(factor, "factor")?;
            let low = positive(low_freq_factor, "low_freq_factor")?;
            let high = positive(high_freq_factor, "high_freq_factor")?;
            let original = positive(original_max, "original_max")?;
            if high <= low {
                return Err(PosEncError::BadParameter {
                    what: "high_freq_factor (it must exceed low_freq_factor)",
                    value: high,
                });
            }
            let (low_wavelength, high_wavelength) = (original / low, original / high);
            plain
                .map(|theta| {
                    let wavelength = 2.0 * std::f64::consts::PI / theta;
                    if wavelength > low_wavelength {
                        theta / factor
                    } else if wavelength < high_wavelength {
                        theta
                    } else {
                        let s = (original / wavelength - low) / (high - low);
                        (1.0 - s) * theta / factor + s * theta
                    }
                })
                .collect()
        }
    })
}

/// The index pairs of `layout` for dimension `d`: (first, second) of each rotated pair i.
fn pair(layout: Layout, d: usize, i: usize) -> (usize, usize) {
    match layout {
        Layout::Interleaved => (2 * i, 2 * i + 1),
        Layout::Half => (i, i + d / 2),
    }
}

/// Checks a position: finite, ≥ 0 and an exact integer-carrying f64.
fn position(p: f64) -> Result<f64, PosEncError> {
    if !p.is_finite() || p < 0.0 {
        return Err(PosEncError::BadPosition(p));
    }
    if p > LARGEST_EXACT_POSITION {
        return Err(PosEncError::PositionTooLarge(p));
    }
    Ok(p)
}

/// `x` (d = 2 × inv_freq values) rotated to position `p`: pair i turned by p·θᵢ.
pub fn rotate(
    x: &[f64],
    p: f64,
    inv_freq: &[f64],
    layout: Layout,
) -> Result<Vec<f64>, PosEncError> {
    let d = 2 * inv_freq.len();
    if x.len() != d {
        return Err(PosEncError::WidthMismatch { row: x.len(), d });
    }
    let p = position(p)?;
    let mut out = x.to_vec();
    for (i, theta) in inv_freq.iter().enumerate() {
        let (a, b) = pair(layout, d, i);
        let (sin, cos) = (p * theta).sin_cos();
        out[a] = x[a] * cos - x[b] * sin;
        out[b] = x[a] * sin + x[b] * cos;
    }
    Ok(out)
}

/// `x` in the half layout's order, from the interleaved one: coordinate 2i goes to i and 2i + 1 to
/// i + d/2. Rotating this in the half layout gives the interleaved rotation, reordered the same
/// way: the conversion a checkpoint's q and k rows need between llama.cpp's and Hugging Face's
/// layouts.
pub fn half_from_interleaved(x: &[f64]) -> Vec<f64> {
    let half = x.len() / 2;
    (0..x.len())
        .map(|j| {
            if j < half {
                x[2 * j]
            } else {
                x[2 * (j - half) + 1]
            }
        })
        .collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// R(m)q · R(n)k.
pub fn score(
    q: &[f64],
    k: &[f64],
    m: f64,
    n: f64,
    inv_freq: &[f64],
    layout: Layout,
) -> Result<f64, PosEncError> {
    Ok(dot(
        &rotate(q, m, inv_freq, layout)?,
        &rotate(k, n, inv_freq, layout)?,
    ))
}

/// q · R(n − m)k, which [`score`] equals: the score depends on n − m only. A negative offset turns
/// the other way.
pub fn relative_score(
    q: &[f64],
    k: &[f64],
    offset: f64,
    inv_freq: &[f64],
    layout: Layout,
) -> Result<f64, PosEncError> {
    match offset >= 0.0 {
        true => Ok(dot(q, &rotate(k, offset, inv_freq, layout)?)),
        // R(−t) is R(t) transposed: turn q forward instead.
        false => Ok(dot(&rotate(q, -offset, inv_freq, layout)?, k)),
    }
}

/// RoFormer's relative upper bound on |score| at relative distance `distance` (§3.4.3, their
/// figure 2): the mean over j = 1..d/2 of |Σ_{i<j} e^{i·distance·θᵢ}|, which the score's
/// magnitude is at most a constant times, and which decays as the distance grows.
pub fn decay_bound(inv_freq: &[f64], distance: f64) -> f64 {
    let (mut re, mut im, mut total) = (0.0, 0.0, 0.0);
    for theta in inv_freq {
        let (sin, cos) = (distance * theta).sin_cos();
        re += cos;
        im += sin;
        total += re.hypot(im);
    }
    total / inv_freq.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    const Q: [f64; 8] = [0.3, -1.2, 0.8, 0.05, -0.7, 1.1, 0.25, -0.4];
    const K: [f64; 8] = [-0.6, 0.9, 0.1, -1.3, 0.45, 0.2, -0.8, 0.65];

    #[test]
    fn inverse_frequencies_fall_geometrically_from_one() {
        let theta = inv_freq(8, 10_000.0, Scaling::None).expect("valid");
        assert_eq!(theta.len(), 4);
        assert_eq!(theta[0], 1.0);
        assert!((theta[1] - 0.1).abs() < 1e-15 && (theta[3] - 1e-3).abs() < 1e-15);
        let linear = inv_freq(8, 10_000.0, Scaling::Linear { factor: 4.0 }).expect("valid");
        assert_eq!(linear[2], theta[2] / 4.0);
        let ntk = inv_freq(8, 10_000.0, Scaling::Ntk { factor: 4.0 }).expect("valid");
        let base = 10_000.0 * 4f64.powf(8.0 / 6.0);
        assert_eq!(ntk[3], base.powf(-6.0 / 8.0));
    }

    #[test]
    fn llama3_scaling_divides_long_wavelengths_keeps_short_ones_and_blends_between() {
        let scaling = Scaling::Llama3 {
            factor: 8.0,
            low_freq_factor: 1.0,
            high_freq_factor: 4.0,
            original_max: 8192.0,
        };
        let plain = inv_freq(128, 500_000.0, Scaling::None).expect("valid");
        let scaled = inv_freq(128, 500_000.0, scaling).expect("valid");
        let wavelength = |t: f64| 2.0 * std::f64::consts::PI / t;
        for (p, s) in plain.iter().zip(&scaled) {
            let w = wavelength(*p);
            if w < 8192.0 / 4.0 {
                assert_eq!(s, p);
            } else if w > 8192.0 {
                assert_eq!(*s, p / 8.0);
            } else {
                assert!(*s < *p && *s > p / 8.0, "blended");
            }
        }
    }

    #[test]
    fn the_score_depends_only_on_the_offset_in_both_layouts() {
        let theta = inv_freq(8, 10_000.0, Scaling::None).expect("valid");
        for layout in [Layout::Interleaved, Layout::Half] {
            let at = |m, n| score(&Q, &K, m, n, &theta, layout).expect("valid");
            let relative = relative_score(&Q, &K, 4.0, &theta, layout).expect("valid");
            assert!((at(3.0, 7.0) - relative).abs() < 1e-12);
            assert!((at(103.0, 107.0) - relative).abs() < 1e-12);
            let back = relative_score(&Q, &K, -5.0, &theta, layout).expect("valid");
            assert!((at(9.0, 4.0) - back).abs() < 1e-12);
            // Position 0 is no rotation.
            assert_eq!(rotate(&Q, 0.0, &theta, layout).expect("valid"), Q);
        }
    }

    #[test]
    fn reordering_the_rows_turns_one_layout_into_the_other() {
        let theta = inv_freq(8, 10_000.0, Scaling::None).expect("valid");
        let interleaved = rotate(&Q, 5.0, &theta, Layout::Interleaved).expect("valid");
        let half = rotate(&half_from_interleaved(&Q), 5.0, &theta, Layout::Half).expect("valid");
        assert_eq!(half_from_interleaved(&interleaved), half);
        // Without the reordering the two disagree: the classic conversion bug.
        let wrong = rotate(&Q, 5.0, &theta, Layout::Half).expect("valid");
        assert!(wrong
            .iter()
            .zip(&interleaved)
            .any(|(a, b)| (a - b).abs() > 1e-3));
    }

    #[test]
    fn the_decay_bound_starts_at_its_most_and_falls() {
        let theta = inv_freq(128, 10_000.0, Scaling::None).expect("valid");
        let at = |t| decay_bound(&theta, t);
        assert!((at(0.0) - 32.5).abs() < 1e-9, "mean of 1..=64 is 32.5");
        assert!(at(50.0) < at(0.0) && at(250.0) < at(10.0));
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        assert_eq!(
            inv_freq(7, 10_000.0, Scaling::None),
            Err(PosEncError::OddRotaryDimension(7))
        );
        assert_eq!(
            inv_freq(8, 1.0, Scaling::None),
            Err(PosEncError::BadBase(1.0))
        );
        assert!(inv_freq(8, 10_000.0, Scaling::Linear { factor: 0.0 }).is_err());
        let theta = inv_freq(8, 10_000.0, Scaling::None).expect("valid");
        assert_eq!(
            rotate(&Q, -1.0, &theta, Layout::Half),
            Err(PosEncError::BadPosition(-1.0))
        );
        assert!(matches!(
            rotate(&Q, 1e17, &theta, Layout::Half),
            Err(PosEncError::PositionTooLarge(_))
        ));
        assert!(rotate(&Q[..6], 1.0, &theta, Layout::Half).is_err());
    }
}
