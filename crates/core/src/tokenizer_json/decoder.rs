//! Decoders, as Hugging Face `tokenizers` 0.23 chains them over the tokens' strings: `ByteLevel`,
//! `Metaspace`, `ByteFallback`, `Fuse`, `Strip`, `Replace`, `WordPiece`, `BPEDecoder` and
//! `Sequence`; with no decoder the tokens are joined by spaces. Leaves out: `CTC`.

use serde_json::Value;

use super::normalizer::text_field;
use super::pattern::Pattern;
use super::pre_tokenizer::Prepend;
use super::Unsupported;
use crate::gpt2::byte_table::char_byte;

#[derive(Clone, Debug)]
pub enum Decoder {
    Sequence(Vec<Decoder>),
    ByteLevel,
    Metaspace {
        replacement: char,
        prepend: Prepend,
    },
    ByteFallback,
    Fuse,
    Strip {
        content: char,
        start: usize,
        stop: usize,
    },
    Replace {
        pattern: Pattern,
        content: String,
    },
    WordPiece {
        prefix: String,
        cleanup: bool,
    },
    Bpe {
        suffix: String,
    },
}

impl Decoder {
    pub fn from_json(json: &Value) -> Result<Option<Decoder>, Unsupported> {
        if json.is_null() {
            return Ok(None);
        }
        let kind = json["type"].as_str().unwrap_or("(no type)");
        let component = format!("the {kind} decoder");
        let decoder = match kind {
            "Sequence" => Decoder::Sequence(
                json["decoders"]
                    .as_array()
                    .ok_or_else(|| Unsupported::new(&component, "it has no list"))?
                    .iter()
                    .filter_map(|d| Decoder::from_json(d).transpose())
                    .collect::<Result<_, _>>()?,
            ),
            "ByteLevel" => Decoder::ByteLevel,
            "Metaspace" => {
                let replacement = text_field(json, "replacement", &component)?
                    .chars()
                    .next()
                    .unwrap_or('▁');
                let prepend = match (
                    json["prepend_scheme"].as_str(),
                    json["add_prefix_space"].as_bool(),
                ) {
                    (Some("never"), _) | (None, Some(false)) => Prepend::Never,
                    _ => Prepend::Always,
                };
                Decoder::Metaspace {
                    replacement,
                    prepend,
                }
            }
            "ByteFallback" => Decoder::ByteFallback,
            "Fuse" => Decoder::Fuse,
            "Strip" => Decoder::Strip {
                content: text_field(json, "content", &component)?
                    .chars()
                    .next()
                    .unwrap_or(' '),
                start: json["start"].as_u64().unwrap_or(0) as usize,
                stop: json["stop"].as_u64().unwrap_or(0) as usize,
            },
            "Replace" => Decoder::Replace {
                pattern: Pattern::from_json(&json["pattern"], &component)?,
                content: text_field(json, "content", &component)?,
            },
            "WordPiece" => Decoder::WordPiece {
                prefix: json["prefix"].as_str().unwrap_or("##").to_string(),
                cleanup: json["cleanup"].as_bool().unwrap_or(true),
            },
            "BPEDecoder" => Decoder::Bpe {
                suffix: json["suffix"].as_str().unwrap_or("</w>").to_string(),
            },
            _ => return Err(Unsupported::new(&component, "it is not supported")),
        };
        Ok(Some(decoder))
    }

