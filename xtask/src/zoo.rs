//! `cargo xtask zoo [--check]`: builds the Mistral tokenizer assets (assets/mistral/) from the
//! pinned PyPI package `mistral-common` 1.13.1 (Apache-2.0):
//!
//! 1. the zoo venv target/zoo-venv (tools/zoo/requirements.txt, exact pins);
//! 2. tools/zoo/extract.py copies `tokenizer.model.v1` and Tekken's ordinary tokens (rank order)
//!    and the licence into target/zoo/, checking Tekken's pattern and id layout;
//! 3. til-core wraps them in the lab's container: mistral-v1.bin (the model file, unchanged) and
//!    tekken.bin (tiktoken-format ranks);
//! 4. each output is written to its committed place, or with `--check` compared byte for byte.
//!
//! Leaves out: every other file of the package.

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
    let read = |name: &str| {
        let path = work.join(name);
        std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };

    // 3. Pack.
    let count: u32 = String::from_utf8_lossy(&read("tekken.count")?)
        .trim()
        .parse()
        .map_err(|e| format!("target/zoo/tekken.count: {e}"))?;
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
    ];

    // 4. Write or compare, then report sizes.
    write_or_check(&root, &outputs, check, "cargo xtask zoo")
}
