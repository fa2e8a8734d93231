//! `cargo xtask bench [--quick | --runs N]`: our tools against the ones people compare us with,
//! on this machine in one run, printed as one Markdown table (the README's "Performance" carries
//! the latest).
//!
//! 1. builds `til` (release) and, for the rows that time them, the wasm row's kernels
//!    (tests/e2e/bench) natively and for wasm32;
//! 2. installs the peers where missing: target/bench-venv (tools/bench/requirements.txt: Hugging
//!    Face `tokenizers`, `tiktoken`, `sentencepiece`), gensim and the float32 GloVe rows (target/glove-venv, as
//!    `cargo xtask vectors --check` makes them), the zoo's libraries (target/zoo-venv), the
//!    fastest exact encoders (target/frontier-venv, tools/bench/frontier-requirements.txt),
//!    js-tiktoken and Playwright (`npm ci`), Chromium;
//! 3. runs every workload RUNS times (default 5, `--quick` 1), ours then the peer each time
//!    (bpe.rs, training.rs, gpt2.rs, zoo.rs, frontier.rs, many_texts.rs, analogy.rs, wasm.rs, one
//!    file per workload);
//! 4. prints workload, ours and the peer (medians), ratio = ours / peer, the goal and whether the
//!    outputs agree; then what each time covers and the peak memory.
//!
//! Not part of `cargo xtask test` (it takes minutes) and no figure is asserted: it fails only when
//! a tool fails or outputs that must be identical are not.

mod analogy;
mod bpe;
mod frontier;
mod gpt2;
mod inputs;
mod many_texts;
mod smollm_table;
mod training;
mod wasm;
mod zoo;

use crate::{project_root, python, run, step, tools, Result};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Everything the workloads share: where things are and how often to run.
pub struct Bench {
    root: PathBuf,
    /// Scratch files: corpora, outputs, ranks (target/bench).
    work: PathBuf,
    runs: usize,
    /// target/bench-venv's python: the peers and tools/bench/peak.py.
    python: PathBuf,
    til: PathBuf,
}

/// What a workload's alternating runs of `til` and a peer's script measured.
struct Measured {
    ours: Vec<f64>,
    theirs: Vec<f64>,
    /// Each side's peak memory (KiB), over every run.
    ours_peak: f64,
    peer_peak: f64,
    /// The peer's last JSON line (its own figures: tokens, vocabulary).
    peer_line: String,
}

/// One line of the table.
pub struct Row {
    workload: String,
    peer: String,
    /// Milliseconds per run.
    ours: Vec<f64>,
    theirs: Vec<f64>,
    /// The largest ours / peer ratio the issue asks for.
    goal: f64,
    agreement: Agreement,
}

/// Whether both sides computed the same thing.
pub enum Agreement {
    /// Outputs that must be identical are (a short description of what was compared).
    Same(String),
    /// Outputs that must be identical are not: the bench fails after printing the table.
    Differs(String),
    /// No identity is expected; how close they came.
    Close(String),
}

impl Agreement {
    /// Two tools' printed ids (`ours`, and the peer's in `peer_ids`): the same bytes, or not.
    fn same_ids(ours: &[u8], peer_ids: &Path) -> Agreement {
        match std::fs::read(peer_ids) {
            Ok(bytes) if bytes == ours => {
                Agreement::Same(format!("{} ids", ours.split(|&b| b == b' ').count()))
            }
            Ok(_) => Agreement::Differs(format!("ids differ from {}", peer_ids.display())),
            Err(e) => Agreement::Differs(format!("cannot read {}: {e}", peer_ids.display())),
        }
    }
}

