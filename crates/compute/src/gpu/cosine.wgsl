// Dot products of a batch of unit query vectors with every row of a unit-row table:
//
//     scores[q * rows + r] = queries[q] · table[r]        (cosines, as every vector is unit length)
//
// A matrix product (queries × tableᵀ): each invocation takes one table row and four queries, so a row
// is read once for four sums (the core's benchmark shares its loads the same way). Each sum runs
// over the dimensions in order from 0. The queries buffer holds whole groups of four (zero-padded).
// Leaves out: normalising (the launcher uploads unit queries) and choosing rows (top_k.wgsl).

struct Params {
    rows: u32,
    dims: u32,
    queries: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> table: array<f32>;
@group(0) @binding(2) var<storage, read> queries: array<f32>;
@group(0) @binding(3) var<storage, read_write> scores: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let r = id.x;
    if (r >= params.rows) {
        return;
    }
    let dims = params.dims;
    let row = r * dims;
    // Queries 4·id.y to 4·id.y + 3, one per lane.
    let q0 = id.y * 4u;
    var sums = vec4<f32>(0.0);
    for (var k = 0u; k < dims; k++) {
        let v = table[row + k];
        let q = vec4<f32>(
            queries[q0 * dims + k],
            queries[(q0 + 1u) * dims + k],
            queries[(q0 + 2u) * dims + k],
            queries[(q0 + 3u) * dims + k],
        );
        sums += v * q;
    }
    for (var lane = 0u; lane < 4u; lane++) {
        if (q0 + lane < params.queries) {
            scores[(q0 + lane) * params.rows + r] = sums[lane];
        }
    }
}
