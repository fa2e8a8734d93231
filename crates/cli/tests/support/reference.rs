//! js-tiktoken as the reference for `til`'s byte-level tokenizers, run in the same test (no stored
//! output): the inputs every reference test reads, and one node process's ids or piece lengths for
//! them (`node tests/reference/encode.mjs`, installed from its lockfile first if need be).
//!
//! Inputs: every tests/reference/corpus/*.txt, assets/tinyshakespeare.txt, and a file generated here
//! that puts every code point of planes 0–3 and 14–16 in a context where each class (\p{L}, \p{N},
//! \s, other) splits differently.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::{path_arg, repo_path, scratch, stdout, til};
use til_core::gpt2::UNICODE_VERSION;

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
pub fn inputs(tag: &str) -> Vec<PathBuf> {
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
pub fn reference_lines(args: &[&str], files: &[PathBuf]) -> Vec<String> {
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
pub fn first_difference(ours: &str, theirs: &str) -> String {
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

/// Checks that `til ARGS… FILE` prints, for every input, exactly the reference's ids (`encoding`
/// is encode.mjs's arguments for the same encoding); returns each input with the ids printed.
pub fn assert_same_ids(tag: &str, encoding: &[&str], til_args: &[&str]) -> Vec<(PathBuf, String)> {
    let files = inputs(tag);
    let theirs = reference_lines(encoding, &files);
    let mut mismatches = Vec::new();
    let mut printed = Vec::new();
    for (file, theirs) in files.iter().zip(&theirs) {
        let args = [til_args, &[path_arg(file)]].concat();
        let ours = stdout(&til(&args));
        let ours = ours
            .strip_suffix('\n')
            .expect("til ends its line")
            .to_string();
        if ours != *theirs {
            mismatches.push(format!(
                "{}: {}",
                file.display(),
                first_difference(&ours, theirs)
            ));
        }
        printed.push((file.clone(), ours));
    }
    assert!(
        mismatches.is_empty(),
        "ids differ from js-tiktoken:\n{}",
        mismatches.join("\n")
    );
    printed
}

/// Checks that `pieces` splits every input exactly where V8 matches the encoding's pattern.
pub fn assert_same_pieces(tag: &str, encoding: &[&str], pieces: impl Fn(&str) -> Vec<usize>) {
    let files = inputs(tag);
    let args = [encoding, &["--pieces"]].concat();
    let theirs = reference_lines(&args, &files);
    let mut mismatches = Vec::new();
    for (file, theirs) in files.iter().zip(&theirs) {
        let text = fs::read_to_string(file).expect("inputs are UTF-8");
        let ours: Vec<String> = pieces(&text).iter().map(usize::to_string).collect();
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
