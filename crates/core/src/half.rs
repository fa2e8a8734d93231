//! IEEE 754 half precision (binary16, float16) to single precision, in plain Rust: how MiniLM's token
//! table and GGUF's block scales are stored. 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits; every f16 is exactly an
//! f32, so the decode loses nothing. Leaves out: encoding (the asset builder rounds with numpy's
//! `astype`, round to nearest even).

/// 2⁻²⁴, the value of the lowest fraction bit of a subnormal f16.
const SUBNORMAL_STEP: f32 = 1.0 / 16_777_216.0;

/// The f32 equal to the f16 with these bits (infinities and NaN payloads kept).
pub fn f16_to_f32(bits: u16) -> f32 {
    let sign = u32::from(bits >> 15) << 31;
    let exponent = u32::from((bits >> 10) & 0x1f);
    let fraction = u32::from(bits & 0x3ff);
    let magnitude = match exponent {
        // Zero and subnormals: fraction × 2⁻²⁴, exact in f32 (11 significant bits at most).
        0 => (fraction as f32 * SUBNORMAL_STEP).to_bits(),
        // Infinity and NaN: all exponent bits set in f32 too.
        0x1f => 0x7f80_0000 | (fraction << 13),
        // Normal: rebias the exponent (127 − 15 = 112) and widen the fraction.
        _ => ((exponent + 112) << 23) | (fraction << 13),
    };
    f32::from_bits(sign | magnitude)
}

#[cfg(test)]
mod tests {
    use super::f16_to_f32;

    #[test]
    fn worked_examples() {
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(f16_to_f32(0xc000), -2.0);
        assert_eq!(f16_to_f32(0x3555), 0.333_251_95); // 1/3 rounded to 11 bits
        assert_eq!(f16_to_f32(0x7bff), 65504.0); // largest finite
        assert_eq!(f16_to_f32(0x0400), 6.103_515_6e-5); // smallest normal, 2⁻¹⁴
        assert_eq!(f16_to_f32(0x0001), 5.960_464_5e-8); // smallest subnormal, 2⁻²⁴
        assert_eq!(f16_to_f32(0x03ff), 6.097_555e-5); // largest subnormal
        assert_eq!(f16_to_f32(0x8000).to_bits(), 0x8000_0000); // −0
        assert_eq!(f16_to_f32(0x7c00), f32::INFINITY);
        assert_eq!(f16_to_f32(0xfc00), f32::NEG_INFINITY);
        assert!(f16_to_f32(0x7e00).is_nan());
    }
}
