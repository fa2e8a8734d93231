//! Byte-level BPE training against its references, run in the same test (tests/reference/
//! byte_bpe_reference.py in the pinned zoo venv):
//! - `--tie smallest-id` gives exactly the merges of Hugging Face's `BpeTrainer` behind `ByteLevel`
//!   (for cl100k and o200k, a `Split` on the pattern first), for each pattern, on Tiny Shakespeare
//!   and on the mixed reference corpus;
//! - `--tie first-seen` gives exactly the merges of minbpe's `RegexTokenizer.train` algorithm;
//! - the exported `tokenizer.json` loads in `tokenizers` and `ranks.tiktoken` in tiktoken (offline),
//!   and both encode every input file to the ids `til tokenize --tokenizer-json` prints, which
//!   `til detokenize` turns back into the file.
//!
//! Leaves out: the every-code-point file, whose classes differ between the references' Unicode
//! tables and V8's (the zoo's tests cover the patterns there against js-tiktoken).

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::reference::{first_difference, zoo_script};
use support::{assert_fails, path_arg, repo_path, scratch, stdout, til, til_with_stdin};

const PATTERNS: [&str; 3] = ["gpt2", "cl100k", "o200k"];

fn reference(args: &[&str]) -> String {
    zoo_script("tests/reference/byte_bpe_reference.py", args)
}

/// The reference corpus files end to end, every script and kind of text in one corpus.
fn mixed_corpus(dir: &Path) -> PathBuf {
    let mut files: Vec<PathBuf> = fs::read_dir(repo_path("tests/reference/corpus"))
        .expect("the reference corpus")
        .map(|entry| entry.expect("a file").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let text: String = files
        .iter()
        .map(|path| fs::read_to_string(path).expect("UTF-8 corpus"))
        .collect();
    let path = dir.join("mixed.txt");
    fs::write(&path, text).expect("write the mixed corpus");
    path
}

/// The first 30 KB of Tiny Shakespeare (cut at a line end): minbpe's algorithm recounts every chunk
/// per merge in Python, so the whole play would take minutes.
fn shakespeare_head(dir: &Path) -> PathBuf {
    let text = fs::read_to_string(repo_path("assets/tinyshakespeare.txt")).expect("the corpus");
    let end = text[..30_000].rfind('\n').expect("lines") + 1;
    let path = dir.join("head.txt");
    fs::write(&path, &text[..end]).expect("write the head");
    path
}

/// Our merges as `left right` lines (what merges.txt holds after its header).
fn our_merges(corpus: &Path, pattern: &str, merges: usize, tie: &str) -> String {
    let printed = stdout(&til(&[
        "bpe",
        "train",
        "--byte-level",
        "--pattern",
        pattern,
        "--corpus",
        path_arg(corpus),
        "--merges",
        &merges.to_string(),
        "--tie",
        tie,
    ]));
    let mut lines = String::new();
    for line in printed.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "RANK LEFT RIGHT COUNT: {line:?}");
        lines.push_str(&format!("{} {}\n", fields[1], fields[2]));
    }
    lines
}

fn assert_same_merges(ours: &str, theirs: &str, what: &str) {
    let (ours, theirs): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    let differ = ours.iter().zip(&theirs).position(|(a, b)| a != b);
    assert!(
        differ.is_none() && ours.len() == theirs.len(),
        "{what}: {} merges vs {}; first difference at merge {:?}: ours {:?}, reference {:?}",
        ours.len(),
        theirs.len(),
        differ.map(|i| i + 1),
        differ.map(|i| ours[i]),
        differ.map(|i| theirs[i]),
    );
}

#[test]
fn smallest_id_merges_are_hugging_faces() {
    let dir = scratch("byte-bpe-hf");
    let corpora = [
        (repo_path("assets/tinyshakespeare.txt"), 2_000),
        (mixed_corpus(&dir), 300),
    ];
    for pattern in PATTERNS {
        for (corpus, merges) in &corpora {
            let theirs = reference(&["hf-train", path_arg(corpus), &merges.to_string(), pattern]);
            let ours = our_merges(corpus, pattern, *merges, "smallest-id");
            assert_same_merges(
                &ours,
                &theirs,
                &format!("{pattern} on {}", corpus.display()),
            );
        }
    }
}

#[test]
fn first_seen_merges_are_minbpes() {
    let dir = scratch("byte-bpe-minbpe");
    let corpora = [shakespeare_head(&dir), mixed_corpus(&dir)];
    for pattern in PATTERNS {
        for corpus in &corpora {
            let theirs = reference(&["minbpe-train", path_arg(corpus), "300", pattern]);
            let ours = our_merges(corpus, pattern, 300, "first-seen");
            assert_same_merges(
                &ours,
                &theirs,
                &format!("{pattern} on {}", corpus.display()),
            );
        }
    }
}

