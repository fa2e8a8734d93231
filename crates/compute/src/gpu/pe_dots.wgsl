// The dot-product matrix of a position table: out[p * n + q] = row(p) · row(q), one cell per
// invocation, summed over the dimensions in order from 0. Cell (q, p) multiplies the same pairs in
// the same order as (p, q), so the matrix comes out exactly symmetric without mirroring.
// Leaves out: making the table (pe_table.wgsl or the core's learned table, uploaded as f32).

struct Params {
    n: u32,
    d: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> table: array<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    // A 2-D grid of workgroups when one dimension is not enough.
    let i = id.x + id.y * groups.x * 64u;
    let n = params.n;
    if (i >= n * n) {
        return;
    }
    let p = (i / n) * params.d;
    let q = (i % n) * params.d;
    var sum = 0.0;
    for (var k = 0u; k < params.d; k++) {
        sum += table[p + k] * table[q + k];
    }
    out[i] = sum;
}
