//! Byte-pair encoding as seed 003 walks through it: split a corpus into words, start every word as its
//! characters plus an end-of-word marker, and repeatedly merge the most frequent adjacent pair.
//!
//! This file holds the shared types (symbol ids, pairs, merges, the vocabulary) and the one error enum;
//! the work happens in the sibling modules:
//! - `corpus`: words and their counts, from free text, `WORD COUNT` lines or byte chunks;
//! - `byte_level`: GPT-2-style byte-level BPE's patterns and byte stand-ins;
//! - `tie_rule`: which pair wins when counts tie;
//! - `trainer`: incremental training (no full recount per merge);
//! - `trace`: the recorded run as deltas, and a cursor that scrubs it both ways;
//! - `trace_bytes`: that run as bytes and back, to scrub it where it was not trained;
//! - `encoder`: segmenting an unseen word by replaying the merge table;
//! - `export`: Hugging Face `vocab.json`, `merges.txt` and `tokenizer.json`, tiktoken ranks;
//! - `loaded`: a tokenizer rebuilt from those tables.
//!
//! Byte-level BPE is the same trainer on other words: chunks of a pre-tokenizer pattern spelled as
//! byte stand-ins, with all 256 bytes as the alphabet and no end-of-word marker.
//! Left out on purpose: normalisation, special tokens and dropout. Symbols are identified by their string, as in
//! the seed's Python and in Hugging Face tokenizers: a merge that builds a string that already exists
//! (`ab c` after `a bc`) reuses that symbol.

pub mod byte_level;
pub mod corpus;
pub mod encoder;
pub mod export;
mod loaded;
mod segments;
pub mod tie_rule;
mod tokenizer;
pub mod trace;
mod trace_bytes;
pub mod trainer;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

pub use byte_level::Pattern;
pub use corpus::{CorpusFormat, CorpusStream, WordCounts};
pub use encoder::{EncodeStep, Encoder, Encoding};
pub use export::{merges_txt, ranks_tiktoken, tokenizer_json, vocab_json};
pub use loaded::LoadedBpe;
pub use tie_rule::TieRule;
pub use tokenizer::BpeTokenizer;
pub use trace::{Choice, Cursor, PairCountChange, PairSources, Step, Trace, TIED_LIMIT};
pub use trainer::{train, TrainOptions, Trainer};

/// Index into a [`Vocab`].
pub type SymbolId = u32;

/// The end-of-word marker: one symbol appended to every word (unless turned off), so a suffix such as
/// `er</w>` is told apart from the same letters inside a word.
pub const END_OF_WORD: &str = "</w>";

/// Two adjacent symbols, left then right. Ordered by (left id, right id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair {
    pub left: SymbolId,
    pub right: SymbolId,
}

impl Pair {
    pub fn new(left: SymbolId, right: SymbolId) -> Pair {
        Pair { left, right }
    }
}

/// One learned merge: `pair` becomes `merged`, chosen with `count` occurrences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merge {
    /// 1-based: merge 1 is learned first and applied first when encoding.
    pub rank: usize,
    pub pair: Pair,
    /// The id words carry after the merge: the first id of the merged string (see [`Vocab`]).
    pub merged: SymbolId,
    pub count: u64,
}

/// id -> symbol string. Ids `0..alphabet_len` are the initial alphabet sorted by code point (String's
/// Ord; `</w>` is one symbol and sorts as the string `"</w>"`); id `alphabet_len + k - 1` is the symbol
/// made by merge k (rank k).
///
/// Symbols are identified by their string. Should merge k build a string that already exists (`ab c`
/// after `a bc` both make `abc`), its slot still exists, so the numbering above holds, but words carry
/// the string's first id: [`Merge::merged`] and [`Vocab::id`] give that first id, and `vocab.json`
/// lists each string once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vocab {
    /// Shared strings: the trainer's queue keys (lexicographic rule) hold them too.
    symbols: Vec<Arc<str>>,
    ids: HashMap<Arc<str>, SymbolId>,
    alphabet_len: usize,
}

impl Vocab {
    /// The initial alphabet, sorted and deduplicated; ids follow that order.
    pub(crate) fn from_alphabet(mut symbols: Vec<String>) -> Vocab {
        crate::order::sort(&mut symbols);
        symbols.dedup();
        let symbols: Vec<Arc<str>> = symbols.into_iter().map(Arc::from).collect();
        let ids = symbols
            .iter()
            .enumerate()
            .map(|(id, s)| (s.clone(), id as SymbolId))
            .collect();
        Vocab {
            alphabet_len: symbols.len(),
            symbols,
            ids,
        }
    }

