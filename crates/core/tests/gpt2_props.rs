//! GPT-2 tokenizer property tests against a plain reference written here: the
//! pattern as a literal backtracking transcription, and the textbook O(n²) merge
//! loop. Random texts mix ASCII, accents, combining marks, CJK, emoji, digits,
//! contractions and whitespace runs; encode must agree and decode must invert it.
//! 256 cases per property in debug, 10,000 in release (`cargo test --release`).
//! Leaves out: character classes themselves (checked against node by
//! crates/cli/tests/gpt2_reference.rs) and fixed examples (gpt2_asset.rs).

use std::collections::HashMap;
use std::sync::OnceLock;

use proptest::prelude::*;
use til_core::gpt2::byte_table::byte_id;
use til_core::gpt2::{char_class, pretokenize, CharClass, Gpt2Tokenizer, END_OF_TEXT};

const ASSET: &[u8] = include_bytes!("../../../assets/gpt2/merges.bin");

/// The tokenizer, plus the reference's bytes → id map (the special token left out).
fn fixtures() -> &'static (Gpt2Tokenizer, HashMap<Vec<u8>, u32>) {
    static FIXTURES: OnceLock<(Gpt2Tokenizer, HashMap<Vec<u8>, u32>)> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let tok = Gpt2Tokenizer::from_asset(ASSET).expect("committed asset is valid");
        let vocab = (0..END_OF_TEXT)
            .map(|id| (tok.token_bytes(id).unwrap().to_vec(), id))
            .collect();
        (tok, vocab)
    })
}

fn cases() -> u32 {
    if cfg!(debug_assertions) {
        256
    } else {
        10_000
    }
}

// ---- Reference pre-tokenizer: each alternative of the pattern, tried in order. ----

const CONTRACTIONS: [&str; 7] = ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d"];

fn is_space(c: char) -> bool {
    char_class(c) == CharClass::Space
}

/// ` ?X+`: with the optional space first, then without it, as a backtracking engine tries.
fn space_then_run(cs: &[char], class: fn(char) -> bool) -> Option<usize> {
    let with_space = usize::from(cs.first() == Some(&' '));
    [with_space, 0].into_iter().find_map(|skip| {
        let run = cs[skip..].iter().take_while(|&&c| class(c)).count();
        (run > 0).then_some(skip + run)
    })
}

/// `\s+(?!\S)`: the longest whitespace run first, shrinking until no non-space follows.
fn spaces_not_before_nonspace(cs: &[char]) -> Option<usize> {
    let max = cs.iter().take_while(|&&c| is_space(c)).count();
    (1..=max)
        .rev()
        .find(|&n| cs.get(n).is_none_or(|&c| is_space(c)))
}

/// `\s+`: the whole whitespace run.
fn spaces(cs: &[char]) -> Option<usize> {
    let run = cs.iter().take_while(|&&c| is_space(c)).count();
    (run > 0).then_some(run)
}

fn reference_pieces(text: &str) -> Vec<String> {
    let cs: Vec<char> = text.chars().collect();
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let rest = &cs[i..];
        let len = CONTRACTIONS
            .iter()
            .find(|c| rest.iter().take(c.len()).copied().eq(c.chars()))
            .map(|c| c.len())
            .or_else(|| space_then_run(rest, |c| char_class(c) == CharClass::Letter))
            .or_else(|| space_then_run(rest, |c| char_class(c) == CharClass::Number))
            .or_else(|| space_then_run(rest, |c| char_class(c) == CharClass::Other))
            .or_else(|| spaces_not_before_nonspace(rest))
            .or_else(|| spaces(rest))
            .expect("the pattern matches at every position");
        pieces.push(rest[..len].iter().collect());
        i += len;
    }
    pieces
}

// ---- Reference merge: the plain loop, rescanning every pair after every merge. ----

fn reference_bpe(vocab: &HashMap<Vec<u8>, u32>, piece: &[u8]) -> Vec<u32> {
    if let Some(&id) = vocab.get(piece) {
        return vec![id];
    }
    let mut parts: Vec<Vec<u8>> = piece.iter().map(|&b| vec![b]).collect();
    loop {
        // Lowest rank wins; on a tie the leftmost, as (rank, index) orders.
        let best = (0..parts.len().saturating_sub(1))
            .filter_map(|i| {
                vocab
                    .get(&[parts[i].as_slice(), &parts[i + 1]].concat())
                    .map(|&r| (r, i))
            })
            .min();
        let Some((_, i)) = best else { break };
        let right = parts.remove(i + 1);
        parts[i].extend(right);
    }
    parts.iter().map(|p| vocab[p]).collect()
}

fn reference_encode(text: &str) -> Vec<u32> {
    let (_, vocab) = fixtures();
    reference_pieces(text)
        .iter()
        .flat_map(|p| reference_bpe(vocab, p.as_bytes()))
        .collect()
}

// ---- Random text: chunks from mixed alphabets, some of them long runs. ----

