//! Hugging Face BPE model files: `vocab.json` maps symbol -> id (the [`Vocab`] ids), `merges.txt` is
//! `#version: 0.2` then `left right` per merge in rank order, and `tokenizer.json` is the whole
//! tokenizer (normalizer, whitespace pre-tokenizer, the BPE model, decoder) in one file that
//! `tokenizers` loads and that encodes like [`Encoder`](super::Encoder), ids included. A byte-level
//! run's `tokenizer.json` has Hugging Face's `ByteLevel` pre-tokenizer and decoder instead (behind a
//! `Split` on the pattern for cl100k and o200k), and it also exports as tiktoken ranks
//! ([`ranks_tiktoken`]): each token's bytes in base64, then its id as the rank.
//!
//! Written by hand (the crate has no dependencies), so JSON string escaping lives here. Left out:
//! special tokens (the walkthrough has none), an `unk_token` (so `tokenizers` drops a character the
//! corpus never had, where the encoder keeps it as a symbol without an id), and writing files.

use std::fmt::Write;

use super::byte_level::{symbol_bytes, Pattern};
use super::{Trace, Vocab, END_OF_WORD};
use crate::json_string::{push_json_string, LineSeparators};

/// Rust's `char::is_whitespace` (Unicode White_Space), as inclusive ranges: the words of
/// `WordCounts::from_text` and of `split_whitespace` end exactly where these begin.
const WHITESPACE: [(char, char); 10] = [
    ('\u{9}', '\u{d}'),
    (' ', ' '),
    ('\u{85}', '\u{85}'),
    ('\u{a0}', '\u{a0}'),
    ('\u{1680}', '\u{1680}'),
    ('\u{2000}', '\u{200a}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{202f}', '\u{202f}'),
    ('\u{205f}', '\u{205f}'),
    ('\u{3000}', '\u{3000}'),
];
/// What the normalizer appends to every word; with the model's suffix it spells [`END_OF_WORD`].
const WORD_END_MARK: &str = "<";

/// `{"symbol": id, ...}` in id order, one entry per line; each string once, with its first id.
pub fn vocab_json(vocab: &Vocab) -> String {
    let mut out = String::from("{");
    for (n, (id, symbol)) in vocab.distinct().enumerate() {
        out.push_str(if n == 0 { "\n  " } else { ",\n  " });
        push_json_string(&mut out, symbol, LineSeparators::Escaped);
        // Writing to a String cannot fail.
        let _ = write!(out, ": {id}");
    }
    out.push_str("\n}\n");
    out
}

/// `#version: 0.2`, then `left right` per merge in rank order.
pub fn merges_txt(trace: &Trace) -> String {
    let vocab = trace.vocab();
    let mut out = String::from("#version: 0.2\n");
    for merge in trace.merges() {
        let _ = writeln!(
            out,
            "{} {}",
            vocab.symbol(merge.pair.left),
            vocab.symbol(merge.pair.right)
        );
    }
    out
}

