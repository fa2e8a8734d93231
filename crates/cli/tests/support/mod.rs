//! What every `til` integration test needs: running the built binary (stdin closed, or fed bytes),
//! reading its stdout after checking that it succeeded, checking the failure contract every command
//! keeps (the exit code, nothing on stdout, exactly one newline-ended `til: ` line on stderr), fresh
//! scratch directories, and paths in the repository. Leaves out what any command prints: each test
//! file checks its own command's output.

// Each test file is its own crate and uses only some of these helpers.
#![allow(dead_code)]

pub mod reference;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The built `til` with `args`, not started yet (for a test that drives the process itself).
pub fn til_command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_til"));
    command.args(args);
    command
}

/// Runs `til` to the end with no stdin (a read sees end of file) and captures stdout and stderr.
pub fn til(args: &[&str]) -> Output {
    til_command(args).output().expect("til runs")
}

/// Runs `til` to the end with `stdin` written to a pipe that is then closed. The whole input is
/// written before the output is read, so it suits commands that read all their input first.
pub fn til_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    feed(&mut til_command(args), stdin)
}

/// Runs a reference `command` with `stdin` as [`til_with_stdin`] does; it must succeed; returns
/// its stdout.
pub fn run_with_stdin(command: &mut Command, stdin: &[u8]) -> Vec<u8> {
    let output = feed(command, stdin);
    assert!(
        output.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

fn feed(command: &mut Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("the command finishes")
}

/// Checks that `til` exited with 0 (else panics showing its stderr) and returns its stdout, which
/// must be UTF-8. Says nothing about stderr: a note there is allowed.
pub fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "til failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Runs `til` with `args` and checks the failure contract (see [`failure_line`]); returns the
/// stderr line without its newline, for the caller to compare.
pub fn fails(args: &[&str], code: i32) -> String {
    failure_line(&til(args), code, &format!("{args:?}"))
}

/// Checks the failure contract of a finished run (see [`failure_line`]) and that the line contains
/// `needle`.
pub fn assert_fails(output: &Output, code: i32, needle: &str) {
    let line = failure_line(output, code, &format!("expecting {needle:?}"));
    assert!(line.contains(needle), "expecting {needle:?}: {line:?}");
}

/// The failure contract: exit code `code`, nothing on stdout, and stderr exactly one UTF-8 line that
/// starts with `til: ` and ends with a newline. Returns that line without the newline; `context`
/// names the case in panic messages.
fn failure_line(output: &Output, code: i32, context: &str) -> String {
    let stderr = String::from_utf8(output.stderr.clone()).expect("UTF-8 stderr");
    assert_eq!(output.status.code(), Some(code), "{context}: {stderr}");
    assert!(
        output.stdout.is_empty(),
        "{context}: nothing on stdout on failure, got {:?}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(
        stderr.starts_with("til: ") && stderr.ends_with('\n'),
        "{context}: {stderr:?}"
    );
    assert_eq!(stderr.lines().count(), 1, "{context}: one line: {stderr:?}");
    stderr.strip_suffix('\n').unwrap().to_string()
}

/// A fresh, empty directory for one test, `CARGO_TARGET_TMPDIR/til-cli/NAME` (anything left there
/// by an earlier run is removed). Tests that may run at the same time need different names.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("til-cli")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// Writes `text` to `dir/name` and returns the path as a command-line argument.
pub fn write_file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, text).expect("write scratch file");
    path_arg(&path).to_string()
}

/// A path inside the repository, from its root (`assets/…`, `tests/reference/…`).
pub fn repo_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

/// `path` as a command-line argument; panics on a path that is not UTF-8 instead of altering it.
pub fn path_arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}
