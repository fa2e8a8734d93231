//! `cargo xtask serve [TRUNK ARGS...]`: install what is missing, then `trunk serve --offline`.
//!
//! Plain `trunk serve` works too once the tools exist: debug builds never run wasm-opt, and
//! wasm-bindgen is found in ~/.cargo/bin.

use crate::{project_root, run, step, tools, Result};
use std::process::Command;

pub fn main(trunk_args: &[String]) -> Result {
    let root = project_root();
    let path = tools::ensure_web_tools(&root)?;
    step("starting the dev server (Ctrl-C stops it)");
    run(Command::new(tools::trunk())
        .args(["serve", "--offline"])
        .args(trunk_args)
        .env("PATH", path)
        .current_dir(&root))
}
