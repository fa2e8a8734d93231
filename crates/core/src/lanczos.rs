//! The Lanczos method for the largest eigenvalue's direction of a symmetric positive semi-definite
//! map known only by its products (for the under-trained indicator, a pass over a whole token table
//! each). Where the power method keeps one vector, Lanczos keeps the space of every vector it has
//! multiplied and takes that space's best direction (the Ritz vector of the largest Ritz value): on
//! SmolLM2's table, whose two largest eigenvalues are 4 apart, 12 products instead of 24.
//!
//! The caller multiplies [`Lanczos::vector`] by its map, a piece at a time if it likes, and hands the
//! product to [`Lanczos::absorb`]. The basis is re-orthogonalised in full (twice per step, so it stays
//! orthonormal in floating point) and restarts from the best direction after [`RESTART`] vectors,
//! which bounds its memory and the small eigenproblem solved each step.
//!
//! Leaves out: other eigenvalues, thick restarts, maps that are not symmetric.

/// The basis restarts from its best direction after this many vectors.
pub const RESTART: usize = 48;

/// Where the method stands.
#[derive(Clone, Debug)]
pub struct Lanczos {
    /// Orthonormal vectors q₁ … q_j; the last is the one to multiply next.
    basis: Vec<Vec<f64>>,
    /// The tridiagonal matrix T = Qᵀ A Q: its diagonal and the entries beside it.
    diagonal: Vec<f64>,
    beside: Vec<f64>,
    /// The best direction so far (None before the second product of a basis).
    best: Option<Vec<f64>>,
    /// How far the best direction moved in the last step (the largest change of a coordinate).
    pub moved: f64,
    products: usize,
}

/// What one product did.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Multiply [`Lanczos::vector`] next.
    Again,
    /// The direction, moved less than the tolerance (or its space is closed under the map).
    Found(Vec<f64>),
    /// The first product was (near) zero: nothing is left along any direction the map reaches.
    Nothing,
}

impl Lanczos {
    /// Starts from `start` (any nonzero vector; it is scaled to length 1).
    pub fn new(start: &[f64]) -> Lanczos {
        let length = norm(start);
        Lanczos {
            basis: vec![start.iter().map(|x| x / length).collect()],
            diagonal: Vec::new(),
            beside: Vec::new(),
            best: None,
            moved: f64::INFINITY,
            products: 0,
        }
    }

    /// The vector to multiply next.
    pub fn vector(&self) -> &[f64] {
        self.basis.last().expect("the basis is never empty")
    }

    /// Products absorbed so far.
    pub fn products(&self) -> usize {
        self.products
    }

    /// Takes the map times [`Self::vector`]; done once the best direction moves less than
    /// `tolerance` in every coordinate, or after `most` products (then the best so far).
    pub fn absorb(&mut self, mut product: Vec<f64>, tolerance: f64, most: usize) -> Step {
        self.products += 1;
        let j = self.basis.len();
        if self.products == 1 && norm(&product) <= 1e-300 {
            return Step::Nothing;
        }
        // 1. T's next diagonal entry, then the product made orthogonal to the basis (twice: one
        //    Gram–Schmidt pass leaves rounding errors along the basis that would grow).
        let alpha = dot(&product, &self.basis[j - 1]);
        self.diagonal.push(alpha);
        for _ in 0..2 {
            for q in &self.basis {
                let along = dot(&product, q);
                product.iter_mut().zip(q).for_each(|(p, x)| *p -= along * x);
            }
        }
        let beta = norm(&product);
        // 2. The best direction in the basis: T's top eigenvector, in the basis' coordinates.
        let coordinates = top_eigenvector(&self.diagonal, &self.beside);
        let mut best = vec![0.0; product.len()];
        for (q, &s) in self.basis.iter().zip(&coordinates) {
            best.iter_mut().zip(q).for_each(|(b, x)| *b += s * x);
        }
        let length = norm(&best);
        best.iter_mut().for_each(|b| *b /= length);
        // 3. How far it moved (the sign of an eigenvector is arbitrary: compare like with like).
        if let Some(previous) = &self.best {
            if dot(&best, previous) < 0.0 {
                best.iter_mut().for_each(|b| *b = -*b);
            }
            self.moved = best
                .iter()
                .zip(previous)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
        }
        // A product already in the basis' span: the span holds an exact eigenvector.
        let closed = beta <= 1e-14 * alpha.abs().max(1e-300);
        let compared = self.best.is_some();
        self.best = Some(best);
        if closed || (compared && self.moved < tolerance) || self.products >= most {
            return Step::Found(self.best.clone().expect("just set"));
        }
        // 4. The next basis vector, or a restart from the best direction.
        if j == RESTART {
            self.basis = vec![self.best.clone().expect("just set")];
            self.diagonal.clear();
            self.beside.clear();
            self.best = None;
        } else {
            product.iter_mut().for_each(|p| *p /= beta);
            self.basis.push(product);
            self.beside.push(beta);
        }
        Step::Again
    }

