//! `til tokenize --model cl100k_base` must give exactly js-tiktoken's `cl100k_base` ids, computed in
//! the same run (tests/support/reference.rs has the inputs and the reference), the hand-written
//! pre-tokenizer must split exactly where V8 matches the pattern, and `til detokenize` must give
//! every input back byte for byte. Leaves out: timing.

mod support;

use std::fs;

use support::reference::{assert_same_ids, assert_same_pieces};
use support::til_with_stdin;
use til_core::tiktoken::cl100k::pretokenize;

const ENCODING: [&str; 2] = ["--encoding", "cl100k_base"];

#[test]
fn ids_match_js_tiktoken_and_decode_back() {
    let printed = assert_same_ids(
        "cl100k-ids",
        &ENCODING,
        &["tokenize", "--model", "cl100k_base"],
    );
    for (file, ids) in printed {
        let text = fs::read(&file).expect("inputs are readable");
        let back = til_with_stdin(&["detokenize", "--model", "cl100k_base"], ids.as_bytes());
        assert!(
            back.status.success(),
            "detokenize failed on {}",
            file.display()
        );
        assert!(
            back.stdout == text,
            "{}: detokenize does not give the text back",
            file.display()
        );
    }
}

#[test]
fn pieces_match_v8() {
    assert_same_pieces("cl100k-pieces", &ENCODING, |text| {
        pretokenize(text).map(str::len).collect()
    });
}
