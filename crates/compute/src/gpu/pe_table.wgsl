// The sinusoidal positional encoding, one value per invocation (positions × d, row-major):
//
//     PE(pos, 2i) = sin(pos / divisor[i]),   PE(pos, 2i+1) = cos(pos / divisor[i])
//
// with divisor[i] = base^(2i/d) rounded to f32 by the launcher (the core's f64 divisors). WGSL only
// bounds sin and cos inside [−π, π], so the angle is first reduced by whole turns, with 2π split in
// two parts (Cody–Waite): TAU_HI has 8 significant bits, so turns · TAU_HI is exact below 2¹⁶ turns
// and the subtraction loses nothing. Leaves out: odd-d special cases (the last dimension of an odd d
// is a lone sine, which the formula already gives).

const TAU: f32 = 6.283185307179586;
const TAU_HI: f32 = 6.28125;
const TAU_LO: f32 = 0.0019353071795864769;

struct Params {
    positions: u32,
    d: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> divisors: array<f32>;
@group(0) @binding(2) var<storage, read_write> table: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    // A 2-D grid of workgroups when one dimension is not enough.
    let i = id.x + id.y * groups.x * 64u;
    if (i >= params.positions * params.d) {
        return;
    }
    let pos = i / params.d;
    let dim = i % params.d;
    let angle = f32(pos) / divisors[dim / 2u];
    let turns = round(angle / TAU);
    let reduced = (angle - turns * TAU_HI) - turns * TAU_LO;
    if (dim % 2u == 0u) {
        table[i] = sin(reduced);
    } else {
        table[i] = cos(reduced);
    }
}
