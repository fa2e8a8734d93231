//! `til tokenize --model cl100k_base` and `--model o200k_base` must give exactly js-tiktoken's ids,
//! computed in the same run (tests/support/reference.rs has the inputs and the reference), each
//! hand-written pre-tokenizer must split exactly where V8 matches its pattern, and `til detokenize`
//! must give every input back byte for byte. Leaves out: timing.

mod support;

use support::reference::{assert_round_trips, assert_same_ids, assert_same_pieces, Reference};
use til_core::tiktoken::{cl100k, o200k};

/// Ids from `til` against js-tiktoken, then each input back through `til detokenize`.
fn ids_and_round_trip(encoding: &str) {
    let reference = Reference::JsTiktoken(&["--encoding", encoding]);
    let printed = assert_same_ids(encoding, reference, &["tokenize", "--model", encoding]);
    assert_round_trips(&printed, &["detokenize", "--model", encoding], |text| text);
}

#[test]
fn cl100k_ids_match_js_tiktoken_and_decode_back() {
    ids_and_round_trip("cl100k_base");
}

#[test]
fn o200k_ids_match_js_tiktoken_and_decode_back() {
    ids_and_round_trip("o200k_base");
}

#[test]
fn cl100k_pieces_match_v8() {
    assert_same_pieces("cl100k-pieces", &["--encoding", "cl100k_base"], |text| {
        cl100k::pretokenize(text).map(str::len).collect()
    });
}

#[test]
fn o200k_pieces_match_v8() {
    assert_same_pieces("o200k-pieces", &["--encoding", "o200k_base"], |text| {
        o200k::pretokenize(text).map(str::len).collect()
    });
}