    /// The best direction so far (the start before any product).
    pub fn best(&self) -> &[f64] {
        self.best.as_deref().unwrap_or(&self.basis[0])
    }
}

/// The unit eigenvector of the largest eigenvalue of the symmetric tridiagonal matrix with
/// `diagonal` and `beside` (one shorter), by cyclic Jacobi rotations on its dense form: at most
/// [`RESTART`] wide, so a few sweeps of its square cost nothing beside a pass over a table.
fn top_eigenvector(diagonal: &[f64], beside: &[f64]) -> Vec<f64> {
    let n = diagonal.len();
    let mut a = vec![0.0; n * n];
    for i in 0..n {
        a[i * n + i] = diagonal[i];
        if i + 1 < n {
            a[i * n + i + 1] = beside[i];
            a[(i + 1) * n + i] = beside[i];
        }
    }
    let mut vectors = vec![0.0; n * n];
    (0..n).for_each(|i| vectors[i * n + i] = 1.0);
    for _sweep in 0..100 {
        let off: f64 = (0..n)
            .flat_map(|i| (0..n).filter(move |&k| k != i).map(move |k| (i, k)))
            .map(|(i, k)| a[i * n + k] * a[i * n + k])
            .sum();
        let scale: f64 = a.iter().map(|x| x * x).sum();
        if off <= 1e-32 * scale {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let apq = a[p * n + q];
                if apq == 0.0 {
                    continue;
                }
                // The rotation that zeroes a[p][q] (Golub & Van Loan, Algorithm 8.5.1).
                let tau = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
                let t = tau.signum() / (tau.abs() + (1.0 + tau * tau).sqrt());
                let t = if tau == 0.0 { 1.0 } else { t };
                let c = 1.0 / (1.0 + t * t).sqrt();
                let s = t * c;
                for k in 0..n {
                    let (akp, akq) = (a[k * n + p], a[k * n + q]);
                    a[k * n + p] = c * akp - s * akq;
                    a[k * n + q] = s * akp + c * akq;
                }
                for k in 0..n {
                    let (apk, aqk) = (a[p * n + k], a[q * n + k]);
                    a[p * n + k] = c * apk - s * aqk;
                    a[q * n + k] = s * apk + c * aqk;
                }
                for k in 0..n {
                    let (vkp, vkq) = (vectors[k * n + p], vectors[k * n + q]);
                    vectors[k * n + p] = c * vkp - s * vkq;
                    vectors[k * n + q] = s * vkp + c * vkq;
                }
            }
        }
    }
    let top = (0..n)
        .max_by(|&i, &k| a[i * n + i].total_cmp(&a[k * n + k]))
        .expect("at least one entry");
    (0..n).map(|k| vectors[k * n + top]).collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn norm(v: &[f64]) -> f64 {
    dot(v, v).sqrt()
}

#[cfg(test)]
mod tests {
    use super::{top_eigenvector, Lanczos, Step};

