//! Normalizers, as Hugging Face `tokenizers` 0.23 runs them on each stretch of text between added
//! tokens: `Sequence`, the four Unicode forms, `Lowercase`, `Strip`, `StripAccents`, `Replace`,
//! `Prepend`, and `BertNormalizer` as BERT's uncased models configure it (clean text, CJK apart,
//! accents stripped, lower case). Leaves out (refused by name): `Precompiled` (SentencePiece's
//! character map; open the `.model` file instead), `Nmt`, `ByteLevel`, and `BertNormalizer` with
//! other options.

use serde_json::Value;
use unicode_normalization::char::is_combining_mark;

use super::normalized::{Form, Normalized};
use super::pattern::Pattern;
use super::Unsupported;
use crate::wordpiece::normalise::push_normalised;

#[derive(Clone, Debug)]
pub enum Normalizer {
    Sequence(Vec<Normalizer>),
    Unicode(Form),
    Lowercase,
    Strip { left: bool, right: bool },
    StripAccents,
    Replace { pattern: Pattern, content: String },
    Prepend(String),
    BertUncased,
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
                text.replace_ranges(&matches, content);
            }
            Normalizer::Prepend(prefix) => {
                if !text.is_empty() {
                    text.prepend(prefix);
                }
            }
            Normalizer::BertUncased => text.map_chars(push_normalised),
        }
    }
}

pub(super) fn text_field(json: &Value, key: &str, component: &str) -> Result<String, Unsupported> {
    json[key]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| Unsupported::new(component, &format!("it has no `{key}` string")))
}
