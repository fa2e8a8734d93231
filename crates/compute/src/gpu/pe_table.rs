//! Launcher of `pe_table.wgsl`: the sinusoidal table of positions 0..n in f32, read back whole (the
//! page shows all of it as a heatmap).
//!
//! Tolerance against the core's f64 table, from [`tolerance`]: the shader keeps the angle exact up to
//! the small part pos · LO (LO ≤ 2⁻⁸·ω), whose two roundings cost at most 2⁻²³·2⁻⁸·pos radians; the
//! turn and quarter-turn reductions and the polynomials add a few f32 roundings of values below π
//! (2⁻²⁰ covers them, with room). So the values match f64 to about 10⁻⁶ wherever pos < 2¹⁶, where a
//! plain f32 angle would drift by 3·2⁻²⁴·pos (the core's `f32_deviation_bound`: 6·10⁻⁵ at 1,024).
//! Past 2¹⁶, pos · HI is rounded too, and that bound is added. Nothing depends on the driver's `sin`
//! (WGSL allows it 2⁻¹¹; SwiftShader's is off by 2·10⁻⁴).
//! Leaves out: the learned table (random, made once on the CPU; `pe_dots` uploads it).

use til_core::posenc::{f32_deviation_bound, PosEncError, Sinusoidal, MAX_TABLE_VALUES};

use super::{flat_groups, GpuContext, Pass};
use crate::{ComputeError, Grid};

/// Significant bits of ωᵢ's high part: pos · HI is exact in f32 (24 bits) for pos < 2^(24 − 8).
const HI_BITS: i32 = 8;
/// Positions below this get the exact split.
const EXACT_POSITIONS: f64 = (1u64 << (24 - HI_BITS)) as f64;

/// The largest |GPU − f64| at position `pos` (see the module's note).
pub fn tolerance(pos: f64) -> f64 {
    let small_part = pos / (1u64 << (23 + HI_BITS)) as f64;
    let rounded_part = if pos >= EXACT_POSITIONS {
        f32_deviation_bound(pos)
    } else {
        0.0
    };
    1.0 / (1u64 << 20) as f64 + small_part + rounded_part
}

/// ω split into (HI, LO): HI is ω rounded to [`HI_BITS`] significant bits, LO the rest as f32.
fn split(omega: f64) -> [f32; 2] {
    let scale = 2f64.powi(HI_BITS - 1 - omega.log2().floor() as i32);
    let high = (omega * scale).round() / scale;
    [high as f32, (omega - high) as f32]
}

pub async fn run(
    context: &GpuContext,
    encoding: &Sinusoidal,
    positions: usize,
) -> Result<Grid, ComputeError> {
    let d = encoding.d();
    // The core's own limit, so both backends refuse the same tables.
    let len = positions
        .checked_mul(d)
        .filter(|&len| len <= MAX_TABLE_VALUES)
        .ok_or_else(|| {
            ComputeError::BadRequest(PosEncError::TableTooLarge { positions, d }.to_string())
        })?;
    if len == 0 {
        return Ok(Grid::new(positions, d, Vec::new()));
    }
    context.check_size("the position table", len * 4)?;
    let scope = context.begin()?;
    let omegas: Vec<f32> = encoding.omegas().flat_map(split).collect();
    let params = context.uniform("pe_table params", &[positions as u32, d as u32]);
    let omegas = context.storage("omegas", &omegas);
    let table = context.output("position table", len);
    let bind_group = context.bind(&context.kernels.pe_table, &[&params, &omegas, &table]);
    let pass = Pass {
        pipeline: &context.kernels.pe_table,
        bind_group: &bind_group,
        workgroups: flat_groups(context, len),
    };
    let values: Vec<f32> = context.run_and_read(scope, &[pass], &table, len).await?;
    Ok(Grid::new(
        positions,
        d,
        values.into_iter().map(f64::from).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_is_exact_in_its_high_part_and_close_in_sum() {
        for omega in [1.0, 0.7498942093324559, 0.1, 1e-4, 0.0133352143216332] {
            let [high, low] = split(omega);
            // At most HI_BITS significant bits: scaled to an integer below 2^HI_BITS.
            let scale = 2f64.powi(HI_BITS - 1 - omega.log2().floor() as i32);
            assert_eq!((f64::from(high) * scale).fract(), 0.0);
            assert!((f64::from(high) * scale) <= (1u64 << HI_BITS) as f64);
            assert!(
                (f64::from(high) + f64::from(low) - omega).abs()
                    <= omega * 2f64.powi(-24 - HI_BITS + 1)
            );
        }
    }
}