/// Hugging Face `tokenizer.json` for the trace's tokenizer (loads in `tokenizers` 0.20 and later).
///
/// How `</w>` survives the trip: `tokenizers` glues a BPE model's `end_of_word_suffix` onto a word's
/// last character before merging, whereas here `</w>` is a symbol of its own that merges like any
/// other (`r` + `</w>` is a learned merge). So, with the marker on, a normalizer appends `<` to every
/// word and the suffix is `/w>`: the word's last "character" is then `<` + `/w>` = `</w>`, the very
/// symbol and id of `vocab.json`, and every merge applies as here. Without the marker there is no
/// normalizer and no suffix. The pre-tokenizer splits on whitespace as [`str::split_whitespace`].
pub fn tokenizer_json(trace: &Trace) -> String {
    // 1. With the marker: `<` after the last character of every word (an empty match there), the
    //    suffix that completes it, and the decoder that turns `</w>` back into a space.
    let (normalizer, suffix, decoder) = if trace.options().marks_word_ends() {
        let mut class = String::new();
        push_whitespace_class(&mut class);
        let pattern = format!("(?<=[^{class}])(?=[{class}]|\\z)");
        (
            format!(
                r#"{{"type": "Replace", "pattern": {{"Regex": {}}}, "content": {}}}"#,
                json_string(&pattern),
                json_string(WORD_END_MARK)
            ),
            json_string(&END_OF_WORD[WORD_END_MARK.len()..]),
            format!(
                r#"{{"type": "BPEDecoder", "suffix": {}}}"#,
                json_string(END_OF_WORD)
            ),
        )
    } else if trace.options().byte_level.is_some() {
        let decoder = byte_level_json(true);
        ("null".into(), "null".into(), decoder)
    } else {
        ("null".into(), "null".into(), "null".into())
    };
    let pre_tokenizer = match trace.options().byte_level {
        Some(pattern) => byte_level_pre_tokenizer(pattern),
        None => r#"{"type": "WhitespaceSplit"}"#.to_string(),
    };
    // 2. The vocabulary and the merges, as in vocab.json and merges.txt (pairs as arrays).
    let vocab = trace.vocab();
    let merges: Vec<String> = trace
        .merges()
        .map(|m| {
            let [left, right] = [m.pair.left, m.pair.right].map(|id| json_string(vocab.symbol(id)));
            format!("\n      [{left}, {right}]")
        })
        .collect();
    // 3. The whole file.
    let model = format!(
        r#"{{
    "type": "BPE",
    "dropout": null,
    "unk_token": null,
    "continuing_subword_prefix": null,
    "end_of_word_suffix": {suffix},
    "fuse_unk": false,
    "byte_fallback": false,
    "ignore_merges": false,
    "vocab": {},
    "merges": [{}
    ]
  }}"#,
        vocab_json(vocab).trim_end().replace('\n', "\n    "),
        merges.join(",")
    );
    tokenizer_file(&normalizer, &pre_tokenizer, &decoder, &model)
}

/// A `tokenizer.json` around its parts (each already JSON), with no special tokens, truncation,
/// padding or post-processor.
pub(crate) fn tokenizer_file(
    normalizer: &str,
    pre_tokenizer: &str,
    decoder: &str,
    model: &str,
) -> String {
    format!(
        r#"{{
  "version": "1.0",
  "truncation": null,
  "padding": null,
  "added_tokens": [],
  "normalizer": {normalizer},
  "pre_tokenizer": {pre_tokenizer},
  "post_processor": null,
  "decoder": {decoder},
  "model": {model}
}}
"#
    )
}

/// Hugging Face's `ByteLevel` (no prefix space); `use_regex` is GPT-2's pattern built in.
fn byte_level_json(use_regex: bool) -> String {
    format!(
        r#"{{"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": {use_regex}}}"#
    )
}

/// GPT-2's pattern is `ByteLevel`'s own; the others split first, each match a piece of its own.
fn byte_level_pre_tokenizer(pattern: Pattern) -> String {
    if pattern.name() == "gpt2" {
        return byte_level_json(true);
    }
    format!(
        r#"{{"type": "Sequence", "pretokenizers": [{{"type": "Split", "pattern": {{"Regex": {}}}, "behavior": "Isolated", "invert": false}}, {}]}}"#,
        json_string(pattern.regex()),
        byte_level_json(false)
    )
}

/// tiktoken's ranks format for a byte-level run: `BASE64 RANK` per token in id order, the rank
/// being our id, so tiktoken, which merges the adjacent pair whose bytes have the lowest rank,
/// encodes to the same ids. None when the run is not byte-level.
pub fn ranks_tiktoken(trace: &Trace) -> Option<String> {
    trace.options().byte_level?;
    let mut out = String::new();
    for (id, symbol) in trace.vocab().distinct() {
        // Every symbol of a byte-level run is stand-ins, so it has bytes.
        let bytes = symbol_bytes(symbol)?;
        push_base64(&mut out, &bytes);
        let _ = writeln!(out, " {id}");
    }
    Some(out)
}

