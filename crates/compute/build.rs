//! Writes each WGSL kernel of `src/gpu` into `OUT_DIR` without its comments and indentation, and
//! the launchers embed that copy: the kernels travel inside the page's wasm, whose budget is
//! 600 KB gzip, and the comments are for readers of the source. WGSL has no string literals, so
//! `//` always starts a comment. (A shader error's line numbers refer to the lean copy.)
use std::fs;
use std::path::Path;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo:rerun-if-changed=src/gpu");
    for entry in fs::read_dir("src/gpu").expect("src/gpu is there") {
        let path = entry.expect("a readable directory").path();
        if path.extension().is_none_or(|e| e != "wgsl") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let source = fs::read_to_string(&path).expect("a readable kernel");
        let lean: String = source
            .lines()
            .map(|line| line.split("//").next().unwrap_or_default().trim())
            .filter(|line| !line.is_empty())
            .flat_map(|line| [line, "\n"])
            .collect();
        let name = path.file_name().expect("a file");
        fs::write(Path::new(&out).join(name), lean).expect("OUT_DIR is writable");
    }
}
