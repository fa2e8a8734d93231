//! The SmolLM2 asset (`assets/smollm2/smollm2.bin`, built by `cargo xtask zoo` from the model's
//! GGUF file): the lab's one container ([`crate::asset`]) with two fields, the token and merge
//! counts; then each token as a length byte and its bytes (id order, GPT-2's printable form undone),
//! then each merge as two little-endian u16 ids (rank order). Leaves out: building the tables
//! (merges.rs).

use super::Smollm2Error;
use crate::asset::Format;
use crate::byte_level::read_tokens;
use crate::gguf::{Gguf, Value};
use crate::gpt2::byte_table::char_byte;

/// The asset's container.
pub const FORMAT: Format = Format {
    what: "the SmolLM2 tokenizer asset",
    magic: *b"SMLB",
    version: 1,
    fields: 2,
    rebuild: "cargo xtask zoo",
};

/// The tokens' bytes (id order) and the merges (rank order) of a parsed asset.
pub type Vocabulary<'a> = (Vec<&'a [u8]>, Vec<(u32, u32)>);

/// Reads the asset, checking the container and that every token and merge is whole.
pub fn parse(asset: &[u8]) -> Result<Vocabulary<'_>, Smollm2Error> {
    let header = FORMAT.read(asset)?;
    let (token_count, merge_count) = (header.field(0) as usize, header.field(1) as usize);
    let body = &asset[FORMAT.header_len().min(asset.len())..];
    let (tokens, at) =
        read_tokens(body, token_count).map_err(|id| Smollm2Error::BadToken { id })?;
    // The tokens' walk gives the merges' start, and so the whole length, checked before slicing.
    header.payload((FORMAT.header_len() + at + 4 * merge_count) as u64)?;
    let merges_bytes = &body[at..];
    let id = |b: &[u8]| u32::from(u16::from_le_bytes([b[0], b[1]]));
    let merges = merges_bytes
        .chunks_exact(4)
        .map(|m| (id(&m[..2]), id(&m[2..])))
        .collect();
    Ok((tokens, merges))
}

/// The asset, from a GGUF file whose tokenizer is byte-level BPE with SmolLM2's pre-tokenizer
/// (`tokenizer.ggml.model` "gpt2", `tokenizer.ggml.pre` "smollm").
pub fn from_gguf(gguf: &Gguf) -> Result<Vec<u8>, Smollm2Error> {
    let text = |key: &str| match gguf.get(key) {
        Some(Value::Str(s)) => Ok(s.as_str()),
        _ => Err(Smollm2Error::Gguf(format!("it has no {key}"))),
    };
    let strings = |key: &str| match gguf.get(key) {
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                Value::Str(s) => Ok(s.as_str()),
                _ => Err(Smollm2Error::Gguf(format!("{key} holds a non-string"))),
            })
            .collect::<Result<Vec<_>, _>>(),
        _ => Err(Smollm2Error::Gguf(format!("it has no {key}"))),
    };
    let (model, pre) = (text("tokenizer.ggml.model")?, text("tokenizer.ggml.pre")?);
    if (model, pre) != ("gpt2", "smollm") {
        return Err(Smollm2Error::Gguf(format!(
            "its tokenizer is {model}/{pre}, not SmolLM2's gpt2/smollm"
        )));
    }
    let tokens = strings("tokenizer.ggml.tokens")?;
    if tokens.len() > usize::from(u16::MAX) + 1 {
        return Err(Smollm2Error::Gguf(format!(
            "{} tokens do not fit u16 ids",
            tokens.len()
        )));
    }
    let ids: crate::fxhash::FxHashMap<&str, u32> = tokens
        .iter()
        .enumerate()
        .map(|(id, &t)| (t, id as u32))
        .collect();
    let mut payload = Vec::new();
    for (id, token) in tokens.iter().enumerate() {
        let bytes = token
            .chars()
            .map(char_byte)
            .collect::<Option<Vec<u8>>>()
            .filter(|b| (1..256).contains(&b.len()))
            .ok_or(Smollm2Error::BadToken { id })?;
        payload.push(bytes.len() as u8);
        payload.extend_from_slice(&bytes);
    }
    let merges = strings("tokenizer.ggml.merges")?;
    for (rank, merge) in merges.iter().enumerate() {
        let (left, right) = merge
            .split_once(' ')
            .and_then(|(l, r)| Some((*ids.get(l)?, *ids.get(r)?)))
            .ok_or(Smollm2Error::BadMerge { rank })?;
        for id in [left, right] {
            payload.extend_from_slice(&(id as u16).to_le_bytes());
        }
    }
    Ok(FORMAT.write(&[tokens.len() as u32, merges.len() as u32], &payload))
}
