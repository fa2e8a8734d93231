//! `cargo xtask build`: a release `dist/` for any static host: installs what is missing (Trunk,
//! wasm-bindgen, npm binaryen's wasm-opt, which `trunk build --release` needs on PATH), then runs
//! `trunk build --release --offline`. `cargo xtask test` builds the page it tests with this too.
//! Leaves out: uploading (any server of static files will do).

use crate::{project_root, run, step, tools, Result};
use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

pub fn main(args: &[String]) -> Result {
    if !args.is_empty() {
        return Err(format!(
            "unexpected arguments for build: {}\n\n{}",
            args.join(" "),
            crate::USAGE
        ));
    }
    let root = project_root();
    let path = tools::ensure_web_tools(&root)?;
    release(&root, &path)?;
    step("dist/ is ready: serve it as static files, e.g. `python3 -m http.server -d dist 8080`");
    Ok(())
}

/// `trunk build --release --offline` into dist/, with the tools found on `trunk_path`.
pub fn release(root: &Path, trunk_path: &OsString) -> Result {
    run(Command::new(tools::trunk())
        .args(["build", "--release", "--offline"])
        .env("PATH", trunk_path)
        .current_dir(root))?;
    let index = root.join("dist/index.html");
    if index.is_file() {
        Ok(())
    } else {
        Err(format!(
            "trunk build succeeded but {} is missing",
            index.display()
        ))
    }
}
