//! A text being normalized, each byte remembering the bytes of the original input it came from, so
//! that tokens of the normalized text point back into what the reader typed (as Hugging Face's
//! `NormalizedString`). Leaves out: the alignment of a Unicode normalization that composes across
//! starters (its output then points at the whole changed run).

use std::ops::Range;

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{
    is_nfc_quick, is_nfd_quick, is_nfkc_quick, is_nfkd_quick, IsNormalized, UnicodeNormalization,
};

/// Normalized text and, per byte, the original byte range of the character it came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Normalized {
    text: String,
    /// Per byte; empty while `unchanged` holds.
    origin: Vec<(u32, u32)>,
    /// While nothing has changed the text, where it starts in the input: each byte then comes from
    /// its own character, and the per-byte list (8 bytes a byte) is not built.
    unchanged: Option<u32>,
}

/// The four Unicode normal forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Nfc,
    Nfd,
    Nfkc,
    Nfkd,
}

impl Normalized {
    /// `text` as it stands at `offset` bytes into the original input.
    pub fn new(text: &str, offset: usize) -> Normalized {
        Normalized {
            text: text.to_string(),
            origin: Vec::new(),
            unchanged: Some(offset as u32),
        }
    }

    /// Builds the per-byte list before a change.
    fn mapped(&mut self) {
        let Some(offset) = self.unchanged.take() else {
            return;
        };
        let offset = offset as usize;
        self.origin = Vec::with_capacity(self.text.len());
        for (at, c) in self.text.char_indices() {
            let range = ((offset + at) as u32, (offset + at + c.len_utf8()) as u32);
            self.origin.extend(std::iter::repeat_n(range, c.len_utf8()));
        }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The original byte range that normalized bytes `range` came from (empty where nothing did).
    pub fn original(&self, range: Range<usize>) -> Range<usize> {
        if let Some(offset) = self.unchanged {
            // Widened to whole characters, as the per-byte list would.
            let text = &self.text;
            let floor = |mut i: usize| {
                i = i.min(text.len());
                while !text.is_char_boundary(i) {
                    i -= 1;
                }
                i
            };
            let start = floor(range.start);
            let end = match range.end > range.start {
                true => {
                    let last = floor(range.end - 1);
                    last + text[last..].chars().next().map_or(0, char::len_utf8)
                }
                false => start,
            };
            return offset as usize + start..offset as usize + end;
        }
        match (self.origin.get(range.start), range.end.checked_sub(1)) {
            (Some(first), Some(last)) if range.end > range.start => {
                let last = self.origin[last];
                first.0 as usize..last.1.max(first.0) as usize
            }
            _ => {
                let at = self
                    .origin
                    .get(range.start)
                    .map(|o| o.0)
                    .or(self.origin.last().map(|o| o.1))
                    .unwrap_or(0) as usize;
                at..at
            }
        }
    }

    /// Where this text starts in the original input.
    pub fn original_start(&self) -> usize {
        match self.unchanged {
            Some(offset) => offset as usize,
            None => self.origin.first().map_or(0, |o| o.0 as usize),
        }
    }

    /// The part at normalized bytes `range` (on character boundaries), its origins kept.
    pub fn slice(&self, range: Range<usize>) -> Normalized {
        Normalized {
            text: self.text[range.clone()].to_string(),
            origin: match self.unchanged {
                Some(_) => Vec::new(),
                None => self.origin[range.clone()].to_vec(),
            },
            unchanged: self.unchanged.map(|offset| offset + range.start as u32),
        }
    }

    /// Each character replaced by what `f` writes for it (nothing removes it); what it writes
    /// comes from that character.
    pub fn map_chars(&mut self, mut f: impl FnMut(char, &mut String)) {
        self.mapped();
        let mut text = String::with_capacity(self.text.len());
        let mut origin = Vec::with_capacity(self.origin.len());
        for (at, c) in self.text.char_indices() {
            let before = text.len();
            f(c, &mut text);
            origin.extend(std::iter::repeat_n(self.origin[at], text.len() - before));
        }
        self.text = text;
        self.origin = origin;
    }

    /// Each of `replacements` (ordered, disjoint byte ranges, each with its new text) replaced;
    /// the new text comes from the whole range it replaces.
    pub fn replace_ranges<'a>(
        &mut self,
        replacements: impl IntoIterator<Item = (Range<usize>, &'a str)>,
    ) {
        self.mapped();
        let mut text = String::with_capacity(self.text.len());
        let mut origin = Vec::with_capacity(self.origin.len());
        let mut done = 0;
        for (m, content) in replacements {
            text.push_str(&self.text[done..m.start]);
            origin.extend_from_slice(&self.origin[done..m.start]);
            let from = self.original(m.clone());
            let range = (from.start as u32, from.end as u32);
            text.push_str(content);
            origin.extend(std::iter::repeat_n(range, content.len()));
            done = m.end;
        }
        text.push_str(&self.text[done..]);
        origin.extend_from_slice(&self.origin[done..]);
        self.text = text;
        self.origin = origin;
    }

    /// `prefix` put in front; it comes from nothing (an empty range where the text starts).
    pub fn prepend(&mut self, prefix: &str) {
        self.mapped();
        let at = self.original_start() as u32;
        let mut origin = vec![(at, at); prefix.len()];
        origin.append(&mut self.origin);
        self.origin = origin;
        self.text.insert_str(0, prefix);
    }

    /// Whitespace taken off the start and/or the end.
    pub fn strip(&mut self, left: bool, right: bool) {
        let end = if right {
            self.text.trim_end().len()
        } else {
            self.text.len()
        };
        let start = if left {
            end - self.text[..end].trim_start().len()
        } else {
            0
        };
        *self = self.slice(start..end);
    }

    /// The text in Unicode normal form `form`. The text is cut before each ASCII character (no
    /// character composes or reorders across one, and ASCII is in every form), so each stretch
    /// of other characters, with the ASCII one before it, is normalized alone, and only those
    /// that change are rebuilt ([`Normalized::push_form`]).
    pub fn unicode(&mut self, form: Form) {
        // Most text is already in the form asked; the quick check's "yes" is certain.
        if quick(&self.text, form) == IsNormalized::Yes {
            return;
        }
        let changed: Vec<(Range<usize>, String)> = beyond_ascii(&self.text)
            .filter_map(|region| {
                let part = &self.text[region.clone()];
                if quick(part, form) == IsNormalized::Yes {
                    return None;
                }
                let out = run_form(part, form);
                (out != part).then_some((region, out))
            })
            .collect();
        if changed.is_empty() {
            return;
        }
        self.mapped();
        let mut text = String::with_capacity(self.text.len());
        let mut origin = Vec::with_capacity(self.origin.len());
        let mut done = 0;
        for (region, whole) in changed {
            text.push_str(&self.text[done..region.start]);
            origin.extend_from_slice(&self.origin[done..region.start]);
            self.push_form(region.clone(), &whole, form, &mut text, &mut origin);
            done = region.end;
        }
        text.push_str(&self.text[done..]);
        origin.extend_from_slice(&self.origin[done..]);
        self.text = text;
        self.origin = origin;
    }

    /// Appends `region`, whose normal form is `whole`: each run from one starter to the next
    /// normalized alone so its output points at it; where that differs from `whole` (a
    /// composition across starters, as Hangul jamo), `whole` pointing at the whole region.
    fn push_form(
        &self,
        region: Range<usize>,
        whole: &str,
        form: Form,
        text: &mut String,
        origin: &mut Vec<(u32, u32)>,
    ) {
        let before = text.len();
        let part = &self.text[region.clone()];
        let starts: Vec<usize> = part
            .char_indices()
            .filter(|&(at, c)| at == 0 || canonical_combining_class(c) == 0)
            .map(|(at, _)| region.start + at)
            .chain([region.end])
            .collect();
        for pair in starts.windows(2) {
            let from = self.original(pair[0]..pair[1]);
            let out = run_form(&self.text[pair[0]..pair[1]], form);
            text.push_str(&out);
            origin.extend(std::iter::repeat_n(
                (from.start as u32, from.end as u32),
                out.len(),
            ));
        }
        if text[before..] != *whole {
            text.truncate(before);
            origin.truncate(before);
            let all = self.original(region);
            text.push_str(whole);
            origin.extend(std::iter::repeat_n(
                (all.start as u32, all.end as u32),
                whole.len(),
            ));
        }
    }
}

/// Whether `text` is certainly in `form` already.
fn quick(text: &str, form: Form) -> IsNormalized {
    let chars = text.chars();
    match form {
        Form::Nfc => is_nfc_quick(chars),
        Form::Nfd => is_nfd_quick(chars),
        Form::Nfkc => is_nfkc_quick(chars),
        Form::Nfkd => is_nfkd_quick(chars),
    }
}

/// Each stretch of `text` that is not ASCII, with the ASCII character before it (a combining mark
/// composes with it), in order.
fn beyond_ascii(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        let first = at + bytes[at..].iter().position(|b| !b.is_ascii())?;
        let end = first
            + bytes[first..]
                .iter()
                .position(u8::is_ascii)
                .unwrap_or(bytes.len() - first);
        at = end;
        Some(first.saturating_sub(1)..end)
    })
}