    /// Every symbol in id order, the first `alphabet_len` the alphabet; each string's first id
    /// is the one words carry.
    pub(crate) fn from_symbols(symbols: Vec<Arc<str>>, alphabet_len: usize) -> Vocab {
        let mut ids = HashMap::with_capacity(symbols.len());
        for (id, symbol) in symbols.iter().enumerate() {
            ids.entry(symbol.clone()).or_insert(id as SymbolId);
        }
        Vocab {
            symbols,
            ids,
            alphabet_len,
        }
    }

    /// Adds the slot for the next merge and returns the id words should carry: the new slot, or the
    /// first id of the same string if it already exists (then `false`).
    pub(crate) fn push_merged(&mut self, symbol: String) -> (SymbolId, bool) {
        let slot = self.symbols.len() as SymbolId;
        let symbol: Arc<str> = Arc::from(symbol);
        let id = *self.ids.entry(symbol.clone()).or_insert(slot);
        self.symbols.push(symbol);
        (id, id == slot)
    }

    /// The symbol's text, shared.
    pub(crate) fn shared(&self, id: SymbolId) -> &Arc<str> {
        &self.symbols[id as usize]
    }

    /// The symbol's text.
    ///
    /// # Panics
    /// If `id` is not below [`Vocab::len`]; ids handed out by this crate always are.
    pub fn symbol(&self, id: SymbolId) -> &str {
        &self.symbols[id as usize]
    }

    /// The first id of `symbol`, if it is in the vocabulary.
    pub fn id(&self, symbol: &str) -> Option<SymbolId> {
        self.ids.get(symbol).copied()
    }

    /// Number of ids (alphabet plus one per merge).
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    pub fn alphabet_len(&self) -> usize {
        self.alphabet_len
    }

    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// Every `(id, symbol)` whose id is the first for its string, in id order (what `vocab.json` lists).
    pub fn distinct(&self) -> impl Iterator<Item = (SymbolId, &str)> + '_ {
        self.symbols
            .iter()
            .enumerate()
            .map(|(id, s)| (id as SymbolId, &**s))
            .filter(|&(id, s)| self.id(s) == Some(id))
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        // Each string once, behind an Arc header of two counters.
        let strings: usize = self
            .symbols
            .iter()
            .map(|s| s.len() + 2 * size_of::<usize>())
            .sum();
        strings
            + self.symbols.capacity() * size_of::<Arc<str>>()
            + self.ids.capacity() * (size_of::<(Arc<str>, SymbolId)>() + 1)
    }
}

/// Everything that can go wrong in this module, each with one clear sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BpeError {
    /// The corpus has no words.
    EmptyCorpus,
    /// Zero merges were asked for.
    ZeroMerges,
    /// A line of a word-count corpus is not `WORD COUNT` with a positive whole count (line is 1-based).
    BadWordCountLine { line: usize, text: String },
    /// A tie rule name that is not one of [`TieRule::ALL`].
    UnknownTieRule(String),
    /// A line of a merges file is not `LEFT RIGHT` (line is 1-based).
    BadMergesFile { line: usize, text: String },
    /// Word counts so large that pair counts would overflow 64 bits, or more than 2^31 symbols.
    CorpusTooLarge,
    /// A model read from files whose tables do not fit together (why, in a phrase).
    BadModel(String),
    /// The corpus's bytes are not UTF-8 from this offset on.
    NotUtf8 { at_byte: u64 },
}

impl fmt::Display for BpeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BpeError::EmptyCorpus => write!(f, "the corpus has no words"),
            BpeError::ZeroMerges => write!(f, "the number of merges must be at least 1"),
            BpeError::BadWordCountLine { line, text } => write!(
                f,
                "line {line}: expected `WORD COUNT` with a positive whole count, got `{text}`"
            ),
            BpeError::UnknownTieRule(name) => write!(
                f,
                "unknown tie rule `{name}`: use lexicographic, smallest-id or first-seen"
            ),
            BpeError::BadMergesFile { line, text } => {
                write!(f, "merges file line {line}: expected `LEFT RIGHT`, got `{text}`")
            }
            BpeError::BadModel(why) => write!(f, "the model file is invalid: {why}"),
            BpeError::NotUtf8 { at_byte } => {
                write!(f, "the corpus is not valid UTF-8 (at byte {at_byte})")
            }
            BpeError::CorpusTooLarge => write!(
                f,
                "the corpus is too large: its pair counts would overflow 64 bits or it has more than 2^31 symbols"
            ),
        }
    }
}

impl std::error::Error for BpeError {}