fn chunk() -> impl Strategy<Value = String> {
    let pick =
        |items: &'static [&'static str]| proptest::sample::select(items).prop_map(str::to_string);
    prop_oneof![
        4 => "[a-zA-Z]{1,12}",
        2 => "[0-9]{1,8}",
        2 => "[ !-/:-@\\[-`{-~]{1,4}",
        2 => pick(&["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'T", "'RE", "DON'T", "don't", "I'M"]),
        3 => pick(&[" ", "  ", "   ", "\t", "\n", "\n\n", "\r\n", " \t ", "\u{a0}", "\u{3000}", "\u{85}", "\u{feff}", "\u{b}"]),
        2 => pick(&["é", "É", "ñ", "ü", "ß", "ø", "ł", "ğ", "ı", "İ", "œ", "ǅ", "ª"]),
        2 => pick(&["e\u{301}", "a\u{308}\u{304}", "\u{301}", "n\u{303}", "\u{93f}", "क्षि", "\u{e31}"]),
        2 => "[\u{4e00}-\u{9fff}\u{3040}-\u{30ff}\u{ac00}-\u{d7a3}]{1,6}",
        2 => pick(&["😀", "👍🏽", "👩‍👩‍👧‍👦", "🏳️‍🌈", "🤷🏽‍♀️", "🇫🇷", "❤️", "\u{200d}", "\u{fe0f}"]),
        1 => pick(&["½", "²", "Ⅻ", "٣", "௰", "𝟙", "①"]),
        1 => pick(&["\u{0}", "\u{1f}", "\u{7f}", "\u{ad}", "\u{10ffff}", "\u{e000}", "<|endoftext|>"]),
        1 => (proptest::sample::select(&["a", " ", "\n", "é", "😀", "1", "!", "ab", " a"][..]), 2usize..300)
            .prop_map(|(s, n)| s.repeat(n)),
    ]
}

fn text() -> impl Strategy<Value = String> {
    (prop::collection::vec(chunk(), 0..24), any::<bool>()).prop_map(|(chunks, space)| {
        // Sometimes a leading space: GPT-2 joins it to what follows.
        let lead = if space { " " } else { "" };
        format!("{lead}{}", chunks.concat())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn pieces_match_the_pattern(s in text()) {
        let pieces: Vec<&str> = pretokenize(&s).collect();
        prop_assert_eq!(pieces.concat(), s.clone());
        prop_assert_eq!(pieces, reference_pieces(&s));
    }

    #[test]
    fn encode_matches_the_plain_loop(s in text()) {
        let (tok, _) = fixtures();
        prop_assert_eq!(tok.encode(&s), reference_encode(&s));
    }

    #[test]
    fn decode_inverts_encode(s in text()) {
        let (tok, _) = fixtures();
        prop_assert_eq!(tok.decode(&tok.encode(&s)), Ok(s));
    }

    #[test]
    fn decode_inverts_encode_on_any_string(s in any::<String>()) {
        let (tok, _) = fixtures();
        let ids = tok.encode(&s);
        prop_assert_eq!(tok.decode(&ids), Ok(s.clone()));
        prop_assert_eq!(ids, reference_encode(&s));
    }

    #[test]
    fn detail_matches_encode(s in text()) {
        let (tok, _) = fixtures();
        let detail = tok.encode_detailed(&s);
        let bytes: Vec<u8> = detail.iter().flat_map(|t| t.bytes.clone()).collect();
        prop_assert_eq!(bytes, s.as_bytes().to_vec());
        prop_assert_eq!(detail.iter().map(|t| t.id).collect::<Vec<_>>(), tok.encode(&s));
    }

    #[test]
    fn traces_replay_to_the_encoding(s in text()) {
        let (tok, vocab) = fixtures();
        for piece in pretokenize(&s) {
            // Replay each step on (offset, id) parts, checking it joins what it says.
            let mut parts: Vec<(usize, u32)> = piece.bytes().enumerate().map(|(i, b)| (i, byte_id(b))).collect();
            for step in tok.trace_merges(piece.as_bytes()) {
                let at = parts.iter().position(|&(offset, _)| offset == step.offset);
                let at = at.filter(|&at| at + 1 < parts.len());
                prop_assert!(at.is_some(), "step {:?} at no part boundary", step);
                let at = at.unwrap_or_default();
                prop_assert_eq!((parts[at].1, parts[at + 1].1), (step.left, step.right));
                parts[at].1 = step.merged;
                parts.remove(at + 1);
            }
            let ids: Vec<u32> = parts.iter().map(|&(_, id)| id).collect();
            prop_assert_eq!(ids, reference_bpe(vocab, piece.as_bytes()));
        }
    }
}

#[test]
fn long_pieces_match_the_plain_loop() {
    let (tok, _) = fixtures();
    for text in [
        "a".repeat(1_500),
        " ".repeat(1_500),
        "ab".repeat(700),
        "😀".repeat(300),
        "1".repeat(1_000),
    ] {
        assert_eq!(
            tok.encode(&text),
            reference_encode(&text),
            "{:?}…",
            &text[..8]
        );
    }
}
