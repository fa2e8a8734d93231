//! What the asset builders (`minilm`, `zoo`) share: their one flag, and writing each built file to
//! its committed place or, with `--check`, comparing it byte for byte and naming the command that
//! rebuilds it. Leaves out: building anything.

use crate::vectors::{gzip_size, write};
use crate::{step, Result};
use std::path::Path;

/// `[]` → false, `[--check]` → true; anything else is an error naming `command`.
pub fn check_flag(command: &str, args: &[String]) -> Result<bool> {
    match args {
        [] => Ok(false),
        [flag] if flag == "--check" => Ok(true),
        _ => Err(format!(
            "unexpected arguments for {command}: {}\n\n{}",
            args.join(" "),
            crate::USAGE
        )),
    }
}

/// Writes or checks each `(committed path, bytes)` under `root`, reporting the assets' sizes.
pub fn write_or_check(
    root: &Path,
    outputs: &[(impl AsRef<str>, Vec<u8>)],
    check: bool,
    rebuild: &str,
) -> Result {
    for (committed, built) in outputs {
        let committed = committed.as_ref();
        let path = root.join(committed);
        if check {
            if std::fs::read(&path).ok().as_ref() != Some(built) {
                return Err(format!(
                    "{committed} differs from a fresh build: run `{rebuild}`"
                ));
            }
            step(&format!("{committed} matches a fresh build"));
        } else {
            write(&path, built)?;
        }
        if committed.starts_with("assets/") {
            step(&format!(
                "{committed}: {} bytes raw, {} bytes gzip -9",
                built.len(),
                gzip_size(&path)?
            ));
        }
    }
    Ok(())
}
