// For each item (a query, or an analogy question), the k best rows by score, best first; equal
// scores go to the lower row, as the core's top_k. One workgroup per item:
//
// 1. each invocation scans rows t, t + 64, t + 128, … and keeps its own k best in a sorted private
//    list (a partial selection: most rows lose to the list's last entry with one comparison);
// 2. k rounds merge the 64 lists: a tree reduction finds the best head, the invocation that owned it
//    moves to its next entry, and invocation 0 writes the winner.
//
// A row's score is one cosine (PLAIN), or combines the cosines of the item's three score rows X, Y, Z
// (ADD3: X + Z − Y, the benchmark's 3CosAdd without its denominator; MUL3: 3CosMul on cosines shifted
// to [0, 1]). Rows the item excludes, and rows the mask clears, never compete. Slots past the rows
// that compete get the id NONE. MAX_K, THREADS, NONE and EPSILON are prepended by the launcher.
// Leaves out: NaN handling (WGSL may assume no NaN; unit vectors and ε keep every score finite).

const PLAIN: u32 = 0u;
const ADD3: u32 = 1u;
const MUL3: u32 = 2u;

struct Params {
    rows: u32,
    k: u32,
    mode: u32,
    masked: u32,
}

struct Item {
    // Score rows of X, Y and Z (PLAIN reads x only); w unused.
    slots: vec4<u32>,
    // Rows that may not answer; NONE where unused.
    exclude: vec4<u32>,
}

struct Found {
    id: u32,
    score: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> scores: array<f32>;
@group(0) @binding(2) var<storage, read> items: array<Item>;
@group(0) @binding(3) var<storage, read> mask: array<u32>;
@group(0) @binding(4) var<storage, read_write> found: array<Found>;

var<workgroup> merge_score: array<f32, THREADS>;
var<workgroup> merge_id: array<u32, THREADS>;

fn shifted(cosine: f32) -> f32 {
    return (1.0 + cosine) / 2.0;
}

fn score(item: Item, r: u32) -> f32 {
    let x = scores[item.slots.x * params.rows + r];
    if (params.mode == PLAIN) {
        return x;
    }
    let y = scores[item.slots.y * params.rows + r];
    let z = scores[item.slots.z * params.rows + r];
    if (params.mode == ADD3) {
        return x + z - y;
    }
    return shifted(x) * shifted(z) / (shifted(y) + EPSILON);
}

fn competes(item: Item, r: u32) -> bool {
    if (any(item.exclude == vec4<u32>(r))) {
        return false;
    }
    return params.masked == 0u || (mask[r / 32u] & (1u << (r % 32u))) != 0u;
}

// Whether (score a, row a) ranks before (score b, row b); NONE ranks last.
fn before(score_a: f32, id_a: u32, score_b: f32, id_b: u32) -> bool {
    if (id_a == NONE) {
        return false;
    }
    return id_b == NONE || score_a > score_b || (score_a == score_b && id_a < id_b);
}

@compute @workgroup_size(THREADS)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(local_invocation_index) t: u32) {
    let item = items[group.x];
    let k = params.k;

    // 1. This invocation's k best, sorted; rows arrive in increasing order, so a new row goes after
    //    every equal score.
    var ids: array<u32, MAX_K>;
    var values: array<f32, MAX_K>;
    var n = 0u;
    // values[k − 1] once the list is full: most rows lose to it with one comparison.
    var threshold = 0.0;
    for (var r = t; r < params.rows; r += THREADS) {
        if (!competes(item, r)) {
            continue;
        }
        let s = score(item, r);
        if (n == k && s <= threshold) {
            continue;
        }
        var at = min(n, k - 1u);
        while (at > 0u && values[at - 1u] < s) {
            values[at] = values[at - 1u];
            ids[at] = ids[at - 1u];
            at--;
        }
        values[at] = s;
        ids[at] = r;
        n = min(n + 1u, k);
        threshold = values[k - 1u];
    }

    // 2. k rounds of "best head wins".
    var head = 0u;
    for (var round = 0u; round < k; round++) {
        if (head < n) {
            merge_score[t] = values[head];
            merge_id[t] = ids[head];
        } else {
            merge_score[t] = 0.0;
            merge_id[t] = NONE;
        }
        workgroupBarrier();
        for (var stride = THREADS / 2u; stride > 0u; stride /= 2u) {
            if (t < stride && before(merge_score[t + stride], merge_id[t + stride], merge_score[t], merge_id[t])) {
                merge_score[t] = merge_score[t + stride];
                merge_id[t] = merge_id[t + stride];
            }
            workgroupBarrier();
        }
        let winner = merge_id[0];
        if (t == 0u) {
            found[group.x * k + round] = Found(winner, merge_score[0]);
        }
        // Each row is scanned by one invocation only, so the id names the owner.
        if (head < n && ids[head] == winner) {
            head++;
        }
        // Everyone has read the winner before the next round overwrites it.
        workgroupBarrier();
    }
}
