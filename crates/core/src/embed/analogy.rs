//! Analogies `X − Y + Z` (seed order: king − man + woman), by the two standard scores:
//!
//! - 3CosAdd: cos(w, unit(x̂ − ŷ + ẑ)), what gensim's `most_similar(positive=[X, Z], negative=[Y])`
//!   ranks by;
//! - 3CosMul (Levy & Goldberg 2014, eq. 4): cos'(w, x) · cos'(w, z) / (cos'(w, y) + ε) with
//!   cos' = (1 + cos) / 2 and ε = 1e-6, as gensim's `most_similar_cosmul`.
//!
//! The inputs are excluded by default, as every benchmark does; including them shows why: the best
//! match for king − man + woman is king itself. Leaves out: set-based methods (3CosAvg, PairDistance).

use std::str::FromStr;

use super::lanes::Lanes;
use super::neighbours::{cosine_scores, top_k};
use super::table::EmbeddingTable;
use super::{dot, normalised, EmbedError, UnitRows};

/// ε of 3CosMul: keeps the ratio finite when cos'(w, y) is 0.
pub const EPSILON: f32 = 1e-6;

/// How candidates are scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    #[default]
    Add,
    Mul,
}

impl Method {
    pub const ALL: [Method; 2] = [Method::Add, Method::Mul];

    pub fn name(self) -> &'static str {
        match self {
            Method::Add => "add",
            Method::Mul => "mul",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Method::Add => "3CosAdd",
            Method::Mul => "3CosMul",
        }
    }
}

impl FromStr for Method {
    type Err = String;

    fn from_str(text: &str) -> Result<Method, String> {
        match text.to_ascii_lowercase().as_str() {
            "add" | "3cosadd" => Ok(Method::Add),
            "mul" | "3cosmul" => Ok(Method::Mul),
            _ => Err(format!("unknown method `{text}`: expected add or mul")),
        }
    }
}

/// `X − Y + Z`, as rows of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analogy {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

impl Analogy {
    fn inputs(self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }
}

/// One answer with its score and, to show where the score comes from, its cosine to each input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub id: u32,
    pub score: f32,
    pub cos_x: f32,
    pub cos_y: f32,
    pub cos_z: f32,
}

impl Candidate {
    /// Row `id` (unit vector `row`) scored `score`, with its cosine to each input's unit vector.
    pub fn explained(id: u32, score: f32, row: &[f32], [x, y, z]: [&[f32]; 3]) -> Candidate {
        Candidate {
            id,
            score,
            cos_x: dot(row, x),
            cos_y: dot(row, y),
            cos_z: dot(row, z),
        }
    }
}

/// 3CosAdd's target direction, unit(x̂ + ẑ − ŷ), summed in gensim's order (positives, then negatives).
pub fn add_target(x: &[f32], y: &[f32], z: &[f32]) -> Vec<f32> {
    let sum: Vec<f32> = x
        .iter()
        .zip(z)
        .zip(y)
        .map(|((x, z), y)| x + z - y)
        .collect();
    normalised(&sum)
}

/// cos' = (1 + cos) / 2: cosines moved into [0, 1] so products and ratios keep their order.
pub fn shifted(cos: f32) -> f32 {
    (1.0 + cos) / 2.0
}

/// 3CosMul from the three shifted cosines (positives X and Z, negative Y), for one row or four.
pub fn mul_score<T: Lanes>(shifted_x: T, shifted_y: T, shifted_z: T) -> T {
    shifted_x * shifted_z / (shifted_y + T::splat(EPSILON))
}

/// The score of every row.
pub fn scores(rows: UnitRows<'_>, analogy: Analogy, method: Method) -> Vec<f32> {
    let [x, y, z] = analogy.inputs().map(|id| rows.row(id));
    match method {
        Method::Add => cosine_scores(rows, &add_target(x, y, z)),
        Method::Mul => {
            let [cx, cy, cz] = [x, y, z].map(|v| cosine_scores(rows, v));
            (0..rows.len())
                .map(|i| mul_score(shifted(cx[i]), shifted(cy[i]), shifted(cz[i])))
                .collect()
        }
    }
}

/// The `k` best candidates; `include_inputs` lets X, Y and Z themselves compete.
pub fn solve(
    rows: UnitRows<'_>,
    analogy: Analogy,
    method: Method,
    k: usize,
    include_inputs: bool,
) -> Vec<Candidate> {
    let inputs = analogy.inputs();
    let [x, y, z] = inputs.map(|id| rows.row(id));
    top_k(&scores(rows, analogy, method), k, |id| {
        include_inputs || !inputs.contains(&id)
    })
    .into_iter()
    .map(|s| Candidate::explained(s.id, s.score, rows.row(s.id), [x, y, z]))
    .collect()
}

/// Looks up `[X, Y, Z]` among the first `vocab` rows and solves X − Y + Z there.
pub fn of_words(
    table: &EmbeddingTable,
    words: [&str; 3],
    method: Method,
    k: usize,
    include_inputs: bool,
    vocab: usize,
) -> Result<(Analogy, Vec<Candidate>), EmbedError> {
    let vocab = table.check_vocab(vocab)?;
    let [x, y, z] = words;
    let analogy = Analogy {
        x: table.lookup(x, vocab)?,
        y: table.lookup(y, vocab)?,
        z: table.lookup(z, vocab)?,
    };
    Ok((
        analogy,
        solve(
            table.unit_rows().first(vocab),
            analogy,
            method,
            k,
            include_inputs,
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four unit vectors in the plane: small enough to check by hand.
    #[test]
    fn three_cos_add_and_mul_by_hand() {
        // Rows (unit): 0 = (1, 0), 1 = (0, 1), 2 = (0, -1), 3 = (0.6, -0.8).
        let data = [1.0, 0.0, 0.0, 1.0, 0.0, -1.0, 0.6, -0.8];
        let rows = UnitRows::new(&data, 2).unwrap();
        let analogy = Analogy { x: 0, y: 1, z: 2 };
        // x̂ + ẑ − ŷ = (1, -2) → unit (0.4472, -0.8944); row 3 scores 0.6·0.4472 + 0.8·0.8944 = 0.9839.
        let add = solve(rows, analogy, Method::Add, 1, false);
        assert_eq!(add[0].id, 3);
        assert!((add[0].score - 0.98387).abs() < 1e-4);
        assert_eq!((add[0].cos_x, add[0].cos_y, add[0].cos_z), (0.6, -0.8, 0.8));
        // 3CosMul for row 3: (0.8 · 0.9) / (0.1 + 1e-6).
        let mul = solve(rows, analogy, Method::Mul, 1, false);
        assert!((mul[0].score - 0.72 / 0.100001).abs() < 1e-3);
        // With the inputs allowed they compete: z (row 2, 0.8944) comes second, y (−0.8944) last.
        let included = solve(rows, analogy, Method::Add, 4, true);
        assert_eq!(
            included.iter().map(|c| c.id).collect::<Vec<_>>(),
            [3, 2, 0, 1]
        );
    }

    #[test]
    fn methods_parse_by_short_and_long_name() {
        assert_eq!("MUL".parse::<Method>(), Ok(Method::Mul));
        assert_eq!("3CosAdd".parse::<Method>(), Ok(Method::Add));
        assert!("sum".parse::<Method>().is_err());
    }
}
