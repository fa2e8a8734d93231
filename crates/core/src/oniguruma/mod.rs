//! The character classes of Oniguruma, the regex engine Hugging Face `tokenizers` runs its `Split`
//! and `ByteLevel` patterns in: `\p{L}`, `\p{N}` and `\s` as that engine has them, which are older
//! than Rust's and JavaScript's (U+0085 is a space, U+FEFF is not). The hand-written lexers of the
//! patterns we know (SmolLM2's GPT-2 pattern, Llama 3's, Qwen's) classify characters with these,
//! so they cut as `tokenizers` does; o200k's pattern (gpt-oss) also sorts letters by case. Leaves out: the tables themselves (unicode_tables.rs, probed
//! from `tokenizers` by `cargo xtask zoo`).

mod unicode_tables;

use self::unicode_tables::{LETTERS, MARK, MODIFIER, NUMBERS, SPACES, UPPER};
use crate::gpt2::CharClass;
use crate::tiktoken::o200k::Case;
use crate::unicode::in_ranges;

/// The class Oniguruma gives `c`.
pub fn char_class(c: char) -> CharClass {
    if c.is_ascii() {
        return match c {
            '\t'..='\r' | ' ' => CharClass::Space,
            'a'..='z' | 'A'..='Z' => CharClass::Letter,
            '0'..='9' => CharClass::Number,
            _ => CharClass::Other,
        };
    }
    let code = c as u32;
    if in_ranges(LETTERS, code) {
        CharClass::Letter
    } else if in_ranges(NUMBERS, code) {
        CharClass::Number
    } else if in_ranges(SPACES, code) {
        CharClass::Space
    } else {
        CharClass::Other
    }
}

/// Where Oniguruma puts `c` in the two letter classes of o200k's pattern (`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`
/// and `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`), as gpt-oss's tokenizer.json writes it.
pub fn case(c: char) -> Case {
    match c {
        'A'..='Z' => Case::Upper,
        'a'..='z' => Case::Lower,
        _ if c.is_ascii() => Case::Neither,
        // Each letter is Lu, Lt, Ll, Lm or Lo (the probe checks): one in neither table is Ll.
        _ if in_ranges(LETTERS, c as u32) => {
            if in_ranges(UPPER, c as u32) {
                Case::Upper
            } else if in_ranges(MODIFIER, c as u32) {
                Case::Both
            } else {
                Case::Lower
            }
        }
        _ if in_ranges(MARK, c as u32) => Case::Both,
        _ => Case::Neither,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lexers read ASCII from V8's table for every engine (`cl100k::Tail::class`): Oniguruma's
    /// and Rust regex's (Tekken's) classes must agree with it there.
    #[test]
    fn engines_agree_on_ascii() {
        for c in (0u8..128).map(char::from) {
            let v8 = crate::gpt2::char_class(c);
            assert_eq!(crate::tiktoken::tekken::char_class(c), v8, "{c:?}");
            assert_eq!(char_class(c), v8, "{c:?}");
        }
    }

    #[test]
    fn classes_follow_oniguruma_not_rust() {
        assert_eq!(char_class('é'), CharClass::Letter);
        assert_eq!(char_class('٣'), CharClass::Number);
        assert_eq!(char_class('½'), CharClass::Number);
        // Oniguruma's \s has NEL and not the byte-order mark; Rust's is_whitespace agrees on
        // NEL only.
        assert_eq!(char_class('\u{85}'), CharClass::Space);
        assert_eq!(char_class('\u{feff}'), CharClass::Other);
        assert_eq!(char_class('\u{a0}'), CharClass::Space);
        assert_eq!(char_class('!'), CharClass::Other);
        assert_eq!(
            ['É', 'é', 'ǅ', 'ʰ', '中', '\u{301}', '!'].map(case),
            [
                Case::Upper,
                Case::Lower,
                Case::Upper,
                Case::Both,
                Case::Both,
                Case::Both,
                Case::Neither
            ]
        );
    }
}
