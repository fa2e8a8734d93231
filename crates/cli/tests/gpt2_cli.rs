//! `til gpt2 encode` / `til gpt2 decode` as a user runs them: output format, stdin
//! and files, round trips, and one clear stderr line with a non-zero exit on bad
//! input. Leaves out: the id comparison with js-tiktoken (gpt2_reference.rs).

mod support;

use std::fs;
use std::process::Output;

use support::{assert_fails, repo_path, scratch, stdout, til_with_stdin, write_file};

/// `til gpt2 encode` with `text` on stdin.
fn encode(text: &[u8]) -> Output {
    til_with_stdin(&["gpt2", "encode"], text)
}

/// `til gpt2 decode` with `ids` on stdin.
fn decode(ids: &[u8]) -> Output {
    til_with_stdin(&["gpt2", "decode"], ids)
}

#[test]
fn encode_prints_ids_on_one_line() {
    assert_eq!(stdout(&encode(b"Hello world")), "15496 995\n");
    assert_eq!(
        stdout(&til_with_stdin(&["gpt2", "encode", "-"], b"Hello world")),
        "15496 995\n"
    );
    assert_eq!(stdout(&encode(b"")), "\n");
    let path = write_file(&scratch("gpt2-encode"), "hello.txt", "Hello world\n");
    assert_eq!(
        stdout(&til_with_stdin(&["gpt2", "encode", &path], b"ignored")),
        "15496 995 198\n"
    );
}

#[test]
fn decode_writes_the_text() {
    assert_eq!(stdout(&decode(b"15496 995")), "Hello world");
    assert_eq!(stdout(&decode(b" 15496\n\t995 198 \n")), "Hello world\n");
    assert_eq!(stdout(&decode(b"50256")), "<|endoftext|>");
    assert_eq!(stdout(&decode(b"")), "");
}

#[test]
fn corpus_round_trips_through_the_cli() {
    for entry in fs::read_dir(repo_path("tests/reference/corpus")).expect("corpus exists") {
        let path = entry.expect("readable entry").path();
        let text = fs::read(&path).expect("read corpus file");
        let ids = encode(&text);
        let back = decode(&ids.stdout);
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
    assert_fails(&decode(b"15496 50257"), 1, "50257");
    assert_fails(&decode(b"15496 -3"), 1, "`-3` at position 1");
    assert_fails(&decode(b"hello"), 1, "not a token id");
    assert_fails(&decode(b"99999999999"), 1, "99999999999");
}

#[test]
fn bad_input_and_usage_fail_with_one_line() {
    assert_fails(&encode(b"caf\xe9"), 1, "not valid UTF-8 (at byte 3)");
    assert_fails(
        &til_with_stdin(&["gpt2", "encode", "/no/such/file.txt"], b""),
        1,
        "cannot read",
    );
    assert_fails(
        &til_with_stdin(&["gpt2", "encode", "a", "b"], b""),
        2,
        "too many arguments",
    );
    assert_fails(
        &til_with_stdin(&["gpt2", "frobnicate"], b""),
        2,
        "unknown command `gpt2 frobnicate`",
    );
    assert!(stdout(&til_with_stdin(&["gpt2", "--help"], b"")).contains("til gpt2 encode [FILE]"));
    assert!(stdout(&til_with_stdin(&["gpt2"], b"")).contains("til gpt2 decode"));
}
