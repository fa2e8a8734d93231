//! UTF-8 anatomy: why a byte-level token can end mid-character. A character is one to four UTF-8
//! bytes, and byte-level BPE merges bytes, not characters; so a token may hold the first bytes
//! of an emoji and the next token the rest. For the characters a token cuts, each byte and the
//! token it went to.

use std::ops::Range;

/// One character of the text, byte by byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharBytes {
    pub character: char,
    /// Each UTF-8 byte, with the index of the token that holds it (`None`: a byte the tokenizer
    /// dropped).
    pub bytes: Vec<(u8, Option<usize>)>,
}

/// The characters of `text` that token `token` (of tokens covering `spans`, byte ranges in order)
/// starts or ends inside of; empty when it holds whole characters.
pub fn anatomy(text: &str, spans: &[Range<usize>], token: usize) -> Vec<CharBytes> {
    let Some(span) = spans.get(token) else {
        return Vec::new();
    };
    let cuts = |at: usize| at < text.len() && !text.is_char_boundary(at);
    if !cuts(span.start) && !cuts(span.end) {
        return Vec::new();
    }
    let holder = |byte: usize| spans.iter().position(|s| s.contains(&byte));
    text.char_indices()
        .filter(|&(at, c)| {
            let inside = at + 1..at + c.len_utf8();
            inside.contains(&span.start) || inside.contains(&span.end)
        })
        .map(|(at, c)| CharBytes {
            character: c,
            bytes: (at..at + c.len_utf8())
                .map(|b| (text.as_bytes()[b], holder(b)))
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::anatomy;

    #[test]
    fn a_token_that_ends_inside_an_emoji_shows_its_bytes_and_their_tokens() {
        // "a🦀": tokens "a" + the first two bytes of the crab, then its last two.
        let text = "a🦀";
        let spans = [0..3, 3..5];
        let cut = anatomy(text, &spans, 0);
        assert_eq!(cut.len(), 1);
        assert_eq!(cut[0].character, '🦀');
        let bytes: Vec<(u8, Option<usize>)> = cut[0].bytes.clone();
        assert_eq!(
            bytes,
            [
                (0xF0, Some(0)),
                (0x9F, Some(0)),
                (0xA6, Some(1)),
                (0x80, Some(1))
            ]
        );
        assert_eq!(anatomy(text, &spans, 1), cut);
    }

    #[test]
    fn a_token_of_whole_characters_has_none() {
        assert!(anatomy("héllo", &[0..3, 3..6], 0).is_empty());
        assert!(anatomy("héllo", &[0..3, 3..6], 9).is_empty());
    }
}
