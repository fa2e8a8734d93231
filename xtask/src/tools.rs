//! Installing what the build and the tests need; every step is skipped when already done.
//!
//! - Trunk: `cargo install --locked trunk@TRUNK_VERSION` (0.22 needs a newer rustc than we pin).
//! - wasm-bindgen-cli: exactly the `wasm-bindgen` version in Cargo.lock (Trunk reads the same
//!   version from Cargo.lock and, with `--offline`, accepts no other). Installed without `--locked`.
//! - wasm-opt: the npm `binaryen` package matching `[tools] wasm_opt = "version_N"` in Trunk.toml,
//!   installed into target/tools/ (Debian's binaryen is too old for our release build).
//! - System packages: installed with apt-get when running as root on Debian, otherwise the exact
//!   `apt-get install` line is printed.

use crate::{probe, run, step, Result};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

const TRUNK_VERSION: &str = "0.21.14";
const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Oldest Node.js that tests/e2e (playwright-core) supports: Debian 12 ships 18.
const MIN_NODE_MAJOR: u32 = 18;

/// Makes everything `trunk build|serve --offline` needs available and returns the PATH to run
/// Trunk with: the npm wasm-opt first, then the cargo install directory, then the caller's PATH.
pub fn ensure_web_tools(root: &Path) -> Result<OsString> {
    ensure_wasm_target(root)?;
    ensure_cargo_tool(
        root,
        "trunk",
        TRUNK_VERSION,
        &["--locked", &format!("trunk@{TRUNK_VERSION}")],
    )?;
    let bindgen = read_file(&root.join("Cargo.lock")).and_then(|lock| {
        locked_version(&lock, "wasm-bindgen")
            .ok_or_else(|| "Cargo.lock has no wasm-bindgen package".to_string())
    })?;
    ensure_cargo_tool(
        root,
        "wasm-bindgen",
        &bindgen,
        &["wasm-bindgen-cli", "--version", &bindgen],
    )?;
    ensure_node()?;
    let wasm_opt_bin = ensure_wasm_opt(root)?;
    step("fetching crates (Trunk's --offline also makes cargo build offline)");
    run(Command::new("cargo").arg("fetch").current_dir(root))?;
    let inherited = std::env::var_os("PATH").unwrap_or_default();
    let dirs = [wasm_opt_bin, cargo_bin()]
        .into_iter()
        .chain(std::env::split_paths(&inherited));
    std::env::join_paths(dirs).map_err(|e| format!("cannot build PATH for Trunk: {e}"))
}

/// The Trunk binary that `ensure_web_tools` installs.
pub fn trunk() -> PathBuf {
    cargo_bin().join("trunk")
}

/// Installs the Debian packages among `packages` that are missing.
pub fn ensure_system_packages(packages: &[&str]) -> Result {
    if !is_debian() {
        step(&format!(
            "not Debian: make sure the equivalents of these are installed: {}",
            packages.join(" ")
        ));
        return Ok(());
    }
    let missing: Vec<&str> = packages
        .iter()
        .copied()
        .filter(|p| !dpkg_installed(p))
        .collect();
    if missing.is_empty() {
        step(&format!("system packages present: {}", packages.join(" ")));
        return Ok(());
    }
    apt_install(&missing)
}

/// `cargo install` root: where `cargo install` puts binaries and where we look for them.
fn cargo_bin() -> PathBuf {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cargo")
        });
    cargo_home.join("bin")
}

fn ensure_wasm_target(root: &Path) -> Result {
    let sysroot = probe(
        Command::new("rustc")
            .args(["--print", "sysroot"])
            .current_dir(root),
    )
    .ok_or("cannot run `rustc --print sysroot`: install Rust with rustup (https://rustup.rs)")?;
    if Path::new(&sysroot)
        .join("lib/rustlib")
        .join(WASM_TARGET)
        .is_dir()
    {
        step(&format!("Rust target {WASM_TARGET}: installed"));
        return Ok(());
    }
    step(&format!(
        "adding Rust target {WASM_TARGET} to the toolchain pinned in rust-toolchain.toml"
    ));
    run(Command::new("rustup")
        .args(["target", "add", WASM_TARGET])
        .current_dir(root))
}

/// Installs `bin` with `cargo install ARGS` unless `bin --version` already prints `BIN VERSION`.
/// Runs from the project root so the pinned toolchain compiles it.
fn ensure_cargo_tool(root: &Path, bin: &str, version: &str, install_args: &[&str]) -> Result {
    let path = cargo_bin().join(bin);
    let wanted = format!("{bin} {version}");
    let found = probe(Command::new(&path).arg("--version"));
    if found.as_deref() == Some(wanted.as_str()) {
        step(&format!("{wanted}: installed at {}", path.display()));
        return Ok(());
    }
    step(&format!(
        "installing {wanted} into {} (found: {}); it compiles from source, which takes minutes",
        cargo_bin().display(),
        found.as_deref().unwrap_or("none")
    ));
    run(Command::new("cargo")
        .arg("install")
        .args(install_args)
        .current_dir(root))
}

