//! The lab's dequantizer against llama.cpp's own `gguf` package (its numpy `dequantize`), run in the
//! same test on SmolLM2-135M-Instruct's file: the first 4,096 rows of the Q8_0 token table and all
//! of layer 0's attention weights (Q4_1) and norm (F32) must agree bit for bit, as f32. The
//! reference's python is the zoo venv's (tests/reference_python). The committed first-layer asset
//! (assets/smollm2/layer0.bin) must be what this file builds, byte for byte. Leaves out: the other
//! layers.

use std::process::Command;

mod reference_python;

use reference_python::{repo_root, zoo_python};
use til_core::gguf::{dequantize, Gguf};

#[test]
fn smollm2_layer_0_dequantizes_as_the_gguf_package_does() {
    let out = std::env::temp_dir().join(format!("til-gguf-dequantize-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("a scratch folder");
    let run = Command::new(zoo_python())
        .arg(repo_root().join("tests/reference/gguf_dequantize.py"))
        .arg(&out)
        .output()
        .expect("the reference python runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let printed = String::from_utf8(run.stdout).expect("ASCII");
    let mut lines = printed.lines();
    let file = std::fs::read(lines.next().expect("the file's path")).expect("the GGUF file");
    let gguf = Gguf::parse(&file).expect("it parses");
    let mut compared = 0;
    for name in lines {
        let tensor = gguf
            .tensors
            .iter()
            .find(|t| t.name == name)
            .expect("the tensor");
        let ours = dequantize(tensor, &file).expect("a known type");
        let theirs: Vec<u32> = std::fs::read(out.join(format!("{name}.f32")))
            .expect("the reference's values")
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let differ = ours
            .iter()
            .zip(&theirs)
            .filter(|(a, b)| a.to_bits() != **b)
            .count();
        assert!(theirs.len() <= ours.len(), "{name}");
        assert_eq!(
            differ,
            0,
            "{name}: {differ} of {} values differ",
            theirs.len()
        );
        compared += theirs.len();
    }
    let _ = std::fs::remove_dir_all(&out);
    println!(
        "[measure] {compared} values of SmolLM2's layer 0 equal the gguf package's, bit for bit"
    );
    assert!(compared > 2_000_000, "{compared}");

    // The page's and the CLI's first-layer asset is these tensors' bytes, rebuilt byte for byte.
    let committed =
        std::fs::read(repo_root().join("assets/smollm2/layer0.bin")).expect("the committed asset");
    let built = til_core::smollm2::layer0::from_gguf(&gguf, &file).expect("it builds");
    assert!(
        built == committed,
        "assets/smollm2/layer0.bin differs from a fresh build: run `cargo xtask zoo`"
    );
}
