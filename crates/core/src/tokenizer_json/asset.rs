//! A shipped tokenizer.json, compact: the file's settings as JSON (everything but the model's
//! vocabulary and merges, keys sorted, so a rebuild gives the same bytes), then the vocabulary in
//! id order, then the merges as pairs of ids, in the lab's asset container:
//!
//! | field | meaning                                             |
//! |-------|-----------------------------------------------------|
//! | 0     | bytes of settings JSON                              |
//! | 1     | tokens (ids 0..n)                                   |
//! | 2     | merges                                              |
//!
//! Payload: the settings; per token a u16 byte length (0xFFFF: no token has this id) and its
//! UTF-8; per merge two ids (left, right), 3 bytes each (ids are below 2^24). About a third of
//! the JSON's size. Leaves out:
//! models other than BPE (the six shipped files are all BPE).

use serde_json::Value;

use super::bpe::Bpe;
use super::model::{vocab_by_id, Model};
use super::{TokenizerJson, Unsupported};
use crate::asset::Format;
use crate::fxhash::FxHashMap;

pub const FORMAT: Format = Format {
    what: "the tokenizer asset",
    magic: *b"TJSN",
    version: 1,
    fields: 3,
    rebuild: "cargo xtask tokenizers",
};

const NO_TOKEN: u16 = u16::MAX;
/// Bytes per id in a merge.
const MERGE_ID: usize = 3;

/// The asset of the tokenizer.json whose text is `file`; its model must be BPE.
pub fn write(file: &str) -> Result<Vec<u8>, Unsupported> {
    let json: Value = serde_json::from_str(file)
        .map_err(|e| Unsupported::new("the file", &format!("it is not JSON ({e})")))?;
    let json = &json;
    if json["model"]["type"] != "BPE" {
        return Err(Unsupported::new(
            "the model",
            "only BPE files are shipped as assets",
        ));
    }
    // Read it whole first: what is shipped must load.
    TokenizerJson::from_json(json, "check")?;
    let vocab = vocab_by_id(&json["model"]["vocab"], "the BPE model")?;
    let ids: FxHashMap<&str, u32> = vocab
        .iter()
        .enumerate()
        .filter_map(|(id, t)| Some((t.as_deref()?, id as u32)))
        .collect();
    let mut settings = json.clone();
    let model = settings["model"]
        .as_object_mut()
        .expect("checked: a BPE model object");
    let merges = model.remove("merges").unwrap_or_default();
    model.remove("vocab");
    let settings = serde_json::to_string(&settings).expect("a Value serializes");
    let mut payload = settings.clone().into_bytes();
    for token in &vocab {
        match token {
            Some(t) if t.len() < usize::from(NO_TOKEN) => {
                payload.extend_from_slice(&(t.len() as u16).to_le_bytes());
                payload.extend_from_slice(t.as_bytes());
            }
            Some(_) => {
                return Err(Unsupported::new(
                    "the BPE model",
                    "a token is 64 KiB or longer",
                ))
            }
            None => payload.extend_from_slice(&NO_TOKEN.to_le_bytes()),
        }
    }
    let merges = merges.as_array().cloned().unwrap_or_default();
    for merge in &merges {
        let (left, right) = super::bpe::merge_parts(merge).expect("checked when read whole");
        for side in [left, right] {
            payload.extend_from_slice(&ids[side].to_le_bytes()[..MERGE_ID]);
        }
    }
    Ok(FORMAT.write(
        &[
            settings.len() as u32,
            vocab.len() as u32,
            merges.len() as u32,
        ],
        &payload,
    ))
}

/// The tokenizer in `asset`, named `name`; Err says what is wrong with the bytes.
pub fn read(asset: &[u8], name: &str) -> Result<TokenizerJson, String> {
    let header = FORMAT.read(asset).map_err(|e| e.to_string())?;
    let (settings_len, token_count, merge_count) = (
        header.field(0) as usize,
        header.field(1) as usize,
        header.field(2) as usize,
    );
    let body = &asset[FORMAT.header_len().min(asset.len())..];
    let damaged = || {
        format!(
            "{} is damaged (rebuild it with `{}`)",
            FORMAT.what, FORMAT.rebuild
        )
    };
    let settings = body.get(..settings_len).ok_or_else(damaged)?;
    let mut at = settings_len;
    let mut vocab = Vec::with_capacity(token_count);
    for _ in 0..token_count {
        let len = body.get(at..at + 2).ok_or_else(damaged)?;
        let len = u16::from_le_bytes([len[0], len[1]]);
        at += 2;
        if len == NO_TOKEN {
            vocab.push(None);
            continue;
        }
        let token = body.get(at..at + usize::from(len)).ok_or_else(damaged)?;
        vocab.push(Some(
            String::from_utf8(token.to_vec()).map_err(|_| damaged())?,
        ));
        at += usize::from(len);
    }
    header
        .payload((FORMAT.header_len() + at + 2 * MERGE_ID * merge_count) as u64)
        .map_err(|e| e.to_string())?;
    let id = |bytes: &[u8]| {
        let id = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], 0]);
        match vocab.get(id as usize) {
            Some(Some(_)) => Ok(id),
            _ => Err(damaged()),
        }
    };
    let merges = body[at..]
        .chunks_exact(2 * MERGE_ID)
        .map(|m| Ok((id(&m[..MERGE_ID])?, id(&m[MERGE_ID..])?)))
        .collect::<Result<Vec<(u32, u32)>, String>>()?;
    let settings: Value = serde_json::from_slice(settings).map_err(|_| damaged())?;
    TokenizerJson::with_model(&settings, name, |json, byte_level| {
        let bpe = Bpe::new(json, &vocab, &merges, byte_level)?;
        Ok((Model::Bpe(Box::new(bpe)), vocab))
    })
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenizer::Tokenizer;

    const FILE: &str = r#"{"normalizer": null, "pre_tokenizer": {"type": "WhitespaceSplit"},
        "added_tokens": [{"id": 5, "content": "<s>", "special": true}],
        "post_processor": null, "decoder": null,
        "model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2, "abb": 3, "<unk>": 4},
                  "merges": [["a", "b"], ["ab", "b"]], "unk_token": "<unk>"}}"#;

    #[test]
    fn an_asset_reads_back_as_the_file_it_was_made_from() {
        let whole = TokenizerJson::from_str(FILE, "t").unwrap();
        let asset = write(FILE).unwrap();
        assert_eq!(write(FILE).unwrap(), asset, "rebuilt byte for byte");
        let shipped = read(&asset, "t").unwrap();
        let ids = |t: &TokenizerJson| -> Vec<Option<u32>> {
            t.encode("abb ab c<s>ba")
                .into_iter()
                .map(|p| p.id)
                .collect()
        };
        assert_eq!(ids(&shipped), ids(&whole));
        assert_eq!(
            ids(&whole),
            [Some(3), Some(2), Some(4), Some(5), Some(1), Some(0)]
        );
        let mut damaged = asset.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        assert!(read(&damaged, "t").is_err());
        assert!(read(&asset[..asset.len() / 2], "t").is_err());
    }
}