/// Installs npm `binaryen@N` for Trunk.toml's `wasm_opt = "version_N"`; returns its bin directory.
fn ensure_wasm_opt(root: &Path) -> Result<PathBuf> {
    let trunk_toml = read_file(&root.join("Trunk.toml"))?;
    let version = pinned_wasm_opt(&trunk_toml)
        .ok_or("Trunk.toml must pin wasm-opt: [tools] wasm_opt = \"version_N\" (N: the npm binaryen major version)")?;
    let dir = root
        .join("target/tools")
        .join(format!("binaryen-{version}"));
    let bin = dir.join("node_modules/.bin");
    let wanted = format!("(version_{version})");
    let installed = || {
        probe(Command::new(bin.join("wasm-opt")).arg("--version")).filter(|v| v.contains(&wanted))
    };
    if let Some(found) = installed() {
        step(&format!("{found}: installed at {}", bin.display()));
        return Ok(bin);
    }
    step(&format!(
        "installing wasm-opt {version} (npm binaryen@{version}) into {}",
        dir.display()
    ));
    run(Command::new("npm")
        .args([
            "install",
            "--no-save",
            "--no-package-lock",
            "--no-audit",
            "--no-fund",
            "--prefix",
        ])
        .arg(&dir)
        .arg(format!("binaryen@{version}")))?;
    installed().map(|_| bin.clone()).ok_or_else(|| {
        format!(
            "{} does not report version {version}",
            bin.join("wasm-opt").display()
        )
    })
}

fn ensure_node() -> Result {
    if probe(Command::new("node").arg("--version")).is_none() {
        apt_install(&["nodejs"])?;
    }
    if probe(Command::new("npm").arg("--version")).is_none() {
        apt_install(&["npm"])?;
    }
    let version = probe(Command::new("node").arg("--version")).unwrap_or_default();
    let major = version
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse::<u32>().ok());
    match major {
        Some(major) if major >= MIN_NODE_MAJOR => {
            step(&format!("node {version}: installed"));
            Ok(())
        }
        _ => Err(format!(
            "Node.js >= {MIN_NODE_MAJOR} is needed, found `{version}`"
        )),
    }
}

fn apt_install(packages: &[&str]) -> Result {
    let list = packages.join(" ");
    if !is_debian() || !is_root() {
        return Err(format!(
            "missing system packages: {list}\n  install them with: sudo apt-get install -y {list}"
        ));
    }
    step(&format!("installing system packages: {list}"));
    static APT_UPDATED: AtomicBool = AtomicBool::new(false);
    if !APT_UPDATED.swap(true, Ordering::Relaxed) {
        run(Command::new("apt-get").args(["update", "-q"]))?;
    }
    run(Command::new("apt-get")
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(packages)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

fn is_debian() -> bool {
    Path::new("/etc/debian_version").exists()
}

fn is_root() -> bool {
    probe(Command::new("id").arg("-u")).as_deref() == Some("0")
}

fn dpkg_installed(package: &str) -> bool {
    probe(
        Command::new("dpkg-query")
            .args(["-W", "-f=${Status}", package])
            .stderr(std::process::Stdio::null()),
    )
    .is_some_and(|status| status == "install ok installed")
}

fn read_file(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The version of the first `[[package]]` called `name` in a Cargo.lock.
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let mut in_package = false;
    for line in lock.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = false;
        } else if let Some(value) = string_value(line, "name") {
            in_package = value == name;
        } else if in_package {
            if let Some(version) = string_value(line, "version") {
                return Some(version.to_string());
            }
        }
    }
    None
}

/// N from `wasm_opt = "version_N"` in the `[tools]` table of a Trunk.toml.
fn pinned_wasm_opt(trunk_toml: &str) -> Option<String> {
    let mut in_tools = false;
    for line in trunk_toml.lines().map(str::trim) {
        if line.starts_with('[') {
            in_tools = line == "[tools]";
        } else if in_tools {
            if let Some(value) = string_value(line, "wasm_opt") {
                return value.strip_prefix("version_").map(str::to_string);
            }
        }
    }
    None
}

/// The string in a `key = "value"` TOML line.
fn string_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let value = line
        .strip_prefix(key)?
        .trim_start()
        .strip_prefix('=')?
        .trim_start();
    value.strip_prefix('"')?.split('"').next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_locked_version_of_the_named_package_only() {
        let lock = r#"
[[package]]
name = "wasm-bindgen-macro"
version = "0.2.1"

[[package]]
name = "wasm-bindgen"
version = "0.2.130"
source = "registry+https://github.com/rust-lang/crates.io-index"
"#;
        assert_eq!(
            locked_version(lock, "wasm-bindgen").as_deref(),
            Some("0.2.130")
        );
        assert_eq!(locked_version(lock, "leptos"), None);
    }

    #[test]
    fn reads_wasm_opt_pin_from_tools_table_only() {
        let toml = "[build]\nwasm_opt = \"version_1\"\n\n[tools]\nwasm_opt = \"version_132\" # npm binaryen\n";
        assert_eq!(pinned_wasm_opt(toml).as_deref(), Some("132"));
        assert_eq!(pinned_wasm_opt("[build]\nwasm_opt = \"version_1\"\n"), None);
    }

    #[test]
    fn string_value_needs_the_exact_key() {
        assert_eq!(string_value("name = \"x\"", "name"), Some("x"));
        assert_eq!(string_value("names = \"x\"", "name"), None);
        assert_eq!(string_value("name = 3", "name"), None);
    }

    /// The real files: Trunk.toml pins wasm-opt and Cargo.lock locks wasm-bindgen, as xtask expects.
    #[test]
    fn project_files_carry_the_tool_versions() {
        let root = crate::project_root();
        let trunk_toml = read_file(&root.join("Trunk.toml")).unwrap();
        assert!(
            pinned_wasm_opt(&trunk_toml).is_some(),
            "Trunk.toml lacks [tools] wasm_opt"
        );
        let lock = read_file(&root.join("Cargo.lock")).unwrap();
        assert!(
            locked_version(&lock, "wasm-bindgen").is_some(),
            "Cargo.lock lacks wasm-bindgen"
        );
    }
}
