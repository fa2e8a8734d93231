//! BERT's normaliser as `tokenizers` configures it for this model (`BertNormalizer` with clean text,
//! CJK split, lower-case, and accents stripped because `strip_accents` follows `lowercase`):
//!
//! 1. clean text: delete NUL, U+FFFD and control/format/private-use characters; whitespace → one space;
//! 2. CJK split: a space on either side of every CJK ideograph, so each becomes a word of its own;
//! 3. strip accents: canonical decomposition (NFD), then non-spacing marks deleted (é → e);
//! 4. lower-case, character by character (Rust's `char::to_lowercase`, no final-sigma rule).
//!
//! Each step works on one character at a time, so the whole is one table look-up per character
//! (unicode_tables.rs, read from `tokenizers` itself), plus Unicode's algorithm for Hangul syllables.
//! Leaves out: NFD's canonical reordering of combining marks. The marks it could move survive
//! normalisation only in words that become `[UNK]` (none of them is in the vocabulary; the table
//! generator checks that), so the token ids never depend on it.

use super::unicode_tables::{CJK, MAPPED, REMOVED, WHITESPACE};
use std::sync::OnceLock;

use crate::unicode::in_ranges;

const HANGUL_FIRST: u32 = 0xAC00;
const HANGUL_LAST: u32 = 0xD7A3;
/// Vowels × trailing consonants (21 × 28): the syllables per leading consonant.
const HANGUL_PER_LEAD: u32 = 588;
const HANGUL_TRAILS: u32 = 28;

/// What normalising one ASCII character gives: nothing (0) or one byte. Precomputed from the same
/// tables, because most text is ASCII.
const ASCII: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let code = i as u32;
        table[i] = if in_ranges(REMOVED, code) {
            0
        } else if in_ranges(WHITESPACE, code) {
            b' '
        } else {
            match ascii_mapped(i as u8) {
                Some(to) => to,
                None => code as u8,
            }
        };
        i += 1;
    }
    table
};

/// What an ASCII `code` becomes, from the start of the table (its ASCII entries come first, each
/// one byte, then what it becomes, then NUL); evaluated at compile time for [`ASCII`].
const fn ascii_mapped(code: u8) -> Option<u8> {
    let bytes = MAPPED.as_bytes();
    let mut i = 0;
    while i < bytes.len() && bytes[i] < 0x80 {
        let (key, value) = (bytes[i], bytes[i + 1]);
        if key == code {
            return Some(value);
        }
        // Past the key, what it becomes, and its NUL.
        i += 2;
        while bytes[i] != 0 {
            i += 1;
        }
        i += 1;
    }
    None
}

/// The table's replacement for `code`, if it has one: the table is read once into sorted pairs,
/// then searched.
fn mapped(code: u32) -> Option<&'static str> {
    static PAIRS: OnceLock<Vec<(u32, &'static str)>> = OnceLock::new();
    let pairs = PAIRS.get_or_init(|| {
        MAPPED
            .split_terminator('\0')
            .filter_map(|entry| {
                let key = entry.chars().next()?;
                Some((key as u32, &entry[key.len_utf8()..]))
            })
            .collect()
    });
    let at = pairs.binary_search_by_key(&code, |&(key, _)| key).ok()?;
    Some(pairs[at].1)
}

/// `text` normalised as BERT's normaliser does it.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_normalised(c, &mut out);
    }
    out
}

/// `text` normalised, with the byte offset in `text` of the character each output byte came from
/// (so a piece of the normalised text can be traced back to the input it stands for).
pub fn normalise_aligned(text: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut sources = Vec::with_capacity(text.len());
    for (at, c) in text.char_indices() {
        push_normalised(c, &mut out);
        sources.resize(out.len(), at);
    }
    (out, sources)
}

/// Appends what the normaliser makes of `c` (possibly nothing) to `out`.
pub fn push_normalised(c: char, out: &mut String) {
    let code = c as u32;
    if let Some(&byte) = ASCII.get(code as usize) {
        if byte != 0 {
            out.push(char::from(byte));
        }
    } else if in_ranges(REMOVED, code) {
        // Deleted: controls, format and private-use characters, stripped marks.
    } else if in_ranges(WHITESPACE, code) {
        out.push(' ');
    } else if in_ranges(CJK, code) {
        out.extend([' ', c, ' ']);
    } else if (HANGUL_FIRST..=HANGUL_LAST).contains(&code) {
        push_hangul_jamo(code, out);
    } else {
        match mapped(code) {
            Some(to) => out.push_str(to),
            None => out.push(c),
        }
    }
}

/// Unicode's algorithmic decomposition of a precomposed Hangul syllable into its leading consonant,
/// vowel and (unless there is none) trailing consonant.
fn push_hangul_jamo(code: u32, out: &mut String) {
    let s = code - HANGUL_FIRST;
    let lead = 0x1100 + s / HANGUL_PER_LEAD;
    let vowel = 0x1161 + (s % HANGUL_PER_LEAD) / HANGUL_TRAILS;
    let trail = s % HANGUL_TRAILS;
    let jamo = [
        Some(lead),
        Some(vowel),
        (trail > 0).then_some(0x11A7 + trail),
    ];
    // The jamo block is assigned, so every code here is a char.
    out.extend(jamo.into_iter().flatten().filter_map(char::from_u32));
}

#[cfg(test)]
mod tests {
    use super::{normalise, normalise_aligned};

    #[test]
    fn every_output_byte_points_at_its_input_character() {
        // "É" (2 bytes) becomes "e", the tab a space, "中" (3 bytes) " 中 ", the NUL nothing.
        let (out, sources) = normalise_aligned("Éa\t中\0b");
        assert_eq!(out, "ea  中 b");
        assert_eq!(sources, [0, 2, 3, 4, 4, 4, 4, 4, 8]);
    }

    #[test]
    fn worked_examples() {
        // Clean text: NUL, DEL, zero-width space go; tab, newline, no-break space become spaces.
        assert_eq!(normalise("a\0b\u{7f}c\u{200b}d"), "abcd");
        assert_eq!(normalise("a\tb\nc\u{a0}d"), "a b c d");
        // Accents: precomposed and combining forms both lose the mark; upper case goes lower.
        assert_eq!(normalise("Café CAFE\u{301}"), "cafe cafe");
        assert_eq!(normalise("İstanbul ΣΑΣ"), "istanbul σασ");
        // CJK ideographs stand alone; kana are not ideographs, and lose their voicing mark
        // (で → て) like any accent.
        assert_eq!(normalise("日本語です"), " 日  本  語 てす");
        // Hangul syllables decompose into jamo (한 = ᄒ ᅡ ᆫ).
        assert_eq!(normalise("한"), "\u{1112}\u{1161}\u{11ab}");
        // Emoji pass through unchanged (the vocabulary decides they are [UNK]).
        assert_eq!(normalise("🙂"), "🙂");
        assert_eq!(normalise(""), "");
    }
}
