//! Many texts on every core (issue 36): 1,000 documents of about 100 KB (the frontier's text cut
//! into 100 stretches at line ends, each written 10 times; 100 MB in all), counted with llama3.1:
//! `til count --model llama3.1 FILE…` (the whole process: reading, one tokenizer per core,
//! counting) against quicktok's `count_batch`, gigatoken's `encode_batch` and Hugging Face
//! `tokenizers`' `encode_batch`, each on all cores, the call alone after reading the files
//! (tools/bench/frontier_peer.py `count`). The totals must be equal.

use super::{json_number, json_value, median, Agreement, Bench, Row};
use crate::Result;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

const MODEL: &str = til_core::registry::LLAMA3_1.name;
const PEERS: [&str; 3] = ["quicktok", "gigatoken", "tokenizers"];
const FILES: usize = 1000;
const STRETCHES: usize = 100;

/// The largest ours / fastest peer ratio the issue asks for.
const GOAL: f64 = 0.8;

pub fn rows(bench: &Bench, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    crate::step("many texts: til count vs count_batch / encode_batch on every core");
    let python = super::frontier::venv(bench)?;
    let folder = documents(bench)?;
    let files: Vec<PathBuf> = (0..FILES).map(|i| file(&folder, i)).collect();
    let out = bench.scratch("many-texts-til.txt");
    let (mut ours, mut peak) = (Vec::new(), 0f64);
    let mut theirs: Vec<(String, Vec<f64>, u64)> = Vec::new();
    for i in 1..=bench.runs {
        crate::step(&format!("run {i} of {}", bench.runs));
        let mut args = vec![
            OsStr::new("count"),
            OsStr::new("--model"),
            OsStr::new(MODEL),
        ];
        args.extend(files.iter().map(|f| f.as_os_str()));
        ours.push(bench.til(&args, &out, &mut peak)?);
        for (k, peer) in PEERS.into_iter().enumerate() {
            let line = super::capture(
                Command::new(&python)
                    .arg(bench.root.join("tools/bench/frontier_peer.py"))
                    .args(["count", peer, MODEL])
                    .arg(&folder),
            )?;
            let (name, total) = (
                json_value(&line, "peer")?.to_string(),
                json_number(&line, "total")? as u64,
            );
            if theirs.len() == k {
                theirs.push((name, Vec::new(), total));
            }
            theirs[k].1.push(json_number(&line, "ms")?);
        }
    }
    let printed =
        std::fs::read_to_string(&out).map_err(|e| format!("cannot read til's counts: {e}"))?;
    let total: u64 = printed
        .lines()
        .last()
        .and_then(|line| line.strip_suffix("\ttotal"))
        .and_then(|n| n.parse().ok())
        .ok_or("til count printed no total")?;
    let summary: Vec<String> = theirs
        .iter()
        .map(|(name, ms, n)| format!("{name} {:.0} ms ({n} tokens)", median(ms)))
        .collect();
    notes.push(format!(
        "Many texts: {FILES} files, 100 MB, {MODEL}, all cores; til count is the whole process \
         (peak {}), each peer its call alone after reading the files: {}",
        super::mib(peak),
        summary.join(", ")
    ));
    let Some((name, ms, n)) = theirs
        .iter()
        .min_by(|a, b| median(&a.1).total_cmp(&median(&b.1)))
    else {
        return Ok(Vec::new());
    };
    Ok(vec![Row {
        workload: format!("{MODEL}: {FILES} texts, 100 MB, counted on every core"),
        peer: format!("{name} (fastest)"),
        ours,
        theirs: ms.clone(),
        goal: GOAL,
        agreement: match theirs.iter().all(|t| t.2 == total) {
            true => Agreement::Same(format!("{total} tokens")),
            false => Agreement::Differs(format!("totals: til {total}, peer {n}")),
        },
    }])
}

fn file(folder: &Path, i: usize) -> PathBuf {
    folder.join(format!("doc-{i:04}.txt"))
}

/// The documents, written once under target/bench/many-texts.
fn documents(bench: &Bench) -> Result<PathBuf> {
    let folder = bench.scratch("many-texts");
    if file(&folder, FILES - 1).is_file() {
        return Ok(folder);
    }
    let text = super::frontier::frontier_text(bench)?;
    let text = std::fs::read_to_string(&text).map_err(|e| format!("cannot read the text: {e}"))?;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let per = lines.len().div_ceil(STRETCHES);
    let stretches: Vec<String> = lines.chunks(per).map(|c| c.concat()).collect();
    std::fs::create_dir_all(&folder).map_err(|e| format!("cannot create the folder: {e}"))?;
    for i in 0..FILES {
        std::fs::write(file(&folder, i), &stretches[i % stretches.len()])
            .map_err(|e| format!("cannot write a document: {e}"))?;
    }
    Ok(folder)
}