pub fn main(args: &[String]) -> Result {
    let (runs, only) = options(args)?;
    let root = project_root();

    // 1. Our binaries.
    run(Command::new("cargo")
        .args(["build", "--release", "-p", "til-cli"])
        .current_dir(&root))?;

    // 2. The peers.
    let python = python::venv(
        &root,
        "bench-venv",
        "tools/bench/requirements.txt",
        python::Install::OnlyPinned,
    )?;
    tools::ensure_system_packages(&["chromium"])?;
    for dir in ["tests/reference", "tests/e2e"] {
        if !root.join(dir).join("node_modules").is_dir() {
            run(Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(root.join(dir)))?;
        }
    }
    let work = root.join("target/bench");
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let bench = Bench {
        til: root.join("target/release/til"),
        root,
        work,
        runs,
        python,
    };

    // 3. The workloads.
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    let wanted = |group: &str| only.as_deref().is_none_or(|o| o == group);
    let mut kernels = None;
    for group in GROUPS.into_iter().filter(|g| wanted(g)) {
        let notes = &mut notes;
        rows.extend(match group {
            "bpe" => bpe::rows(&bench, built(&mut kernels, &bench.root)?, notes)?,
            "training" => training::rows(&bench, notes)?,
            "gpt2" => gpt2::rows(&bench, notes)?,
            "zoo" => zoo::rows(&bench, notes)?,
            "frontier" => frontier::rows(&bench, notes)?,
            "many-texts" => many_texts::rows(&bench, notes)?,
            "analogy" => analogy::rows(&bench, notes)?,
            "smollm-table" => smollm_table::rows(&bench, notes)?,
            _ => wasm::rows(&bench, built(&mut kernels, &bench.root)?, notes)?,
        });
    }

    // 4. The table, printed and written into docs/performance.md.
    let mut report = table(&rows, &machine(), runs);
    report.push('\n');
    for note in &notes {
        report += &format!("- {note}\n");
    }
    println!("\n{report}");
    if only.is_some() {
        step(&format!("one group only: not written into {RECORD}"));
        return verdict(&rows);
    }
    let record = bench.root.join(RECORD);
    let written = std::fs::read_to_string(&record)
        .map_err(|e| e.to_string())
        .and_then(|old| with_latest_run(&old, &report))
        .and_then(|new| std::fs::write(&record, new).map_err(|e| e.to_string()));
    match written {
        Ok(()) => step(&format!("wrote the run into {RECORD}")),
        Err(why) => step(&format!("could not write the run into {RECORD}: {why}")),
    }
    verdict(&rows)
}

/// The wasm row's kernels, built by the first group that needs them.
fn built<'a>(kernels: &'a mut Option<wasm::Kernels>, root: &Path) -> Result<&'a wasm::Kernels> {
    match kernels {
        Some(built) => Ok(built),
        none => Ok(none.insert(wasm::Kernels::build(root)?)),
    }
}

/// Fails when outputs that must be identical are not.
fn verdict(rows: &[Row]) -> Result {
    let differing: Vec<&str> = rows
        .iter()
        .filter(|r| matches!(r.agreement, Agreement::Differs(_)))
        .map(|r| r.workload.as_str())
        .collect();
    if differing.is_empty() {
        Ok(())
    } else {
        Err(format!("outputs differ: {}", differing.join("; ")))
    }
}

/// Where the latest run is kept, between [`BEGIN`] and [`END`].
const RECORD: &str = "docs/performance.md";
const BEGIN: &str = "<!-- bench:begin -->";
const END: &str = "<!-- bench:end -->";

/// `document` with what stands between its markers replaced by `report`, dated today.
fn with_latest_run(document: &str, report: &str) -> Result<String> {
    let (before, rest) = document
        .split_once(BEGIN)
        .ok_or(format!("{RECORD} has no {BEGIN}"))?;
    let (_, after) = rest
        .split_once(END)
        .ok_or(format!("{RECORD} has no {END}"))?;
    let date = crate::probe(Command::new("date").arg("+%Y-%m-%d")).unwrap_or_default();
    Ok(format!(
        "{before}{BEGIN}\nLatest run: {date}, `cargo xtask bench`. {report}{END}{after}"
    ))
}