    /// The decoder's step over the tokens' strings.
    pub fn decode_chain(&self, tokens: Vec<String>) -> Vec<String> {
        match self {
            Decoder::Sequence(all) => all.iter().fold(tokens, |t, d| d.decode_chain(t)),
            Decoder::ByteLevel => {
                let bytes: Vec<u8> = tokens
                    .iter()
                    .flat_map(|t| {
                        t.chars()
                            .map(char_byte)
                            .collect::<Option<Vec<u8>>>()
                            .unwrap_or_else(|| t.as_bytes().to_vec())
                    })
                    .collect();
                vec![String::from_utf8_lossy(&bytes).into_owned()]
            }
            Decoder::Metaspace {
                replacement,
                prepend,
            } => tokens
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    t.chars()
                        .filter_map(|c| match c == *replacement {
                            true if i == 0 && *prepend != Prepend::Never => None,
                            true => Some(' '),
                            false => Some(c),
                        })
                        .collect()
                })
                .collect(),
            Decoder::ByteFallback => byte_fallback(tokens),
            Decoder::Fuse => vec![tokens.concat()],
            Decoder::Strip {
                content,
                start,
                stop,
            } => tokens
                .into_iter()
                .map(|t| {
                    let chars: Vec<char> = t.chars().collect();
                    let from = chars
                        .iter()
                        .take(*start)
                        .take_while(|&&c| c == *content)
                        .count();
                    let cut = chars
                        .iter()
                        .rev()
                        .take(*stop)
                        .take_while(|&&c| c == *content)
                        .count();
                    chars[from..chars.len().saturating_sub(cut).max(from)]
                        .iter()
                        .collect()
                })
                .collect(),
            Decoder::Replace { pattern, content } => tokens
                .into_iter()
                .map(|t| {
                    let mut out = String::with_capacity(t.len());
                    let mut done = 0;
                    for m in pattern.matches(&t) {
                        out.push_str(&t[done..m.start]);
                        out.push_str(content);
                        done = m.end;
                    }
                    out.push_str(&t[done..]);
                    out
                })
                .collect(),
            Decoder::WordPiece { prefix, cleanup } => tokens
                .into_iter()
                .enumerate()
                .map(|(i, t)| {
                    let t = match (i, t.strip_prefix(prefix.as_str())) {
                        (0, _) => t,
                        (_, Some(rest)) => rest.to_string(),
                        (_, None) => format!(" {t}"),
                    };
                    if *cleanup {
                        clean_up(&t)
                    } else {
                        t
                    }
                })
                .collect(),
            Decoder::Bpe { suffix } => {
                let last = tokens.len().saturating_sub(1);
                tokens
                    .into_iter()
                    .enumerate()
                    .map(|(i, t)| t.replace(suffix.as_str(), if i == last { "" } else { " " }))
                    .collect()
            }
        }
    }
}

/// Runs of `<0xXX>` tokens become the text their bytes spell, or one U+FFFD per byte where they
/// are not UTF-8.
fn byte_fallback(tokens: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut bytes: Vec<u8> = Vec::new();
    let flush = |bytes: &mut Vec<u8>, out: &mut Vec<String>| {
        if bytes.is_empty() {
            return;
        }
        match String::from_utf8(std::mem::take(bytes)) {
            Ok(text) => out.push(text),
            Err(e) => out.extend(std::iter::repeat_n(
                "\u{FFFD}".to_string(),
                e.as_bytes().len(),
            )),
        }
    };
    for token in tokens {
        let byte = (token.len() == 6 && token.starts_with("<0x") && token.ends_with('>'))
            .then(|| u8::from_str_radix(&token[3..5], 16).ok())
            .flatten();
        match byte {
            Some(b) => bytes.push(b),
            None => {
                flush(&mut bytes, &mut out);
                out.push(token);
            }
        }
    }
    flush(&mut bytes, &mut out);
    out
}

/// WordPiece's clean-up of spaces before punctuation and contractions.
fn clean_up(text: &str) -> String {
    text.replace(" .", ".")
        .replace(" ?", "?")
        .replace(" !", "!")
        .replace(" ,", ",")
        .replace(" ' ", "'")
        .replace(" n't", "n't")
        .replace(" 'm", "'m")
        .replace(" do not", " don't")
        .replace(" 's", "'s")
        .replace(" 've", "'ve")
        .replace(" 're", "'re")
}
