//! The registry's assets, compiled into `til`: each [`Entry`]'s file under `assets/`, found by its
//! path, so a new registry entry needs one more path here and nothing else.

use til_core::registry::{self, Entry, Family, Shipped};

use crate::Failure;

/// Each shipped asset by its path under `assets/`.
macro_rules! embedded {
    ($($path:literal),* $(,)?) => {
        [$(($path, include_bytes!(concat!("../../../assets/", $path)) as &[u8])),*]
    };
}

const ASSETS: [(&str, &[u8]); 18] = embedded!(
    "gpt2/merges.bin",
    "minilm/vocab.txt",
    "tiktoken/cl100k_base.bin",
    "tiktoken/o200k_base.bin",
    "mistral/mistral-v1.bin",
    "mistral/tekken.bin",
    "smollm2/smollm2.bin",
    "tokenizers/llama3.1.bin",
    "tokenizers/qwen3.bin",
    "tokenizers/deepseek-v3.bin",
    "tokenizers/gemma3.bin",
    "tokenizers/gpt-oss.bin",
    "tokenizers/llama2.bin",
    "smollm2/chat.bin",
    "tokenizers/llama3.1.chat.bin",
    "tokenizers/qwen3.chat.bin",
    "tokenizers/deepseek-v3.chat.bin",
    "tokenizers/gemma3.chat.bin",
);

/// The compiled-in bytes of `entry`'s asset.
pub fn asset(entry: &Entry) -> &'static [u8] {
    file(entry.asset)
}

/// The compiled-in bytes of a registry entry's file under `assets/`.
pub fn file(path: &str) -> &'static [u8] {
    ASSETS
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, bytes)| *bytes)
        .expect("every registry entry's files are compiled in (a test checks it)")
}

/// The shipped tokenizer `entry` names, built from its compiled-in asset.
pub fn build(entry: &Entry) -> Result<Box<dyn Shipped>, Failure> {
    entry.build(asset(entry)).map_err(Failure::Run)
}

/// The entry `name` names, or the list of names the CLI knows.
pub fn named(name: &str) -> Result<&'static Entry, Failure> {
    registry::find(name)
        .filter(|entry| by_name(entry))
        .ok_or_else(|| {
            Failure::Run(format!(
                "unknown model `{name}`; the models are: {}",
                names().join(", ")
            ))
        })
}

/// The names `--model` takes: the registry's tokenizers but WordPiece, whose decoding is the lab's
/// own rather than its library's (`til wordpiece` has it).
pub fn names() -> Vec<&'static str> {
    registry::ALL
        .iter()
        .filter(|entry| by_name(entry))
        .map(|entry| entry.name)
        .collect()
}

fn by_name(entry: &Entry) -> bool {
    entry.family() != Family::WordPiece
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_registry_asset_is_compiled_in() {
        for entry in &til_core::registry::ALL {
            assert!(!super::asset(entry).is_empty(), "{}", entry.name);
            if let Some(chat) = entry.chat_template {
                assert!(!super::file(chat).is_empty(), "{}", entry.name);
            }
        }
    }
}
