//! The ranks asset (`assets/tiktoken/<encoding>.bin`, written by `tools/tiktoken-asset/build.mjs`
//! from js-tiktoken's ranks): the lab's one container ([`crate::asset`]) with one field, the token
//! count, then each token as a length byte and its bytes, rank 0 first.
//! Leaves out: building the lookup table (encoder.rs).

use super::TiktokenError;
use crate::asset::Format;
use crate::byte_level::read_tokens;

/// The asset's container.
pub const FORMAT: Format = Format {
    what: "the tiktoken ranks asset",
    magic: *b"TTKR",
    version: 1,
    fields: 1,
    rebuild: "node tools/tiktoken-asset/build.mjs",
};

/// The tokens' bytes, rank 0 first, after checking the container and that every token is whole.
pub fn parse(asset: &[u8]) -> Result<Vec<&[u8]>, TiktokenError> {
    let header = FORMAT.read(asset)?;
    let count = header.field(0) as usize;
    // The length comes from the tokens themselves: walk them first, so a cut file reports a token.
    let body = &asset[FORMAT.header_len().min(asset.len())..];
    let (tokens, at) = read_tokens(body, count).map_err(|rank| TiktokenError::BadToken { rank })?;
    header.payload((FORMAT.header_len() + at) as u64)?;
    Ok(tokens)
}