/// Standard base64 (RFC 4648, with `=` padding), as tiktoken's `load_tiktoken_bpe` reads it.
fn push_base64(out: &mut String, bytes: &[u8]) {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for group in bytes.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            let digit = if i <= group.len() {
                ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char
            } else {
                '='
            };
            out.push(digit);
        }
    }
}

/// The inside of a regex character class holding [`WHITESPACE`], as Oniguruma `\x{..}` escapes.
fn push_whitespace_class(out: &mut String) {
    for (low, high) in WHITESPACE {
        let _ = write!(out, "\\x{{{:x}}}", low as u32);
        if high != low {
            let _ = write!(out, "-\\x{{{:x}}}", high as u32);
        }
    }
}

pub(crate) fn json_string(text: &str) -> String {
    let mut out = String::new();
    push_json_string(&mut out, text, LineSeparators::Escaped);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads_as_rfc_4648() {
        for (bytes, expected) in [
            (&b""[..], ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg=="),
            (b"\xff\x00\xfe", "/wD+"),
        ] {
            let mut out = String::new();
            push_base64(&mut out, bytes);
            assert_eq!(out, expected);
        }
    }

    #[test]
    fn byte_level_runs_export_ranks_and_byte_level_json() {
        let words = crate::bpe::WordCounts::from_chunks("aa aa", Pattern::Cl100k);
        let options = crate::bpe::TrainOptions::byte_level(Pattern::Cl100k, Default::default());
        let trace = crate::bpe::train(&words, options, 2).unwrap();
        let ranks = ranks_tiktoken(&trace).unwrap();
        assert_eq!(ranks.lines().count(), 258);
        // `!` (byte 0x21) is the first stand-in in code-point order; `a a`, then `Ġ aa`.
        assert_eq!(ranks.lines().next(), Some("IQ== 0"));
        assert!(ranks.ends_with("YWE= 256\nIGFh 257\n"), "{ranks}");
        let json = tokenizer_json(&trace);
        assert!(json.contains("\"type\": \"Split\""), "{json}");
        assert!(
            json.contains("\"decoder\": {\"type\": \"ByteLevel\""),
            "{json}"
        );
        assert!(
            ranks_tiktoken(&crate::bpe::train(&words, Default::default(), 1).unwrap()).is_none()
        );
    }

    #[test]
    fn whitespace_ranges_are_rusts() {
        let listed = |c: char| {
            WHITESPACE
                .iter()
                .any(|&(low, high)| (low..=high).contains(&c))
        };
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            assert_eq!(listed(c), c.is_whitespace(), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn tokenizer_json_of_the_seed() {
        let words = crate::bpe::WordCounts::from_pairs([("low".to_string(), 5)]);
        let trace = crate::bpe::train(&words, Default::default(), 2).unwrap();
        let json = tokenizer_json(&trace);
        // `l o` then `lo w`; `</w>` stays its own symbol, spelt by the `<` mark and the suffix.
        assert!(json.contains("\"end_of_word_suffix\": \"/w>\""), "{json}");
        assert!(json.contains("\"content\": \"<\""), "{json}");
        assert!(
            json.contains("\"merges\": [\n      [\"l\", \"o\"],\n      [\"lo\", \"w\"]\n    ]"),
            "{json}"
        );
        assert!(json.contains("\"vocab\": {\n      \"</w>\": 0,"), "{json}");
        assert!(json.contains("\\\\x{9}-\\\\x{d}\\\\x{20}"), "{json}");
    }

    #[test]
    fn vocab_lists_each_string_once() {
        let mut vocab = Vocab::from_alphabet(vec!["b".into(), "\"".into(), "a".into()]);
        vocab.push_merged("ab".into());
        vocab.push_merged("ab".into());
        assert_eq!(
            vocab_json(&vocab),
            "{\n  \"\\\"\": 0,\n  \"a\": 1,\n  \"b\": 2,\n  \"ab\": 3\n}\n"
        );
    }
}
