//! The MiniLM assets (`assets/minilm/tokens.bin`, `assets/minilm/layer.bin`): a small container of
//! named tensors, its encoder (used by `cargo xtask minilm`) and its checked parser.
//!
//! Format, all integers little-endian:
//!
//! | offset | size        | field                                                       |
//! |--------|-------------|-------------------------------------------------------------|
//! | 0      | 4           | magic `TMLM`                                                |
//! | 4      | 4           | version, u32 = 1                                            |
//! | 8      | 4           | tensor count n, u32                                         |
//! | 12     | 4           | FNV-1a 32 checksum of everything after this 16-byte header  |
//! | 16     | n × 44      | directory: name (32 bytes, ASCII, NUL-padded), dtype u32    |
//! |        |             | (1 = f16, 2 = f32), rows u32, cols u32                      |
//! | …      | Σ r × c × w | the tensors' values, row-major, in directory order          |
//!
//! Names are the safetensors names after `embeddings.`. A reader states the tensors it expects
//! ([`TensorSpec`]) and gets their bytes back, or an error naming the first difference.
//! Leaves out: decoding values (token_embeddings.rs, layer_weights.rs) and reading files.

use super::{MiniLmError, D_MODEL, MAX_POSITIONS, TYPE_VOCAB_SIZE, VOCAB_SIZE};
use crate::asset::{Fault, Format};

/// Both assets' container: one field, the tensor count.
pub const FORMAT: Format = Format {
    what: "the MiniLM asset",
    magic: *b"TMLM",
    version: 1,
    fields: 1,
    rebuild: "cargo xtask minilm",
};
/// Header size in bytes.
pub const HEADER_LEN: usize = FORMAT.header_len();
/// Directory entry size in bytes.
pub const ENTRY_LEN: usize = 44;
/// Room for a name in a directory entry.
const NAME_LEN: usize = 32;

/// How a tensor's values are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DType {
    /// IEEE half precision, 2 bytes.
    F16,
    /// IEEE single precision, 4 bytes.
    F32,
}

impl DType {
    fn code(self) -> u32 {
        match self {
            DType::F16 => 1,
            DType::F32 => 2,
        }
    }

    pub fn width(self) -> usize {
        match self {
            DType::F16 => 2,
            DType::F32 => 4,
        }
    }

    /// The extension of the exported file that holds such values (`f16`, `f32`).
    pub fn extension(self) -> &'static str {
        match self {
            DType::F16 => "f16",
            DType::F32 => "f32",
        }
    }
}

/// A tensor an asset holds: its name, type and shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TensorSpec {
    pub name: &'static str,
    pub dtype: DType,
    pub rows: usize,
    pub cols: usize,
}

impl TensorSpec {
    /// Bytes of its values.
    pub fn byte_len(&self) -> usize {
        self.rows * self.cols * self.dtype.width()
    }

    fn describe(&self) -> String {
        format!(
            "{} {} × {} {}",
            self.name,
            self.rows,
            self.cols,
            self.dtype.extension()
        )
    }
}

/// tokens.bin: the token table in half precision (23 MB; the page loads it only when asked).
pub const TOKEN_TENSORS: [TensorSpec; 1] = [TensorSpec {
    name: "word_embeddings",
    dtype: DType::F16,
    rows: VOCAB_SIZE,
    cols: D_MODEL,
}];

/// layer.bin: the rest of the embedding layer, in single precision as trained.
pub const LAYER_TENSORS: [TensorSpec; 4] = [
    TensorSpec {
        name: "position_embeddings",
        dtype: DType::F32,
        rows: MAX_POSITIONS,
        cols: D_MODEL,
    },
    TensorSpec {
        name: "token_type_embeddings",
        dtype: DType::F32,
        rows: TYPE_VOCAB_SIZE,
        cols: D_MODEL,
    },
    TensorSpec {
        name: "LayerNorm.weight",
        dtype: DType::F32,
        rows: 1,
        cols: D_MODEL,
    },
    TensorSpec {
        name: "LayerNorm.bias",
        dtype: DType::F32,
        rows: 1,
        cols: D_MODEL,
    },
];

/// Writes `tensors` (each spec with its little-endian values) as an asset.
pub fn encode(tensors: &[(TensorSpec, &[u8])]) -> Result<Vec<u8>, MiniLmError> {
    // 1. Directory, checking each tensor's bytes against its shape.
    let mut payload = Vec::new();
    for (index, (spec, data)) in tensors.iter().enumerate() {
        let name = spec.name.as_bytes();
        if name.is_empty() || name.len() > NAME_LEN || !spec.name.is_ascii() || name.contains(&0) {
            return Err(MiniLmError::UnexpectedTensor {
                index,
                expected: format!("a name of 1 to {NAME_LEN} ASCII characters"),
                found: format!("{:?}", spec.name),
            });
        }
        if data.len() != spec.byte_len() {
            return Err(MiniLmError::UnexpectedTensor {
                index,
                expected: format!("{} ({} bytes)", spec.describe(), spec.byte_len()),
                found: format!("{} bytes", data.len()),
            });
        }
        let mut entry = [0u8; ENTRY_LEN];
        entry[..name.len()].copy_from_slice(name);
        for (at, field) in [spec.dtype.code(), spec.rows as u32, spec.cols as u32]
            .into_iter()
            .enumerate()
        {
            entry[NAME_LEN + 4 * at..][..4].copy_from_slice(&field.to_le_bytes());
        }
        payload.extend_from_slice(&entry);
    }
    // 2. Values, then the header over it all.
    for (_, data) in tensors {
        payload.extend_from_slice(data);
    }
    Ok(FORMAT.write(&[tensors.len() as u32], &payload))
}

