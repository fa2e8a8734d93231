//! The starting vocabulary, as sentencepiece's `MakeSeedSentencePieces` builds it: every character
//! (scored by its count in the corpus), then the substrings of the distinct words that occur at
//! least twice and are followed by more than one different character (the branching points of a
//! suffix tree, which is what sentencepiece's suffix array enumerates), scored by occurrences ×
//! length, best first, up to the seed size. Scores become log-probabilities.
//!
//! A piece is valid as sentencepiece's `IsValidSentencePiece` has it with the default options: at
//! most `max_piece_len` characters, `▁` only first, and one script throughout (digits and
//! punctuation are the Common script; Hiragana and Katakana count as Han; combining marks take
//! the script before them). Scripts come from Unicode blocks here, not from a script table: an
//! approximation that agrees on the scripts the lab's corpora use.

use super::WORD_START;
use crate::fxhash::FxHashMap;

/// A script, as a number: the first code point of its block (or [`COMMON`]).
type Script = u32;
const COMMON: Script = u32::MAX;
const INHERITED: Script = u32::MAX - 1;
const HAN: Script = 0x4E00;
const LATIN: Script = 0x41;

/// The seed pieces with log-probability scores: characters first, then substrings best first.
pub(super) fn seed_pieces(
    words: &[(String, u64)],
    max_piece_len: usize,
    seed_size: usize,
) -> Vec<(String, f64)> {
    // 1. Every character, weighted by its words' counts.
    let mut chars: FxHashMap<char, u64> = FxHashMap::default();
    for (word, count) in words {
        for c in word.chars() {
            *chars.entry(c).or_insert(0) += count;
        }
    }
    let mut seeds: Vec<(String, f64)> = chars
        .into_iter()
        .map(|(c, n)| (c.to_string(), n as f64))
        .collect();
    sort_best_first(&mut seeds);
    // 2. Repeated, branching substrings of two characters or more, each word counted once.
    #[derive(Clone, Copy)]
    struct Seen {
        count: u64,
        next: Option<char>,
        branches: bool,
    }
    let mut substrings: FxHashMap<&str, Seen> = FxHashMap::default();
    for (word, _) in words {
        let starts: Vec<usize> = word.char_indices().map(|(at, _)| at).collect();
        let chars: Vec<char> = word.chars().collect();
        for i in 0..chars.len() {
            let mut script = None;
            for end in i + 1..=chars.len().min(i + max_piece_len) {
                if !extends_validly(&mut script, chars[end - 1], end - 1 == i) {
                    break;
                }
                if end - i < 2 {
                    continue;
                }
                let text = &word[starts[i]..starts.get(end).copied().unwrap_or(word.len())];
                let next = chars.get(end).copied();
                let seen = substrings.entry(text).or_insert(Seen {
                    count: 0,
                    next,
                    branches: false,
                });
                seen.count += 1;
                seen.branches |= seen.next != next;
            }
        }
    }
    let mut repeated: Vec<(String, f64)> = substrings
        .into_iter()
        .filter(|(_, seen)| seen.count >= 2 && seen.branches)
        .map(|(text, seen)| {
            (
                text.to_string(),
                (seen.count * text.chars().count() as u64) as f64,
            )
        })
        .collect();
    sort_best_first(&mut repeated);
    let room = seed_size.saturating_sub(seeds.len());
    seeds.extend(repeated.into_iter().take(room));
    // 3. Scores to log-probabilities.
    let total: f64 = seeds.iter().map(|(_, score)| score).sum();
    for (_, score) in &mut seeds {
        *score = score.ln() - total.ln();
    }
    seeds
}

/// Highest score first, then the piece in code-point order (sentencepiece's `Sorted`).
pub(super) fn sort_best_first(pieces: &mut Vec<(String, f64)>) {
    crate::order::sort_by(pieces, |a, b| {
        b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0))
    });
}

/// Whether a piece may go on with `c` (`first`: it is the piece's first character); `script` is
/// the script so far.
fn extends_validly(script: &mut Option<Script>, c: char, first: bool) -> bool {
    if c == WORD_START {
        return first;
    }
    let mut here = script_of(c);
    if here == INHERITED {
        match *script {
            Some(before) => here = before,
            None => return true,
        }
    }
    match *script {
        Some(before) if before != here => false,
        _ => {
            *script = Some(here);
            true
        }
    }
}

