//! The exported tokenizer loads in Hugging Face `tokenizers` and encodes exactly as our encoder:
//! same tokens, same ids, for every word of the corpus, for words it never saw, and for whole lines
//! split on every kind of Unicode whitespace. The reference runs in this test (no stored output):
//! the pinned `tokenizers` of `TIL_REFERENCE_PYTHON` (see tools/reference/requirements.txt), or
//! target/reference-venv/bin/python when that exists. Also checks that `tokenizer.json` holds the
//! same vocabulary and merges as `vocab.json` and `merges.txt`.
//!
//! Left out: characters the corpus never had (`tokenizers` has no `unk_token` here and drops them,
//! where our encoder keeps them without an id; export.rs says so).

use std::fs;
use std::process::Command;

mod reference_python;

use til_core::bpe::{
    merges_txt, tokenizer_json, train, vocab_json, Encoder, TieRule, Trace, TrainOptions,
    WordCounts,
};

const SHAKESPEARE: &str = include_str!("../../../assets/tinyshakespeare.txt");
const SEED: &str = "low 5\nlowest 2\nnewer 6\nwider 3\n";
/// Enough merges that words of several tokens and whole-word tokens both occur.
const MERGES: usize = 2_000;

/// Loads tokenizer.json, checks it against vocab.json and merges.txt, then prints the ids of each
/// input line (one line of space-separated ids per input line).
const REFERENCE: &str = r#"
import json, sys
from tokenizers import Tokenizer
directory, inputs = sys.argv[1], sys.argv[2]
tokenizer = Tokenizer.from_file(f"{directory}/tokenizer.json")
model = json.load(open(f"{directory}/tokenizer.json", encoding="utf-8"))["model"]
vocab = json.load(open(f"{directory}/vocab.json", encoding="utf-8"))
merges = open(f"{directory}/merges.txt", encoding="utf-8").read().splitlines()[1:]
assert model["vocab"] == vocab, "tokenizer.json and vocab.json differ"
assert [" ".join(m) for m in model["merges"]] == merges, "tokenizer.json and merges.txt differ"
assert tokenizer.get_vocab_size() == len(vocab)
lines = json.load(open(inputs, encoding="utf-8"))
for encoding in tokenizer.encode_batch(lines, add_special_tokens=False):
    print(" ".join(map(str, encoding.ids)))
"#;

/// Our ids for a line: each whitespace-separated word encoded, tokens looked up in the vocabulary.
fn our_ids(trace: &Trace, encoder: &Encoder, line: &str) -> Vec<u32> {
    line.split_whitespace()
        .flat_map(|word| encoder.encode_word(word).tokens)
        .map(|token| {
            trace
                .vocab()
                .id(&token)
                .expect("every test character is in the vocabulary")
        })
        .collect()
}

/// A JSON array of strings: quotes, backslashes and control characters escaped.
fn json_lines(lines: &[String]) -> String {
    let quoted: Vec<String> = lines
        .iter()
        .map(|line| {
            let mut out = String::from("\"");
            for c in line.chars() {
                match c {
                    '"' | '\\' => out.extend(['\\', c]),
                    c if c < ' ' => out.push_str(&format!("\\u{:04x}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        })
        .collect();
    format!("[{}]", quoted.join(",\n"))
}

/// 1. export the three files; 2. run the reference on `lines`; 3. compare line by line.
fn check_against_reference(name: &str, trace: &Trace, lines: &[String]) {
    let dir =
        std::env::temp_dir().join(format!("til-tokenizer-json-{name}-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("tokenizer.json"), tokenizer_json(trace)).unwrap();
    fs::write(dir.join("vocab.json"), vocab_json(trace.vocab())).unwrap();
    fs::write(dir.join("merges.txt"), merges_txt(trace)).unwrap();
    let inputs = dir.join("inputs.json");
    fs::write(&inputs, json_lines(lines)).unwrap();
    let python = reference_python::python();
    let output = Command::new(&python)
        .args(["-c", REFERENCE])
        .arg(&dir)
        .arg(&inputs)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", python.display()));
    assert!(
        output.status.success(),
        "the reference failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed = String::from_utf8(output.stdout).unwrap();
    let theirs: Vec<&str> = printed.lines().collect();
    assert_eq!(theirs.len(), lines.len());
    let encoder = Encoder::from_trace(trace);
    for (line, theirs) in lines.iter().zip(theirs) {
        let ours: Vec<String> = our_ids(trace, &encoder, line)
            .iter()
            .map(u32::to_string)
            .collect();
        assert_eq!(ours.join(" "), theirs, "{name}: {line:?}");
    }
    println!("{name}: {} lines encode the same", lines.len());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shakespeare_tokenizer_json_encodes_like_ours() {
    let words = WordCounts::from_text(SHAKESPEARE);
    let trace = train(&words, TrainOptions::default(), MERGES).unwrap();
    // Every distinct word, unseen words of the corpus's letters, and lines with every whitespace kind.
    let mut lines: Vec<String> = words.entries().iter().map(|(w, _)| w.clone()).collect();
    for unseen in [
        "tokenizer",
        "embedding",
        "QUEENLY",
        "thee'st",
        "a",
        "zzz",
        "re-re-re",
    ] {
        lines.push(unseen.to_string());
    }
    lines.push(
        "  first Citizen:\tBefore we\u{a0}proceed\u{2003}any\u{3000}further, hear me speak.\n"
            .into(),
    );
    lines.push("\u{85}What\u{2028}say\u{2029}you?\u{202f}\u{205f}\u{1680}\u{b}\u{c}\r".into());
    check_against_reference("shakespeare", &trace, &lines);
}

#[test]
fn seed_tokenizer_json_encodes_like_ours_under_every_tie_rule() {
    let words = WordCounts::from_word_count_lines(SEED).unwrap();
    let lines: Vec<String> = [
        "low lowest newer wider",
        "lower newest widest",
        "wow",
        "roll",
    ]
    .map(String::from)
    .to_vec();
    for tie_rule in TieRule::ALL {
        let options = TrainOptions {
            tie_rule,
            ..TrainOptions::default()
        };
        let trace = train(&words, options, 10).unwrap();
        check_against_reference(tie_rule.name(), &trace, &lines);
    }
}

#[test]
fn tokenizer_json_without_the_end_of_word_marker() {
    let words = WordCounts::from_text(&SHAKESPEARE[..20_000]);
    let options = TrainOptions {
        end_of_word: false,
        ..TrainOptions::default()
    };
    let trace = train(&words, options, 300).unwrap();
    let mut lines: Vec<String> = words.entries().iter().map(|(w, _)| w.clone()).collect();
    lines.push("First Citizen:\n  Speak, speak.".into());
    check_against_reference("no-marker", &trace, &lines);
}