fn run_form(text: &str, form: Form) -> String {
    match form {
        Form::Nfc => text.nfc().collect(),
        Form::Nfd => text.nfd().collect(),
        Form::Nfkc => text.nfkc().collect(),
        Form::Nfkd => text.nfkd().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_text_points_back_without_a_list() {
        let n = Normalized::new("aé b", 5);
        assert_eq!(n.original(1..2), 6..8, "half of é is all of é");
        assert_eq!(n.original(0..5), 5..10);
        assert_eq!(n.original(5..5), 10..10);
        let tail = n.slice(3..5);
        assert_eq!(
            (tail.as_str(), tail.original(0..2), tail.original_start()),
            (" b", 8..10, 8)
        );
        let mut mapped = tail.clone();
        mapped.map_chars(|c, out| out.push(c));
        assert_eq!(mapped.original(0..2), 8..10, "the same once listed");
    }

    #[test]
    fn every_byte_points_back_at_what_made_it() {
        let mut n = Normalized::new("a b", 10);
        n.map_chars(|c, out| {
            if c == ' ' {
                out.push('▁')
            } else {
                out.push(c)
            }
        });
        assert_eq!(n.as_str(), "a▁b");
        assert_eq!(n.original(1..4), 11..12);
        n.prepend("▁");
        assert_eq!(n.original(0..3), 10..10);
        assert_eq!(n.original(3..4), 10..11);
    }

    #[test]
    fn unicode_forms_compose_and_keep_origins() {
        let mut n = Normalized::new("e\u{301}x", 0);
        n.unicode(Form::Nfc);
        assert_eq!(n.as_str(), "éx");
        assert_eq!(n.original(0..2), 0..3);
        assert_eq!(n.original(2..3), 3..4);
        // Hangul jamo compose across starters: the whole text's form, pointing at all of it.
        let mut h = Normalized::new("\u{1100}\u{1161}", 0);
        h.unicode(Form::Nfc);
        assert_eq!(h.as_str(), "가");
        assert_eq!(h.original(0..3), 0..6);
        // Only the stretches that change are rebuilt: the jamo point at themselves and the space
        // before them (their stretch), the rest at their own bytes.
        let mut mixed = Normalized::new("ab \u{1100}\u{1161} e\u{301}!", 0);
        mixed.unicode(Form::Nfc);
        assert_eq!(mixed.as_str(), "ab 가 é!");
        assert_eq!(mixed.original(0..2), 0..2);
        assert_eq!(mixed.original(2..6), 2..9);
        assert_eq!(mixed.original(6..7), 9..10);
        assert_eq!(mixed.original(7..9), 10..13);
        assert_eq!(mixed.original(9..10), 13..14);
    }

    #[test]
    fn stretches_beyond_ascii_start_at_the_ascii_character_before_them() {
        let text = "é ab c\u{301}\u{302}d 中文";
        let stretches: Vec<&str> = beyond_ascii(text).map(|r| &text[r]).collect();
        assert_eq!(stretches, ["é", "c\u{301}\u{302}", " 中文"]);
        assert_eq!(beyond_ascii("plain").count(), 0);
    }
}