    /// A symmetric matrix's product with `v`.
    fn times(matrix: &[Vec<f64>], v: &[f64]) -> Vec<f64> {
        matrix
            .iter()
            .map(|row| row.iter().zip(v).map(|(a, b)| a * b).sum())
            .collect()
    }

    fn run(matrix: &[Vec<f64>], start: &[f64], most: usize) -> (Step, usize) {
        let mut lanczos = Lanczos::new(start);
        loop {
            let product = times(matrix, lanczos.vector());
            match lanczos.absorb(product, 1e-13, most) {
                Step::Again => continue,
                step => return (step, lanczos.products()),
            }
        }
    }

    #[test]
    fn jacobi_finds_the_top_eigenvector_of_a_tridiagonal_matrix() {
        // [[2, 1], [1, 2]]: eigenvalue 3 along (1, 1)/√2.
        let v = top_eigenvector(&[2.0, 2.0], &[1.0]);
        let s = std::f64::consts::FRAC_1_SQRT_2;
        assert!((v[0].abs() - s).abs() < 1e-15 && (v[1] - v[0]).abs() < 1e-15);
        assert_eq!(top_eigenvector(&[5.0], &[]), [1.0]);
    }

    #[test]
    fn it_finds_the_largest_eigenvalues_direction_in_fewer_products_than_the_power_method() {
        // diag(10, 9, 1, …, 1) rotated by a Householder reflection: ratio 0.9, where the power
        // method needs about 290 products for 1e-13.
        let n = 30;
        let w: Vec<f64> = (0..n).map(|i| 1.0 + (i as f64 * 0.37).sin()).collect();
        let ww: f64 = w.iter().map(|x| x * x).sum();
        let householder = |i: usize, k: usize| f64::from(u8::from(i == k)) - 2.0 * w[i] * w[k] / ww;
        let values: Vec<f64> = (0..n)
            .map(|i| [10.0, 9.0].get(i).copied().unwrap_or(1.0))
            .collect();
        let matrix: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|k| {
                        (0..n)
                            .map(|m| householder(i, m) * values[m] * householder(k, m))
                            .sum()
                    })
                    .collect()
            })
            .collect();
        let start: Vec<f64> = (0..n).map(|i| 1.0 + i as f64 * 1e-3).collect();
        let (step, products) = run(&matrix, &start, 20_000);
        let Step::Found(v) = step else {
            panic!("not found: {step:?}")
        };
        // The true direction is the reflection's first column.
        let truth: Vec<f64> = (0..n).map(|i| householder(i, 0)).collect();
        let sign = v
            .iter()
            .zip(&truth)
            .map(|(a, b)| a * b)
            .sum::<f64>()
            .signum();
        assert!(v
            .iter()
            .zip(&truth)
            .all(|(a, b)| (a - sign * b).abs() < 1e-12));
        // Three distinct eigenvalues: the Krylov space closes after three products.
        assert!(products <= 4, "{products} products");
    }

    #[test]
    fn a_zero_map_has_no_direction_and_restarts_keep_going() {
        let zero = vec![vec![0.0; 3]; 3];
        assert_eq!(run(&zero, &[1.0, 0.0, 0.0], 100).0, Step::Nothing);
        // 120 evenly spaced eigenvalues: the top one is found only after restarts (the basis holds
        // at most 48 vectors).
        let n = 120;
        let matrix: Vec<Vec<f64>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|k| if i == k { 1.0 + i as f64 * 1e-2 } else { 0.0 })
                    .collect()
            })
            .collect();
        let start: Vec<f64> = (0..n).map(|i| 1.0 + i as f64 * 1e-3).collect();
        let (step, products) = run(&matrix, &start, 20_000);
        let Step::Found(v) = step else {
            panic!("not found: {step:?}")
        };
        assert!(products > 48, "{products} products");
        assert!((v[n - 1].abs() - 1.0).abs() < 1e-12);
        // `most` stops it early, with the best direction so far.
        let (step, products) = run(&matrix, &start, 5);
        assert!(matches!(step, Step::Found(_)) && products == 5);
    }
}
