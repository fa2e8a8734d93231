//! Decimal text to `f64`, correctly rounded (ties to even), accepting exactly what
//! `str::parse::<f64>` accepts: an optional sign, then digits with at most one point and an
//! optional exponent, or `inf`, `infinity`, `nan` in any case.
//!
//! Why not `str::parse`: its Eisel–Lemire step carries a 10 KB table of 128-bit powers of five,
//! which does not compress and cost the page's wasm 14.5 KB gzip (its budget is 600 KB). This
//! needs no table: a first guess in floating point, then Clinger's idea (his AlgorithmR) with exact
//! big integers — compare the decimal with the midpoints to the neighbouring floats and step one
//! float at a time until it lies between them. Slower than the standard library, which does not
//! matter for the page's few numbers (slider boxes, link values). Left out: nothing the standard
//! library accepts; beyond 800 significant digits the rest only counts as nonzero or not, which
//! cannot change the rounding (no halfway case needs more than 768).

use std::cmp::Ordering;

/// Significant digits kept; one more stands for any nonzero digits after them.
const KEPT_DIGITS: usize = 800;
/// The bits of `f64::INFINITY`, which the midpoints read as the float 2^1024 after `f64::MAX`.
const INFINITY_BITS: u64 = 0x7ff0_0000_0000_0000;

/// `text` as a float, or None where `str::parse::<f64>` would fail.
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = if rest.eq_ignore_ascii_case("inf") || rest.eq_ignore_ascii_case("infinity") {
        f64::INFINITY
    } else if rest.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        let (digits, exponent) = read_decimal(rest.as_bytes())?;
        nearest(&digits, exponent)
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// 1. The significant digits (leading zeros dropped) and the power of ten they are scaled by.
fn read_decimal(bytes: &[u8]) -> Option<(Vec<u8>, i64)> {
    let mut digits = Vec::new();
    let mut exponent: i64 = 0;
    let (mut any_digit, mut after_point, mut dropped_nonzero) = (false, false, false);
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'0'..=b'9' => {
                any_digit = true;
                let digit = byte - b'0';
                if digits.len() < KEPT_DIGITS {
                    if !digits.is_empty() || digit != 0 {
                        digits.push(digit);
                    }
                    exponent -= i64::from(after_point);
                } else {
                    dropped_nonzero |= digit != 0;
                    exponent += i64::from(!after_point);
                }
            }
            b'.' if !after_point => after_point = true,
            _ => break,
        }
        at += 1;
    }
    if !any_digit {
        return None;
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let negative = bytes.get(at) == Some(&b'-');
        at += usize::from(matches!(bytes.get(at), Some(b'-' | b'+')));
        let start = at;
        let mut written: i64 = 0;
        while let Some(digit @ b'0'..=b'9') = bytes.get(at) {
            // Far beyond any float's range: saturating keeps the meaning (zero or infinity).
            written = (written * 10 + i64::from(digit - b'0')).min(1 << 40);
            at += 1;
        }
        if at == start {
            return None;
        }
        exponent += if negative { -written } else { written };
    }
    if at != bytes.len() {
        return None;
    }
    if dropped_nonzero {
        digits.push(1);
        exponent -= 1;
    }
    Some((digits, exponent))
}

/// 2. The float nearest to `digits` × 10^`exponent`.
fn nearest(digits: &[u8], exponent: i64) -> f64 {
    let magnitude = digits.len() as i64 + exponent; // the value is below 10^magnitude
    if digits.is_empty() || magnitude < -324 {
        return 0.0; // below half the smallest subnormal
    }
    if magnitude > 310 {
        return f64::INFINITY;
    }
    let mut bits = guess(digits, exponent).min(f64::MAX).to_bits();
    loop {
        let above = compare(digits, exponent, midpoint(bits));
        if above == Ordering::Greater || (above == Ordering::Equal && bits & 1 == 1) {
            bits += 1;
            if bits == INFINITY_BITS {
                return f64::INFINITY;
            }
            continue;
        }
        if bits > 0 {
            let below = compare(digits, exponent, midpoint(bits - 1));
            if below == Ordering::Less || (below == Ordering::Equal && bits & 1 == 1) {
                bits -= 1;
                continue;
            }
        }
        return f64::from_bits(bits);
    }
}

/// A float within a few units in the last place: the first 19 digits, scaled by powers of ten
/// exact in f64.
fn guess(digits: &[u8], exponent: i64) -> f64 {
    let taken = digits.len().min(19);
    let leading = digits[..taken]
        .iter()
        .fold(0u64, |n, &d| n * 10 + u64::from(d));
    let mut value = leading as f64;
    let mut scale = exponent + (digits.len() - taken) as i64;
    while scale != 0 {
        let step = scale.clamp(-22, 22);
        let power = 10f64.powi(step.unsigned_abs() as i32);
        value = if step > 0 {
            value * power
        } else {
            value / power
        };
        scale -= step;
    }
    value
}

/// The midpoint between the float with `bits` and the next one up, as `m` × 2^`k`.
fn midpoint(bits: u64) -> (u64, i64) {
    let (low, low_exp) = unpack(bits);
    let (high, high_exp) = unpack(bits + 1);
    let k = low_exp.min(high_exp);
    ((low << (low_exp - k)) + (high << (high_exp - k)), k - 1)
}

