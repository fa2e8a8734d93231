//! Why the sinusoidal encoding knows about distance: PE(p)·PE(p+k) depends only on the offset k.
//!
//! Pair i of PE(p) is (sin pωᵢ, cos pωᵢ). Its contribution to the dot product with PE(p+k) is
//! sin(pωᵢ)·sin((p+k)ωᵢ) + cos(pωᵢ)·cos((p+k)ωᵢ) = cos(kωᵢ) (the cosine of a difference), so
//!
//! ```text
//! PE(p)·PE(p+k) = Σᵢ cos(k·ωᵢ)        for even d: no p anywhere
//! ```
//!
//! The same fact seen geometrically: going from p to p+k turns every pair's point (sin, cos) by the
//! angle k·ωᵢ, a rotation that does not depend on p ([`rotate_pair`]).
//!
//! **Odd d.** The lone last sine (see `sinusoidal`) contributes sin(pω)·sin((p+k)ω) =
//! ½cos(kω) − ½cos((2p+k)ω). [`offset_kernel`] keeps the offset-only half, and [`odd_d_residual`] is
//! the rest, −½cos((2p+k)ω): so for every d, PE(p)·PE(p+k) = offset_kernel(k) + odd_d_residual(p, k),
//! and the residual is 0 for even d and at most ½ in size for odd d.
//!
//! Also here: the dot-product matrix PE·PEᵀ of a table (sinusoidal or learned). Left out: attention
//! itself (queries and keys are projections of these vectors, not the vectors themselves).

use super::{PosEncError, PositionTable, Sinusoidal};

/// Σ aᵢbᵢ over the shorter of the two slices.
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// PE(p)·PE(p+k), computed the long way: encode both positions, multiply, add.
/// Fails when p or p+k is not a valid position (negative or not finite).
pub fn direct_dot(enc: &Sinusoidal, p: f64, k: f64) -> Result<f64, PosEncError> {
    Ok(dot(&enc.encode(p)?, &enc.encode(p + k)?))
}

/// PE(p)·PE(p+k) for p = 0, 1, …, n−1, read from a table's rows (each product the long way, no
/// closed form), stopping early where row p+k is past the table's end.
pub fn dots_at_offset(table: &PositionTable, k: usize, n: usize) -> Vec<f64> {
    (0..n)
        .map_while(|p| Some(dot(table.row(p)?, table.row(p.checked_add(k)?)?)))
        .collect()
}

/// The similarity kernel over the offset k: Σᵢ cos(k·ωᵢ) over the full (sin, cos) pairs, plus
/// ½cos(k·ω) for the lone sine of an odd d. Equals PE(p)·PE(p+k) for every p when d is even; its
/// peak is at k = 0, where it is d/2 (|PE(p)|²).
pub fn offset_kernel(enc: &Sinusoidal, k: f64) -> f64 {
    let full_pairs = enc.d() / 2;
    let paired: f64 = enc.omegas().take(full_pairs).map(|w| (k * w).cos()).sum();
    let lone = match lone_omega(enc) {
        Some(w) => 0.5 * (k * w).cos(),
        None => 0.0,
    };
    paired + lone
}

/// The part of PE(p)·PE(p+k) that depends on p: −½cos((2p+k)·ω) from the lone sine of an odd d,
/// 0 for even d.
pub fn odd_d_residual(enc: &Sinusoidal, p: f64, k: f64) -> f64 {
    match lone_omega(enc) {
        Some(w) => -0.5 * ((2.0 * p + k) * w).cos(),
        None => 0.0,
    }
}

fn lone_omega(enc: &Sinusoidal) -> Option<f64> {
    enc.has_lone_sine()
        .then(|| enc.omega(enc.pairs() - 1))
        .flatten()
}

/// Turns a pair's point (sin θ, cos θ) on from θ to θ + `angle`: the point of position p+k when
/// `angle` is k·ωᵢ, whatever p is. The rotation matrix acts the same on every point, which is the
/// reason the dot products above cannot depend on p.
pub fn rotate_pair((sin, cos): (f64, f64), angle: f64) -> (f64, f64) {
    let (s, c) = angle.sin_cos();
    (sin * c + cos * s, cos * c - sin * s)
}

/// The symmetric matrix M[p][q] = row(p)·row(q) over the first n rows of a table: PE·PEᵀ.
/// For the sinusoidal table it is constant along every diagonal (a Toeplitz matrix, M[p][q] depends
/// only on q − p); for a random learned table it is noise around a bright diagonal.
#[derive(Clone, Debug, PartialEq)]
pub struct DotMatrix {
    n: usize,
    values: Vec<f64>,
}

impl DotMatrix {
    /// The number of rows (and columns).
    pub fn n(&self) -> usize {
        self.n
    }

    pub fn get(&self, p: usize, q: usize) -> Option<f64> {
        (p < self.n && q < self.n).then(|| self.values[p * self.n + q])
    }

    /// All n² values, row after row.
    pub fn as_slice(&self) -> &[f64] {
        &self.values
    }
}

/// PE·PEᵀ over the first `n` rows of `table` (fewer if the table is shorter). Each product is
/// computed once and mirrored, so the matrix is exactly symmetric.
pub fn dot_matrix(table: &PositionTable, n: usize) -> DotMatrix {
    let n = n.min(table.positions());
    let mut values = vec![0.0; n * n];
    let rows: Vec<&[f64]> = table.rows().take(n).collect();
    for p in 0..n {
        for q in p..n {
            let value = dot(rows[p], rows[q]);
            values[p * n + q] = value;
            values[q * n + p] = value;
        }
    }
    DotMatrix { n, values }
}
