//! SentencePiece's normalizer, step for step as `normalizer.cc` does it:
//! 1. with `remove_extra_whitespaces`, drop leading input that normalizes to a space;
//! 2. with `add_dummy_prefix`, start with `▁` (or end with it when whitespace is a suffix);
//! 3. at each position, a user-defined symbol passes unchanged, else the longest charsmap rule
//!    replaces its input, else one character passes unchanged;
//! 4. spaces become `▁` (`escape_whitespaces`), runs of spaces collapse to one and trailing ones
//!    go (`remove_extra_whitespaces`).
//!
//! Alongside the normalized text it keeps, for each normalized byte, the input byte it came from,
//! so tokens can point back at the text the user typed. Leaves out: the rule-TSV form of
//! normalizers (only the compiled charsmap is in model files).

use super::charsmap::Charsmap;
use super::model_file::NormalizerSpec;
use super::user_symbols::UserSymbols;

const SPACE: &str = "\u{2581}";

/// A model's normalizer.
#[derive(Clone, Debug)]
pub(super) struct Normalizer {
    charsmap: Option<Charsmap>,
    add_dummy_prefix: bool,
    remove_extra_whitespaces: bool,
    escape_whitespaces: bool,
    whitespace_as_suffix: bool,
}

/// A normalized text and, for each of its bytes plus one past the end, the input offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Normalized {
    pub text: String,
    pub to_input: Vec<usize>,
}

impl Normalizer {
    pub fn new(
        spec: &NormalizerSpec,
        charsmap: Option<Charsmap>,
        whitespace_as_suffix: bool,
    ) -> Normalizer {
        Normalizer {
            charsmap,
            add_dummy_prefix: spec.add_dummy_prefix,
            remove_extra_whitespaces: spec.remove_extra_whitespaces,
            escape_whitespaces: spec.escape_whitespaces,
            whitespace_as_suffix,
        }
    }

    /// What the input prefix of `input` (non-empty) becomes, and how many input bytes it takes.
    fn prefix<'a>(&'a self, input: &'a str, users: &UserSymbols) -> (&'a str, usize) {
        if let Some(len) = users.longest_match(input) {
            return (&input[..len], len);
        }
        let rule = self
            .charsmap
            .as_ref()
            .and_then(|c| c.longest_rule(input.as_bytes()));
        // A rule must end on a character boundary and give UTF-8; a damaged one is ignored.
        if let Some((len, out)) = rule.filter(|(len, _)| input.is_char_boundary(*len)) {
            if let Ok(out) = std::str::from_utf8(out) {
                return (out, len);
            }
        }
        let len = input.chars().next().map_or(0, char::len_utf8);
        (&input[..len], len)
    }

    pub fn normalize(&self, input: &str, users: &UserSymbols) -> Normalized {
        let mut out = Normalized {
            text: String::with_capacity(input.len() + 3),
            to_input: Vec::with_capacity(input.len() + 4),
        };
        let mut consumed = 0;
        let mut rest = input;
        if self.remove_extra_whitespaces {
            while !rest.is_empty() {
                let (piece, len) = self.prefix(rest, users);
                if piece != " " {
                    break;
                }
                rest = &rest[len..];
                consumed += len;
            }
        }
        if rest.is_empty() {
            return Normalized {
                text: String::new(),
                to_input: vec![0],
            };
        }
        let space = if self.escape_whitespaces { SPACE } else { " " };
        let push = |out: &mut Normalized, s: &str, from: usize| {
            out.text.push_str(s);
            out.to_input.extend(std::iter::repeat_n(from, s.len()));
        };
        if self.add_dummy_prefix && !self.whitespace_as_suffix {
            push(&mut out, space, consumed);
        }
        let mut prev_space = self.remove_extra_whitespaces;
        while !rest.is_empty() {
            let (mut piece, len) = self.prefix(rest, users);
            if prev_space {
                piece = piece.trim_start_matches(' ');
            }
            if !piece.is_empty() {
                for part in piece.split_inclusive(' ') {
                    match part.strip_suffix(' ') {
                        Some(word) => {
                            push(&mut out, word, consumed);
                            push(&mut out, space, consumed);
                        }
                        None => push(&mut out, part, consumed),
                    }
                }
                prev_space = piece.ends_with(' ');
            }
            consumed += len;
            rest = &rest[len..];
            if !self.remove_extra_whitespaces {
                prev_space = false;
            }
        }
        if self.remove_extra_whitespaces {
            while out.text.ends_with(space) {
                let len = out.text.len() - space.len();
                consumed = out.to_input[len];
                out.text.truncate(len);
                out.to_input.truncate(len);
            }
        }
        if self.add_dummy_prefix && self.whitespace_as_suffix {
            push(&mut out, space, consumed);
        }
        out.to_input.push(consumed);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{Normalized, Normalizer, UserSymbols};
    use crate::sentencepiece::model_file::NormalizerSpec;

    fn normalizer(add_dummy_prefix: bool, remove_extra_whitespaces: bool) -> Normalizer {
        let spec = NormalizerSpec {
            name: "identity".into(),
            precompiled_charsmap: Vec::new(),
            add_dummy_prefix,
            remove_extra_whitespaces,
            escape_whitespaces: true,
        };
        Normalizer::new(&spec, None, false)
    }

    #[test]
    fn a_dummy_prefix_and_escaped_spaces_point_back_at_the_input() {
        let n = normalizer(true, false).normalize("a  b", &UserSymbols::default());
        assert_eq!(n.text, "▁a▁▁b");
        // ▁ is three bytes: the prefix points at 0, the spaces at 1 and 2.
        assert_eq!(n.to_input, [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 4]);
    }

    #[test]
    fn extra_whitespace_is_removed_at_both_ends_and_collapsed_inside() {
        let n = normalizer(true, true).normalize("  a   b  ", &UserSymbols::default());
        assert_eq!(n.text, "▁a▁b");
        assert_eq!(
            normalizer(true, true).normalize("   ", &UserSymbols::default()),
            Normalized {
                text: String::new(),
                to_input: vec![0]
            }
        );
    }
}
