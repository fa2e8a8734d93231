//! What a model's chat template needs besides the conversation: the template and the special-token
//! strings it may name (`bos_token`, `eos_token`, `unk_token`, `pad_token`), as a model's
//! `tokenizer_config.json` has them; and, for a tokenizer that does not know its own special tokens
//! (SmolLM2's, read from its GGUF file), their strings and ids.
//!
//! The lab ships each model's as a small asset: those keys of the config, as JSON with sorted keys,
//! in the lab's checksummed container ([`FORMAT`]), so [`ChatConfig::read`] and
//! [`ChatConfig::from_tokenizer_config`] are one reader. Leaves out: the config's other keys
//! (`model_max_length`, `padding_side`, …): they do not change the rendered text.
use serde_json::{json, Map, Value};

use super::ChatError;
use crate::asset;

/// The chat template assets: one field, the JSON payload's length.
pub const FORMAT: asset::Format = asset::Format {
    what: "the chat template file",
    magic: *b"TILC",
    version: 1,
    fields: 1,
    rebuild: "cargo xtask tokenizers",
};

/// The special-token variables a template may read, in `transformers`' order.
pub const SPECIAL_VARIABLES: [&str; 4] = ["bos_token", "eos_token", "unk_token", "pad_token"];

#[derive(Clone, Debug, PartialEq)]
pub struct ChatConfig {
    pub template: String,
    /// Each of [`SPECIAL_VARIABLES`]' string, where the config sets one.
    pub specials: Vec<(&'static str, String)>,
    /// Strings that are one token each wherever they appear in the rendered text, with their ids,
    /// for a tokenizer that would otherwise read them as text (empty for a tokenizer.json, whose
    /// added tokens do this).
    pub special_tokens: Vec<(String, u32)>,
}

impl ChatConfig {
    /// From a `tokenizer_config.json`'s text (or an asset's payload).
    pub fn from_tokenizer_config(json: &str) -> Result<ChatConfig, ChatError> {
        let bad = |why: String| ChatError::Config(why);
        let config: Value = serde_json::from_str(json)
            .map_err(|e| bad(format!("the tokenizer config is not valid JSON ({e})")))?;
        let template = match config.get("chat_template") {
            Some(Value::String(t)) => t.clone(),
            // A list of named templates: "default" is the one apply_chat_template uses.
            Some(Value::Array(named)) => named
                .iter()
                .find(|t| t.get("name").and_then(Value::as_str) == Some("default"))
                .and_then(|t| t.get("template")?.as_str())
                .ok_or_else(|| bad("the config's templates have no \"default\" one".into()))?
                .to_string(),
            None | Some(Value::Null) => {
                return Err(bad(
                    "this model's tokenizer config has no chat_template".into()
                ))
            }
            Some(_) => return Err(bad("the config's chat_template is not text".into())),
        };
        let specials = SPECIAL_VARIABLES
            .iter()
            .filter_map(|name| match config.get(*name)? {
                Value::String(s) => Some((*name, s.clone())),
                // An AddedToken written out: its text.
                Value::Object(token) => Some((*name, token.get("content")?.as_str()?.to_string())),
                _ => None,
            })
            .collect();
        let special_tokens = match config.get("special_tokens") {
            None => Vec::new(),
            Some(tokens) => tokens
                .as_array()
                .into_iter()
                .flatten()
                .map(|pair| {
                    let text = pair.get(0)?.as_str()?.to_string();
                    let id = u32::try_from(pair.get(1)?.as_u64()?).ok()?;
                    Some((text, id))
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad("special_tokens must be [text, id] pairs".into()))?,
        };
        Ok(ChatConfig {
            template,
            specials,
            special_tokens,
        })
    }

    /// The lab's asset of it: the keys above as JSON (sorted keys), checksummed.
    pub fn write(&self) -> Vec<u8> {
        let mut fields = Map::new();
        fields.insert("chat_template".into(), json!(self.template));
        for (name, text) in &self.specials {
            fields.insert((*name).into(), json!(text));
        }
        if !self.special_tokens.is_empty() {
            fields.insert("special_tokens".into(), json!(self.special_tokens));
        }
        let payload = serde_json::to_string(&Value::Object(fields)).expect("JSON of strings");
        FORMAT.write(&[payload.len() as u32], payload.as_bytes())
    }

    /// Reads an asset [`ChatConfig::write`] made.
    pub fn read(bytes: &[u8]) -> Result<ChatConfig, ChatError> {
        let header = FORMAT
            .read(bytes)
            .map_err(|e| ChatError::Config(e.to_string()))?;
        let payload = header
            .payload((FORMAT.header_len() + header.field(0) as usize) as u64)
            .map_err(|e| ChatError::Config(e.to_string()))?;
        let text = std::str::from_utf8(payload)
            .map_err(|_| ChatError::Config("the chat template file is not UTF-8".into()))?;
        ChatConfig::from_tokenizer_config(text)
    }
}

#[cfg(test)]
mod tests {
    use super::ChatConfig;

    #[test]
    fn a_config_reads_its_template_and_special_strings_and_round_trips_as_an_asset() {
        let config = ChatConfig::from_tokenizer_config(
            r#"{"chat_template": [{"name": "tool_use", "template": "T"}, {"name": "default", "template": "{{ bos_token }}"}],
                "bos_token": {"__type": "AddedToken", "content": "<s>"}, "eos_token": "</s>", "unk_token": null,
                "model_max_length": 8}"#,
        )
        .unwrap();
        assert_eq!(config.template, "{{ bos_token }}");
        assert_eq!(
            config.specials,
            [
                ("bos_token", "<s>".to_string()),
                ("eos_token", "</s>".to_string())
            ]
        );
        assert_eq!(ChatConfig::read(&config.write()).unwrap(), config);
        let mut damaged = config.write();
        *damaged.last_mut().unwrap() ^= 1;
        assert!(ChatConfig::read(&damaged)
            .unwrap_err()
            .to_string()
            .contains("damaged"));
    }

    #[test]
    fn a_config_without_a_template_says_so() {
        let why = ChatConfig::from_tokenizer_config(r#"{"bos_token": "<s>"}"#).unwrap_err();
        assert_eq!(
            why.to_string(),
            "chat template: this model's tokenizer config has no chat_template"
        );
    }
}