/// The script of `c`, from its block.
fn script_of(c: char) -> Script {
    let code = c as u32;
    let combining = matches!(code, 0x300..=0x36F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F);
    if combining || (!c.is_alphanumeric() && is_mark_like(code)) {
        return INHERITED;
    }
    if !c.is_alphabetic() {
        return COMMON;
    }
    SCRIPT_BLOCKS
        .iter()
        .find(|&&(first, last, _)| (first..=last).contains(&code))
        // Other scripts have blocks of their own: South and South-East Asian scripts are 128
        // code points each from U+0900, the rest are told apart by their 128-code-point row.
        .map_or(code & !0x7F, |&(_, _, script)| script)
}

/// The blocks whose script their 128-code-point row does not tell: (first, last, script).
#[rustfmt::skip]
const SCRIPT_BLOCKS: [(u32, u32, Script); 36] = [
    (0, 0x2AF, LATIN), (0x1D00, 0x1DBF, LATIN), (0x1E00, 0x1EFF, LATIN), (0x2C60, 0x2C7F, LATIN),
    (0xA720, 0xA7FF, LATIN), (0xAB30, 0xAB6F, LATIN), (0xFF21, 0xFF5A, LATIN),
    (0x370, 0x3FF, 0x370), (0x1F00, 0x1FFF, 0x370),
    (0x400, 0x52F, 0x400), (0x1C80, 0x1C8F, 0x400), (0x2DE0, 0x2DFF, 0x400), (0xA640, 0xA69F, 0x400),
    (0x600, 0x6FF, 0x600), (0x750, 0x77F, 0x600), (0x8A0, 0x8FF, 0x600), (0xFB50, 0xFDFF, 0x600),
    (0xFE70, 0xFEFF, 0x600),
    (0x1100, 0x11FF, 0xAC00), (0x3130, 0x318F, 0xAC00), (0xA960, 0xA97F, 0xAC00),
    (0xAC00, 0xD7FF, 0xAC00), (0xFFA0, 0xFFDC, 0xAC00),
    (0x2E80, 0x2FDF, HAN), (0x3005, 0x3007, HAN), (0x3021, 0x3029, HAN), (0x3038, 0x303B, HAN),
    (0x3040, 0x30FF, HAN), (0x31F0, 0x31FF, HAN), (0x3400, 0x4DBF, HAN), (0x4E00, 0x9FFF, HAN),
    (0xF900, 0xFAFF, HAN), (0xFF66, 0xFF9F, HAN), (0x20000, 0x3FFFF, HAN),
    (0x1200, 0x139F, 0x1200), (0x2D80, 0x2DDF, 0x1200),
];

/// Spacing and enclosing marks of Indic and other scripts that `is_alphanumeric` leaves out.
fn is_mark_like(code: u32) -> bool {
    matches!(code, 0x900..=0xDFF | 0xF00..=0x109F | 0x1780..=0x17FF)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(piece: &str) -> bool {
        let mut script = None;
        piece
            .chars()
            .enumerate()
            .all(|(i, c)| extends_validly(&mut script, c, i == 0))
    }

    #[test]
    fn pieces_keep_one_script_and_the_mark_first() {
        for piece in [
            "▁the",
            "the",
            "12",
            "1,",
            "▁...",
            "é",
            "e\u{301}t",
            "日本語",
            "ひらがな漢字",
            "▁Привет",
        ] {
            assert!(valid(piece), "{piece}");
        }
        for piece in ["a▁", "th1", "a,", "▁aб", "ab日"] {
            assert!(!valid(piece), "{piece}");
        }
    }

    #[test]
    fn seeds_are_characters_then_branching_repeats() {
        let words = [
            ("▁abc".to_string(), 3),
            ("▁abd".to_string(), 1),
            ("▁xbc".to_string(), 1),
        ];
        let seeds = seed_pieces(&words, 16, 100);
        let names: Vec<&str> = seeds.iter().map(|(p, _)| p.as_str()).collect();
        // `▁` and `b` in all 5 words come first; `bc` repeats (2×2=4) but is followed by nothing
        // both times, so only `▁ab` (2×3) and `b` … `ab` (2×2, then c and d) branch.
        assert_eq!(&names[..2], ["b", "▁"]);
        assert!(names.contains(&"▁ab") && names.contains(&"ab"), "{names:?}");
        assert!(
            !names.contains(&"bc") && !names.contains(&"▁abc"),
            "{names:?}"
        );
        let total: f64 = seeds.iter().map(|(_, s)| s.exp()).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}
