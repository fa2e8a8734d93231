//! SmolLM2's tokenizer (SmolLM2-135M-Instruct, the model of the RoPE lab), id for id with Hugging
//! Face tokenizers set up as its tokenizer.json and with llama.cpp on its GGUF file: 49,152 tokens of
//! byte-level BPE by merge list ([`MergeBpe`], 48,900 merges), behind a pre-tokenizer that splits off
//! every digit and then cuts the rest with GPT-2's pattern ([`pretokenize`]).
//!
//! The asset ([`asset`]) is built from the GGUF file by `cargo xtask zoo`, and so is the first
//! layer's ([`layer0`]), whose attention logits [`first_attention`] computes; its token table read as
//! vectors ([`token_table`]: neighbours, analogy words) and its under-trained tokens
//! ([`undertrained`]). Leaves out: the 17
//! special tokens on encode (`<|im_start|>` in the text is ordinary text; their ids still decode to
//! their strings), BOS/EOS (the model adds none), and reading files (callers pass bytes). Bytes the
//! vocabulary lacks (six control characters, the unassigned planes 4–11) are dropped, as the
//! reference drops them, so only text without them decodes back to itself.

pub mod asset;
mod explain;
pub mod first_attention;
pub mod layer0;
mod merges;
mod pretokenize;
pub mod token_table;
pub mod undertrained;
mod unicode_tables;

use std::fmt;

use crate::asset::AssetError;
use crate::byte_level::{ByteLevel, MergedPieces};
use crate::posenc::PosEncError;

pub use merges::MergeBpe;
pub use pretokenize::{pretokenize, Pieces};

/// Everything that can go wrong: a damaged asset, or a GGUF file that is not SmolLM2's kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Smollm2Error {
    Asset(AssetError),
    /// An empty, repeated or cut-off token, or one that is not in GPT-2's printable byte form.
    BadToken {
        id: usize,
    },
    /// A merge of unknown tokens, or one whose joined bytes are no token.
    BadMerge {
        rank: usize,
    },
    /// Why a GGUF file cannot be converted.
    Gguf(String),
    /// A token id past the vocabulary.
    UnknownId {
        id: usize,
        vocab: usize,
    },
    /// A sequence longer than the model's context, or a rotation that cannot be done.
    Position(PosEncError),
    /// The under-trained indicator was given no reference rows.
    EmptyReference,
}

impl fmt::Display for Smollm2Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = asset::FORMAT.what;
        match self {
            Smollm2Error::Asset(error) => error.fmt(f),
            Smollm2Error::BadToken { id } => write!(f, "{what} is invalid at token {id}"),
            Smollm2Error::BadMerge { rank } => write!(f, "{what} is invalid at merge {rank}"),
            Smollm2Error::Gguf(why) => write!(f, "this GGUF file cannot be used: {why}"),
            Smollm2Error::UnknownId { id, vocab } => {
                write!(
                    f,
                    "token id {id} is not in SmolLM2's vocabulary (0 to {})",
                    vocab - 1
                )
            }
            Smollm2Error::Position(error) => error.fmt(f),
            Smollm2Error::EmptyReference => {
                write!(f, "the reference is empty: name at least one token id")
            }
        }
    }
}

impl std::error::Error for Smollm2Error {}

impl From<AssetError> for Smollm2Error {
    fn from(error: AssetError) -> Self {
        Smollm2Error::Asset(error)
    }
}

/// SmolLM2's tokenizer, ready to encode.
#[derive(Clone, Debug)]
pub struct Smollm2 {
    /// The registry's name for it (`til_core::registry`).
    name: &'static str,
    pub(super) bpe: MergeBpe,
}

impl Smollm2 {
    /// Parses and checks the asset and builds the merge table; `name` is what it answers to.
    pub fn from_asset(name: &'static str, asset: &[u8]) -> Result<Smollm2, Smollm2Error> {
        let (tokens, merges) = asset::parse(asset)?;
        Ok(Smollm2 {
            name,
            bpe: MergeBpe::new(&tokens, &merges)?,
        })
    }
}

/// Ids as the reference's `encode(text, add_special_tokens=False)`.
impl ByteLevel for Smollm2 {
    fn label(&self) -> &str {
        self.name
    }

    fn id_count(&self) -> usize {
        self.bpe.tokens().len()
    }

    /// Each distinct piece is merged once per text, since words repeat.
    fn each_token(&self, text: &str, f: &mut dyn FnMut(Option<u32>, usize)) {
        let mut merged = MergedPieces::default();
        for piece in pretokenize(text) {
            let tokens = merged.get(piece, |scratch, out| {
                self.bpe.encode_piece(piece.as_bytes(), scratch, out)
            });
            if tokens.is_empty() {
                f(None, piece.len());
            }
            for &(id, len) in tokens {
                f(Some(id), len);
            }
        }
    }

    fn token_bytes(&self, id: u32) -> Option<&[u8]> {
        self.bpe.tokens().get(id)
    }
}

#[cfg(test)]
mod tests {
    use super::{Smollm2, Smollm2Error};
    use crate::asset::Fault;
    use crate::byte_level::ByteLevel;
    use crate::tokenizer::Tokenizer;

    const ASSET: &[u8] = include_bytes!("../../../../assets/smollm2/smollm2.bin");
    /// The registry calls it so; a test needs only some name.
    const NAME: &str = "SmolLM2 under test";

    #[test]
    fn digits_are_tokens_of_their_own_and_dropped_bytes_show_as_unknown() {
        let model = Smollm2::from_asset(NAME, ASSET).expect("the committed asset loads");
        assert_eq!(model.id_count(), 49_152);
        // Checked against the reference in crates/cli/tests/tokenize_cli.rs.
        assert_eq!(model.encode_ids(" 2024"), [216, 34, 32, 34, 36]);
        let pieces = model.encode("a\u{4}");
        assert_eq!(pieces[1].id, None);
        assert_eq!(pieces[1].span, 1..2);
        assert_eq!(model.decode(&[1]).as_deref(), Ok("<|im_start|>"));
    }

    #[test]
    fn a_damaged_asset_says_how() {
        let cut = Smollm2::from_asset(NAME, &ASSET[..ASSET.len() - 1]).unwrap_err();
        assert!(
            matches!(cut, Smollm2Error::Asset(e) if matches!(e.fault, Fault::WrongLength { .. }))
        );
        let mut flipped = ASSET.to_vec();
        *flipped.last_mut().expect("not empty") ^= 1;
        let flipped = Smollm2::from_asset(NAME, &flipped).unwrap_err();
        assert!(
            matches!(flipped, Smollm2Error::Asset(e) if matches!(e.fault, Fault::ChecksumMismatch { .. }))
        );
    }
}
