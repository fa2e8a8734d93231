//! The query string's own encoding: `key=value` pairs joined by `&`, with `+` for a space and
//! `%XX` for any other byte that is not a plain letter, digit or `-._~` (as `URLSearchParams` reads
//! and writes it). Decoding never fails: a `%` not followed by two hex digits stays a `%`, as
//! browsers keep it, and bytes that are not UTF-8 come back as an error value for the caller to
//! note. Left out: `;` as a separator (no browser writes it) and the fragment (`#…`), which the
//! page reads on its own.

/// The pairs of a query string (`?` optional), in order; a part without `=` has an empty value and
/// empty parts (`a=1&&b=2`) are skipped. Each side is decoded on its own.
pub fn pairs(query: &str) -> impl Iterator<Item = (Decoded, Decoded)> + '_ {
    query
        .strip_prefix('?')
        .unwrap_or(query)
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            (decode(key), decode(value))
        })
}

/// A decoded key or value: the text, or `Err` with the raw form when its bytes are not UTF-8.
pub type Decoded = Result<String, String>;

/// `+` → space, `%XX` → that byte; everything else as it is.
pub fn decode(raw: &str) -> Decoded {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let digit = |at: usize| bytes.get(at).and_then(|&b| hex(b));
                match (digit(i + 1), digit(i + 2)) {
                    (Some(high), Some(low)) => {
                        out.push(high << 4 | low);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| raw.to_string())
}

/// `text` for a query string: letters, digits and `-._~` as they are, a space as `+`, every other
/// byte of its UTF-8 as `%XX`.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(byte as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

fn hex(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_any_text() {
        for text in [
            "dog bit man",
            "a+b=c&d",
            "naïve café 👍🏽",
            "100%",
            "%zz",
            "",
            "\n\t\u{0}",
        ] {
            assert_eq!(decode(&encode(text)), Ok(text.to_string()), "{text:?}");
        }
        assert_eq!(encode("king & queen"), "king+%26+queen");
    }

    #[test]
    fn broken_escapes_stay_literal() {
        assert_eq!(decode("100%"), Ok("100%".into()));
        assert_eq!(decode("%zz%4"), Ok("%zz%4".into()));
        assert_eq!(decode("%4g"), Ok("%4g".into()));
        assert_eq!(decode("%41%62+c"), Ok("Ab c".into()));
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_error() {
        assert_eq!(decode("%FF%FE"), Err("%FF%FE".into()));
        assert_eq!(decode("%C3"), Err("%C3".into()));
        assert_eq!(decode("%C3%A9"), Ok("é".into()));
    }

    #[test]
    fn pairs_in_order() {
        let found: Vec<_> = pairs("?a=1&&b&c=x%3Dy=z").collect();
        assert_eq!(
            found,
            vec![
                (Ok("a".into()), Ok("1".into())),
                (Ok("b".into()), Ok(String::new())),
                (Ok("c".into()), Ok("x=y=z".into())),
            ]
        );
    }
}
