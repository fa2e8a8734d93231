//! The wasm row: our three workloads compiled to wasm32 and run in headless Chromium against the same
//! code native. Both sides are the kernels crate in tests/e2e/bench (built outside the workspace so
//! it can hold two profiles: the page's release settings for wasm32, the CLI's for native), timed in
//! process around the work alone (inputs loaded first), second of two runs in one process or page;
//! the first runs, which in the browser start in V8's baseline tier as a page's first use does, are
//! reported in a note. Agreement: the same output digest (merges, ids, answers) on both sides.

use super::inputs::{merges_for_vocab, text, CORPUS};
use super::{alternate, capture, duration, json_number, json_value, median, Agreement, Bench, Row};
use crate::{run, Result};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

const MANIFEST: &str = "tests/e2e/bench/Cargo.toml";
const TARGET_DIR: &str = "target/bench-kernels";

/// The kernels, built both ways.
pub struct Kernels {
    root: PathBuf,
    native: PathBuf,
    wasm: PathBuf,
}

/// One run's output, as main.rs and run.mjs print it.
pub struct Outcome {
    /// The first of the two runs.
    pub first_ms: f64,
    pub ms: f64,
    pub count: f64,
    pub digest: String,
    pub detail: f64,
}

impl Kernels {
    pub fn build(root: &Path) -> Result<Kernels> {
        let cargo = |args: &[&str]| {
            run(Command::new("cargo")
                .args([
                    "build",
                    "--manifest-path",
                    MANIFEST,
                    "--target-dir",
                    TARGET_DIR,
                ])
                .args(args)
                .current_dir(root))
        };
        cargo(&["--profile", "native", "--bin", "til-bench-kernels"])?;
        cargo(&["--release", "--lib", "--target", "wasm32-unknown-unknown"])?;
        let target = root.join(TARGET_DIR);
        Ok(Kernels {
            root: root.to_path_buf(),
            native: target.join("native/til-bench-kernels"),
            wasm: target.join("wasm32-unknown-unknown/release/til_bench_kernels.wasm"),
        })
    }

    /// `til-bench-kernels ARGS…`.
    pub fn native(&self, args: &[OsString]) -> Result<Outcome> {
        parse(&capture(Command::new(&self.native).args(args))?)
    }

    /// The same in Chromium: `node tests/e2e/bench/run.mjs WASM ARGS…`.
    fn browser(&self, args: &[OsString]) -> Result<Outcome> {
        parse(&capture(
            Command::new("node")
                .arg(self.root.join("tests/e2e/bench/run.mjs"))
                .arg(&self.wasm)
                .args(args)
                .current_dir(&self.root),
        )?)
    }
}

fn parse(output: &str) -> Result<Outcome> {
    let line = output.lines().last().unwrap_or_default();
    Ok(Outcome {
        first_ms: json_number(line, "first_ms")?,
        ms: json_number(line, "ms")?,
        count: json_number(line, "count")?,
        digest: json_value(line, "digest")?.to_string(),
        detail: json_number(line, "detail")?,
    })
}

pub fn rows(bench: &Bench, kernels: &Kernels, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    let root = &bench.root;
    let corpus = root.join(CORPUS);
    let merges = merges_for_vocab(&std::fs::read_to_string(&corpus).unwrap_or_default());
    let gpt2_text = text(bench)?;
    let workloads: [(&str, Vec<OsString>); 3] = [
        (
            "BPE training to vocab 8000, Tiny Shakespeare 1.1 MB",
            vec!["bpe".into(), corpus.into(), merges.to_string().into()],
        ),
        (
            "GPT-2 encoding, the same 10 MB text",
            vec![
                "gpt2".into(),
                root.join("assets/gpt2/merges.bin").into(),
                gpt2_text.into(),
            ],
        ),
        (
            "Google analogy set, 3CosAdd, V = 30,000 (int8 asset, as the page)",
            vec![
                "analogies".into(),
                root.join("assets/glove/vectors.bin").into(),
                root.join("assets/glove/questions-words.txt").into(),
                "30000".into(),
            ],
        ),
    ];
    let mut rows = Vec::new();
    let mut first_runs = Vec::new();
    for (name, args) in workloads {
        crate::step(&format!("wasm in Chromium vs native: {name}"));
        let (mut native, mut browser) = (None, None);
        let (mut native_first, mut browser_first) = (Vec::new(), Vec::new());
        let (ours, theirs) = alternate(
            bench.runs,
            || {
                let outcome = kernels.browser(&args)?;
                let ms = outcome.ms;
                browser_first.push(outcome.first_ms);
                browser = Some(outcome);
                Ok(ms)
            },
            || {
                let outcome = kernels.native(&args)?;
                let ms = outcome.ms;
                native_first.push(outcome.first_ms);
                native = Some(outcome);
                Ok(ms)
            },
        )?;
        first_runs.push(format!(
            "{name}: wasm {}, native {}",
            duration(median(&browser_first)),
            duration(median(&native_first))
        ));
        let (Some(native), Some(browser)) = (native, browser) else {
            return Err("no run was made".to_string());
        };
        rows.push(Row {
            workload: format!("{name}, wasm in Chromium"),
            peer: "our native build".to_string(),
            ours,
            theirs,
            goal: 2.0,
            agreement: agreement(&native, &browser),
        });
    }
    notes.push(
        "wasm rows: the same kernels (tests/e2e/bench) timed in process around the work alone, \
         second of two runs per process or page; wasm built as the page is (opt-level z, core at 3, \
         no wasm-opt), native as the CLI (opt-level 3)"
            .to_string(),
    );
    notes.push(format!(
        "wasm rows, first run in a fresh page (V8's baseline tier until its optimising tier takes \
         over) against the first native run, medians: {}",
        first_runs.join("; ")
    ));
    Ok(rows)
}

fn agreement(native: &Outcome, browser: &Outcome) -> Agreement {
    let what = format!("count {:.0}, digest {}", native.count, native.digest);
    if native.digest == browser.digest && native.count == browser.count {
        Agreement::Same(what)
    } else {
        Agreement::Differs(format!(
            "native {what}; wasm count {:.0}, digest {}",
            browser.count, browser.digest
        ))
    }
}
