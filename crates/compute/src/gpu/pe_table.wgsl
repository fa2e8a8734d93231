// The sinusoidal positional encoding, one value per invocation (positions × d, row-major):
//
//     PE(pos, 2i) = sin(pos · ωᵢ),   PE(pos, 2i+1) = cos(pos · ωᵢ),   ωᵢ = base^(−2i/d)
//
// in f32, but kept close to the core's f64 values in two ways:
//
// 1. The angle pos · ωᵢ is carried in two parts. The launcher splits ωᵢ into HI (8 significant bits)
//    and LO (the rest, as f32), so pos · HI is exact for every pos below 2¹⁶, and only the small
//    pos · LO is rounded. A plain f32 angle would be off by up to 3·2⁻²⁴·pos radians instead.
// 2. Whole turns come off the exact part (Cody–Waite: 2π = TAU_HI + TAU_LO, TAU_HI with 8 bits, so
//    turns · TAU_HI is exact and the subtraction loses nothing), quarter turns likewise, and sine and
//    cosine are Taylor polynomials on [−π/4, π/4] (truncation below 2·10⁻⁹). WGSL's own sin and cos
//    are only bounded to 2⁻¹¹, and SwiftShader's are that coarse.
//
// Leaves out: odd-d special cases (the last dimension of an odd d is a lone sine, as the formula
// gives).

const TAU: f32 = 6.283185307179586;
const TAU_HI: f32 = 6.28125;
const TAU_LO: f32 = 0.0019353071795864769;
const QUARTER_HI: f32 = 1.5703125;
const QUARTER_LO: f32 = 0.00048382679489661923;

struct Params {
    positions: u32,
    d: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
// Per pair i: (HI, LO) with HI + LO = ωᵢ.
@group(0) @binding(1) var<storage, read> omegas: array<vec2<f32>>;
@group(0) @binding(2) var<storage, read_write> table: array<f32>;

fn sin_taylor(t: f32) -> f32 {
    let t2 = t * t;
    return t + t * t2 * (-1.0 / 6.0 + t2 * (1.0 / 120.0 + t2 * (-1.0 / 5040.0 + t2 * (1.0 / 362880.0))));
}

fn cos_taylor(t: f32) -> f32 {
    let t2 = t * t;
    return 1.0 + t2 * (-0.5 + t2 * (1.0 / 24.0 + t2 * (-1.0 / 720.0 + t2 * (1.0 / 40320.0 + t2 * (-1.0 / 3628800.0)))));
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    // A 2-D grid of workgroups when one dimension is not enough.
    let i = id.x + id.y * groups.x * 64u;
    if (i >= params.positions * params.d) {
        return;
    }
    let pos = f32(i / params.d);
    let dim = i % params.d;
    let omega = omegas[dim / 2u];
    // 1. The angle as exact + small.
    let exact = pos * omega.x;
    let small = pos * omega.y;
    // 2. Minus whole turns, then quarter turns: t in [−π/4, π/4] and the quadrant q.
    let turns = round(exact / TAU);
    let r = ((exact - turns * TAU_HI) - turns * TAU_LO) + small;
    let q = round(r / (TAU / 4.0));
    let t = (r - q * QUARTER_HI) - q * QUARTER_LO;
    // sin r and cos r from the quadrant: q = 1 turns sin into cos, and so on.
    let quadrant = (i32(q) % 4 + 4) % 4;
    let s = sin_taylor(t);
    let c = cos_taylor(t);
    var value: f32;
    if (dim % 2u == 0u) {
        value = select(select(select(-c, -s, quadrant == 2), c, quadrant == 1), s, quadrant == 0);
    } else {
        value = select(select(select(s, -c, quadrant == 2), -s, quadrant == 1), c, quadrant == 0);
    }
    table[i] = value;
}
