//! The four ways SmolLM2's first layer is rotated, as the tokenizer worker names them and as the
//! page's menu and the worker's tables say them. Shared by the page (src/position/first_layer.rs)
//! and the worker (src/bin/zoo_worker/attention.rs), so the two cannot drift apart.

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
