// The causal logits of a first attention layer, one per invocation: head h, query m, key n ≤ m,
// written at h·T + m(m+1)/2 + n with T = len(len+1)/2 (til_core's triangle_index). q and k come
// from attention_project.wgsl, token after token (q's heads, then k's); query head h reads key head
// h / (heads / kv_heads). Both vectors are rotated here, pair by pair, as the core's rope::rotate
// does, with cos and sin of p·θᵢ computed in f64 on the CPU and uploaded as f32:
//   pairs 0: no rotation; 1: pairs (2i, 2i + 1); 2: pairs (i, i + d/2);
//   reorder 1: each head's coordinates first put in the checkpoint's order (2i → i, 2i+1 → i+d/2).
// The dot product runs over the coordinates in that (reordered) order, from 0, times 1/√d.
// Leaves out: the softmax and the values.

struct Params {
    len: u32,
    heads: u32,
    group: u32,
    head_dim: u32,
    // floats per token in `projected`: every q head, then every k head
    width: u32,
    // where k starts within a token
    k_start: u32,
    pairs: u32,
    reorder: u32,
    // where this pass's triangles start in `out`
    offset: u32,
    scale: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> projected: array<f32>;
// (cos, sin) of position p's pair i at p · head_dim / 2 + i
@group(0) @binding(2) var<storage, read> turns: array<vec2<f32>>;
@group(0) @binding(3) var<storage, read_write> out: array<f32>;

// Where the reordered vector's coordinate c is stored.
fn source(c: u32) -> u32 {
    let half = params.head_dim / 2u;
    if (params.reorder == 0u) {
        return c;
    }
    if (c < half) {
        return 2u * c;
    }
    return 2u * (c - half) + 1u;
}

// Coordinate c of the vector at `base` (token at position p), rotated.
fn rotated(base: u32, p: u32, c: u32) -> f32 {
    let half = params.head_dim / 2u;
    if (params.pairs == 0u) {
        return projected[base + source(c)];
    }
    var i: u32;
    var a: u32;
    var b: u32;
    if (params.pairs == 1u) {
        i = c / 2u;
        a = 2u * i;
        b = a + 1u;
    } else {
        i = c % half;
        a = i;
        b = i + half;
    }
    let turn = turns[p * half + i];
    let xa = projected[base + source(a)];
    let xb = projected[base + source(b)];
    if (c == a) {
        return xa * turn.x - xb * turn.y;
    }
    return xa * turn.y + xb * turn.x;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = id.x + id.y * groups.x * 64u;
    let cells = params.len * (params.len + 1u) / 2u;
    if (i >= params.heads * cells) {
        return;
    }
    let h = i / cells;
    let r = i % cells;
    // The query m of triangle cell r: the largest m with m(m+1)/2 ≤ r, guessed in f32, then fixed.
    var m = u32((sqrt(8.0 * f32(r) + 1.0) - 1.0) / 2.0);
    while (m > 0u && m * (m + 1u) / 2u > r) {
        m--;
    }
    while ((m + 1u) * (m + 2u) / 2u <= r) {
        m++;
    }
    let n = r - m * (m + 1u) / 2u;
    let q = m * params.width + h * params.head_dim;
    let k = n * params.width + params.k_start + (h / params.group) * params.head_dim;
    var sum = 0.0;
    for (var c = 0u; c < params.head_dim; c++) {
        sum += rotated(q, m, c) * rotated(k, n, c);
    }
    out[params.offset + i] = sum * params.scale;
}
