//! What the Position lab shows about RoPE, computed here so the page only draws:
//! 1. a seeded example q and k ([`example_pair`]);
//! 2. the score grid R(m)q·R(n)k over m, n < N and how far any diagonal strays from constant
//!    ([`score_grid`], [`largest_diagonal_spread`]);
//! 3. each pair's wavelength 2π/θᵢ, and which of Llama 3.1's bands it falls in ([`wavelengths`],
//!    [`llama3_band`]);
//! 4. the additive scheme's score split into its four terms ([`additive_terms`]).
//!
//! Leaves out: anything a trained model would add (the projections; see `smollm2::first_attention`).

use super::rope::{self, Layout};
use super::{LearnedTable, PosEncError};

/// Two N(0, 1) vectors of width `d` from `seed`: the q and k the lab rotates.
pub fn example_pair(d: usize, seed: u64) -> Result<(Vec<f64>, Vec<f64>), PosEncError> {
    let table = LearnedTable::new(2, d, seed)?;
    Ok((table.row(0)?.to_vec(), table.row(1)?.to_vec()))
}

/// R(m)q·R(n)k for m, n < `n`, row m after row m: each vector rotated once per position.
pub fn score_grid(
    q: &[f64],
    k: &[f64],
    n: usize,
    inv_freq: &[f64],
    layout: Layout,
) -> Result<Vec<f64>, PosEncError> {
    let turned = |x: &[f64]| {
        (0..n)
            .map(|p| rope::rotate(x, p as f64, inv_freq, layout))
            .collect::<Result<Vec<_>, _>>()
    };
    let (qs, ks) = (turned(q)?, turned(k)?);
    Ok(qs
        .iter()
        .flat_map(|q| ks.iter().map(move |k| super::relative::dot(q, k)))
        .collect())
}

/// The largest (max − min) along any diagonal n − m = const of an `n` × `n` grid: 0 up to rounding
/// when the score depends on the offset alone.
pub fn largest_diagonal_spread(grid: &[f64], n: usize) -> f64 {
    let mut widest = 0.0_f64;
    for offset in -(n as isize - 1)..n as isize {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for m in 0..n as isize {
            let col = m + offset;
            if (0..n as isize).contains(&col) {
                let v = grid[m as usize * n + col as usize];
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
        widest = widest.max(hi - lo);
    }
    widest
}

/// Each pair's wavelength 2π/θᵢ: how many positions one full turn takes.
pub fn wavelengths(inv_freq: &[f64]) -> Vec<f64> {
    inv_freq
        .iter()
        .map(|theta| std::f64::consts::TAU / theta)
        .collect()
}

/// Where Llama 3.1's scaling puts a wavelength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    /// Shorter than original/high_freq_factor: kept as it is.
    Kept,
    /// In between: blended between kept and divided.
    Blended,
    /// Longer than original/low_freq_factor: its θ divided by the factor.
    Divided,
}

/// The band of `wavelength` under Llama 3.1's scaling with these parameters.
pub fn llama3_band(
    wavelength: f64,
    low_freq_factor: f64,
    high_freq_factor: f64,
    original_max: f64,
) -> Band {
    if wavelength < original_max / high_freq_factor {
        Band::Kept
    } else if wavelength > original_max / low_freq_factor {
        Band::Divided
    } else {
        Band::Blended
    }
}

/// (x_m + p_m)·(x_n + p_n) split into content·content, content·position, position·content and
/// position·position, in that order: only the last depends on the positions alone.
pub fn additive_terms(x_m: &[f64], x_n: &[f64], p_m: &[f64], p_n: &[f64]) -> [f64; 4] {
    use super::relative::dot;
    [dot(x_m, x_n), dot(x_m, p_n), dot(p_m, x_n), dot(p_m, p_n)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::posenc::rope::{inv_freq, Scaling};

    #[test]
    fn the_rope_grid_is_constant_along_diagonals_and_a_plain_one_is_not() {
        let theta = inv_freq(16, 10_000.0, Scaling::None).unwrap();
        let (q, k) = example_pair(16, 7).unwrap();
        let grid = score_grid(&q, &k, 24, &theta, Layout::Half).unwrap();
        assert_eq!(grid.len(), 24 * 24);
        assert_eq!(
            grid[3 * 24 + 5],
            rope::score(&q, &k, 3.0, 5.0, &theta, Layout::Half).unwrap()
        );
        assert!(largest_diagonal_spread(&grid, 24) < 1e-12);
        let uneven: Vec<f64> = (0..16).map(|i| i as f64).collect();
        assert!(largest_diagonal_spread(&uneven, 4) > 1.0);
    }

    #[test]
    fn llama3_bands_split_at_original_over_the_factors() {
        let band = |w| llama3_band(w, 1.0, 4.0, 8192.0);
        assert_eq!(band(2047.0), Band::Kept);
        assert_eq!(band(2048.0), Band::Blended);
        assert_eq!(band(8192.0), Band::Blended);
        assert_eq!(band(8193.0), Band::Divided);
        let w = wavelengths(&[1.0, 0.5]);
        assert_eq!(w, vec![std::f64::consts::TAU, 2.0 * std::f64::consts::TAU]);
    }

    #[test]
    fn four_terms_add_up_to_the_whole_score() {
        let (x, p) = ([1.0, 2.0], [0.5, -1.0]);
        let (y, r) = ([-1.0, 0.25], [0.0, 3.0]);
        let terms = additive_terms(&x, &y, &p, &r);
        let whole = crate::posenc::relative::dot(&[1.5, 1.0], &[-1.0, 3.25]);
        assert_eq!(terms.iter().sum::<f64>(), whole);
        assert_eq!(terms, [-0.5, 6.0, -0.75, -3.0]);
    }
}