/// A finite float's bits (or infinity's, read as 2^1024) as `m` × 2^`k`.
fn unpack(bits: u64) -> (u64, i64) {
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1 << 52) - 1);
    match biased {
        0 => (fraction, -1074),
        _ => (fraction | 1 << 52, biased - 1075),
    }
}

/// `digits` × 10^`exponent` against `m` × 2^`k`, exactly.
fn compare(digits: &[u8], exponent: i64, (m, k): (u64, i64)) -> Ordering {
    let mut left = Big::from_digits(digits);
    let mut right = Big(vec![m as u32, (m >> 32) as u32]);
    if exponent >= 0 {
        left.times_ten_to(exponent as u64);
    } else {
        right.times_ten_to(exponent.unsigned_abs());
    }
    if k >= 0 {
        right.times_two_to(k as u64);
    } else {
        left.times_two_to(k.unsigned_abs());
    }
    left.cmp(&right)
}

/// A natural number in base 2^32, least significant word first.
struct Big(Vec<u32>);

impl Big {
    fn from_digits(digits: &[u8]) -> Big {
        let mut big = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let value = chunk.iter().fold(0u32, |n, &d| n * 10 + u32::from(d));
            big.multiply_add(10u32.pow(chunk.len() as u32), value);
        }
        big
    }

    /// self ← self × `factor` + `add`.
    fn multiply_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for word in &mut self.0 {
            let product = u64::from(*word) * u64::from(factor) + carry;
            *word = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn times_ten_to(&mut self, mut power: u64) {
        while power > 0 {
            let step = power.min(9);
            self.multiply_add(10u32.pow(step as u32), 0);
            power -= step;
        }
    }

    fn times_two_to(&mut self, mut power: u64) {
        while power > 0 {
            let step = power.min(31);
            self.multiply_add(1 << step, 0);
            power -= step;
        }
    }

    fn cmp(&self, other: &Big) -> Ordering {
        let length = self.0.len().max(other.0.len());
        let word = |big: &Big, i: usize| big.0.get(i).copied().unwrap_or(0);
        for i in (0..length).rev() {
            match word(self, i).cmp(&word(other, i)) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

#[cfg(test)]
mod tests {
    use super::parse_f64;

    /// Equal to the standard library's answer, bit for bit (NaN as NaN).
    fn same(text: &str) {
        let ours = parse_f64(text);
        let std = text.parse::<f64>().ok();
        match (ours, std) {
            (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {}
            (Some(a), Some(b)) => assert_eq!(a.to_bits(), b.to_bits(), "{text:?}: {a:e} vs {b:e}"),
            (a, b) => assert_eq!(a.is_some(), b.is_some(), "{text:?} accepted differently"),
        }
    }

    #[test]
    fn the_grammar_is_the_standard_librarys() {
        for text in [
            "",
            "+",
            "-",
            ".",
            "e5",
            ".e5",
            "1e",
            "1e+",
            "1e-",
            "1.",
            ".5",
            "+.5",
            "-5.",
            "1.e5",
            "1..2",
            "1.2.3",
            "1e5.5",
            " 1",
            "1 ",
            "1_000",
            "0x10",
            "inf",
            "-INF",
            "Infinity",
            "+infinity",
            "infinit",
            "nan",
            "NaN",
            "-nan",
            "nan1",
            "1E+02",
            "1e-0",
            "00000",
            "-0",
            "-0.0e99",
            "١",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "--1",
        ] {
            same(text);
        }
    }

    #[test]
    fn hard_cases_round_as_the_standard_library_does() {
        for text in [
            "0.1", "0.3", "1.5", "9007199254740993", "9007199254740995", "9007199254740992.5",
            "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
            "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
            "2.4703282292062327208828439643411068618252990130716238221279284125033775364e-324",
            "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
            "8.98846567431158e307", "1e23", "8.533e-309", "7.3177701707893310e+15",
            "0.500000000000000166533453693773481063544750213623046875",
            "3.518437208883201171875e13", "62.5364939768271845828", "8.10109172351e-10",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
            "0.000000000000000000000000000000000000000000001e300", "123456789012345678901234567890",
        ] {
            same(text);
        }
    }

    #[test]
    fn long_expansions_cut_anywhere_round_as_the_standard_library_does() {
        // A float's exact decimal expansion (Rust prints it in full), cut after n digits, with one
        // added at the end or not: every kind of near-halfway input, including past 800 digits.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..300 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f64::from_bits(state >> 1);
            if !x.is_finite() {
                continue;
            }
            let exact = format!("{x:.1100e}");
            let (mantissa, power) = exact.split_once('e').unwrap();
            for cut in [3, 17, 18, 19, 20, 40, 400, 790, 805, 1000] {
                let kept = &mantissa[..cut.min(mantissa.len())];
                same(&format!("{kept}e{power}"));
                same(&format!("{kept}1e{power}"));
                same(&format!("{kept}5e{power}"));
            }
        }
    }

    #[test]
    fn random_short_decimals_round_as_the_standard_library_does() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        for _ in 0..20_000 {
            let length = 1 + next(24) as usize;
            let mut text: String = (0..length)
                .map(|_| char::from(b'0' + next(10) as u8))
                .collect();
            let point = next(length as u64 + 1) as usize;
            text.insert(point, '.');
            if next(2) == 1 {
                text.push_str(&format!("e{}", next(700) as i64 - 350));
            }
            same(&text);
        }
    }
}
