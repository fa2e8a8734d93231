//! The offset-only property, proven numerically: PE(p)·PE(p+k) computed the long way equals the
//! closed form Σᵢ cos(k·ωᵢ) for many p, k, d and bases; the odd-d correction; PE·PEᵀ is constant
//! along its diagonals; and each (sin, cos) pair turns by k·ωᵢ from p to p+k, whatever p is.
//! Leaves out f32 (posenc_precision.rs).

use proptest::prelude::*;
use til_core::posenc::{
    direct_dot, dot_matrix, dots_at_offset, odd_d_residual, offset_kernel, rotate_pair,
    PosEncError, Sinusoidal, DEFAULT_BASE,
};

fn enc(d: usize, base: f64) -> Sinusoidal {
    Sinusoidal::new(d, base).expect("valid encoding")
}

/// How far the direct product may stray from the closed form. Both sides evaluate sines and cosines
/// of angles up to |p| + |k| radians in f64, each off by about that angle × 2⁻⁵³ ≈ 1.1e-16, and d of
/// them are summed; 1e-15 per unit of angle per dimension leaves a wide margin over that.
fn tolerance(d: usize, p: f64, k: f64) -> f64 {
    1e-15 * d as f64 * (1.0 + p + p + k.abs())
}

#[test]
fn closed_form_equals_the_direct_product_for_many_p_and_k() {
    let mut worst = 0.0f64;
    for d in [2, 4, 6, 16, 64, 128, 512] {
        for base in [2.0, 10.0, 100.0, DEFAULT_BASE, 1e6] {
            let e = enc(d, base);
            for p in [0.0, 1.0, 2.0, 3.0, 5.0, 10.0, 50.0, 100.0, 1000.0, 9999.0] {
                for k in (0..=200).map(f64::from) {
                    let direct = direct_dot(&e, p, k).unwrap();
                    let closed = offset_kernel(&e, k);
                    let err = (direct - closed).abs();
                    assert!(
                        err <= tolerance(d, p, k),
                        "d={d} base={base} p={p} k={k}: {direct} vs {closed}"
                    );
                    worst = worst.max(err);
                }
            }
        }
    }
    // Far inside the 1e-6 the page promises.
    assert!(worst < 1e-9, "worst {worst}");
    eprintln!(
        "closed form vs direct product, p ≤ 9999, k ≤ 200, d ≤ 512: worst |difference| = {worst:e}"
    );
}

#[test]
fn the_dot_product_is_the_same_at_every_position_for_a_fixed_offset() {
    // The seed's claim, as the page shows it: fix k, slide p.
    let e = enc(64, DEFAULT_BASE);
    for k in [1.0, 2.0, 7.0, 40.0] {
        let at_zero = direct_dot(&e, 0.0, k).unwrap();
        for p in 1..500 {
            let here = direct_dot(&e, f64::from(p), k).unwrap();
            assert!(
                (here - at_zero).abs() <= 1e-10,
                "k={k} p={p}: {here} vs {at_zero}"
            );
        }
    }
}

#[test]
fn dots_at_offset_reads_the_same_products_from_a_table() {
    let e = enc(24, DEFAULT_BASE);
    let table = e.table(100).unwrap();
    let curve = dots_at_offset(&table, 30, 80);
    // Rows exist up to 99, so p + 30 ≤ 99 stops the curve at p = 69.
    assert_eq!(curve.len(), 70);
    for (p, value) in curve.iter().enumerate() {
        assert_eq!(*value, direct_dot(&e, p as f64, 30.0).unwrap());
    }
    assert_eq!(dots_at_offset(&table, 0, 5).len(), 5);
    assert!(dots_at_offset(&table, usize::MAX, 5).is_empty());
}

#[test]
fn negative_offsets_look_backwards_and_give_the_same_similarity() {
    // cos is even: "two tokens back" is as similar as "two tokens ahead".
    let e = enc(32, DEFAULT_BASE);
    for k in 1..20 {
        let k = f64::from(k);
        let back = direct_dot(&e, 50.0, -k).unwrap();
        let ahead = direct_dot(&e, 50.0, k).unwrap();
        assert!((back - ahead).abs() <= 1e-12);
    }
    assert_eq!(
        direct_dot(&e, 3.0, -4.0),
        Err(PosEncError::BadPosition(-1.0))
    );
}

