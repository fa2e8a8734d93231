//! Special tokens typed in the text: `tokenizers` finds BERT's five special tokens (`[PAD]`, `[UNK]`,
//! `[CLS]`, `[SEP]`, `[MASK]`) in the raw input before normalising, exactly as written (they are
//! "added tokens" with `normalized: false`), anywhere, even inside a word: `a[MASK]b` is `a`,
//! `[MASK]`, `b`, while `[mask]` is normalised and split like any text into `[`, `mask`, `]`.
//! Leaves out: user-defined added tokens (this tokenizer has none).

use super::SPECIAL_TOKENS;

/// A stretch of the raw input: text to normalise, or one special token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment<'a> {
    Text(&'a str),
    Special(&'static str),
}

/// Splits `text` at every special token, leftmost first (none is a prefix of another, so leftmost
/// is also longest). Empty text stretches are left out.
pub fn segments(text: &str) -> Vec<Segment<'_>> {
    let mut found = Vec::new();
    let mut plain_from = 0;
    let mut at = 0;
    while let Some(offset) = text[at..].find('[') {
        at += offset;
        match SPECIAL_TOKENS.iter().find(|s| text[at..].starts_with(**s)) {
            Some(special) => {
                if plain_from < at {
                    found.push(Segment::Text(&text[plain_from..at]));
                }
                found.push(Segment::Special(special));
                at += special.len();
                plain_from = at;
            }
            None => at += 1,
        }
    }
    if plain_from < text.len() {
        found.push(Segment::Text(&text[plain_from..]));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::{segments, Segment};

    #[test]
    fn specials_are_found_anywhere_but_only_as_written() {
        use Segment::{Special, Text};
        assert_eq!(
            segments("a[MASK]b [mask] [CLS]"),
            [
                Text("a"),
                Special("[MASK]"),
                Text("b [mask] "),
                Special("[CLS]")
            ]
        );
        assert_eq!(
            segments("[[SEP]]"),
            [Text("["), Special("[SEP]"), Text("]")]
        );
        assert_eq!(segments("[unused1] [UNK"), [Text("[unused1] [UNK")]);
        assert!(segments("").is_empty());
    }
}