/// What the command line asks for: how many runs (5, `--quick` 1, `--runs N` N), and with
/// `--only GROUP` one group of rows (one workload file's), printed but not recorded.
fn options(args: &[String]) -> Result<(usize, Option<String>)> {
    let usage = || {
        format!(
            "expected [--quick | --runs N] [--only {}] (N > 0)\n\n{}",
            GROUPS.join("|"),
            crate::USAGE
        )
    };
    let (mut runs, mut only) = (5, None);
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        match flag.as_str() {
            "--quick" => runs = 1,
            "--runs" => {
                runs = (rest.next())
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(usage)?
            }
            "--only" => {
                let group = rest.next().filter(|g| GROUPS.contains(&g.as_str()));
                only = Some(group.ok_or_else(usage)?.clone());
            }
            _ => return Err(usage()),
        }
    }
    Ok((runs, only))
}

/// The groups of rows, one per workload file, in the table's order.
const GROUPS: [&str; 9] = [
    "bpe",
    "training",
    "gpt2",
    "zoo",
    "frontier",
    "many-texts",
    "analogy",
    "smollm-table",
    "wasm",
];

impl Bench {
    /// A file under target/bench.
    fn scratch(&self, name: &str) -> PathBuf {
        self.work.join(name)
    }

    /// Runs `til ARGS…` through tools/bench/peak.py with its stdout sent to `stdout_file`; returns
    /// its wall time (ms) and raises `peak_kib` to its peak resident memory if higher.
    fn til<S: AsRef<OsStr>>(
        &self,
        args: &[S],
        stdout_file: &Path,
        peak_kib: &mut f64,
    ) -> Result<f64> {
        let line = capture(
            Command::new(&self.python)
                .arg(self.root.join("tools/bench/peak.py"))
                .arg(stdout_file)
                .arg(&self.til)
                .args(args)
                .current_dir(&self.root),
        )?;
        *peak_kib = peak_kib.max(json_number(&line, "peak_kib")?);
        json_number(&line, "wall_ms")
    }
}

/// Runs a command and returns its stdout; a failure carries its stderr.
impl Bench {
    /// `til TIL_ARGS…` (its stdout to `til_out`) against `python tools/bench/SCRIPT PEER_ARGS…`
    /// (which prints one JSON line with `ms` and `peak_kib`), alternating, `runs` times each.
    fn til_against<S: AsRef<OsStr>>(
        &self,
        til_args: &[S],
        til_out: &Path,
        script: &str,
        peer_args: &[&OsStr],
    ) -> Result<Measured> {
        let (mut ours_peak, mut peer_peak, mut peer_line) = (0f64, 0f64, String::new());
        let (ours, theirs) = alternate(
            self.runs,
            || self.til(til_args, til_out, &mut ours_peak),
            || {
                peer_line = capture(
                    Command::new(&self.python)
                        .arg(self.root.join("tools/bench").join(script))
                        .args(peer_args),
                )?;
                peer_peak = peer_peak.max(json_number(&peer_line, "peak_kib")?);
                json_number(&peer_line, "ms")
            },
        )?;
        Ok(Measured {
            ours,
            theirs,
            ours_peak,
            peer_peak,
            peer_line,
        })
    }
}

fn capture(command: &mut Command) -> Result<String> {
    let line = crate::describe(command);
    let output = command
        .output()
        .map_err(|e| format!("could not start `{line}`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "`{line}` failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    String::from_utf8(output.stdout).map_err(|_| format!("`{line}` printed invalid UTF-8"))
}

/// The number after `"key":` in a one-line JSON object written by our scripts.
fn json_number(line: &str, key: &str) -> Result<f64> {
    json_value(line, key)?
        .parse()
        .map_err(|_| format!("`{key}` is not a number in {line}"))
}

/// The raw value after `"key":` (a string loses its quotes), up to the next `,` or `}`.
fn json_value<'a>(line: &'a str, key: &str) -> Result<&'a str> {
    let pattern = format!("\"{key}\":");
    let start = line
        .find(&pattern)
        .ok_or_else(|| format!("no `{key}` in {line}"))?
        + pattern.len();
    let rest = &line[start..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    Ok(rest[..end].trim().trim_matches('"'))
}

fn median(samples: &[f64]) -> f64 {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[mid],
        _ => (sorted[mid - 1] + sorted[mid]) / 2.0,
    }
}

