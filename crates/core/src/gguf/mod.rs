//! GGUF, llama.cpp's model file (version 3, little-endian): its metadata (the tokenizer's tokens and
//! merges, the architecture's sizes) and the directory of its tensors, read without copying the
//! tensor data. SmolLM2's tokenizer and first layer come from such a file.
//!
//! 1. the header: `GGUF`, the version, the tensor and metadata counts;
//! 2. the metadata: key, type, value (integers, floats, booleans, strings and arrays of them);
//! 3. the tensor directory: name, dimensions, ggml type, offset into the data;
//! 4. the data, from the next multiple of `general.alignment` (32 by default).
//!
//! A tensor's values come out as f32 ([`dequantize`]: F32, F16, Q4_0, Q4_1, Q8_0). Leaves out:
//! the K-quants, big-endian files and versions 1–2.

pub mod dequantize;
mod reader;

use std::fmt;

pub use dequantize::dequantize;
pub use reader::{Gguf, Tensor, Value};

/// What can be wrong with a GGUF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgufError {
    NotGguf,
    UnsupportedVersion(u32),
    /// The file ends, or a length or count runs past its end, at byte `at`.
    Truncated {
        at: usize,
    },
    UnknownValueType {
        code: u32,
        at: usize,
    },
    NotUtf8 {
        at: usize,
    },
    /// A tensor's data would lie outside the file.
    TensorOutOfFile {
        name: String,
    },
    /// A tensor in a format the lab does not dequantize.
    UnsupportedTensorType {
        name: String,
        code: u32,
    },
}

impl fmt::Display for GgufError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = "this is not a usable GGUF file";
        match self {
            GgufError::NotGguf => write!(f, "{file}: it does not start with GGUF"),
            GgufError::UnsupportedVersion(v) => {
                write!(f, "this GGUF file is version {v}; the lab reads version 3")
            }
            GgufError::Truncated { at } => write!(f, "{file}: it is cut off at byte {at}"),
            GgufError::UnknownValueType { code, at } => {
                write!(f, "{file}: unknown metadata type {code} at byte {at}")
            }
            GgufError::NotUtf8 { at } => write!(f, "{file}: a string at byte {at} is not UTF-8"),
            GgufError::TensorOutOfFile { name } => {
                write!(f, "{file}: tensor {name} lies outside the file")
            }
            GgufError::UnsupportedTensorType { name, code } => write!(
                f,
                "tensor {name} is stored as ggml type {code}; the lab reads F32, F16, Q4_0, Q4_1 and Q8_0"
            ),
        }
    }
}

impl std::error::Error for GgufError {}
