//! `til unigram train` against sentencepiece 0.2.1 and Hugging Face tokenizers, run in the same test
//! (the pinned zoo venv):
//! - quality: trained on the same text with the same vocabulary (identity normalization, every
//!   character kept, sentencepiece's other defaults), our model's token count on held-out text is
//!   at most 1.02 × sentencepiece's, on Tiny Shakespeare (vocabulary 8,000) and on the UDHR's
//!   article 1 in the 45 languages the lab ships (assets/udhr, 715 distinct characters; vocabulary
//!   1,000), each text's first three quarters for training and the rest held out;
//! - the exported `unigram.model` loads in sentencepiece and `tokenizer.json` in `tokenizers`, and
//!   both give the ids `til tokenize --sentencepiece` gives for the held-out text, line by line;
//! - with byte fallback on both sides, trained on Tiny Shakespeare, held-out Shakespeare and the
//!   UDHR's 45 languages (mostly characters neither model saw, written as bytes) count within 2 %,
//!   and our files load in both peers with our ids;
//! - a vocabulary smaller than the alphabet, an empty corpus and invalid UTF-8 get one clear line.
//!
//! The ratios are printed (`cargo test -- --nocapture`) for the README.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::reference::{first_difference, zoo_script};
use support::{assert_fails, path_arg, repo_path, scratch, stdout, til};

/// Splits `text` at a line end near `share` of it: (training text, held-out text).
fn split(text: &str, share: f64) -> (&str, &str) {
    let at = (text.len() as f64 * share) as usize;
    let at = text[..at].rfind('\n').map_or(at, |n| n + 1);
    text.split_at(at)
}

/// `train` written to `dir/train.txt` and `til unigram train` on it to `vocab` (with
/// `--byte-fallback` if `byte_fallback`), exported: the corpus file and the export directory.
fn train_ours(dir: &Path, train: &str, vocab: usize, byte_fallback: bool) -> (PathBuf, PathBuf) {
    let (train_path, export) = (dir.join("train.txt"), dir.join("ours"));
    fs::write(&train_path, train).unwrap();
    let vocab = vocab.to_string();
    let mut args = vec![
        "unigram",
        "train",
        "--corpus",
        path_arg(&train_path),
        "--vocab",
        &vocab,
        "--export",
        path_arg(&export),
    ];
    if byte_fallback {
        args.push("--byte-fallback");
    }
    stdout(&til(&args));
    (train_path, export)
}

/// Trains both on `train` and returns (ours, sentencepiece's) token counts on `held`, and our
/// export directory.
fn token_counts(
    dir: &Path,
    train: &str,
    held: &str,
    vocab: usize,
    byte_fallback: bool,
) -> (usize, usize, PathBuf) {
    let held_path = dir.join("held.txt");
    fs::write(&held_path, held).unwrap();
    let (train_path, ours) = train_ours(dir, train, vocab, byte_fallback);
    let prefix = dir.join("spm");
    zoo_script(
        "tests/reference/train_spm.py",
        &[
            path_arg(&train_path),
            path_arg(&prefix),
            "model_type=unigram",
            &format!("vocab_size={vocab}"),
            "character_coverage=1.0",
            "normalization_rule_name=identity",
            &format!("byte_fallback={byte_fallback}"),
        ],
    );
    let count = |model: &Path| {
        let ids = zoo_script(
            "tests/reference/zoo_encode.py",
            &["--sentencepiece", path_arg(model), path_arg(&held_path)],
        );
        ids.split_whitespace().count()
    };
    (
        count(&ours.join("unigram.model")),
        count(&dir.join("spm.model")),
        ours,
    )
}

/// Prints our and sentencepiece's token counts on `what` and checks ours is at most 1.02 × theirs.
fn assert_within_two_percent(what: &str, ours: usize, theirs: usize) {
    let ratio = ours as f64 / theirs as f64;
    println!("{what}: ours {ours} tokens, sentencepiece {theirs}: {ratio:.4}");
    assert!(
        ratio <= 1.02,
        "{what}: ours {ours} vs sentencepiece {theirs}: {ratio}"
    );
}

/// Article 1 of the UDHR in every language the lab ships, one line each.
fn udhr_lines() -> Vec<String> {
    let udhr = fs::read_to_string(repo_path("assets/udhr/article1.tsv")).unwrap();
    // After the checksum line and the header: code, BCP 47 tag, name, direction, article 1.
    udhr.lines()
        .skip(2)
        .map(|row| row.split('\t').nth(4).expect("five columns").to_string())
        .collect()
}

#[test]
fn held_out_token_counts_are_within_two_percent_of_sentencepiece() {
    let shakespeare = fs::read_to_string(repo_path("assets/tinyshakespeare.txt")).unwrap();
    let (train, held) = split(&shakespeare, 0.9);
    let dir = scratch("unigram-quality-shakespeare");
    let (ours, theirs, _) = token_counts(&dir, train, held, 8_000, false);
    assert_within_two_percent("Tiny Shakespeare, vocabulary 8000", ours, theirs);

    // Every language's article 1, each split the same way, so all scripts are in both halves.
    let mut train = String::new();
    let mut held = String::new();
    for line in udhr_lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let cut = words.len() * 3 / 4;
        train.push_str(&words[..cut].join(" "));
        train.push('\n');
        held.push_str(&words[cut..].join(" "));
        held.push('\n');
    }
    let dir = scratch("unigram-quality-udhr");
    let (ours, theirs, _) = token_counts(&dir, &train, &held, 1_000, false);
    assert_within_two_percent("UDHR article 1, vocabulary 1000", ours, theirs);
}