/// 850 ms, 1.62 s.
fn duration(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// MiB from KiB, one decimal.
fn mib(kib: f64) -> String {
    format!("{:.1} MiB", kib / 1024.0)
}

fn table(rows: &[Row], machine: &str, runs: usize) -> String {
    let mut out = format!(
        "{machine}; medians of {runs} run{}, ours and the peer alternating\n\n",
        if runs == 1 { "" } else { "s" }
    );
    out += "| workload | peer | ours | peer | ours / peer | goal | outputs |\n";
    out += "|---|---|---|---|---|---|---|\n";
    for row in rows {
        let (ours, theirs) = (median(&row.ours), median(&row.theirs));
        let ratio = ours / theirs;
        let verdict = if ratio <= row.goal { "met" } else { "NOT met" };
        let agreement = match &row.agreement {
            Agreement::Same(what) => format!("same: {what}"),
            Agreement::Differs(what) => format!("DIFFER: {what}"),
            Agreement::Close(what) => what.clone(),
        };
        out += &format!(
            "| {} | {} | {} | {} | {ratio:.3} | ≤ {} ({verdict}) | {agreement} |\n",
            row.workload,
            row.peer,
            duration(ours),
            duration(theirs),
            goal(row.goal),
        );
    }
    out
}

/// 1/30 rather than 0.033.
fn goal(ratio: f64) -> String {
    if ratio < 1.0 && (1.0 / ratio).fract() == 0.0 {
        format!("1/{}", 1.0 / ratio)
    } else {
        format!("{ratio:.1}")
    }
}

/// "AMD EPYC, 2 cores": the CPU's model name and the cores this process may use.
fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    format!("{model}, {cores} cores")
}

/// Runs `ours` then `peer` `runs` times; returns both lists of milliseconds.
fn alternate(
    runs: usize,
    mut ours: impl FnMut() -> Result<f64>,
    mut peer: impl FnMut() -> Result<f64>,
) -> Result<(Vec<f64>, Vec<f64>)> {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for i in 1..=runs {
        step(&format!("run {i} of {runs}"));
        a.push(ours()?);
        b.push(peer()?);
    }
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_run_replaces_what_stands_between_the_markers_only() {
        let document = format!("# P\n\n{BEGIN}\nold table\n{END}\n\n## History\nkept\n");
        let new = with_latest_run(&document, "| new |\n").expect("markers found");
        assert!(new.starts_with(&format!("# P\n\n{BEGIN}\nLatest run: ")));
        assert!(new.ends_with(&format!("| new |\n{END}\n\n## History\nkept\n")));
        assert!(!new.contains("old table"));
        assert!(with_latest_run("no markers", "x").is_err());
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn reads_numbers_and_strings_from_one_json_line() {
        let line = r#"{"ms":12.5,"count":7935,"digest":"5609aa6364deff3b","detail":3}"#;
        assert_eq!(json_number(line, "ms"), Ok(12.5));
        assert_eq!(json_number(line, "detail"), Ok(3.0));
        assert_eq!(json_value(line, "digest"), Ok("5609aa6364deff3b"));
        assert!(json_number(line, "missing").is_err());
        assert!(json_number(line, "digest").is_err());
        // Python's json.dumps puts a space after the colon.
        assert_eq!(
            json_number(r#"{"wall_ms": 38.4, "exit": 0}"#, "wall_ms"),
            Ok(38.4)
        );
    }

    #[test]
    fn formats_times_goals_and_the_table() {
        assert_eq!(duration(849.6), "850 ms");
        assert_eq!(duration(1620.0), "1.62 s");
        assert_eq!(goal(1.0 / 30.0), "1/30");
        assert_eq!(goal(2.0), "2.0");
        let rows = [Row {
            workload: "w".into(),
            peer: "p".into(),
            ours: vec![100.0, 300.0, 200.0],
            theirs: vec![400.0],
            goal: 1.0,
            agreement: Agreement::Same("ids".into()),
        }];
        let text = table(&rows, "CPU, 2 cores", 3);
        assert!(text.starts_with("CPU, 2 cores; medians of 3 runs"));
        assert!(text.contains("| w | p | 200 ms | 400 ms | 0.500 | ≤ 1.0 (met) | same: ids |"));
    }
}
