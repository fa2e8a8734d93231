//! The zoo's tokenizers against their own libraries, run in the same test: `til tokenize --model
//! mistral-v1` must give exactly Google's sentencepiece ids, `--model tekken` exactly
//! mistral-common's, `--model smollm2` exactly Hugging Face tokenizers' set up from SmolLM2's GGUF
//! file (tests/reference/smollm2_reference.py), and `--sentencepiece PATH` exactly sentencepiece's for models trained here
//! (Unigram and BPE; the nmt_nfkc charsmap, whitespace removal, user-defined symbols, byte
//! fallback, whitespace as suffix). `til detokenize` must give every input back (for SentencePiece,
//! with a literal `▁` read back as a space, as sentencepiece itself does). Inputs: the reference
//! corpus, Tiny Shakespeare and every code point (tests/support/reference.rs). Leaves out: timing.

mod support;

use support::reference::{assert_round_trips, assert_same_ids, zoo_python, Reference};
use support::{path_arg, repo_path, scratch, stdout, til, til_with_stdin};

/// sentencepiece's decoder writes `▁` as a space wherever it stands.
fn spaces_for_lower_blocks(text: Vec<u8>) -> Vec<u8> {
    String::from_utf8(text)
        .expect("inputs are UTF-8")
        .replace('\u{2581}', " ")
        .into_bytes()
}

#[test]
fn mistral_v1_ids_match_sentencepiece_and_decode_back() {
    let printed = assert_same_ids(
        "mistral-v1",
        Reference::Zoo(&["--model", "mistral-v1"]),
        &["tokenize", "--model", "mistral-v1"],
    );
    assert_round_trips(
        &printed,
        &["detokenize", "--model", "mistral-v1"],
        spaces_for_lower_blocks,
    );
}

/// Numbers new in Unicode 17.0 (Tolong Siki digits, and three at U+16FF4), which the tables of
/// Python tiktoken's regex engine predate: there they are no \p{N}, so digits split otherwise.
const NEW_IN_UNICODE_17: [(u32, u32); 2] = [(0x11DE0, 0x11DE9), (0x16FF4, 0x16FF6)];

#[test]
fn tekken_ids_match_mistral_common_and_decode_back() {
    let printed = assert_same_ids(
        "tekken",
        Reference::ZooWithout(&["--model", "tekken"], &NEW_IN_UNICODE_17),
        &["tokenize", "--model", "tekken"],
    );
    assert_round_trips(&printed, &["detokenize", "--model", "tekken"], |text| text);
}

/// The bytes SmolLM2's vocabulary has no token for that UTF-8 text of planes 0–3 and 14–16 can
/// hold: six control characters, which its tokenizer drops.
const SMOLLM2_DROPPED: [u8; 6] = [0x04, 0x06, 0x13, 0x14, 0x16, 0x1D];

#[test]
fn smollm2_ids_match_hugging_face_tokenizers_and_decode_back() {
    let printed = assert_same_ids(
        "smollm2",
        Reference::Zoo(&["--model", "smollm2"]),
        &["tokenize", "--model", "smollm2"],
    );
    assert_round_trips(
        &printed,
        &["detokenize", "--model", "smollm2"],
        |mut text| {
            text.retain(|b| !SMOLLM2_DROPPED.contains(b));
            text
        },
    );
}

/// Trains `name` on Tiny Shakespeare with sentencepiece and these options; returns the model path.
fn trained(name: &str, options: &[&str]) -> String {
    let prefix = scratch(&format!("spm-{name}")).join(name);
    let status = std::process::Command::new(zoo_python())
        .arg(repo_path("tests/reference/train_spm.py"))
        .arg(repo_path("assets/tinyshakespeare.txt"))
        .arg(&prefix)
        .args(options)
        .status()
        .expect("the reference python runs");
    assert!(status.success(), "training {name} failed");
    format!("{}.model", prefix.display())
}

fn model_file_matches_sentencepiece(name: &str, options: &[&str]) {
    let model = trained(name, options);
    assert_same_ids(
        name,
        Reference::Zoo(&["--sentencepiece", &model]),
        &["tokenize", "--sentencepiece", &model],
    );
}

#[test]
fn a_unigram_model_with_the_nfkc_charsmap_matches_sentencepiece() {
    // sentencepiece's defaults: Unigram, nmt_nfkc, extra whitespace removed; plus user symbols.
    model_file_matches_sentencepiece(
        "unigram-nfkc",
        &["vocab_size=1000", "user_defined_symbols=<br>,@@,ing"],
    );
}

#[test]
fn a_bpe_model_with_byte_fallback_matches_sentencepiece() {
    model_file_matches_sentencepiece(
        "bpe-bytes",
        &[
            "model_type=bpe",
            "vocab_size=1000",
            "byte_fallback=true",
            "character_coverage=0.98",
            "normalization_rule_name=identity",
            "remove_extra_whitespaces=false",
            "split_digits=true",
        ],
    );
}

#[test]
fn a_unigram_model_without_byte_fallback_merges_unknown_runs_as_sentencepiece_does() {
    model_file_matches_sentencepiece(
        "unigram-suffix",
        &[
            "vocab_size=800",
            "character_coverage=0.98",
            "treat_whitespace_as_suffix=true",
            "normalization_rule_name=nfkc_cf",
        ],
    );
}

#[test]
fn a_trained_model_file_decodes_as_sentencepiece_decodes() {
    // nmt_nfkc and whitespace removal change the text, so the check is sentencepiece's decoding
    // of the same ids, byte for byte.
    let model = trained(
        "decode",
        &["model_type=bpe", "vocab_size=600", "byte_fallback=true"],
    );
    for name in ["mixed.txt", "emoji.txt", "whitespace.txt"] {
        let corpus = repo_path(&format!("tests/reference/corpus/{name}"));
        let ids = stdout(&til(&[
            "tokenize",
            "--sentencepiece",
            &model,
            path_arg(&corpus),
        ]));
        let ours = til_with_stdin(&["detokenize", "--sentencepiece", &model], ids.as_bytes());
        let mut reference = std::process::Command::new(zoo_python());
        reference
            .arg(repo_path("tests/reference/zoo_encode.py"))
            .args(["--decode-sentencepiece", &model]);
        let theirs = support::run_with_stdin(&mut reference, ids.as_bytes());
        assert_eq!(ours.stdout, theirs, "{name}");
    }
}
