//! The sinusoidal encoding as seed 003 defines it: worked values, agreement with the seed's own
//! JavaScript, odd d, tables, and the errors for inputs that have no encoding.
//! Leaves out dot products (posenc_relative.rs) and f32 (posenc_precision.rs).

use proptest::prelude::*;
use til_core::posenc::{PosEncError, Sinusoidal, DEFAULT_BASE, MAX_TABLE_VALUES};

/// Seed 003's `PE(pos, d, base)`, transcribed line by line from its JavaScript.
fn seed_js_pe(pos: f64, d: usize, base: f64) -> Vec<f64> {
    (0..d)
        .map(|i| {
            let angle = pos / base.powf((2 * (i / 2)) as f64 / d as f64);
            if i % 2 == 0 {
                angle.sin()
            } else {
                angle.cos()
            }
        })
        .collect()
}

fn enc(d: usize, base: f64) -> Sinusoidal {
    Sinusoidal::new(d, base).expect("valid encoding")
}

#[test]
fn position_one_with_d4_is_sin_and_cos_of_1_and_one_hundredth() {
    // 10000^(2/4) = 100, so pair 1 turns at 1/100 rad per position.
    let pe = enc(4, DEFAULT_BASE).encode(1.0).unwrap();
    let expected = [
        0.8414709848078965,   // sin 1
        0.5403023058681398,   // cos 1
        0.009999833334166664, // sin 0.01
        0.9999500004166653,   // cos 0.01
    ];
    for (got, want) in pe.iter().zip(expected) {
        assert!((got - want).abs() <= 1e-15, "{got} vs {want}");
    }
}

#[test]
fn position_zero_is_sin_0_cos_0_repeated() {
    let pe = enc(8, DEFAULT_BASE).encode(0.0).unwrap();
    assert_eq!(pe, [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]);
}

#[test]
fn frequencies_fall_geometrically_from_one_rad_per_position() {
    let e = enc(8, DEFAULT_BASE);
    let omegas: Vec<f64> = e.omegas().collect();
    let expected = [1.0, 0.1, 0.01, 0.001]; // 10000^(-2i/8) = 10^(-i)
    assert_eq!(omegas.len(), 4);
    for (got, want) in omegas.iter().zip(expected) {
        assert!((got - want).abs() <= 1e-15 * want, "{got} vs {want}");
    }
}

#[test]
fn matches_the_seeds_javascript_bit_for_bit() {
    // Same operations in the same order (division by base^(2⌊i/2⌋/d)), so the same bits.
    for d in [1, 2, 3, 7, 16, 63, 64, 512] {
        for base in [1.5, 10.0, 10_000.0, 1e6] {
            let e = enc(d, base);
            for pos in [0.0, 1.0, 2.5, 17.0, 1000.0, 123_456.0] {
                assert_eq!(
                    e.encode(pos).unwrap(),
                    seed_js_pe(pos, d, base),
                    "d={d} base={base} pos={pos}"
                );
            }
        }
    }
}

#[test]
fn odd_d_ends_with_a_lone_sine_using_the_real_d() {
    // d = 5: pairs (0,1) at ω=1 and (2,3) at 10000^(-2/5); dimension 4 is sin(pos / 10000^(4/5)).
    let e = enc(5, DEFAULT_BASE);
    assert!(e.has_lone_sine());
    assert_eq!(e.pairs(), 3);
    let pos = 300.0;
    let pe = e.encode(pos).unwrap();
    assert_eq!(pe.len(), 5);
    let lone = (pos / 10_000f64.powf(0.8)).sin();
    assert!((pe[4] - lone).abs() <= 1e-15, "{} vs {lone}", pe[4]);
    assert!(!enc(6, DEFAULT_BASE).has_lone_sine());
}

#[test]
fn every_even_d_vector_has_squared_length_d_over_2() {
    // sin² + cos² = 1 for each of the d/2 pairs.
    let e = enc(64, DEFAULT_BASE);
    for pos in [0.0, 1.0, 42.0, 5000.0] {
        let pe = e.encode(pos).unwrap();
        let norm2: f64 = pe.iter().map(|v| v * v).sum();
        assert!((norm2 - 32.0).abs() <= 1e-12, "{norm2}");
    }
}

#[test]
fn value_reads_one_dimension_of_the_vector() {
    let e = enc(10, 100.0);
    let pe = e.encode(7.0).unwrap();
    for (dim, want) in pe.iter().enumerate() {
        assert_eq!(e.value(7.0, dim).unwrap(), *want);
    }
    assert_eq!(
        e.value(7.0, 10).unwrap_err().to_string(),
        "dimension 10 does not exist: d_model is 10 (dimensions 0 to 9)"
    );
}

#[test]
fn table_rows_are_the_encodings_of_positions_0_to_n() {
    let e = enc(12, DEFAULT_BASE);
    let table = e.table(50).unwrap();
    assert_eq!((table.positions(), table.d()), (50, 12));
    for pos in 0..50 {
        assert_eq!(table.row(pos).unwrap(), e.encode(pos as f64).unwrap());
    }
    assert!(table.row(50).is_none());
    assert_eq!(e.table(0).unwrap().positions(), 0);
}

#[test]
fn refuses_d_zero_bad_bases_and_bad_positions_with_clear_messages() {
    assert_eq!(
        Sinusoidal::new(0, DEFAULT_BASE),
        Err(PosEncError::ZeroDimension)
    );
    assert_eq!(
        PosEncError::ZeroDimension.to_string(),
        "d_model must be at least 1, got 0"
    );
    for base in [1.0, 0.5, 0.0, -10.0, f64::INFINITY] {
        assert_eq!(Sinusoidal::new(8, base), Err(PosEncError::BadBase(base)));
    }
    assert!(matches!(Sinusoidal::new(8, f64::NAN), Err(PosEncError::BadBase(b)) if b.is_nan()));
    assert_eq!(
        Sinusoidal::new(8, 1.0).unwrap_err().to_string(),
        "base must be a finite number greater than 1, got 1"
    );
    let e = enc(8, DEFAULT_BASE);
    for pos in [-1.0, -1e-300, f64::INFINITY, f64::NEG_INFINITY] {
        assert_eq!(e.encode(pos), Err(PosEncError::BadPosition(pos)));
    }
    assert!(matches!(e.encode(f64::NAN), Err(PosEncError::BadPosition(p)) if p.is_nan()));
    assert_eq!(
        e.encode(-3.0).unwrap_err().to_string(),
        "position must be a finite number ≥ 0, got -3"
    );
}

#[test]
fn refuses_tables_too_large_to_allocate() {
    let e = enc(512, DEFAULT_BASE);
    let positions = MAX_TABLE_VALUES / 512 + 1;
    assert_eq!(
        e.table(positions),
        Err(PosEncError::TableTooLarge { positions, d: 512 })
    );
    assert!(enc(2, DEFAULT_BASE).table(usize::MAX).is_err());
}

proptest! {
    #[test]
    fn values_stay_in_minus_one_to_one_and_match_the_seed(
        d in 1usize..300, base in 1.0001f64..1e6, pos in 0.0f64..1e5,
    ) {
        let pe = enc(d, base).encode(pos).unwrap();
        prop_assert!(pe.iter().all(|v| (-1.0..=1.0).contains(v)));
        prop_assert_eq!(pe, seed_js_pe(pos, d, base));
    }
}
