//! The zoo's tokenizers on 1,000,000 random strings each: no panic, and the ids decode to the
//! text exactly (SentencePiece writes a literal `▁` back as a space, as sentencepiece does, so
//! the fuzzer's `▁` are expected back as spaces there). The strings mix what breaks tokenizers:
//! whitespace runs of every kind, combining marks, emoji with skin tones, ZWJ and flags, digits of
//! several scripts, letters of several cases and scripts, and any Unicode scalar value. Ids are
//! checked against the libraries elsewhere (crates/cli/tests/zoo_reference.rs); this is about
//! every input (SmolLM2 drops the bytes it has no token for, as its reference does). Leaves out:
//! timing.

use til_core::sentencepiece;
use til_core::smollm2::Smollm2;
use til_core::tiktoken::{Encoding, Pattern, RankBpe};
use til_core::tokenizer::Tokenizer;

const CASES: usize = 1_000_000;

mod rng;

use rng::Rng;

const PARTS: [&[&str]; 7] = [
    // whitespace runs, line breaks of every kind
    &[
        " ", "  ", "   ", "\t", "\n", "\r\n", "\n\n", "\u{a0}", "\u{3000}", "\u{85}", "\u{2028}",
        "\u{feff}", " \n ",
    ],
    // combining marks, alone or after a letter
    &[
        "\u{301}",
        "e\u{301}",
        "a\u{308}\u{323}",
        "\u{94d}",
        "\u{5b4}",
    ],
    // emoji: skin tones, ZWJ families, flags, keycaps
    &["👍", "👍🏽", "👨‍👩‍👧", "🇺🇳", "1️⃣", "❤️", "🏳️‍🌈"],
    // digits of several scripts
    &["0", "7", "123", "2024", "١٢٣", "४२", "１２"],
    // words, cases and scripts
    &[
        "the",
        "The",
        "THE",
        "HelloWorld",
        "don't",
        "I'M",
        "naïve",
        "Straße",
        "東京",
        "ταχ",
        "Привет",
        "مرحبا",
        "▁x",
    ],
    // punctuation and symbols
    &[
        "!",
        "...",
        "/*",
        "'",
        "\"",
        "—",
        "(",
        "$5",
        "<s>",
        "<|endoftext|>",
        "[INST]",
    ],
    // contractions and apostrophes in odd places
    &["'s", "'LL", "'ve", "''", "'"],
];

fn random_text(rng: &mut Rng) -> String {
    let mut text = String::new();
    for _ in 0..rng.below(12) {
        if rng.below(8) == 0 {
            // Any scalar value, weighted to the planes that have characters.
            let code = match rng.below(4) {
                0 => rng.below(0x80) as u32,
                1 => rng.below(0x1_0000) as u32,
                2 => rng.below(0x4_0000) as u32,
                _ => rng.below(0x11_0000) as u32,
            };
            text.extend(char::from_u32(code));
        } else {
            let part = PARTS[rng.below(PARTS.len())];
            text.push_str(rng.pick(part));
        }
    }
    text
}

fn fuzz(tokenizer: &dyn Tokenizer, seed: u64, expected: impl Fn(&str) -> String) {
    let mut rng = Rng(seed);
    for case in 0..CASES {
        let text = random_text(&mut rng);
        let ids: Vec<u32> = tokenizer
            .encode(&text)
            .iter()
            .filter_map(|p| p.id)
            .collect();
        let back = tokenizer
            .decode(&ids)
            .unwrap_or_else(|e| panic!("{}: case {case} {text:?}: {e}", tokenizer.name()));
        assert_eq!(
            back,
            expected(&text),
            "{}: case {case} {text:?}",
            tokenizer.name()
        );
    }
}

fn ranks(asset: &[u8]) -> RankBpe {
    RankBpe::from_asset(asset).expect("the committed ranks load")
}

#[test]
fn cl100k_gives_every_text_back() {
    let encoding = Encoding::new(
        "cl100k_base",
        Pattern::Cl100k,
        ranks(include_bytes!("../../../assets/tiktoken/cl100k_base.bin")),
    );
    fuzz(&encoding, 1, str::to_string);
}

#[test]
fn o200k_gives_every_text_back() {
    let encoding = Encoding::new(
        "o200k_base",
        Pattern::O200k,
        ranks(include_bytes!("../../../assets/tiktoken/o200k_base.bin")),
    );
    fuzz(&encoding, 2, str::to_string);
}

#[test]
fn tekken_gives_every_text_back() {
    let encoding = Encoding::new(
        "tekken",
        Pattern::Tekken,
        ranks(include_bytes!("../../../assets/mistral/tekken.bin")),
    );
    fuzz(&encoding, 3, str::to_string);
}

#[test]
fn mistral_v1_gives_every_text_back_with_lower_blocks_as_spaces() {
    let asset = include_bytes!("../../../assets/mistral/mistral-v1.bin");
    let model = sentencepiece::from_asset(asset, "mistral-v1").expect("the committed model loads");
    fuzz(&model, 4, |text| text.replace('\u{2581}', " "));
}

#[test]
fn smollm2_gives_every_text_back_but_the_bytes_it_has_no_token_for() {
    let asset = include_bytes!("../../../assets/smollm2/smollm2.bin");
    let model = Smollm2::from_asset(til_core::registry::SMOLLM2.name, asset)
        .expect("the committed asset loads");
    // Six control characters, and the lead bytes of planes 4–11 (their other bytes stay and
    // decode as U+FFFD), as Hugging Face tokenizers drops them.
    let dropped = |b: &u8| [0x04, 0x06, 0x13, 0x14, 0x16, 0x1D, 0xF1, 0xF2].contains(b);
    fuzz(&model, 5, |text| {
        let kept: Vec<u8> = text.bytes().filter(|b| !dropped(b)).collect();
        String::from_utf8_lossy(&kept).into_owned()
    });
}
