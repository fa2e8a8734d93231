// The under-trained indicator of every row of the token table (`til_core::smollm2::undertrained`,
// steps 3 and 4), one row per invocation:
//
//     p = x − m,   q = p − (p · u) u,   out = q · d / |q|        (0 where q is zero)
//
// with m the mean row, u the unit principal component and d the unit reference direction. The row
// is read twice (once for p · u, once for q), so q is never stored. Sums in f32 with four running
// sums each; the launcher scores the rows that may rank first again in f64.
// Leaves out: the reference direction (the core averages the reference rows) and the ranking.

struct Params {
    rows: u32,
    dims: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> table: array<f32>;
// m, then u, then d.
@group(0) @binding(2) var<storage, read> vectors: array<f32>;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;

fn four(at: u32) -> vec4<f32> {
    return vec4<f32>(table[at], table[at + 1u], table[at + 2u], table[at + 3u]);
}

fn given(at: u32) -> vec4<f32> {
    return vec4<f32>(vectors[at], vectors[at + 1u], vectors[at + 2u], vectors[at + 3u]);
}

fn total(sums: vec4<f32>) -> f32 {
    return (sums.x + sums.y) + (sums.z + sums.w);
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    // A 2-D grid of workgroups when one dimension is not enough.
    let r = id.x + id.y * groups.x * 64u;
    if (r >= params.rows) {
        return;
    }
    let dims = params.dims;
    let base = r * dims;
    let whole = dims - dims % 4u;
    var along4 = vec4<f32>(0.0);
    for (var j = 0u; j < whole; j += 4u) {
        along4 += (four(base + j) - given(j)) * given(dims + j);
    }
    var along = total(along4);
    for (var j = whole; j < dims; j++) {
        along += (table[base + j] - vectors[j]) * vectors[dims + j];
    }
    var qd4 = vec4<f32>(0.0);
    var qq4 = vec4<f32>(0.0);
    for (var j = 0u; j < whole; j += 4u) {
        let q = (four(base + j) - given(j)) - along * given(dims + j);
        qd4 += q * given(2u * dims + j);
        qq4 += q * q;
    }
    var qd = total(qd4);
    var qq = total(qq4);
    for (var j = whole; j < dims; j++) {
        let q = (table[base + j] - vectors[j]) - along * vectors[dims + j];
        qd += q * vectors[2u * dims + j];
        qq += q * q;
    }
    out[r] = select(0.0, qd / sqrt(qq), qq > 0.0);
}