/// Exports a run, then checks Hugging Face and (byte-level) tiktoken against our ids on each input.
fn check_export(dir: &Path, train: &[&str], pattern: Option<&str>, inputs: &[PathBuf]) {
    let export = dir.join("export");
    let corpus = repo_path("assets/tinyshakespeare.txt");
    let mut args = vec![
        "bpe",
        "train",
        "--corpus",
        path_arg(&corpus),
        "--merges",
        "2000",
    ];
    args.extend(train);
    args.extend(["--export", path_arg(&export)]);
    stdout(&til(&args));
    let json = export.join("tokenizer.json");
    // Ours, one line per input, and each decoded back to its file.
    let ours: Vec<String> = inputs
        .iter()
        .map(|input| {
            let args = [
                "tokenize",
                "--tokenizer-json",
                path_arg(&json),
                path_arg(input),
            ];
            let ids = stdout(&til(&args));
            if pattern.is_some() {
                let back = til_with_stdin(
                    &["detokenize", "--tokenizer-json", path_arg(&json)],
                    ids.as_bytes(),
                );
                assert!(
                    back.status.success() && back.stdout == fs::read(input).unwrap(),
                    "{} decodes back",
                    input.display()
                );
            }
            ids.trim_end().to_string()
        })
        .collect();
    // The references read the same texts as one JSON array.
    let texts: Vec<String> = inputs
        .iter()
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    let list = dir.join("inputs.json");
    fs::write(&list, serde_json::to_string(&texts).unwrap()).unwrap();
    let mut references = vec![(
        "tokenizers",
        reference(&["hf-encode", path_arg(&json), path_arg(&list)]),
    )];
    if let Some(pattern) = pattern {
        let ranks = export.join("ranks.tiktoken");
        references.push((
            "tiktoken",
            reference(&[
                "tiktoken-encode",
                path_arg(&ranks),
                pattern,
                path_arg(&list),
            ]),
        ));
    }
    for (name, lines) in references {
        let lines: Vec<&str> = lines.lines().collect();
        assert_eq!(lines.len(), inputs.len(), "{name}: one line per input");
        for ((input, ours), theirs) in inputs.iter().zip(&ours).zip(lines) {
            assert!(
                ours == theirs,
                "{name} on {} with {train:?}: {}",
                input.display(),
                first_difference(ours, theirs)
            );
        }
    }
}

#[test]
fn exports_load_in_tokenizers_and_tiktoken_with_our_ids() {
    let mut inputs: Vec<PathBuf> = fs::read_dir(repo_path("tests/reference/corpus"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    inputs.sort();
    inputs.push(repo_path("assets/tinyshakespeare.txt"));
    for pattern in PATTERNS {
        let dir = scratch(&format!("byte-bpe-export-{pattern}"));
        let train = ["--byte-level", "--pattern", pattern, "--tie", "smallest-id"];
        check_export(&dir, &train, Some(pattern), &inputs);
    }
    // A whitespace run's tokenizer.json reads back too, on its own corpus: a character it never saw
    // has no id, and `tokenizers` drops it before merging where we keep it in the word (export.rs).
    let dir = scratch("byte-bpe-export-words");
    check_export(&dir, &[], None, &[repo_path("assets/tinyshakespeare.txt")]);
}

#[test]
fn bad_corpora_and_models_get_one_clear_line_and_nothing_written() {
    let dir = scratch("byte-bpe-bad");
    let export = dir.join("out");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        fs::write(&path, bytes).unwrap();
        path
    };
    let train = |corpus: &Path| {
        til(&[
            "bpe",
            "train",
            "--byte-level",
            "--corpus",
            path_arg(corpus),
            "--merges",
            "5",
            "--export",
            path_arg(&export),
        ])
    };
    assert_fails(
        &train(&write("empty.txt", b"")),
        1,
        "the corpus has no words",
    );
    assert_fails(&train(&write("one.txt", b"a")), 1, "nothing to merge");
    assert_fails(
        &train(&write("latin1.txt", b"caf\xe9 au lait")),
        1,
        "is not valid UTF-8 (at byte 3)",
    );
    assert!(!export.exists(), "a failed run writes nothing");
    assert_fails(
        &til(&[
            "bpe",
            "train",
            "--pattern",
            "cl100k",
            "--corpus",
            "x",
            "--merges",
            "1",
        ]),
        2,
        "--pattern needs --byte-level",
    );
    assert_fails(
        &til(&[
            "bpe",
            "train",
            "--byte-level",
            "--pattern",
            "gpt5",
            "--corpus",
            "x",
            "--merges",
            "1",
        ]),
        2,
        "unknown pre-tokenizer pattern `gpt5`",
    );
    for (json, needle) in [
        ("{", "not JSON"),
        (
            r#"{"model": {"type": "WordLevel"}}"#,
            "the WordLevel model: it has no vocab object",
        ),
        (
            r#"{"normalizer": {"type": "Nmt"}, "model": {"type": "BPE"}}"#,
            "the Nmt normalizer: it is not supported",
        ),
        (
            r#"{"normalizer": {"type": "Precompiled"}, "model": {"type": "BPE"}}"#,
            "the Precompiled normalizer: it has no base64 charsmap",
        ),
        (
            r#"{"pre_tokenizer": {"type": "WhitespaceSplit"}, "model": {"type": "BPE", "vocab": {"a": 0}, "merges": [["a", "a"]]}}"#,
            "merge 1 (`a a`) uses `aa`, which is not in the vocabulary",
        ),
    ] {
        let path = write("tokenizer.json", json.as_bytes());
        assert_fails(
            &til(&[
                "tokenize",
                "--tokenizer-json",
                path_arg(&path),
                path_arg(&path),
            ]),
            1,
            needle,
        );
    }
}
