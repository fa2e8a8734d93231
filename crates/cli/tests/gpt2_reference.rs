//! `til gpt2 encode` must give exactly js-tiktoken's `gpt2` ids, computed in the
//! same run by `node tests/reference/encode.mjs` (no stored reference output), and
//! the hand-written pre-tokenizer must split exactly where V8 matches the pattern.
//!
//! The inputs and the reference run are tests/support/reference.rs's (the corpus, Tiny
//! Shakespeare, every code point of planes 0–3 and 14–16). Leaves out: timing
//! (tests/reference/bench.mjs).

mod support;

use support::reference::{assert_same_ids, assert_same_pieces, Reference};
use til_core::gpt2::pretokenize;

#[test]
fn ids_match_js_tiktoken() {
    assert_same_ids("ids", Reference::JsTiktoken(&[]), &["gpt2", "encode"]);
}

#[test]
fn pieces_match_v8() {
    assert_same_pieces("pieces", &[], |text| {
        pretokenize(text).map(str::len).collect()
    });
}
