//! The power method, shared by the PCA picture (a few points) and the under-trained-token indicator
//! (a whole token table, a pass over its rows per step): repeatedly apply a symmetric positive semi-definite map and
//! rescale, until the direction stops moving. Leaves out: the map itself (callers pass it) and
//! eigenvalues other than the largest.

/// From the unit vector `v`: `v ← step(v) / |step(v)|` until `v` moves less than `tolerance` in
/// every coordinate, at most `iterations` times. None once `|step(v)|` is at most `negligible`
/// (nothing is left along any direction the map can reach).
pub fn dominant(
    mut v: Vec<f64>,
    step: impl Fn(&[f64]) -> Vec<f64>,
    negligible: f64,
    tolerance: f64,
    iterations: usize,
) -> Option<Vec<f64>> {
    for _ in 0..iterations {
        let (next, moved) = settle(&v, step(&v), negligible)?;
        v = next;
        if moved < tolerance {
            break;
        }
    }
    Some(v)
}

/// One iteration's end, for callers that compute `next` = step(`v`) themselves (a piece at a time):
/// `next` scaled to length 1 and how far it moved from `v` (the largest change of a coordinate);
/// None when `|next|` is at most `negligible`.
pub fn settle(v: &[f64], mut next: Vec<f64>, negligible: f64) -> Option<(Vec<f64>, f64)> {
    let length = next.iter().map(|x| x * x).sum::<f64>().sqrt();
    if length <= negligible.max(1e-300) {
        return None;
    }
    next.iter_mut().for_each(|x| *x /= length);
    let moved = next
        .iter()
        .zip(v)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    Some((next, moved))
}

#[cfg(test)]
mod tests {
    use super::dominant;

    #[test]
    fn it_finds_the_largest_eigenvalues_direction_or_says_there_is_none() {
        // [[2, 1], [1, 2]]: eigenvalues 3 along (1, 1)/√2 and 1 along (1, −1)/√2.
        let step = |v: &[f64]| vec![2.0 * v[0] + v[1], v[0] + 2.0 * v[1]];
        let v = dominant(vec![1.0, 0.0], step, 0.0, 1e-13, 1000).unwrap();
        let s = std::f64::consts::FRAC_1_SQRT_2;
        assert!((v[0] - s).abs() < 1e-12 && (v[1] - s).abs() < 1e-12);
        assert_eq!(
            dominant(vec![1.0, 0.0], |_| vec![0.0, 0.0], 0.0, 1e-13, 10),
            None
        );
    }
}
