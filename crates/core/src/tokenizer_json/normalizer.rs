//! Normalizers, as Hugging Face `tokenizers` 0.23 runs them on each stretch of text between added
//! tokens: `Sequence`, the four Unicode forms, `Lowercase`, `Strip`, `StripAccents`, `Replace`,
//! `Prepend`, and `BertNormalizer` as BERT's uncased models configure it (clean text, CJK apart,
//! accents stripped, lower case), and `Precompiled` (SentencePiece's character map, grapheme by
//! grapheme). Leaves out (refused by name): `Nmt`, `ByteLevel`, and `BertNormalizer` with other
//! options.

use serde_json::Value;
use unicode_normalization::char::is_combining_mark;
use unicode_segmentation::UnicodeSegmentation;

use super::normalized::{Form, Normalized};
use super::pattern::Pattern;
use super::Unsupported;
use crate::sentencepiece::charsmap::Charsmap;
use crate::wordpiece::normalise::push_normalised;

#[derive(Clone, Debug)]
pub enum Normalizer {
    Sequence(Vec<Normalizer>),
    Unicode(Form),
    Lowercase,
    Strip {
        left: bool,
        right: bool,
    },
    StripAccents,
    Replace {
        pattern: Pattern,
        content: String,
    },
    Prepend(String),
    BertUncased,
    /// SentencePiece's character map, as `spm_precompiled` applies it.
    Precompiled(Charsmap),
}

impl Normalizer {
    /// The normalizer `json` describes (`null` is none).
    pub fn from_json(json: &Value) -> Result<Option<Normalizer>, Unsupported> {
        if json.is_null() {
            return Ok(None);
        }
        let kind = json["type"].as_str().unwrap_or("(no type)");
        let component = format!("the {kind} normalizer");
        let normalizer = match kind {
            "Sequence" => Normalizer::Sequence(
                json["normalizers"]
                    .as_array()
                    .ok_or_else(|| Unsupported::new(&component, "it has no list"))?
                    .iter()
                    .filter_map(|n| Normalizer::from_json(n).transpose())
                    .collect::<Result<_, _>>()?,
            ),
            "NFC" => Normalizer::Unicode(Form::Nfc),
            "NFD" => Normalizer::Unicode(Form::Nfd),
            "NFKC" => Normalizer::Unicode(Form::Nfkc),
            "NFKD" => Normalizer::Unicode(Form::Nfkd),
            "Lowercase" => Normalizer::Lowercase,
            "Strip" => Normalizer::Strip {
                left: json["strip_left"].as_bool().unwrap_or(false),
                right: json["strip_right"].as_bool().unwrap_or(false),
            },
            "StripAccents" => Normalizer::StripAccents,
            "Replace" => Normalizer::Replace {
                pattern: Pattern::from_json(&json["pattern"], &component)?,
                content: text_field(json, "content", &component)?,
            },
            "Prepend" => Normalizer::Prepend(text_field(json, "prepend", &component)?),
            "BertNormalizer" => {
                let on = |key: &str| json[key].as_bool();
                let lowercase = on("lowercase").unwrap_or(true);
                let strip = on("strip_accents").unwrap_or(lowercase);
                if !(on("clean_text").unwrap_or(true)
                    && on("handle_chinese_chars").unwrap_or(true)
                    && lowercase
                    && strip)
                {
                    return Err(Unsupported::new(
                        &component,
                        "only BERT's uncased options are supported (clean text, CJK, strip accents, lowercase)",
                    ));
                }
                Normalizer::BertUncased
            }
            "Precompiled" => {
                let blob = json["precompiled_charsmap"]
                    .as_str()
                    .and_then(base64)
                    .ok_or_else(|| Unsupported::new(&component, "it has no base64 charsmap"))?;
                let charsmap = Charsmap::parse(&blob)
                    .map_err(|_| Unsupported::new(&component, "its charsmap is damaged"))?;
                Normalizer::Precompiled(charsmap)
            }
            _ => return Err(Unsupported::new(&component, "it is not supported")),
        };
        Ok(Some(normalizer))
    }

    pub fn normalize(&self, text: &mut Normalized) {
        match self {
            Normalizer::Sequence(all) => all.iter().for_each(|n| n.normalize(text)),
            Normalizer::Unicode(form) => text.unicode(*form),
            Normalizer::Lowercase => text.map_chars(|c, out| out.extend(c.to_lowercase())),
            Normalizer::Strip { left, right } => text.strip(*left, *right),
            Normalizer::StripAccents => text.map_chars(|c, out| {
                if !is_combining_mark(c) {
                    out.push(c)
                }
            }),
            Normalizer::Replace { pattern, content } => {
                let matches = pattern.matches(text.as_str());
                text.replace_ranges(matches.into_iter().map(|m| (m, content.as_str())));
            }
            Normalizer::Prepend(prefix) => {
                if !text.is_empty() {
                    text.prepend(prefix);
                }
            }
            Normalizer::BertUncased => text.map_chars(push_normalised),
            Normalizer::Precompiled(charsmap) => precompiled(charsmap, text),
        }
    }
}

/// Hugging Face's `Precompiled`: each grapheme under 6 bytes that starts with a rule becomes that
/// rule's replacement whole (the rule may cover less of it: so `tokenizers` does it, on purpose);
/// otherwise each character with a rule becomes its replacement.
fn precompiled(charsmap: &Charsmap, text: &mut Normalized) {
    let rule = |part: &str| {
        let (_, out) = charsmap.shortest_rule(part.as_bytes())?;
        std::str::from_utf8(out).ok()
    };
    let mut replacements = Vec::new();
    for (at, grapheme) in text.as_str().grapheme_indices(true) {
        if let Some(out) = rule(grapheme).filter(|_| grapheme.len() < 6) {
            replacements.push((at..at + grapheme.len(), out));
            continue;
        }
        for (inner, c) in grapheme.char_indices() {
            let start = at + inner;
            let part = &grapheme[inner..inner + c.len_utf8()];
            if let Some(out) = rule(part) {
                replacements.push((start..start + part.len(), out));
            }
        }
    }
    text.replace_ranges(replacements);
}

/// Standard base64 (with padding) decoded; `None` if it is not.
fn base64(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let body = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let (mut bits, mut count) = (0u32, 0);
    for &c in body {
        bits = bits << 6 | u32::from(value(c)?);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    Some(out)
}

pub(super) fn text_field(json: &Value, key: &str, component: &str) -> Result<String, Unsupported> {
    json[key]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| Unsupported::new(component, &format!("it has no `{key}` string")))
}
