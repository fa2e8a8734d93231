//! A 2-D picture of a few vectors (a query and its neighbours): principal component analysis by power
//! iteration on the centred points, in f64.
//!
//! The first axis is the direction of greatest spread, the second the greatest spread at right angles
//! to it. Signs are fixed so that the first point (the query) never lies on the negative side of an
//! axis, which keeps the picture from flipping between queries. Leaves out: more than two components
//! and large inputs (the cost is points × dims per iteration, meant for tens of points).

use super::EmbedError;

/// Iterations of the power method; 50-dimensional spreads of a dozen points converge far sooner.
const MAX_ITERATIONS: usize = 500;
/// Stop once an axis moves less than this between iterations.
const TOLERANCE: f64 = 1e-12;

#[derive(Clone, Debug, PartialEq)]
pub struct Projection {
    /// Each input point's coordinates on the two axes.
    pub points: Vec<[f64; 2]>,
    /// The share of the total variance along each axis, from 0 to 1.
    pub explained: [f64; 2],
}

/// Projects `vectors` (all of one length) onto their first two principal axes.
pub fn project_2d(vectors: &[&[f32]]) -> Result<Projection, EmbedError> {
    // 1. Centre the points.
    let dims = vectors.first().map_or(0, |v| v.len());
    if vectors.len() < 2 || dims == 0 {
        return Err(EmbedError::Empty("a projection needs at least two vectors"));
    }
    if let Some(bad) = vectors.iter().find(|v| v.len() != dims) {
        return Err(EmbedError::BadShape {
            values: bad.len(),
            dims,
        });
    }
    let n = vectors.len() as f64;
    let mean: Vec<f64> = (0..dims)
        .map(|k| vectors.iter().map(|v| f64::from(v[k])).sum::<f64>() / n)
        .collect();
    let centred: Vec<Vec<f64>> = vectors
        .iter()
        .map(|v| {
            v.iter()
                .zip(&mean)
                .map(|(&x, m)| f64::from(x) - m)
                .collect()
        })
        .collect();
    let total: f64 = centred.iter().flatten().map(|x| x * x).sum();

    // 2. The two axes, the second kept at right angles to the first.
    let first = axis(&centred, &[], total);
    let second = axis(&centred, std::slice::from_ref(&first), total);

    // 3. Coordinates, signs fixed by the first point, and each axis's share of the variance.
    let mut points: Vec<[f64; 2]> = centred
        .iter()
        .map(|p| [dot(p, &first), dot(p, &second)])
        .collect();
    for k in 0..2 {
        if points[0][k] < 0.0 {
            points.iter_mut().for_each(|p| p[k] = -p[k]);
        }
    }
    let spread = |k: usize| points.iter().map(|p| p[k] * p[k]).sum::<f64>();
    let explained = if total > 0.0 {
        [spread(0) / total, spread(1) / total]
    } else {
        [0.0, 0.0]
    };
    Ok(Projection { points, explained })
}

/// The direction of greatest spread of `points` orthogonal to `done`, by power iteration on the
/// covariance (applied as Xᵀ(X v), never formed). Starts from the point farthest out once `done` is
/// removed, so the result is deterministic. A spread below a 1e-12 share of `total` is rounding noise,
/// not a direction: it gives the zero vector.
fn axis(points: &[Vec<f64>], done: &[Vec<f64>], total: f64) -> Vec<f64> {
    let negligible = 1e-12 * total;
    let orthogonal = |mut v: Vec<f64>| {
        for d in done {
            let along = dot(&v, d);
            v.iter_mut().zip(d).for_each(|(x, y)| *x -= along * y);
        }
        v
    };
    let zero = vec![0.0; points[0].len()];
    let start = points
        .iter()
        .map(|p| orthogonal(p.clone()))
        .max_by(|a, b| dot(a, a).total_cmp(&dot(b, b)));
    let Some(v) = start.filter(|s| dot(s, s) > negligible).and_then(unit) else {
        return zero;
    };
    let step = |v: &[f64]| {
        let mut next = vec![0.0; v.len()];
        for p in points {
            let along = dot(p, v);
            next.iter_mut().zip(p).for_each(|(n, x)| *n += along * x);
        }
        // |Xᵀ X v| is the spread along v: too small means nothing is left to find.
        orthogonal(next)
    };
    crate::power_iteration::dominant(v, step, negligible, TOLERANCE, MAX_ITERATIONS).unwrap_or(zero)
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn unit(v: Vec<f64>) -> Option<Vec<f64>> {
    let norm = dot(&v, &v).sqrt();
    (norm > 1e-300).then(|| v.into_iter().map(|x| x / norm).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_on_a_line_need_one_axis() {
        let line: Vec<[f32; 3]> = (0..5).map(|i| [i as f32, 2.0 * i as f32, 1.0]).collect();
        let refs: Vec<&[f32]> = line.iter().map(|p| p.as_slice()).collect();
        let p = project_2d(&refs).unwrap();
        assert!(
            (p.explained[0] - 1.0).abs() < 1e-9 && p.explained[1].abs() < 1e-9,
            "{p:?}"
        );
        // Spacing along the line is |(1, 2, 0)| = √5; the first point sits at +2√5 after the sign fix.
        assert!((p.points[0][0] - 2.0 * 5f64.sqrt()).abs() < 1e-9);
        assert!((p.points[4][0] + 2.0 * 5f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn a_rectangle_splits_its_variance_by_side_length() {
        // Corners of a 4 × 2 rectangle in the plane z = 0: variances 4 and 1 along x and y.
        let corners = [
            [2.0f32, 1.0, 0.0],
            [2.0, -1.0, 0.0],
            [-2.0, 1.0, 0.0],
            [-2.0, -1.0, 0.0],
        ];
        let refs: Vec<&[f32]> = corners.iter().map(|p| p.as_slice()).collect();
        let p = project_2d(&refs).unwrap();
        assert!((p.explained[0] - 0.8).abs() < 1e-9 && (p.explained[1] - 0.2).abs() < 1e-9);
        assert_eq!(p.points[0].map(|x| (x * 1e9).round() / 1e9), [2.0, 1.0]);
    }

    #[test]
    fn one_point_is_refused() {
        assert!(project_2d(&[&[1.0f32, 2.0][..]]).is_err());
    }
}
