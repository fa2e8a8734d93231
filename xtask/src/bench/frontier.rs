//! The encode frontier (issue 36): our encoders against the fastest exact encoders on the package
//! registry, one thread each, on the bench text (inputs.rs) with every `<|` written `<`, so that no
//! special token's string is in it (tiktoken's `encode_ordinary` and ours read them as text,
//! `tokenizers` and gigatoken as the special token: on the plain bench text the libraries differ
//! by convention, not by encoding). Peers (tools/bench/frontier_peer.py in target/frontier-venv):
//! quicktok, bpe-openai, kitoken and gigatoken, each on every model it supports of cl100k_base,
//! o200k_base, llama3.1, qwen3 and gpt-oss, the encode call alone after a 1 MB warm-up, gigatoken held to
//! one thread (`RAYON_NUM_THREADS=1`; it otherwise spreads one text over the cores).
//!
//! Per model two rows against the fastest exact peer: ours as the whole `til` process, and ours
//! as the encode call alone (`til tokenize --time-encode`, the til_core call timed in process). A
//! peer whose ids differ from ours is not a row: the notes say where it first differs. Leaves
//! out: many texts at once (many_texts.rs).

use super::inputs::text;
use super::{json_number, json_value, median, Agreement, Bench, Row};
use crate::{python, Result};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use til_core::registry;

const MODELS: [&str; 5] = [
    registry::CL100K_BASE.name,
    registry::O200K_BASE.name,
    registry::LLAMA3_1.name,
    registry::QWEN3.name,
    registry::GPT_OSS.name,
];

const PEERS: [&str; 4] = ["quicktok", "bpe-openai", "kitoken", "gigatoken"];

/// The largest ours / fastest exact peer ratio the issue asks for.
const GOAL: f64 = 0.8;

/// One peer's runs on one model.
struct PeerRuns {
    name: String,
    ms: Vec<f64>,
    /// Where its ids first differ from ours (`None`: the same ids).
    differs: Option<String>,
}

pub fn rows(bench: &Bench, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    crate::step("the encode frontier: til vs quicktok, bpe-openai, kitoken, gigatoken");
    let python = venv(bench)?;
    let text = frontier_text(bench)?;
    let megabytes = std::fs::metadata(&text).map_or(0.0, |m| m.len() as f64 / 1e6);
    let mut rows = Vec::new();
    let mut seen = Vec::new();
    for model in MODELS {
        let til_ids = bench.scratch(&format!("frontier-{model}-til.ids"));
        let (mut whole, mut call, mut peak) = (Vec::new(), Vec::new(), 0f64);
        let mut peers: Vec<PeerRuns> = Vec::new();
        for i in 1..=bench.runs {
            crate::step(&format!("{model}, run {i} of {}", bench.runs));
            let args = [
                OsStr::new("tokenize"),
                OsStr::new("--model"),
                OsStr::new(model),
                text.as_os_str(),
            ];
            whole.push(bench.til(&args, &til_ids, &mut peak)?);
            call.push(encode_call(bench, model, &text)?);
            for peer in PEERS {
                let peer_ids = bench.scratch(&format!("frontier-{model}-{peer}.ids"));
                let line = run_peer(&python, bench, peer, model, &text, &peer_ids)?;
                if json_value(&line, "supports")? != "true" {
                    continue;
                }
                let name = json_value(&line, "peer")?.to_string();
                let index = match peers.iter().position(|p| p.name == name) {
                    Some(index) => index,
                    None => {
                        peers.push(PeerRuns {
                            name,
                            ms: Vec::new(),
                            differs: None,
                        });
                        peers.len() - 1
                    }
                };
                peers[index].ms.push(json_number(&line, "ms")?);
                peers[index].differs = first_difference(&til_ids, &peer_ids)?;
            }
        }
        let ids = std::fs::read(&til_ids).map_err(|e| format!("cannot read til's ids: {e}"))?;
        let count = ids.split(|&b| b == b' ').count();
        let mut summary = Vec::new();
        for p in &peers {
            summary.push(match &p.differs {
                None => format!("{} {:.0} ms", p.name, median(&p.ms)),
                Some(at) => format!("{} not exact ({at})", p.name),
            });
            if !seen.contains(&p.name) {
                seen.push(p.name.clone());
            }
        }
        notes.push(format!(
            "Frontier, {model}: ours {:.0} ms as the process, {:.0} ms the encode call (peak {}); {}",
            median(&whole),
            median(&call),
            super::mib(peak),
            summary.join(", ")
        ));
        let fastest = peers
            .iter()
            .filter(|p| p.differs.is_none())
            .min_by(|a, b| median(&a.ms).total_cmp(&median(&b.ms)));
        let Some(fastest) = fastest else {
            notes.push(format!("Frontier, {model}: no peer is exact"));
            continue;
        };
        for (how, ours) in [("til process", whole), ("encode call", call)] {
            rows.push(Row {
                workload: format!("{model} encoding, {megabytes:.1} MB, one thread ({how})"),
                peer: format!("{} (fastest exact)", fastest.name),
                ours,
                theirs: fastest.ms.clone(),
                goal: GOAL,
                agreement: Agreement::Same(format!("{count} ids")),
            });
        }
    }
    notes.push(format!(
        "Frontier: the bench text with every `<|` written `<` ({megabytes:.1} MB), one thread \
         each; peers' times are the encode call after a 1 MB warm-up: {}",
        seen.join(", ")
    ));
    Ok(rows)
}

