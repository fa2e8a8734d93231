//! A JSON string literal (RFC 8259), as the exports and the chat templates' `tojson` write it:
//! `"` and `\` escaped, `\n` `\r` `\t` `\b` `\f` by name, other control characters as `\u00XX`,
//! everything else as UTF-8 (as Python's `json.dumps(ensure_ascii=False)`). Where the output may be
//! read as JavaScript too, U+2028 and U+2029 are escaped as well.
use std::fmt::Write;

/// Whether U+2028 and U+2029 are escaped (JavaScript reads them as line ends) or kept (Python's
/// `json` keeps them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineSeparators {
    Escaped,
    Kept,
}

/// Appends `text` to `out` as a JSON string literal.
pub fn push_json_string(out: &mut String, text: &str, separators: LineSeparators) {
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
            '\u{2028}' | '\u{2029}' if separators == LineSeparators::Escaped => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if c < ' ' => {
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
    fn escapes_as_json_and_line_separators_only_when_asked() {
        let text = "a\"b\\c\n\t\u{1}\u{7f}é😀\u{2028}";
        let mut s = String::new();
        push_json_string(&mut s, text, LineSeparators::Escaped);
        assert_eq!(s, "\"a\\\"b\\\\c\\n\\t\\u0001\u{7f}é😀\\u2028\"");
        let mut s = String::new();
        push_json_string(&mut s, text, LineSeparators::Kept);
        assert_eq!(s, "\"a\\\"b\\\\c\\n\\t\\u0001\u{7f}é😀\u{2028}\"");
    }
}
