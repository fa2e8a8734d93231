//! GPT-2 encoding of ≥ 10 MB of mixed text: `til gpt2 encode` against js-tiktoken
//! (tests/reference/bench.mjs) and OpenAI's Python `tiktoken` (tools/bench/tiktoken_gpt2.py, run
//! offline on js-tiktoken's ranks since tiktoken would download GPT-2's files itself).
//!
//! The text: Tiny Shakespeare five times, then the reference corpus (tests/reference/corpus, without
//! long-runs.txt, whose runs of one character make js-tiktoken's quadratic merge a test of patience)
//! repeated past 10 MB. Ours is the whole `til` process (start, merge-table build, read, encode,
//! print); the peers' is the encode call alone in their process, after a 1 MB warm-up. Agreement:
//! the printed ids, byte for byte.

use super::inputs::text;
use super::{capture, json_number, Agreement, Bench, Row};
use crate::Result;
use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Command;

pub fn rows(bench: &Bench, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    crate::step("GPT-2 encoding: til vs js-tiktoken and tiktoken");
    let text = text(bench)?;
    let megabytes = std::fs::metadata(&text).map_or(0.0, |m| m.len() as f64 / 1e6);
    // tiktoken's ranks, from js-tiktoken's package.
    capture(
        Command::new("node")
            .arg(bench.root.join("tests/reference/bench.mjs"))
            .args(["ranks".as_ref(), bench.work.as_os_str()]),
    )?;
    let (til_ids, js_ids, py_ids) = (
        bench.scratch("gpt2-til.ids"),
        bench.scratch("gpt2-js-tiktoken.ids"),
        bench.scratch("gpt2-tiktoken.ids"),
    );
    let (mut ours, mut js, mut python) = (Vec::new(), Vec::new(), Vec::new());
    let (mut til_peak, mut node_line, mut py_line) = (0f64, String::new(), String::new());
    for i in 1..=bench.runs {
        crate::step(&format!(
            "run {i} of {}: til, js-tiktoken, tiktoken",
            bench.runs
        ));
        let args = [OsStr::new("gpt2"), OsStr::new("encode"), text.as_os_str()];
        ours.push(bench.til(&args, &til_ids, &mut til_peak)?);
        node_line = capture(
            Command::new("node")
                .arg(bench.root.join("tests/reference/bench.mjs"))
                .arg("encode")
                .arg(&text)
                .arg(&js_ids),
        )?;
        js.push(json_number(&node_line, "ms")?);
        py_line = capture(
            Command::new(&bench.python)
                .arg(bench.root.join("tools/bench/tiktoken_gpt2.py"))
                .arg(&bench.work)
                .arg(&text)
                .arg(&py_ids),
        )?;
        python.push(json_number(&py_line, "ms")?);
    }
    let ours_bytes = std::fs::read(&til_ids).map_err(|e| format!("cannot read til's ids: {e}"))?;
    let agreement = |peer_ids: &PathBuf| Agreement::same_ids(&ours_bytes, peer_ids);
    notes.push(format!(
        "GPT-2: {megabytes:.1} MB; til is the whole process (peak {}), the peers the encode call \
         alone after a warm-up (js-tiktoken {} on node {}, Python tiktoken {} with js-tiktoken's \
         ranks, single-threaded encode_ordinary)",
        super::mib(til_peak),
        super::json_value(&node_line, "js_tiktoken")?,
        super::json_value(&node_line, "node")?,
        super::json_value(&py_line, "tiktoken")?,
    ));
    let workload = format!("GPT-2 encoding, {megabytes:.1} MB mixed text");
    Ok(vec![
        Row {
            workload: workload.clone(),
            peer: "js-tiktoken".to_string(),
            ours: ours.clone(),
            theirs: js,
            goal: 1.0,
            agreement: agreement(&js_ids),
        },
        Row {
            workload,
            peer: "tiktoken (Python)".to_string(),
            ours,
            theirs: python,
            goal: 1.0,
            agreement: agreement(&py_ids),
        },
    ])
}
