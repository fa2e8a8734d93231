//! `til gpt2 encode` must give exactly js-tiktoken's `gpt2` ids, computed in the
//! same run by `node tests/reference/encode.mjs` (no stored reference output), and
//! the hand-written pre-tokenizer must split exactly where V8 matches the pattern.
//!
//! Inputs: every tests/reference/corpus/*.txt, assets/tinyshakespeare.txt, and a
//! file generated here that puts every code point of planes 0–3 and 14–16 in a
//! context where each class (\p{L}, \p{N}, \s, other) splits differently. Runs
//! `npm ci` in tests/reference first if its node_modules is missing. Leaves out:
//! timing (tests/reference/bench.mjs).

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use support::{path_arg, repo_path, scratch, stdout, til};
use til_core::gpt2::{pretokenize, UNICODE_VERSION};

fn run(command: &mut Command) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{command:?} failed ({}): {stderr}",
        output.status
    );
    output
}

/// 1. js-tiktoken installed from the lockfile, exactly.
fn ensure_reference_installed(reference: &Path) {
    if !reference.join("node_modules/js-tiktoken").is_dir() {
        run(Command::new("npm")
            .arg("ci")
            .arg("--no-audit")
            .arg("--no-fund")
            .current_dir(reference));
    }
}

/// 2. Every non-surrogate code point of the planes that have assigned characters
///    (4–13 have none), each as `a` C `1 ` C `!` newline. The pieces differ by C's
///    class: letter `aC|1| C|!`, number `a|C1| C|!`, other `a|C|1| C!`, space `a|C|1| |C|!`.
fn write_code_point_file(path: &Path) {
    let mut text = String::new();
    let planes = (0..0x4_0000).chain(0xE_0000..0x11_0000);
    for c in planes.filter_map(char::from_u32) {
        for part in [
            "a",
            c.encode_utf8(&mut [0; 4]),
            "1 ",
            c.encode_utf8(&mut [0; 4]),
            "!\n",
        ] {
            text.push_str(part);
        }
    }
    fs::write(path, text).expect("write the code point file");
}

/// 3. The inputs, in a fixed order; `tag` keeps parallel tests' generated files apart.
fn inputs(tag: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(repo_path("tests/reference/corpus"))
        .expect("tests/reference/corpus exists")
        .map(|entry| entry.expect("readable corpus entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "corpus looks incomplete: {files:?}");
    files.push(repo_path("assets/tinyshakespeare.txt"));
    // Characters new in a later Unicode than til's tables would differ by design.
    let node_unicode = reference_lines(&["--unicode"], &[]).concat();
    if node_unicode == UNICODE_VERSION {
        let code_points = scratch(&format!("gpt2-reference-{tag}")).join("all-code-points.txt");
        write_code_point_file(&code_points);
        files.push(code_points);
    } else {
        eprintln!(
            "note: node's regex engine uses Unicode {node_unicode}, til's tables {UNICODE_VERSION}: \
             skipping the every-code-point file (regenerate the tables with \
             `node tools/gpt2-asset/unicode-tables.mjs` to compare them)"
        );
    }
    files
}

/// 4. The reference's output for all files from one node process: one line per
///    file (one line in all for `--unicode`).
fn reference_lines(args: &[&str], files: &[PathBuf]) -> Vec<String> {
    let reference = repo_path("tests/reference");
    ensure_reference_installed(&reference);
    let node = run(Command::new("node")
        .arg(reference.join("encode.mjs"))
        .args(args)
        .args(files));
    let lines: Vec<String> = String::from_utf8(node.stdout)
        .expect("node prints ASCII")
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(
        lines.len(),
        files.len().max(1),
        "one line per file from encode.mjs"
    );
    lines
}

/// Where two lines of numbers first differ, with a little context.
fn first_difference(ours: &str, theirs: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (ours.split(' ').collect(), theirs.split(' ').collect());
    let i = a
        .iter()
        .zip(&b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let window = |xs: &[&str]| xs[i.saturating_sub(5)..(i + 5).min(xs.len())].join(" ");
    format!(
        "{} vs {} numbers; first difference at index {i}: ours …{}… reference …{}…",
        a.len(),
        b.len(),
        window(&a),
        window(&b)
    )
}

#[test]
fn ids_match_js_tiktoken() {
    let files = inputs("ids");
    let theirs = reference_lines(&[], &files);

    // 5. til on each file, compared in full.
    let mut mismatches = Vec::new();
    for (file, theirs) in files.iter().zip(&theirs) {
        let ours = stdout(&til(&["gpt2", "encode", path_arg(file)]));
        let ours = ours.strip_suffix('\n').expect("til ends its line");
        if ours != theirs {
            mismatches.push(format!(
                "{}: {}",
                file.display(),
                first_difference(ours, theirs)
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "ids differ from js-tiktoken:\n{}",
        mismatches.join("\n")
    );
}

#[test]
fn pieces_match_v8() {
    let files = inputs("pieces");
    let theirs = reference_lines(&["--pieces"], &files);
    let mut mismatches = Vec::new();
    for (file, theirs) in files.iter().zip(&theirs) {
        let text = fs::read_to_string(file).expect("inputs are UTF-8");
        let ours: Vec<String> = pretokenize(&text)
            .map(|piece| piece.len().to_string())
            .collect();
        if ours.join(" ") != *theirs {
            mismatches.push(format!(
                "{}: piece lengths {}",
                file.display(),
                first_difference(&ours.join(" "), theirs)
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "pieces differ from V8:\n{}",
        mismatches.join("\n")
    );
}