#[test]
fn the_kernel_peaks_at_offset_zero_with_d_over_2() {
    for d in [2, 16, 128] {
        let e = enc(d, DEFAULT_BASE);
        assert_eq!(offset_kernel(&e, 0.0), (d / 2) as f64);
        for k in 1..100 {
            assert!(offset_kernel(&e, f64::from(k)) < (d / 2) as f64);
        }
    }
    // Odd d: (d−1)/2 full pairs plus half of the lone sine's cos(0).
    assert_eq!(offset_kernel(&enc(5, DEFAULT_BASE), 0.0), 2.5);
}

#[test]
fn odd_d_adds_a_position_dependent_residual_of_at_most_one_half() {
    let mut spread = (f64::MAX, f64::MIN);
    for d in [1, 3, 5, 33, 127] {
        let e = enc(d, 10.0);
        for p in (0..300).map(f64::from) {
            for k in [0.0, 1.0, 4.0, 25.0] {
                let direct = direct_dot(&e, p, k).unwrap();
                let residual = odd_d_residual(&e, p, k);
                assert!(residual.abs() <= 0.5);
                let err = (direct - (offset_kernel(&e, k) + residual)).abs();
                assert!(err <= tolerance(d, p, k), "d={d} p={p} k={k}: off by {err}");
                if d == 5 && k == 1.0 {
                    spread = (spread.0.min(direct), spread.1.max(direct));
                }
            }
        }
    }
    // So for odd d the curve over p is not flat: here it wanders by most of the residual's range.
    assert!(spread.1 - spread.0 > 0.5, "spread {spread:?}");
    assert_eq!(odd_d_residual(&enc(6, 10.0), 3.0, 2.0), 0.0);
}

#[test]
fn the_dot_product_matrix_is_constant_along_diagonals() {
    // PE·PEᵀ of 96 positions, d = 32: M[p][q] = M[0][q−p] (Toeplitz), symmetric, d/2 on the diagonal.
    let e = enc(32, DEFAULT_BASE);
    let m = dot_matrix(&e.table(96).unwrap(), 200);
    assert_eq!(m.n(), 96);
    assert_eq!(m.as_slice().len(), 96 * 96);
    for p in 0..96 {
        assert!((m.get(p, p).unwrap() - 16.0).abs() <= 1e-12);
        for q in p..96 {
            assert_eq!(m.get(p, q), m.get(q, p));
            let along_diagonal = m.get(0, q - p).unwrap();
            assert!(
                (m.get(p, q).unwrap() - along_diagonal).abs() <= 1e-11,
                "p={p} q={q}"
            );
        }
    }
    assert_eq!(m.get(96, 0), None);
}

#[test]
fn each_pair_rotates_by_k_omega_whatever_p_is() {
    let e = enc(16, DEFAULT_BASE);
    for i in 0..8 {
        let omega = e.omega(i).unwrap();
        for p in [0.0, 3.0, 100.0, 2500.0] {
            for k in [1.0, 5.0, 60.0] {
                let from = e.encode(p).unwrap();
                let to = e.encode(p + k).unwrap();
                let (s, c) = rotate_pair((from[2 * i], from[2 * i + 1]), k * omega);
                let err = (s - to[2 * i]).abs().max((c - to[2 * i + 1]).abs());
                assert!(err <= 1e-12, "pair {i} p={p} k={k}: off by {err}");
            }
        }
    }
}

proptest! {
    #[test]
    fn closed_form_holds_for_random_even_d_bases_positions_and_offsets(
        half_d in 1usize..=128, base in 1.01f64..1e6, p in 0.0f64..1e4, k in -1e4f64..1e4,
    ) {
        let d = 2 * half_d;
        let e = enc(d, base);
        let k = k.max(-p);
        let direct = direct_dot(&e, p, k).unwrap();
        let closed = offset_kernel(&e, k);
        prop_assert!((direct - closed).abs() <= tolerance(d, p, k), "{} vs {}", direct, closed);
    }
}
