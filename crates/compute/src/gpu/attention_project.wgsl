// The projections of a first attention layer: out[t * rows + r] = W[r] · x[t], one output per
// invocation, summed over the columns in order from 0 (as the core's f64 matrix_times does).
// W holds W_q's rows then W_k's, so one dispatch gives every token's q and k side by side.
// Leaves out: RMSNorm (the rows arrive normalised) and the rotation (attention_scores.wgsl).

struct Params {
    tokens: u32,
    rows: u32,
    cols: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> weights: array<f32>;
@group(0) @binding(2) var<storage, read> x: array<f32>;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = id.x + id.y * groups.x * 64u;
    if (i >= params.tokens * params.rows) {
        return;
    }
    let w = (i % params.rows) * params.cols;
    let v = (i / params.rows) * params.cols;
    var sum = 0.0;
    for (var c = 0u; c < params.cols; c++) {
        sum += weights[w + c] * x[v + c];
    }
    out[i] = sum;
}
