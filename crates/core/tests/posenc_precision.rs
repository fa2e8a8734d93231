//! What float32 does to large positions. The CPU reference is f64; the GPU path computes in f32, and
//! there the angle pos/divisor keeps only 24 significant bits, so its error grows with the position.
//! Measured here against [`f32_deviation_bound`], with the numbers printed (`--nocapture`).
//! Leaves out the GPU's own `sin` (its error adds to this; see `Sinusoidal::encode_f32`).

use til_core::posenc::{f32_deviation, f32_deviation_bound, Sinusoidal, DEFAULT_BASE};

fn deviation(e: &Sinusoidal, pos: f64) -> f64 {
    f32_deviation(e, pos).unwrap()
}

/// The worst deviation over `count` integer positions starting at `from`.
fn worst_from(e: &Sinusoidal, from: f64, count: u32) -> f64 {
    (0..count)
        .map(|j| deviation(e, from + f64::from(j)))
        .fold(0.0, f64::max)
}

#[test]
fn f32_deviation_grows_with_position_and_stays_under_the_bound() {
    let e = Sinusoidal::new(512, DEFAULT_BASE).unwrap();
    eprintln!("position   worst |f32 − f64| over 64 positions   bound");
    let mut previous = 0.0;
    for from in [0.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6, 1e7] {
        let worst = worst_from(&e, from, 64);
        let bound = f32_deviation_bound(from + 63.0);
        eprintln!("{from:>8}   {worst:>12.3e}                          {bound:.3e}");
        assert!(worst <= bound, "at {from}: {worst} > {bound}");
        // Beyond the first few hundred positions the error grows with the position.
        if from >= 1e3 {
            assert!(worst > previous, "at {from}: {worst} not above {previous}");
        }
        previous = worst;
    }
}

#[test]
fn f32_misses_the_1e6_promise_after_a_few_dozen_positions() {
    // Measured: the first 16 positions are within 1e-6; position 20 is not (1.3e-6, d = 512); at
    // GPT-2's 1024-token context the error is 6.6e-5; by 10⁴ it is hundreds of times past 1e-6, and at
    // 10⁶ the fastest dimensions are wrong in the second decimal.
    let e = Sinusoidal::new(512, DEFAULT_BASE).unwrap();
    assert!(worst_from(&e, 0.0, 16) <= 1e-6);
    assert!(deviation(&e, 20.0) > 1e-6);
    let at_1024 = deviation(&e, 1024.0);
    assert!((3e-5..1e-4).contains(&at_1024), "{at_1024}");
    assert!(worst_from(&e, 1e4, 64) > 1e-4);
    assert!(worst_from(&e, 1e6, 64) > 1e-2);
}

#[test]
fn slow_dimensions_keep_their_precision_far_longer() {
    // The last pair turns at ω ≈ 1/10000, so its angle stays small: ten thousand times less error.
    let e = Sinusoidal::new(512, DEFAULT_BASE).unwrap();
    let pos = 1e6;
    let exact = e.encode(pos).unwrap();
    let single = e.encode_f32(pos as f32).unwrap();
    let slowest = (exact[511] - f64::from(single[511])).abs();
    assert!(slowest <= 1e-6, "{slowest}");
}
