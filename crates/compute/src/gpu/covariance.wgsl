// One product of the token table's covariance with a vector v (the under-trained indicator's
// principal component search, `til_core::smollm2::undertrained`), in partial sums:
//
//     sums[g * dims + j] = Σ over the rows r of workgroup g's tile of c_r · (x_rj − m_j),
//     c_r = (x_r − m) · v
//
// Each workgroup takes a tile of 64 rows: first every invocation centres its row and takes its
// product with v (four running sums, added at the end), then every invocation sums a few columns
// over the tile. The rows are centred here, in f32, rather than summed raw and corrected after:
// raw products would cancel against m · v. The launcher adds the tiles' sums in f64.
// Leaves out: the Lanczos steps between products (the core's, in f64, on the CPU).

struct Params {
    rows: u32,
    dims: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> table: array<f32>;
// The mean row m, then v.
@group(0) @binding(2) var<storage, read> vectors: array<f32>;
@group(0) @binding(3) var<storage, read_write> sums: array<f32>;

var<workgroup> along: array<f32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(local_invocation_index) t: u32) {
    let dims = params.dims;
    let first = group.x * 64u;
    let count = min(64u, params.rows - first);
    var c = vec4<f32>(0.0);
    var tail = 0.0;
    if (t < count) {
        let base = (first + t) * dims;
        let whole = dims - dims % 4u;
        for (var j = 0u; j < whole; j += 4u) {
            let x = vec4<f32>(table[base + j], table[base + j + 1u], table[base + j + 2u], table[base + j + 3u]);
            let m = vec4<f32>(vectors[j], vectors[j + 1u], vectors[j + 2u], vectors[j + 3u]);
            let v = vec4<f32>(vectors[dims + j], vectors[dims + j + 1u], vectors[dims + j + 2u], vectors[dims + j + 3u]);
            c += (x - m) * v;
        }
        for (var j = whole; j < dims; j++) {
            tail += (table[base + j] - vectors[j]) * vectors[dims + j];
        }
    }
    along[t] = ((c.x + c.y) + (c.z + c.w)) + tail;
    workgroupBarrier();
    for (var j = t; j < dims; j += 64u) {
        let m = vectors[j];
        var s = 0.0;
        for (var r = 0u; r < count; r++) {
            s += along[r] * (table[(first + r) * dims + j] - m);
        }
        sums[group.x * dims + j] = s;
    }
}
