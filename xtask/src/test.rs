//! `cargo xtask test`: every test of the project, stage by stage, stopping at the first failure.
//!
//! 1. native: system packages, the pinned Python references (target/reference-venv and
//!    target/zoo-venv, their pythons passed as TIL_REFERENCE_PYTHON and TIL_ZOO_PYTHON), the
//!    js-tiktoken reference (`npm ci` in tests/reference), then `cargo test --release` over
//!    NATIVE_PACKAGES
//! 2. web tools: wasm target, Trunk, wasm-bindgen, wasm-opt, Node.js, Chromium, crate downloads
//! 3. release build: `cargo xtask build`'s, `trunk build --release --offline` into dist/
//! 4. end-to-end: `npm ci` in tests/e2e, then `node --test` over tests/e2e/specs/*.spec.mjs (with
//!    TIL_ZOO_PYTHON for the zoo's references); the harness serves dist/ on 127.0.0.1 itself.

use crate::{project_root, python, run, step, tools, Result};
use std::ffi::OsString;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Crates whose tests run natively (the page too: its pure logic needs no browser). A new crate
/// joins by adding its package name here.
const NATIVE_PACKAGES: &[&str] = &[
    "til-core",
    "til-cli",
    "til-compute",
    "til-channel",
    "til-worker",
    "xtask",
    "transformer-input-lab",
];
/// Debian packages the native tests need: Mesa's CPU Vulkan driver (lavapipe) for wgpu.
const NATIVE_SYSTEM_PACKAGES: &[&str] = &["mesa-vulkan-drivers"];
/// Debian packages the browser tests need. Chromium brings its own SwiftShader for WebGPU.
const E2E_SYSTEM_PACKAGES: &[&str] = &["chromium"];
const E2E_DIR: &str = "tests/e2e";
const REFERENCE_DIR: &str = "tests/reference";

pub fn main(args: &[String]) -> Result {
    let (native, web) = match args {
        [] => (true, true),
        [flag] if flag == "--native-only" => (true, false),
        [flag] if flag == "--e2e-only" => (false, true),
        _ => {
            return Err(format!(
                "unexpected arguments: {}\n\n{}",
                args.join(" "),
                crate::USAGE
            ))
        }
    };
    let root = project_root();
    let mut stages = Stages::default();
    if native {
        stages.run("native tests", || {
            tools::ensure_system_packages(NATIVE_SYSTEM_PACKAGES)?;
            native_tests(&root)
        })?;
    }
    if web {
        let mut trunk_path = OsString::new();
        stages.run("web tools", || {
            tools::ensure_system_packages(E2E_SYSTEM_PACKAGES)?;
            trunk_path = tools::ensure_web_tools(&root)?;
            Ok(())
        })?;
        stages.run("release build", || {
            crate::build::release(&root, &trunk_path)
        })?;
        stages.run("end-to-end tests", || e2e_tests(&root))?;
    }
    stages.report("all stages passed");
    Ok(())
}

fn native_tests(root: &Path) -> Result {
    let reference_python = python::reference(root)?;
    let zoo_python = python::zoo(root)?;
    // The js-tiktoken reference, installed once here rather than by parallel tests.
    npm_ci(&root.join(REFERENCE_DIR))?;
    let mut cargo = Command::new("cargo");
    cargo
        .args(["test", "--release"])
        .env("TIL_REFERENCE_PYTHON", reference_python)
        .env("TIL_ZOO_PYTHON", zoo_python)
        .current_dir(root);
    for package in NATIVE_PACKAGES {
        cargo.args(["-p", package]);
    }
    run(&mut cargo)
}

fn e2e_tests(root: &Path) -> Result {
    let dir = root.join(E2E_DIR);
    // The harness, and the js-tiktoken reference the GPT-2 specs compare against.
    for packages in [dir.clone(), root.join(REFERENCE_DIR)] {
        npm_ci(&packages)?;
    }
    let specs_dir = dir.join("specs");
    let mut specs: Vec<String> = std::fs::read_dir(&specs_dir)
        .map_err(|e| format!("cannot list {}: {e}", specs_dir.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".spec.mjs"))
        .map(|name| format!("specs/{name}"))
        .collect();
    if specs.is_empty() {
        return Err(format!("no *.spec.mjs files in {}", specs_dir.display()));
    }
    specs.sort();
    // The zoo specs compare with sentencepiece and mistral-common.
    let zoo_python = python::zoo(root)?;
    run(Command::new("node")
        .args(["--test", "--test-reporter=spec"])
        .args(&specs)
        .env("TIL_DIST", root.join("dist"))
        .env("TIL_ZOO_PYTHON", zoo_python)
        .current_dir(&dir))
}

/// The packages of `dir`'s package-lock.json, exactly.
fn npm_ci(dir: &Path) -> Result {
    run(Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(dir))
}

/// Runs named stages in order, timing each; the first failure stops everything.
#[derive(Default)]
struct Stages {
    done: Vec<(&'static str, Duration)>,
}

impl Stages {
    fn run(&mut self, name: &'static str, stage: impl FnOnce() -> Result) -> Result {
        println!("\n[xtask] ===== stage: {name} =====");
        let started = Instant::now();
        let result = stage();
        self.done.push((name, started.elapsed()));
        result.map_err(|e| {
            self.report(&format!("stage `{name}` FAILED"));
            format!("stage `{name}` failed: {e}")
        })
    }

    fn report(&self, outcome: &str) {
        println!("\n[xtask] stage timings:");
        for (name, took) in &self.done {
            println!("[xtask]   {name:<18} {:>7.1}s", took.as_secs_f64());
        }
        let total: Duration = self.done.iter().map(|(_, took)| *took).sum();
        println!("[xtask]   {:<18} {:>7.1}s", "total", total.as_secs_f64());
        step(outcome);
    }
}
