//! Hugging Face BPE model files: `vocab.json` maps symbol -> id (the [`Vocab`] ids), `merges.txt` is
//! `#version: 0.2` then `left right` per merge in rank order.
//!
//! Written by hand (the crate has no dependencies), so JSON string escaping lives here. Left out:
//! `tokenizer.json` (pre-tokenizer, decoder and special-token settings) and writing files.

use std::fmt::Write;

use super::{Trace, Vocab};

/// `{"symbol": id, ...}` in id order, one entry per line; each string once, with its first id.
pub fn vocab_json(vocab: &Vocab) -> String {
    let mut out = String::from("{");
    for (n, (id, symbol)) in vocab.distinct().enumerate() {
        out.push_str(if n == 0 { "\n  " } else { ",\n  " });
        push_json_string(&mut out, symbol);
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

/// Appends `text` as a JSON string: quotes, backslashes and control characters escaped (RFC 8259),
/// plus U+2028/U+2029 so the output is also valid JavaScript; everything else as UTF-8.
fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_json() {
        let mut s = String::new();
        push_json_string(&mut s, "a\"b\\c\n\t\u{1}\u{7f}é😀\u{2028}");
        assert_eq!(s, "\"a\\\"b\\\\c\\n\\t\\u0001\u{7f}é😀\\u2028\"");
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
