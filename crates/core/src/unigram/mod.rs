//! SentencePiece's Unigram language-model tokenizer, trained as `sentencepiece` 0.2.1 trains it
//! (`unigram_model_trainer.cc`) with its defaults: whitespace-split words marked with `▁`, every
//! character kept, pieces of at most 16 characters that never mix scripts or digits with letters,
//! no byte fallback, no digit splitting.
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
//! Left out: byte fallback, user-defined and control symbols beyond `<unk>`, `<s>`, `</s>`,
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
}

impl UnigramOptions {
    pub fn with_vocab(vocab_size: usize) -> UnigramOptions {
        UnigramOptions {
            vocab_size,
            max_piece_len: 16,
            shrinking_factor: 0.75,
            sub_iterations: 2,
            seed_size: 1_000_000,
        }
    }
}

/// Everything that can go wrong, each with one clear sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnigramError {
    /// The corpus has no words.
    EmptyCorpus,
    /// The vocabulary cannot hold the meta pieces and every character.
    VocabTooSmall { asked: usize, needed: usize },
}

impl fmt::Display for UnigramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnigramError::EmptyCorpus => write!(f, "the corpus has no words"),
            UnigramError::VocabTooSmall { asked, needed } => write!(
                f,
                "a vocabulary of {asked} is smaller than the alphabet: the corpus has {} distinct characters, and <unk>, <s> and </s> take 3 ids, so it needs at least {needed}",
                needed - 3
            ),
        }
    }
}

impl std::error::Error for UnigramError {}
