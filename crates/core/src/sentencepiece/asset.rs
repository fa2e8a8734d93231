//! The SentencePiece asset (`assets/mistral/mistral-v1.bin`, written by `cargo xtask zoo`): the
//! lab's one container ([`crate::asset`]) around a `.model` file's bytes, unchanged, so the
//! checksum guards them and the same parser reads a user's own file.

use super::{SentencePiece, SentencePieceError};
use crate::asset::Format;

/// The asset's container: one field, the model file's length.
pub const FORMAT: Format = Format {
    what: "the SentencePiece model asset",
    magic: *b"SPMF",
    version: 1,
    fields: 1,
    rebuild: "cargo xtask zoo",
};

/// A model file wrapped as an asset.
pub fn to_asset(model_file: &[u8]) -> Vec<u8> {
    FORMAT.write(&[model_file.len() as u32], model_file)
}

/// The model inside an asset, named `name`.
pub fn from_asset(asset: &[u8], name: &str) -> Result<SentencePiece, SentencePieceError> {
    let header = FORMAT.read(asset)?;
    let model = header.payload(FORMAT.header_len() as u64 + u64::from(header.field(0)))?;
    SentencePiece::from_model_file(model, name)
}
