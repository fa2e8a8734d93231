//! til's WordPiece must give exactly the ids of Hugging Face `tokenizers` loading MiniLM's
//! tokenizer.json (no padding, no truncation), run in the same test by
//! tools/minilm-asset/reference_wordpiece.py (no stored reference output).
//!
//! Inputs: a hand corpus of hard cases (accents, CJK, emoji, punctuation, numbers, URLs, long words,
//! control characters, combining marks, special tokens, the empty string), all of
//! assets/tinyshakespeare.txt as one text, and every Unicode scalar value between two letters. The
//! normaliser's output is compared on the last, the pre-tokeniser's words on the first.

mod reference_python;

use reference_python::{from_hex, hex_lines, repo_root, run};
use til_core::wordpiece::normalise::normalise;
use til_core::wordpiece::pretokenise::pretokenise;
use til_core::wordpiece::{WordPiece, MAX_WORD_CHARS};

fn tokenizer() -> WordPiece {
    let vocab = std::fs::read_to_string(repo_root().join("assets/minilm/vocab.txt"))
        .expect("assets/minilm/vocab.txt exists");
    WordPiece::from_vocab_text(&vocab).expect("the committed vocabulary parses")
}

/// Hard cases, one text each.
fn hand_corpus() -> Vec<String> {
    let mut texts: Vec<String> = [
        "",
        " ",
        "Hello, world!",
        "The quick brown fox jumps over the lazy dog.",
        "unaffable unbelievably tokenization transformers",
        // Accents, precomposed and combining, and letters whose lower case is special.
        "Café naïve résumé Ångström Łódź Straße ÆØÅ İstanbul ΣΑΣ ǅemal",
        "e\u{301} a\u{308}\u{331} o\u{328}\u{304} \u{301}alone",
        // CJK ideographs, kana, Hangul, compatibility ideographs.
        "日本語のテキストです。中文文本，繁體字。",
        "한국어 텍스트 안녕하세요",
        "\u{F900}\u{FA0E}\u{2F800}𠀀",
        // Other scripts.
        "Привет, мир! Ελληνικά العربية עברית हिन्दी ไทย",
        // Emoji: single, with skin tone, ZWJ sequences, flags, keycaps, variation selectors.
        "🙂 👍🏽 👨‍👩‍👧 🇫🇷 1️⃣ ❤️ ☕",
        // Punctuation, ASCII and Unicode, and symbols.
        "isn't it? (yes) [no] {maybe} \"quoted\" 'single' — – … «guillemets» ¿qué? ¡sí!",
        "$5 + 3% = ^_^ ~tilde~ `code` #hash @user a|b a\\b € £ ¥ © ® ™ ° ± × ÷",
        // Numbers.
        "3.14159 1,000,000 2024-01-31 12:30 ½ ² ³ ① Ⅻ ٣ ४",
        // URLs and e-mail.
        "https://example.com/path?query=1&x=y#frag mailto:someone@example.org www.rust-lang.org",
        // Control characters, format characters, whitespace of all kinds.
        "a\0b\u{7}c\u{7f}d\u{200b}e\u{200d}f\u{feff}g\u{fffd}h\u{ad}i",
        "tab\there\nnew line\r\ncrlf\u{a0}nbsp\u{2003}em\u{3000}ideographic\u{85}nel\u{2028}ls",
        "\u{e000}private\u{f8ff}use\u{f0000}",
        // Special tokens, as written and otherwise.
        "[CLS] hello [SEP] [MASK] [PAD] [UNK]",
        "a[MASK]b [mask] [Mask] [[SEP]] [UNK [unused0] [unused993]",
        // Ligatures and compatibility characters NFD leaves alone.
        "ﬁne ﬂow Ⅳ ㎏ ｆｕｌｌｗｉｄｔｈ Ｆｕｌｌ",
        // Words at and past the length limit, in bytes and characters.
        "supercalifragilisticexpialidocious antidisestablishmentarianism",
        "pneumonoultramicroscopicsilicovolcanoconiosis",
        "##ing ## # ###",
    ]
    .map(String::from)
    .to_vec();
    for n in [MAX_WORD_CHARS - 1, MAX_WORD_CHARS, MAX_WORD_CHARS + 1] {
        texts.push("a".repeat(n));
        texts.push("é".repeat(n));
        texts.push(format!("{} end", "ab".repeat(n / 2)));
    }
    texts
}