#[test]
fn exported_files_load_in_sentencepiece_and_tokenizers_with_our_ids() {
    let shakespeare = fs::read_to_string(repo_path("assets/tinyshakespeare.txt")).unwrap();
    let (train, held) = split(&shakespeare, 0.5);
    let dir = scratch("unigram-export");
    let (_, export) = train_ours(&dir, train, 2000, false);
    // Lines of held-out text, each a file of its own for both sides.
    let lines: Vec<&str> = held
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(300)
        .collect();
    assert_peers_give_our_ids(&dir, &export, &lines);
}

#[test]
fn byte_fallback_writes_unseen_scripts_as_sentencepiece_does() {
    let shakespeare = fs::read_to_string(repo_path("assets/tinyshakespeare.txt")).unwrap();
    let (train, held) = split(&shakespeare, 0.9);
    let udhr = udhr_lines();
    let held = format!("{held}\n{}\n", udhr.join("\n"));
    let dir = scratch("unigram-byte-fallback");
    let (ours, theirs, export) = token_counts(&dir, train, &held, 2_000, true);
    assert_within_two_percent(
        "Byte fallback, Tiny Shakespeare to 2000, held out with the UDHR's 45 languages",
        ours,
        theirs,
    );
    let lines: Vec<&str> = udhr.iter().map(String::as_str).collect();
    assert_peers_give_our_ids(&dir, &export, &lines);
}

/// Each of `lines` as a file: `sentencepiece` on `export`'s unigram.model and `tokenizers` on its
/// tokenizer.json give the ids `til tokenize --sentencepiece` gives.
fn assert_peers_give_our_ids(dir: &Path, export: &Path, lines: &[&str]) {
    let inputs = dir.join("lines.json");
    fs::write(&inputs, serde_json::to_string(&lines).unwrap()).unwrap();
    let model = export.join("unigram.model");
    let json = export.join("tokenizer.json");
    let tokenizers = zoo_script(
        "tests/reference/byte_bpe_reference.py",
        &["hf-encode", path_arg(&json), path_arg(&inputs)],
    );
    let files: Vec<PathBuf> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let path = dir.join(format!("line{i}.txt"));
            fs::write(&path, line).unwrap();
            path
        })
        .collect();
    let args: Vec<&str> = files.iter().map(|p| path_arg(p)).collect();
    let mut spm_args = vec!["--sentencepiece", path_arg(&model)];
    spm_args.extend(&args);
    let sentencepiece = zoo_script("tests/reference/zoo_encode.py", &spm_args);
    assert_eq!(sentencepiece.lines().count(), lines.len());
    assert_eq!(tokenizers.lines().count(), lines.len());
    for (i, ((file, theirs), hf)) in files
        .iter()
        .zip(sentencepiece.lines())
        .zip(tokenizers.lines())
        .enumerate()
    {
        let ours = stdout(&til(&[
            "tokenize",
            "--sentencepiece",
            path_arg(&model),
            path_arg(file),
        ]));
        let ours = ours.trim_end();
        assert!(
            ours == theirs,
            "sentencepiece on line {i} {:?}: {}",
            lines[i],
            first_difference(ours, theirs)
        );
        assert!(
            ours == hf,
            "tokenizers on line {i} {:?}: {}",
            lines[i],
            first_difference(ours, hf)
        );
    }
}

#[test]
fn bad_corpora_get_one_clear_line() {
    let dir = scratch("unigram-bad");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        fs::write(&path, bytes).unwrap();
        path
    };
    let train = |corpus: &Path, vocab: &str| {
        til(&[
            "unigram",
            "train",
            "--corpus",
            path_arg(corpus),
            "--vocab",
            vocab,
            "--export",
            path_arg(&dir.join("out")),
        ])
    };
    assert_fails(
        &train(&write("empty.txt", b" \n"), "100"),
        1,
        "the corpus has no words",
    );
    assert_fails(
        &train(&write("abc.txt", b"abc abd"), "5"),
        1,
        "a vocabulary of 5 is smaller than the alphabet: the corpus has 5 distinct characters",
    );
    assert_fails(
        &train(&write("latin1.txt", b"caf\xe9"), "100"),
        1,
        "is not valid UTF-8 (at byte 3)",
    );
    assert!(!dir.join("out").exists(), "a failed run writes nothing");
    assert_fails(
        &til(&["unigram", "train", "--corpus", "x"]),
        2,
        "missing --vocab",
    );
    assert_fails(
        &til(&["unigram", "train", "--corpus", "x", "--vocab", "many"]),
        2,
        "--vocab expects a whole number",
    );
}
