//! Pre-tokenizers, as Hugging Face `tokenizers` 0.23 runs them: each cuts every piece so far into
//! smaller ones (never across), with the five ways a `Split` treats what it matched. `ByteLevel`
//! cuts by GPT-2's pattern if asked and marks the pieces as bytes for the model (the model's
//! vocabulary is read through GPT-2's byte table instead of mapping each piece). `UnicodeScripts`
//! cuts where the script changes, by `tokenizers`' own script table (unicode_scripts.rs). Leaves
//! out (refused by name): `CharDelimiterSplit`, `Split` after `ByteLevel`.

use serde_json::Value;

use std::ops::Range;

use super::known_pattern;
use super::normalized::Normalized;
use super::normalizer::text_field;
use super::pattern::Pattern;
use super::unicode_scripts::SCRIPTS;
use super::Unsupported;
use crate::wordpiece::pretokenise::is_punctuation;

/// A text cut into (range, is a match), end to end.
type Matches = Vec<(Range<usize>, bool)>;

/// What a split keeps of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Behavior {
    Removed,
    Isolated,
    MergedWithPrevious,
    MergedWithNext,
    Contiguous,
}

#[derive(Clone, Debug)]
pub enum PreTokenizer {
    Sequence(Vec<PreTokenizer>),
    Split {
        pattern: Pattern,
        behavior: Behavior,
        invert: bool,
    },
    /// GPT-2's byte-level step: a space in front if asked, then GPT-2's pattern if asked.
    ByteLevel {
        add_prefix_space: bool,
        regex: Option<Pattern>,
    },
    Metaspace {
        replacement: char,
        prepend: Prepend,
        split: bool,
    },
    /// A cut wherever the script changes (characters of no script, like the space, never cut).
    UnicodeScripts,
}

/// When `Metaspace` puts its replacement in front of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prepend {
    Always,
    /// Only where the piece starts the input.
    First,
    Never,
}

impl PreTokenizer {
    /// The pre-tokenizer `json` describes (`null` is none).
    pub fn from_json(json: &Value) -> Result<Option<PreTokenizer>, Unsupported> {
        if json.is_null() {
            return Ok(None);
        }
        let kind = json["type"].as_str().unwrap_or("(no type)");
        let component = format!("the {kind} pre-tokenizer");
        let split = |pattern: Pattern, behavior| PreTokenizer::Split {
            pattern,
            behavior,
            invert: false,
        };
        let pre_tokenizer = match kind {
            "Sequence" => {
                let steps: Vec<PreTokenizer> = json["pretokenizers"]
                    .as_array()
                    .ok_or_else(|| Unsupported::new(&component, "it has no list"))?
                    .iter()
                    .filter_map(|p| PreTokenizer::from_json(p).transpose())
                    .collect::<Result<_, _>>()?;
                let byte_level = steps.iter().position(PreTokenizer::is_byte_level);
                if byte_level.is_some_and(|at| at + 1 != steps.len()) {
                    return Err(Unsupported::new(
                        &component,
                        "a step after ByteLevel would see mapped bytes, which is not supported",
                    ));
                }
                PreTokenizer::Sequence(steps)
            }
            "Split" => PreTokenizer::Split {
                pattern: Pattern::from_json(&json["pattern"], &component)?,
                behavior: behavior(&json["behavior"], &component)?,
                invert: json["invert"].as_bool().unwrap_or(false),
            },
            "ByteLevel" => PreTokenizer::ByteLevel {
                add_prefix_space: json["add_prefix_space"].as_bool().unwrap_or(true),
                regex: match json["use_regex"].as_bool().unwrap_or(true) {
                    true => Some(Pattern::regex(known_pattern::GPT2, &component)?),
                    false => None,
                },
            },
            "Metaspace" => {
                let replacement = text_field(json, "replacement", &component)?;
                let mut chars = replacement.chars();
                let (Some(replacement), None) = (chars.next(), chars.next()) else {
                    return Err(Unsupported::new(
                        &component,
                        "its replacement is not one character",
                    ));
                };
                let prepend = match (
                    json["prepend_scheme"].as_str(),
                    json["add_prefix_space"].as_bool(),
                ) {
                    (Some("always"), _) | (None, Some(true) | None) => Prepend::Always,
                    (Some("first"), _) => Prepend::First,
                    (Some("never"), _) | (None, Some(false)) => Prepend::Never,
                    (Some(other), _) => {
                        return Err(Unsupported::new(
                            &component,
                            &format!("the prepend scheme `{other}` is unknown"),
                        ))
                    }
                };
                PreTokenizer::Metaspace {
                    replacement,
                    prepend,
                    split: json["split"].as_bool().unwrap_or(true),
                }
            }
            "Whitespace" => PreTokenizer::Split {
                pattern: Pattern::regex(r"\w+|[^\w\s]+", &component)?,
                behavior: Behavior::Removed,
                invert: true,
            },
            "WhitespaceSplit" => split(Pattern::Chars(char::is_whitespace), Behavior::Removed),
            "Digits" => split(
                Pattern::Chars(char::is_numeric),
                match json["individual_digits"].as_bool().unwrap_or(false) {
                    true => Behavior::Isolated,
                    false => Behavior::Contiguous,
                },
            ),
            "Punctuation" => split(
                Pattern::Chars(is_punctuation),
                match json.get("behavior") {
                    Some(b) => behavior(b, &component)?,
                    None => Behavior::Isolated,
                },
            ),
            "UnicodeScripts" => PreTokenizer::UnicodeScripts,
            "BertPreTokenizer" => PreTokenizer::Sequence(vec![
                split(Pattern::Chars(char::is_whitespace), Behavior::Removed),
                split(Pattern::Chars(is_punctuation), Behavior::Isolated),
            ]),
            _ => return Err(Unsupported::new(&component, "it is not supported")),
        };
        Ok(Some(pre_tokenizer))
    }

