//! SentencePiece's Unigram language-model tokenizer, trained as `sentencepiece` 0.2.1 trains it
//! (`unigram_model_trainer.cc`) with its defaults: whitespace-split words marked with `▁`, every
//! character kept, pieces of at most 16 characters that never mix scripts or digits with letters,
//! no digit splitting; byte fallback on request (sentencepiece's `--byte_fallback`: the 256 pieces
//! `<0x00>`…`<0xFF>` follow the meta pieces, and a character no piece covers is written as its
//! UTF-8 bytes instead of `<unk>`).
//!
//! The work happens in the sibling modules:
//! - `words`: the corpus as distinct `▁word`s with counts;
//! - `seeds`: the starting vocabulary, every character plus the repeated substrings;
//! - `lattice`: every way a word can be written as pieces, with forward-backward and Viterbi;
//! - `trainer`: EM re-estimation (the digamma update), pruning rounds, the final vocabulary,
//!   each state recorded as a [`Round`];
//! - `round_lattice`: a round's lattice of one word, as the stepper shows it;
//! - `export`: the trained model as a `tokenizer.json` and as a SentencePiece `.model` file.
//!
//! Left out: user-defined and control symbols beyond `<unk>`, `<s>`, `</s>`,
//! sentence sampling and multithreading. The branching repeats that seed training are found with a
//! hash map, not sentencepiece's suffix array, and were compared by outcome (held-out token counts,
//! `crates/cli/tests/unigram_reference.rs`), not piece for piece.

mod export;
mod lattice;
mod round_lattice;
mod seeds;
mod trainer;
mod words;

use std::fmt;

pub use export::{model_file, tokenizer_json};
pub use lattice::{Lattice, LatticeNode};
pub use round_lattice::RoundLattice;
pub use trainer::REMOVED_SHOWN;
pub use trainer::{train, Model, Removed, Round, RoundKind, Trainer};
pub use words::unigram_words;

/// The word-start mark: SentencePiece writes a space before each word as `▁` (U+2581).
pub const WORD_START: char = '\u{2581}';
/// The pieces every model starts with, ids 0, 1, 2.
pub const META_PIECES: [&str; 3] = ["<unk>", "<s>", "</s>"];

/// What training aims for; the defaults are sentencepiece's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnigramOptions {
    /// The final vocabulary, `<unk>`, `<s>` and `</s>` included.
    pub vocab_size: usize,
    /// The longest piece, in characters (16).
    pub max_piece_len: usize,
    /// Each pruning round keeps this share of the pieces (0.75).
    pub shrinking_factor: f64,
    /// EM iterations between two pruning rounds (2).
    pub sub_iterations: usize,
    /// The most seed pieces (1,000,000).
    pub seed_size: usize,
    /// The 256 byte pieces after the meta pieces, for characters no piece covers (off).
    pub byte_fallback: bool,
}

impl UnigramOptions {
    pub fn with_vocab(vocab_size: usize) -> UnigramOptions {
        UnigramOptions {
            vocab_size,
            max_piece_len: 16,
            shrinking_factor: 0.75,
            sub_iterations: 2,
            seed_size: 1_000_000,
            byte_fallback: false,
        }
    }

    /// The pieces every model of these options starts with, in id order: the meta pieces, then
    /// with byte fallback the 256 byte pieces; all score 0.
    pub fn fixed_pieces(&self) -> impl Iterator<Item = String> {
        let with_bytes = self.byte_fallback;
        let bytes = (0..=255u8).filter(move |_| with_bytes);
        META_PIECES
            .iter()
            .map(|p| p.to_string())
            .chain(bytes.map(byte_piece))
    }
}

/// Byte `b`'s piece, as sentencepiece writes it: `<0x41>`.
pub fn byte_piece(b: u8) -> String {
    format!("<0x{b:02X}>")
}

/// Everything that can go wrong, each with one clear sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnigramError {
    /// The corpus has no words.
    EmptyCorpus,
    /// The vocabulary cannot hold the fixed pieces (meta, and bytes with byte fallback) and
    /// every character.
    VocabTooSmall {
        asked: usize,
        characters: usize,
        fixed: usize,
    },
}

impl fmt::Display for UnigramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnigramError::EmptyCorpus => write!(f, "the corpus has no words"),
            UnigramError::VocabTooSmall {
                asked,
                characters,
                fixed,
            } => write!(
                f,
                "a vocabulary of {asked} is smaller than the alphabet: the corpus has {characters} distinct characters, and {} take {fixed} ids, so it needs at least {}",
                if *fixed == META_PIECES.len() { "<unk>, <s> and </s>" } else { "<unk>, <s>, </s> and the 256 bytes" },
                characters + fixed
            ),
        }
    }
}

impl std::error::Error for UnigramError {}