/// The length in bytes of an asset holding `tensors`: header, directory and values (what a
/// download's progress is measured against).
pub fn asset_len(tensors: &[TensorSpec]) -> u64 {
    (HEADER_LEN + tensors.len() * ENTRY_LEN) as u64
        + tensors.iter().map(|s| s.byte_len() as u64).sum::<u64>()
}

/// Checks `asset` against the tensors it should hold and returns their bytes, in order.
pub fn parse<'a>(asset: &'a [u8], expected: &[TensorSpec]) -> Result<Vec<&'a [u8]>, MiniLmError> {
    // 1. Header and directory present, right magic and version, the expected number of tensors.
    let needed = HEADER_LEN + expected.len() * ENTRY_LEN;
    if asset.len() < needed {
        return Err(FORMAT
            .error(Fault::TooShort {
                len: asset.len(),
                needed,
            })
            .into());
    }
    let header = FORMAT.read(asset)?;
    if header.field(0) as usize != expected.len() {
        return Err(MiniLmError::TensorCount {
            expected: expected.len(),
            found: header.field(0),
        });
    }
    let field =
        |at: usize| u32::from_le_bytes([asset[at], asset[at + 1], asset[at + 2], asset[at + 3]]);
    // 2. Directory: each entry exactly the expected tensor.
    for (index, spec) in expected.iter().enumerate() {
        let at = HEADER_LEN + index * ENTRY_LEN;
        let name = &asset[at..at + NAME_LEN];
        let name =
            String::from_utf8_lossy(&name[..name.iter().position(|&b| b == 0).unwrap_or(NAME_LEN)]);
        let found = (
            field(at + NAME_LEN),
            field(at + NAME_LEN + 4),
            field(at + NAME_LEN + 8),
        );
        if name != spec.name || found != (spec.dtype.code(), spec.rows as u32, spec.cols as u32) {
            return Err(MiniLmError::UnexpectedTensor {
                index,
                expected: spec.describe(),
                found: format!("{name} {} × {} (dtype {})", found.1, found.2, found.0),
            });
        }
    }
    // 3. Length before checksum, so a truncated file reports as truncated.
    header.payload(asset_len(expected))?;
    // 4. The tensors' bytes.
    let mut at = needed;
    Ok(expected
        .iter()
        .map(|spec| {
            let data = &asset[at..at + spec.byte_len()];
            at += spec.byte_len();
            data
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asset::AssetError;

    const SMALL: [TensorSpec; 2] = [
        TensorSpec {
            name: "a",
            dtype: DType::F16,
            rows: 2,
            cols: 3,
        },
        TensorSpec {
            name: "LayerNorm.bias",
            dtype: DType::F32,
            rows: 1,
            cols: 2,
        },
    ];

    fn small() -> Vec<u8> {
        let a: Vec<u8> = (0..12).collect();
        let b: Vec<u8> = (100..108).collect();
        encode(&[(SMALL[0], &a), (SMALL[1], &b)]).unwrap()
    }

    #[test]
    fn round_trip() {
        let asset = small();
        assert_eq!(asset.len(), HEADER_LEN + 2 * ENTRY_LEN + 12 + 8);
        assert_eq!(asset_len(&SMALL), asset.len() as u64);
        // tokens.bin: 16 + 44 + 30,522 × 384 × 2.
        assert_eq!(asset_len(&TOKEN_TENSORS), 23_440_956);
        let parts = parse(&asset, &SMALL).unwrap();
        assert_eq!(parts[0], (0..12).collect::<Vec<u8>>());
        assert_eq!(parts[1], (100..108).collect::<Vec<u8>>());
    }

    #[test]
    fn damage_is_reported_by_kind() {
        let good = small();
        let load = |bytes: &[u8]| parse(bytes, &SMALL).unwrap_err();
        assert_eq!(
            load(&good[..20]),
            MiniLmError::Asset(FORMAT.error(Fault::TooShort {
                len: 20,
                needed: 104
            }))
        );
        let mut bad = good.clone();
        bad[0] = b'X';
        assert_eq!(
            load(&bad),
            MiniLmError::Asset(FORMAT.error(Fault::BadMagic { found: *b"XMLM" }))
        );
        let mut bad = good.clone();
        bad[4] = 2;
        assert_eq!(
            load(&bad),
            MiniLmError::Asset(FORMAT.error(Fault::UnsupportedVersion { found: 2 }))
        );
        let mut bad = good.clone();
        bad[HEADER_LEN + NAME_LEN + 4] = 3; // tensor a claims 3 rows
        let error = load(&bad).to_string();
        assert!(
            error.contains("tensor 0 should be a 2 × 3 f16, found a 3 × 3 (dtype 1)"),
            "{error}"
        );
        assert_eq!(
            load(&good[..good.len() - 1]),
            MiniLmError::Asset(FORMAT.error(Fault::WrongLength {
                expected: good.len() as u64,
                found: good.len() as u64 - 1
            }))
        );
        let mut bad = good.clone();
        *bad.last_mut().unwrap() ^= 1;
        assert!(matches!(
            load(&bad),
            MiniLmError::Asset(AssetError {
                fault: Fault::ChecksumMismatch { .. },
                ..
            })
        ));
        assert!(load(&bad).to_string().contains("cargo xtask minilm"));
        // Another asset's tensors are refused by name.
        assert_eq!(
            parse(&good, &TOKEN_TENSORS).unwrap_err(),
            MiniLmError::TensorCount {
                expected: 1,
                found: 2
            }
        );
    }

    #[test]
    fn the_encoder_refuses_bytes_that_do_not_fit_the_shape() {
        let error = encode(&[(SMALL[0], &[0u8; 11][..])])
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("a 2 × 3 f16 (12 bytes), found 11 bytes"),
            "{error}"
        );
    }
}