    /// Whether this pre-tokenizer ends in `ByteLevel` (the model then reads bytes).
    pub fn is_byte_level(&self) -> bool {
        match self {
            PreTokenizer::ByteLevel { .. } => true,
            PreTokenizer::Sequence(steps) => steps.last().is_some_and(PreTokenizer::is_byte_level),
            _ => false,
        }
    }

    /// Every piece of `pieces` cut further; empty pieces are dropped.
    pub fn pre_tokenize(&self, pieces: Vec<Normalized>) -> Vec<Normalized> {
        match self {
            PreTokenizer::Sequence(steps) => steps
                .iter()
                .fold(pieces, |pieces, step| step.pre_tokenize(pieces)),
            _ => pieces
                .into_iter()
                .flat_map(|piece| self.cut(piece))
                .filter(|piece| !piece.is_empty())
                .collect(),
        }
    }

    /// Whether every step only cuts and never changes the text, so that pieces can stay ranges
    /// of it ([`PreTokenizer::cut_ranges`]) instead of texts of their own.
    pub fn only_cuts(&self) -> bool {
        match self {
            PreTokenizer::Sequence(steps) => steps.iter().all(PreTokenizer::only_cuts),
            PreTokenizer::Split { .. } | PreTokenizer::UnicodeScripts => true,
            PreTokenizer::ByteLevel {
                add_prefix_space, ..
            } => !add_prefix_space,
            PreTokenizer::Metaspace { .. } => false,
        }
    }

    /// What [`PreTokenizer::pre_tokenize`] makes of `text`, as ranges of it handed to `each` in
    /// order, for a pre-tokenizer that [`only_cuts`](PreTokenizer::only_cuts). Each piece goes
    /// through the later steps as soon as it is cut, so no step keeps a list of them.
    pub fn cut_ranges(&self, text: &str, each: &mut dyn FnMut(Range<usize>)) {
        if !text.is_empty() {
            cut_steps(std::slice::from_ref(self), text, 0..text.len(), each);
        }
    }
    /// Where a step that only cuts cuts `text`: its matches, covering it, and what it keeps of
    /// them (`None`: it keeps `text` whole).
    fn cuts(&self, text: &str) -> Option<(Matches, Behavior)> {
        match self {
            PreTokenizer::Split {
                pattern,
                behavior,
                invert,
            } => {
                let mut matches = pattern.find_matches(text);
                if *invert {
                    matches.iter_mut().for_each(|m| m.1 = !m.1);
                }
                Some((matches, *behavior))
            }
            PreTokenizer::ByteLevel { regex, .. } => regex
                .as_ref()
                .map(|pattern| (pattern.find_matches(text), Behavior::Isolated)),
            PreTokenizer::UnicodeScripts => Some((script_runs(text), Behavior::Removed)),
            PreTokenizer::Sequence(_) | PreTokenizer::Metaspace { .. } => None,
        }
    }