/// Every scalar value c of the planes with assigned characters (0–3, 14–16; 4–13 are empty) as
/// "a" c "b", 4,096 code points per text. No two marks are adjacent, so canonical reordering (left
/// out by til, see normalise.rs) cannot occur.
fn every_code_point() -> Vec<String> {
    let planes = (0..0x4_0000).chain(0xE_0000..0x11_0000);
    let all: Vec<char> = planes.filter_map(char::from_u32).collect();
    all.chunks(4096)
        .map(|chunk| chunk.iter().map(|c| format!("a{c}b ")).collect())
        .collect()
}

/// Compares til's ids with the reference's, text by text; returns the mismatches, described.
fn id_mismatches(wordpiece: &WordPiece, texts: &[String]) -> Vec<String> {
    let theirs = run("reference_wordpiece.py", &[], &hex_lines(texts));
    let theirs: Vec<&str> = theirs.lines().collect();
    assert_eq!(theirs.len(), texts.len(), "one line per text");
    texts
        .iter()
        .zip(theirs)
        .filter_map(|(text, theirs)| {
            let ours = wordpiece.encode(text).ids();
            let ours = ours.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            (ours != theirs).then(|| {
                let at = ours
                    .split(' ')
                    .zip(theirs.split(' '))
                    .position(|(a, b)| a != b);
                let shown: String = text.chars().take(80).collect();
                format!("{shown:?}: first difference at token {at:?}\n  ours   {ours:.200}\n  theirs {theirs:.200}")
            })
        })
        .collect()
}

/// Compares til's pre-tokeniser words of the normalised texts with the reference's.
fn word_mismatches(texts: &[String]) -> Vec<String> {
    let theirs = run("reference_wordpiece.py", &["--words"], &hex_lines(texts));
    texts
        .iter()
        .zip(theirs.lines())
        .filter_map(|(text, theirs)| {
            let theirs: Vec<String> = theirs
                .split(' ')
                .filter(|w| !w.is_empty())
                .map(|w| String::from_utf8(from_hex(w)).expect("UTF-8"))
                .collect();
            let normalised = normalise(text);
            let ours: Vec<&str> = pretokenise(&normalised).collect();
            (ours != theirs).then(|| {
                let at = ours.iter().zip(&theirs).position(|(a, b)| a != b);
                let shown: String = text.chars().take(80).collect();
                format!(
                    "{shown:?}: words differ at {at:?} of {} / {}",
                    ours.len(),
                    theirs.len()
                )
            })
        })
        .collect()
}

#[test]
fn ids_and_words_match_tokenizers_on_hard_cases() {
    let corpus = hand_corpus();
    let mut mismatches = id_mismatches(&tokenizer(), &corpus);
    mismatches.extend(word_mismatches(&corpus));
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn ids_match_tokenizers_on_tiny_shakespeare() {
    let text = std::fs::read_to_string(repo_root().join("assets/tinyshakespeare.txt"))
        .expect("assets/tinyshakespeare.txt exists");
    let wordpiece = tokenizer();
    let mismatches = id_mismatches(&wordpiece, std::slice::from_ref(&text));
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    // A real text is not a pile of [UNK]s: the comparison above is about real pieces.
    let encoding = wordpiece.encode(&text);
    let unknown = encoding
        .tokens
        .iter()
        .filter(|t| t.id == wordpiece.unk_id())
        .count();
    assert!(
        encoding.len() > 250_000 && unknown == 0,
        "{} tokens, {unknown} [UNK]",
        encoding.len()
    );
}

#[test]
fn every_code_point_normalises_and_encodes_as_tokenizers() {
    let texts = every_code_point();
    let input = hex_lines(&texts);
    // 1. The normaliser's output, text by text.
    let normalised = run("reference_wordpiece.py", &["--normalised"], &input);
    let mut mismatches = Vec::new();
    for (text, theirs) in texts.iter().zip(normalised.lines()) {
        let theirs = String::from_utf8(from_hex(theirs)).expect("UTF-8");
        let ours = normalise(text);
        if ours != theirs {
            let at = ours.chars().zip(theirs.chars()).position(|(a, b)| a != b);
            let ours_near: String = ours
                .chars()
                .skip(at.unwrap_or(0).saturating_sub(4))
                .take(12)
                .collect();
            let theirs_near: String = theirs
                .chars()
                .skip(at.unwrap_or(0).saturating_sub(4))
                .take(12)
                .collect();
            mismatches.push(format!(
                "normalised: at char {at:?}: ours {ours_near:?} theirs {theirs_near:?}"
            ));
        }
    }
    // 2. The ids (a character the pre-tokeniser classed differently would change them).
    mismatches.extend(id_mismatches(&tokenizer(), &texts));
    assert!(
        mismatches.is_empty(),
        "{} texts differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
