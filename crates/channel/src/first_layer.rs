//! SmolLM2's first attention layer on a text, as the worker computes it and the page draws it,
//! and the four ways of rotating it that both name.

use til_core::smollm2::first_attention::triangle_index;

use crate::wire_struct;

/// The four ways the first layer is rotated, in the order of [`FirstLayer::ways`]: each one's
/// name (the page's menu value) and how the menu and the worker's tables say it.
pub const WAYS: [(&str, &str); 4] = [
    (
        "interleaved",
        "RoPE, pairs (2i, 2i+1) on the GGUF's rows (llama.cpp)",
    ),
    (
        "half",
        "RoPE, pairs (i, i+32) on the checkpoint's rows (transformers)",
    ),
    (
        "bug",
        "Pairs (i, i+32) on the GGUF's rows: the conversion bug",
    ),
    ("off", "No rotation: content alone"),
];

wire_struct! {
    /// The first layer's logits on a text (f64 on the CPU, f32 on WebGPU), with markup the
    /// worker wrote.
    #[derive(Clone, Debug, PartialEq)]
    pub struct FirstLayer {
        /// The tokens as chips.
        pub tokens: String,
        /// Every way's every head as a table (way after way).
        pub tables: Vec<String>,
        /// How many tokens the whole text makes (only the first `len` are computed).
        pub total: usize,
        pub heads: usize,
        pub len: usize,
        /// The causal logits, head-major lower triangles, one list per way of [`WAYS`].
        pub ways: Vec<Vec<f64>>,
        /// The largest |interleaved − half| and |interleaved − bug|.
        pub half_difference: f64,
        pub bug_difference: f64,
        /// Where the worker computed them, and why there.
        pub backend: String,
    }
}

impl FirstLayer {
    /// Way `way`'s logit of head `h`, query `m`, key `n` ≤ m.
    pub fn logit(&self, way: usize, h: usize, m: usize, n: usize) -> f64 {
        self.ways[way][triangle_index(self.len, h, m, n)]
    }
}