/// target/frontier-venv's python: the frontier's encoders (and `tokenizers` for many texts).
pub(super) fn venv(bench: &Bench) -> Result<PathBuf> {
    python::venv(
        &bench.root,
        "frontier-venv",
        "tools/bench/frontier-requirements.txt",
        python::Install::OnlyPinned,
    )
}

/// The bench text with no special token's string in it.
pub(super) fn frontier_text(bench: &Bench) -> Result<PathBuf> {
    let source = text(bench)?;
    let path = bench.scratch("frontier-text.txt");
    let read = std::fs::read_to_string(&source)
        .map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    std::fs::write(&path, read.replace("<|", "<"))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// Our encode call alone (ms), as `til tokenize --time-encode` reports it on stderr.
fn encode_call(bench: &Bench, model: &str, text: &Path) -> Result<f64> {
    let output = Command::new(&bench.til)
        .args(["tokenize", "--model", model, "--time-encode"])
        .arg(text)
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("could not start til: {e}"))?;
    let line = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("til tokenize --time-encode failed: {line}"));
    }
    json_number(&line, "encode_ms")
}

/// One peer's JSON line on one model (`"supports": false` if it has no such model).
fn run_peer(
    python: &Path,
    bench: &Bench,
    peer: &str,
    model: &str,
    text: &Path,
    ids: &Path,
) -> Result<String> {
    super::capture(
        Command::new(python)
            .arg(bench.root.join("tools/bench/frontier_peer.py"))
            .args([peer, model])
            .arg(bench.root.join("assets"))
            .arg(text)
            .arg(ids)
            .env("RAYON_NUM_THREADS", "1"),
    )
}

/// Where a peer's ids first differ from ours: `None` if they are the same.
fn first_difference(ours: &Path, theirs: &Path) -> Result<Option<String>> {
    let read = |p: &Path| {
        std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    let (ours, theirs) = (read(ours)?, read(theirs)?);
    if ours.trim_end() == theirs.trim_end() {
        return Ok(None);
    }
    let (a, b): (Vec<&str>, Vec<&str>) = (
        ours.split_whitespace().collect(),
        theirs.split_whitespace().collect(),
    );
    let at = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    Ok(Some(format!(
        "its ids differ from ours at id {at} of {}",
        a.len()
    )))
}
