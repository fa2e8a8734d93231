//! Reads a Hugging Face `tokenizer.json` of the kinds `til bpe train --export` writes into a
//! [`LoadedBpe`]: a BPE model behind `WhitespaceSplit` (with or without the `</w>` mark), behind
//! `ByteLevel` (GPT-2's pattern), or behind a `Split` on cl100k's or o200k's pattern then
//! `ByteLevel`. Anything else is refused by name, never guessed at.
//! Leaves out: added and special tokens, other normalizers and pre-tokenizers.

use serde_json::Value;
use til_core::bpe::{LoadedBpe, Pattern};

/// The tokenizer in `text` (a tokenizer.json), named `name`; Err is one sentence.
pub fn load(text: &str, name: &str) -> Result<LoadedBpe, String> {
    let json: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let model = &json["model"];
    match model["type"].as_str() {
        Some("BPE") => {}
        Some(other) => {
            return Err(format!(
                "the model type `{other}` is not supported (BPE is)"
            ))
        }
        None => return Err("it has no model type".into()),
    }
    let byte_level = pre_tokenizer(&json["pre_tokenizer"])?;
    let end_of_word = match model["end_of_word_suffix"].as_str() {
        None => false,
        Some("/w>") if json["normalizer"]["content"] == "<" => true,
        Some(suffix) => {
            return Err(format!(
                "the end-of-word suffix `{suffix}` is not supported"
            ))
        }
    };
    let vocab = model["vocab"]
        .as_object()
        .ok_or("the model has no vocab object")?
        .iter()
        .map(|(symbol, id)| {
            let id = id.as_u64().and_then(|id| u32::try_from(id).ok());
            id.map(|id| (symbol.clone(), id))
                .ok_or_else(|| format!("the id of `{symbol}` is not a whole number below 2^32"))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let merges = model["merges"]
        .as_array()
        .ok_or("the model has no merges array")?
        .iter()
        .enumerate()
        .map(|(rank, merge)| {
            merge_parts(merge).ok_or_else(|| format!("merge {} is not a pair of strings", rank + 1))
        })
        .collect::<Result<Vec<_>, String>>()?;
    LoadedBpe::new(name, vocab, merges, end_of_word, byte_level).map_err(|e| e.to_string())
}

/// `["left", "right"]`, or the older `"left right"`.
fn merge_parts(merge: &Value) -> Option<(String, String)> {
    match merge {
        Value::Array(parts) => match &parts[..] {
            [Value::String(left), Value::String(right)] => Some((left.clone(), right.clone())),
            _ => None,
        },
        Value::String(line) => {
            let (left, right) = line.split_once(' ')?;
            Some((left.to_string(), right.to_string()))
        }
        _ => None,
    }
}

/// None for whitespace words, else the byte-level pattern.
fn pre_tokenizer(json: &Value) -> Result<Option<Pattern>, String> {
    let byte_level = |step: &Value, use_regex: bool| {
        step["type"] == "ByteLevel"
            && step["add_prefix_space"] == false
            && step["use_regex"] == use_regex
    };
    match json["type"].as_str() {
        Some("WhitespaceSplit") => Ok(None),
        Some("ByteLevel") if byte_level(json, true) => Ok(Some(Pattern::Gpt2)),
        Some("Sequence") => match json["pretokenizers"].as_array().map(Vec::as_slice) {
            Some([split, bytes]) if split["type"] == "Split" && byte_level(bytes, false) => {
                let regex = split["pattern"]["Regex"].as_str().unwrap_or_default();
                Pattern::ALL
                    .iter()
                    .find(|p| p.regex() == regex)
                    .map(|&p| Some(p))
                    .ok_or_else(|| "its Split pattern is not gpt2's, cl100k's or o200k's".into())
            }
            _ => Err("its pre-tokenizer sequence is not a Split then ByteLevel".into()),
        },
        Some(other) => Err(format!("the pre-tokenizer `{other}` is not supported here")),
        None => Err("it has no pre-tokenizer".into()),
    }
}
