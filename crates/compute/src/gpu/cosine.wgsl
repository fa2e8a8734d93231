// Dot products of a batch of unit query vectors with every row of a unit-row table:
//
//     scores[q * rows + r] = table[r] · queries[q]        (cosines, as every vector is unit length)
//
// A matrix product (queries × tableᵀ): each invocation takes one table row and up to four queries,
// so a row is read once for four sums. Rows and queries are stored as whole vec4s (zero-padded past
// the last dimension). Each sum is made in the core's order (`til_core::embed::dot`): chunks of eight
// values into two four-lane accumulators, the eight lanes added in order, then the leftover values
// one by one (the padding adds zeros, which change nothing). Where the driver does not fuse
// multiply-adds, the scores are the CPU's to the bit.
// Leaves out: normalising (the launcher uploads unit queries) and choosing rows (top_k.wgsl).

struct Params {
    rows: u32,
    // vec4s per row, and how many of them form whole chunks of eight values (an even number).
    width: u32,
    chunked: u32,
    queries: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> table: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> queries: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> scores: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let r = id.x;
    if (r >= params.rows) {
        return;
    }
    let width = params.width;
    let row = r * width;
    // Queries 4·id.y to 4·id.y + lanes − 1: the last group may be short (one query: one lane), and
    // the count is the same across the workgroup, so skipping costs no divergence.
    let q0 = id.y * 4u;
    let lanes = min(4u, params.queries - q0);
    var low: array<vec4<f32>, 4>;
    var high: array<vec4<f32>, 4>;
    for (var k = 0u; k < params.chunked; k += 2u) {
        let x_low = table[row + k];
        let x_high = table[row + k + 1u];
        for (var lane = 0u; lane < lanes; lane++) {
            let q = (q0 + lane) * width + k;
            low[lane] = low[lane] + x_low * queries[q];
            high[lane] = high[lane] + x_high * queries[q + 1u];
        }
    }
    for (var lane = 0u; lane < lanes; lane++) {
        let q = (q0 + lane) * width;
        var tail = 0.0;
        for (var k = params.chunked; k < width; k++) {
            let p = table[row + k] * queries[q + k];
            tail = (((tail + p.x) + p.y) + p.z) + p.w;
        }
        let sums = low[lane] + high[lane];
        scores[(q0 + lane) * params.rows + r] = ((sums.x + sums.y) + sums.z) + sums.w + tail;
    }
}
