//! o200k_base's pre-tokenizer (GPT-4o), by hand, matching the pattern as js-tiktoken runs it in V8:
//!
//! ```text
//! [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+('s|'t|'re|'ve|'m|'ll|'d)?
//! |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*('s|'t|'re|'ve|'m|'ll|'d)?
//! |\p{N}{1,3} | ?[^\s\p{L}\p{N}]+[\r\n/]* |\s*[\r\n]+ |\s+(?!\S) |\s+
//! ```
//!
//! (the contractions in every mix of cases). Words are cut at case changes: "upper" letters (Lu,
//! Lt, and Lm, Lo and marks, which belong to both classes) may lead a run of "lower" ones, so
//! `HelloWorld` is `Hello` and `World`. The first alternative's backtracking, worked out: after the
//! longest run of upper-class characters, a lower-only letter continues the word; failing that, the
//! word ends just after the run's last character that belongs to both classes. The second
//! alternative takes an all-upper word. The rest is cl100k_base's ([`super::cl100k`]).
//! Leaves out: Python tiktoken's possessive-quantifier pattern, which can differ on rare inputs.

use super::cl100k::{contraction_len, is_line_break, rest_len, run, Tail};
use super::unicode_tables::{MARK, MODIFIER, UPPER};
use crate::gpt2::{char_class, CharClass};
use crate::tokenizer::Pieces;
use crate::unicode::{in_alternating_ranges, in_ranges};

/// Splits `text` into o200k_base pre-tokens; concatenating them gives `text` back.
pub fn pretokenize(text: &str) -> Pieces<'_> {
    Pieces::new(text, piece_len)
}

/// Where a character stands in the two letter classes of the pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// Lu, Lt: the upper class only.
    Upper,
    /// Ll: the lower class only.
    Lower,
    /// Lm, Lo (letters) and M (marks, not letters): both classes.
    Both,
    /// Neither class.
    Neither,
}

/// The case V8 gives `c`: inlined for ASCII, the common case; the tables only past it.
#[inline]
pub(super) fn case(c: char) -> Case {
    match c {
        'A'..='Z' => Case::Upper,
        'a'..='z' => Case::Lower,
        _ if c.is_ascii() => Case::Neither,
        _ => non_ascii_case(c),
    }
}

#[inline(never)]
fn non_ascii_case(c: char) -> Case {
    let code = c as u32;
    // Letters are Lu, Lt, Ll, Lm or Lo: a letter in neither table is Ll.
    if char_class(c) == CharClass::Letter {
        if in_alternating_ranges(UPPER, code) {
            Case::Upper
        } else if in_ranges(MODIFIER, code) {
            Case::Both
        } else {
            Case::Lower
        }
    } else if in_ranges(MARK, code) {
        Case::Both
    } else {
        Case::Neither
    }
}

/// Byte length of the piece that starts `rest` (non-empty); always at least one character.
fn piece_len(rest: &str) -> usize {
    let tail = Tail {
        trailing: line_break_or_slash,
        digits: 3,
        char_class,
    };
    cased_piece_len(rest, contraction_len, tail, case)
}

/// `[\r\n/]`: what may follow a run of other characters in the case-splitting patterns.
pub(crate) fn line_break_or_slash(c: char) -> bool {
    is_line_break(c) || c == '/'
}

/// The piece of the case-splitting patterns (o200k_base, Tekken, and o200k's in Oniguruma for
/// gpt-oss), each with its own contraction suffixes (`contraction`: their byte length at the
/// start of a rest, or 0), tail, and the cases of its regex engine (`case`).
pub(crate) fn cased_piece_len(
    rest: &str,
    contraction: fn(&str) -> usize,
    tail: Tail,
    case: fn(char) -> Case,
) -> usize {
    let is_upperish = |c| matches!(case(c), Case::Upper | Case::Both);
    let is_lowerish = |c| matches!(case(c), Case::Lower | Case::Both);
    let first = rest.chars().next().expect("rest is not empty");
    // The optional leading character: not a line break, letter or number (marks may lead).
    let class = (tail.char_class)(first);
    let can_lead =
        !is_line_break(first) && class != CharClass::Letter && class != CharClass::Number;
    let starts: &[usize] = if can_lead {
        &[first.len_utf8(), 0]
    } else {
        &[0]
    };
    // 1. A word that has a lower-class letter, with its optional contraction.
    for &start in starts {
        if let Some(end) = mixed_word(rest, start, is_upperish, is_lowerish) {
            return end + contraction(&rest[end..]);
        }
    }
    // 2. A word of upper-class letters, then any lower-class ones.
    for &start in starts {
        if rest[start..].chars().next().is_some_and(is_upperish) {
            let end = run(rest, run(rest, start, is_upperish), is_lowerish);
            return end + contraction(&rest[end..]);
        }
    }
    // 3.–7. Numbers, other characters (then `[\r\n/]*`: line breaks, and slashes after them),
    //    whitespace: as cl100k_base.
    rest_len(rest, tail)
}

/// `[upper]*[lower]+` from byte `start`: its end, if it matches.
fn mixed_word(
    rest: &str,
    start: usize,
    is_upperish: impl Fn(char) -> bool + Copy,
    is_lowerish: impl Fn(char) -> bool + Copy,
) -> Option<usize> {
    let upper_end = run(rest, start, is_upperish);
    if rest[upper_end..].chars().next().is_some_and(is_lowerish) {
        return Some(run(rest, upper_end, is_lowerish));
    }
    // Backtrack into the upper run: the word ends after its last character of both classes.
    rest[start..upper_end]
        .char_indices()
        .rfind(|&(_, c)| is_lowerish(c))
        .map(|(i, c)| start + i + c.len_utf8())
}
