//! LayerNorm over one position's vector, as BERT applies it after summing the embeddings:
//! y = (x − mean) / √(var + ε) · γ + β, with mean and the biased variance (divide by d) over the d
//! values of that position alone. Computed in f64 so the only error left is the inputs'.
//! Leaves out: the backward pass and running statistics (LayerNorm has none).

/// A position's statistics before normalising.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowStats {
    pub mean: f64,
    /// √var, the biased (population) standard deviation.
    pub std: f64,
}

/// Normalises `x` into `out` (same length as `x`, `gamma` and `beta`) and returns its statistics.
pub fn layer_norm(x: &[f64], gamma: &[f32], beta: &[f32], eps: f64, out: &mut [f32]) -> RowStats {
    let d = x.len() as f64;
    let mean = x.iter().sum::<f64>() / d;
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / d;
    let scale = 1.0 / (var + eps).sqrt();
    for (((o, v), g), b) in out.iter_mut().zip(x).zip(gamma).zip(beta) {
        *o = ((v - mean) * scale * f64::from(*g) + f64::from(*b)) as f32;
    }
    RowStats {
        mean,
        std: var.sqrt(),
    }
}

#[cfg(test)]
mod tests {
    use super::layer_norm;

    #[test]
    fn worked_example() {
        // x = (1, 2, 3, 6): mean 3, var (4 + 1 + 0 + 9) / 4 = 3.5.
        let mut out = [0.0f32; 4];
        let stats = layer_norm(
            &[1.0, 2.0, 3.0, 6.0],
            &[1.0, 1.0, 2.0, 1.0],
            &[0.0, 0.5, 0.0, 0.0],
            0.0,
            &mut out,
        );
        assert_eq!((stats.mean, stats.std), (3.0, 3.5f64.sqrt()));
        let s = 3.5f64.sqrt();
        let expected = [-2.0 / s, -1.0 / s + 0.5, 0.0, 3.0 / s].map(|v| v as f32);
        assert_eq!(out, expected);
        // A constant row has no spread: ε keeps it finite, and it lands on β.
        layer_norm(&[5.0; 4], &[1.0; 4], &[0.25; 4], 1e-12, &mut out);
        assert_eq!(out, [0.25; 4]);
    }
}
