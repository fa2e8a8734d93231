//! The pinned Python reference for tests that compare with Hugging Face `tokenizers` or numpy in the
//! same run: target/reference-venv (tools/reference/requirements.txt), found through
//! `TIL_REFERENCE_PYTHON` (`cargo xtask test` sets it) or at its usual path. A missing reference
//! fails the test with what to do; it never skips. Texts travel as hex lines so any Unicode fits.

#![allow(dead_code)] // each test file uses its own part

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The reference python: `TIL_REFERENCE_PYTHON`, else target/reference-venv/bin/python.
pub fn python() -> PathBuf {
    venv_python(
        "TIL_REFERENCE_PYTHON",
        "reference-venv",
        "`cargo xtask test --native-only`",
    )
}

/// The zoo's python (sentencepiece, mistral-common, gguf): `TIL_ZOO_PYTHON`, else
/// target/zoo-venv/bin/python.
pub fn zoo_python() -> PathBuf {
    venv_python("TIL_ZOO_PYTHON", "zoo-venv", "`cargo xtask zoo --check`")
}

/// `variable`'s python, else target/`venv`'s; missing, the test fails saying how to make it.
fn venv_python(variable: &str, venv: &str, maker: &str) -> PathBuf {
    if let Some(python) = std::env::var_os(variable) {
        return PathBuf::from(python);
    }
    let path = repo_root().join("target").join(venv).join("bin/python");
    assert!(
        path.exists(),
        "this test compares with a pinned Python reference: set {variable}, or run {maker} once \
         to create target/{venv}"
    );
    path
}

/// Runs tools/minilm-asset/`script` with `args`, feeding `stdin`; returns its stdout as text.
pub fn run(script: &str, args: &[&str], stdin: &[u8]) -> String {
    String::from_utf8(run_bytes(script, args, stdin)).expect("the reference prints UTF-8")
}

/// Like [`run`], for a script that writes binary.
pub fn run_bytes(script: &str, args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let path = repo_root().join("tools/minilm-asset").join(script);
    let mut child = Command::new(python())
        .arg(&path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start the reference python for {script}: {e}"));
    let mut input = child.stdin.take().expect("piped stdin");
    let stdin = stdin.to_vec();
    // Write from a thread so a large output cannot block a large input.
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output().expect("the reference runs");
    writer
        .join()
        .expect("writer thread")
        .expect("the reference reads its input");
    assert!(
        output.status.success(),
        "{script} {args:?} failed ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn from_hex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex from the reference"))
        .collect()
}

/// Texts as the reference scripts read them: one hex line each.
pub fn hex_lines<S: AsRef<str>>(texts: &[S]) -> Vec<u8> {
    texts
        .iter()
        .map(|t| to_hex(t.as_ref().as_bytes()) + "\n")
        .collect::<String>()
        .into_bytes()
}