    /// One step on one piece; empty pieces are dropped.
    fn cut(&self, mut piece: Normalized) -> Vec<Normalized> {
        match self {
            PreTokenizer::Sequence(_) => self.pre_tokenize(vec![piece]),
            PreTokenizer::Metaspace {
                replacement,
                prepend,
                split: cut,
            } => {
                piece.map_chars(|c, out| out.push(if c == ' ' { *replacement } else { c }));
                let front = match prepend {
                    Prepend::Always => true,
                    Prepend::First => piece.original_start() == 0,
                    Prepend::Never => false,
                };
                if front && !piece.as_str().starts_with(*replacement) {
                    piece.prepend(replacement.encode_utf8(&mut [0; 4]));
                }
                if !cut {
                    return vec![piece];
                }
                // Each replacement character a match, the runs between them one span each.
                let mut matches: Vec<(Range<usize>, bool)> = Vec::new();
                for (at, c) in piece.as_str().char_indices() {
                    let is_match = c == *replacement;
                    match matches.last_mut() {
                        Some(last) if !is_match && !last.1 => last.0.end = at + c.len_utf8(),
                        _ => matches.push((at..at + c.len_utf8(), is_match)),
                    }
                }
                split(&piece, matches, Behavior::MergedWithNext)
            }
            _ => {
                if let PreTokenizer::ByteLevel {
                    add_prefix_space: true,
                    ..
                } = self
                {
                    if !piece.as_str().starts_with(' ') {
                        piece.prepend(" ");
                    }
                }
                match self.cuts(piece.as_str()) {
                    Some((matches, behavior)) => split(&piece, matches, behavior),
                    None => vec![piece],
                }
            }
        }
    }
}
/// The script class of `c` in `tokenizers`' table (0: "Any").
fn script_class(c: char) -> u8 {
    let c = c as u32;
    SCRIPTS
        .binary_search_by(|&(first, last, _)| {
            if last < c {
                std::cmp::Ordering::Less
            } else if first > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .map_or(0, |i| SCRIPTS[i].2)
}

/// `text` as runs for [`split`] to keep (false) or drop (true): a run starts at every character whose
/// script differs from the last character's that had one. As `tokenizers` does, characters of no
/// script before the first that has one are dropped, and a text of them alone gives no piece.
fn script_runs(text: &str) -> Vec<(Range<usize>, bool)> {
    let mut starts = Vec::new();
    let mut last = None;
    for (at, c) in text.char_indices() {
        let class = script_class(c);
        if class != 0 && last != Some(class) {
            starts.push(at);
        }
        if class != 0 {
            last = Some(class);
        }
    }
    let first = starts.first().copied().unwrap_or(text.len());
    let mut runs = vec![(0..first, true)];
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(text.len());
        runs.push((start..end, false));
    }
    runs
}

fn behavior(json: &Value, component: &str) -> Result<Behavior, Unsupported> {
    Ok(match json.as_str() {
        Some("Removed") => Behavior::Removed,
        Some("Isolated") => Behavior::Isolated,
        Some("MergedWithPrevious") => Behavior::MergedWithPrevious,
        Some("MergedWithNext") => Behavior::MergedWithNext,
        Some("Contiguous") => Behavior::Contiguous,
        _ => return Err(Unsupported::new(component, "its split behavior is unknown")),
    })
}

/// `range` of `text` (not empty) through `steps`, each piece that comes out handed to `each`.
fn cut_steps(
    steps: &[PreTokenizer],
    text: &str,
    range: Range<usize>,
    each: &mut dyn FnMut(Range<usize>),
) {
    let Some((step, later)) = steps.split_first() else {
        return each(range);
    };
    let mut next = |r: Range<usize>| cut_steps(later, text, r, each);
    let piece = &text[range.clone()];
    match step {
        PreTokenizer::Sequence(inner) => cut_steps(inner, text, range, &mut next),
        // A lexer's matches are its pieces, which `Isolated` keeps as they are.
        PreTokenizer::Split {
            pattern: Pattern::Known(known),
            behavior: Behavior::Isolated,
            ..
        } => {
            let mut at = 0;
            while at < piece.len() {
                let len = known.piece_len(&piece[at..]);
                next(range.start + at..range.start + at + len);
                at += len;
            }
        }
        _ => match step.cuts(piece) {
            Some((matches, behavior)) => split_ranges(matches, behavior)
                .for_each(|r| next(range.start + r.start..range.start + r.end)),
            None => next(range),
        },
    }
}

/// `piece` cut at `matches` (covering it end to end), as `NormalizedString::split` does.
fn split(
    piece: &Normalized,
    matches: Vec<(Range<usize>, bool)>,
    behavior: Behavior,
) -> Vec<Normalized> {
    split_ranges(matches, behavior)
        .map(|r| piece.slice(r))
        .collect()
}

/// The pieces [`split`] keeps, as ranges; none is empty.
fn split_ranges(
    matches: Vec<(Range<usize>, bool)>,
    behavior: Behavior,
) -> impl Iterator<Item = Range<usize>> {
    // (range, remove)
    let mut parts: Vec<(Range<usize>, bool)> = Vec::with_capacity(matches.len());
    match behavior {
        Behavior::Isolated => parts.extend(matches.into_iter().map(|(r, _)| (r, false))),
        Behavior::Removed => parts = matches,
        Behavior::Contiguous => {
            let mut previous = false;
            for (r, is_match) in matches {
                match parts.last_mut() {
                    Some(last) if is_match == previous => last.0.end = r.end,
                    _ => parts.push((r, false)),
                }
                previous = is_match;
            }
        }
        Behavior::MergedWithPrevious => {
            let mut previous = false;
            for (r, is_match) in matches {
                match parts.last_mut() {
                    Some(last) if is_match && !previous => last.0.end = r.end,
                    _ => parts.push((r, false)),
                }
                previous = is_match;
            }
        }
        Behavior::MergedWithNext => {
            let mut previous = false;
            for (r, is_match) in matches.into_iter().rev() {
                match parts.last_mut() {
                    Some(last) if is_match && !previous => last.0.start = r.start,
                    _ => parts.push((r, false)),
                }
                previous = is_match;
            }
            parts.reverse();
        }
    }
    parts
        .into_iter()
        .filter(|(r, remove)| !remove && !r.is_empty())
        .map(|(r, _)| r)
}

#[cfg(test)]
mod tests {
    use super::script_runs;

    /// The pieces `tokenizers` 0.23.3's UnicodeScripts gives (probed with its Python binding).
    fn pieces(text: &str) -> Vec<&str> {
        script_runs(text)
            .into_iter()
            .filter(|(range, dropped)| !dropped && !range.is_empty())
            .map(|(range, _)| &text[range])
            .collect()
    }

    #[test]
    fn unicode_scripts_cuts_as_tokenizers_does() {
        assert_eq!(
            pieces("Hello世界こんにちはカタカナー 123 abcαβγ,x"),
            [
                "Hello",
                "世界こんにちはカタカナー ",
                "123 ",
                "abc",
                "αβγ",
                ",",
                "x"
            ]
        );
        // Characters of no script in front are dropped; alone they give nothing.
        assert_eq!(pieces(" a"), ["a"]);
        assert_eq!(pieces("  "), Vec::<&str>::new());
        assert_eq!(pieces("a b"), ["a b"]);
        assert_eq!(pieces(" 1a"), ["1", "a"]);
        // A combining mark has a script of its own (Inherited); Katakana counts as Han.
        assert_eq!(pieces("a\u{301}"), ["a", "\u{301}"]);
        assert_eq!(pieces("カa"), ["カ", "a"]);
        assert_eq!(pieces("\u{0}a"), ["\u{0}", "a"]);
    }
}
