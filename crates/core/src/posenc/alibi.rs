//! ALiBi (Press et al., "Train Short, Test Long"): no position vectors at all, but a bias on every
//! attention logit, −slopeₕ · (m − n), with one slope per head falling geometrically. Leaves out:
//! the attention itself (the page draws the bias beside RoPE's scores).

/// ALiBi's slopes for `heads` heads (Press et al.): for a power of two n, 2^(−8h/n) for h = 1..n;
/// otherwise those of the power of two below, then every other slope of twice that power.
pub fn alibi_slopes(heads: usize) -> Vec<f64> {
    let powers = |n: usize| -> Vec<f64> {
        (1..=n)
            .map(|h| 2f64.powf(-8.0 * h as f64 / n as f64))
            .collect()
    };
    if heads == 0 {
        return Vec::new();
    }
    let below = 1usize << (usize::BITS - 1 - heads.leading_zeros());
    let mut slopes = powers(below);
    slopes.extend(powers(2 * below).into_iter().step_by(2).take(heads - below));
    slopes
}

/// ALiBi's bias on the logit of query m and key n (n ≤ m): −slope · (m − n).
pub fn alibi_bias(slope: f64, m: f64, n: f64) -> f64 {
    -slope * (m - n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alibi_slopes_follow_the_paper() {
        assert_eq!(alibi_slopes(8)[0], 0.5);
        assert_eq!(alibi_slopes(8)[7], 2f64.powi(-8));
        // 12 heads: the 8 of 8, then 2^(-0.5·1), 2^(-0.5·3), … of 16's.
        let twelve = alibi_slopes(12);
        assert_eq!(twelve.len(), 12);
        assert_eq!(twelve[8], 2f64.powf(-0.5));
        assert_eq!(twelve[9], 2f64.powf(-1.5));
        assert_eq!(alibi_bias(0.5, 7.0, 3.0), -2.0);
        assert!(alibi_slopes(0).is_empty());
    }
}
