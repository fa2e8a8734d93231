//! `til gpt2 encode` / `til gpt2 decode` as a user runs them: output format, stdin
//! and files, round trips, and one clear stderr line with a non-zero exit on bad
//! input. Leaves out: the id comparison with js-tiktoken (gpt2_reference.rs).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn til(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_til"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("til starts");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("til finishes")
}

fn stdout(output: &Output) -> &str {
    assert!(
        output.status.success(),
        "til failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::str::from_utf8(&output.stdout).expect("UTF-8 output")
}

/// Asserts failure with `code` and exactly one `til: ` line on stderr mentioning `needle`.
fn assert_fails(output: &Output, code: i32, needle: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "stderr: {stderr}");
    assert!(output.stdout.is_empty(), "nothing on stdout on failure");
    assert_eq!(stderr.lines().count(), 1, "one stderr line: {stderr:?}");
    assert!(
        stderr.starts_with("til: ") && stderr.contains(needle),
        "{stderr:?}"
    );
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gpt2_cli");
    fs::create_dir_all(&dir).expect("create scratch dir");
    dir.join(name)
}

#[test]
fn encode_prints_ids_on_one_line() {
    assert_eq!(
        stdout(&til(&["gpt2", "encode"], b"Hello world")),
        "15496 995\n"
    );
    assert_eq!(
        stdout(&til(&["gpt2", "encode", "-"], b"Hello world")),
        "15496 995\n"
    );
    assert_eq!(stdout(&til(&["gpt2", "encode"], b"")), "\n");
    let file = scratch("hello.txt");
    fs::write(&file, "Hello world\n").expect("write input");
    let path = file.to_str().expect("UTF-8 temp path");
    assert_eq!(
        stdout(&til(&["gpt2", "encode", path], b"ignored")),
        "15496 995 198\n"
    );
}

#[test]
fn decode_writes_the_text() {
    assert_eq!(
        stdout(&til(&["gpt2", "decode"], b"15496 995")),
        "Hello world"
    );
    assert_eq!(
        stdout(&til(&["gpt2", "decode"], b" 15496\n\t995 198 \n")),
        "Hello world\n"
    );
    assert_eq!(stdout(&til(&["gpt2", "decode"], b"50256")), "<|endoftext|>");
    assert_eq!(stdout(&til(&["gpt2", "decode"], b"")), "");
}

#[test]
fn corpus_round_trips_through_the_cli() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/reference/corpus");
    for entry in fs::read_dir(corpus).expect("corpus exists") {
        let path = entry.expect("readable entry").path();
        let text = fs::read(&path).expect("read corpus file");
        let ids = til(&["gpt2", "encode"], &text);
        let back = til(&["gpt2", "decode"], &ids.stdout);
        assert_eq!(
            stdout(&back).as_bytes(),
            text.as_slice(),
            "{}",
            path.display()
        );
    }
}

#[test]
fn bad_ids_fail_with_one_line() {
    assert_fails(&til(&["gpt2", "decode"], b"15496 50257"), 1, "50257");
    assert_fails(
        &til(&["gpt2", "decode"], b"15496 -3"),
        1,
        "`-3` at position 1",
    );
    assert_fails(&til(&["gpt2", "decode"], b"hello"), 1, "not a token id");
    assert_fails(&til(&["gpt2", "decode"], b"99999999999"), 1, "99999999999");
}

#[test]
fn bad_input_and_usage_fail_with_one_line() {
    assert_fails(
        &til(&["gpt2", "encode"], b"caf\xe9"),
        1,
        "not valid UTF-8 (at byte 3)",
    );
    assert_fails(
        &til(&["gpt2", "encode", "/no/such/file.txt"], b""),
        1,
        "cannot read",
    );
    assert_fails(
        &til(&["gpt2", "encode", "a", "b"], b""),
        2,
        "too many arguments",
    );
    assert_fails(
        &til(&["gpt2", "frobnicate"], b""),
        2,
        "unknown command `gpt2 frobnicate`",
    );
    assert!(stdout(&til(&["gpt2", "--help"], b"")).contains("til gpt2 encode [FILE]"));
    assert!(stdout(&til(&["gpt2"], b"")).contains("til gpt2 decode"));
}
