//! "Why this split": for one token of an encoded text, the stretch of text its tokenizer worked
//! on alone (a pre-token chunk, or a SentencePiece word), and how that stretch became tokens:
//! 1. a chunk that is one token whole (tiktoken looks it up, no merges): [`Story::Whole`];
//! 2. merges in order, each with what ranked it: a merge rank (byte-level BPE) or a piece score
//!    (SentencePiece BPE), every part after each merge ([`Story::Merges`], replayed by
//!    [`replay`]);
//! 3. the Viterbi lattice of a Unigram model: every piece that could end at each place, with its
//!    log-probability and the best path through it ([`Story::Lattice`]);
//! 4. a character the vocabulary lacks, spelt as its UTF-8 bytes (byte fallback, [`Story::Bytes`]);
//! 5. WordPiece's longest match, piece by piece ([`Story::Longest`]), and the tokens it adds
//!    around every text ([`Story::Added`]).
//!
//! And, for a token that starts or ends inside a character, that character's bytes and the token
//! each byte went to ([`anatomy`]). Each tokenizer explains itself through [`Explain`], tracing the
//! same code that encodes. Leaves out: chunks over [`LONGEST_TRACED`] bytes (their story is told
//! as its length only), and the walkthrough's BPE (its "Encode a word" replays it).

pub mod anatomy;
pub mod replay;

use std::ops::Range;

use crate::byte_level::merge::Merged;
use crate::tokenizer::Tokenizer;

pub use anatomy::{anatomy, CharBytes};
pub use replay::{replay, Join, Step};

/// The longest chunk whose merges or lattice are traced: its steps are shown, and a chunk this
/// long already has hundreds.
pub const LONGEST_TRACED: usize = 256;

/// What ordered a merge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Priority {
    /// The merge's rank: lower merges first (byte-level BPE).
    Rank(u32),
    /// The joined piece's score: higher joins first (SentencePiece BPE).
    Score(f32),
}

/// One piece that could end at a place of a Unigram lattice.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Byte range in the chunk as the segmenter saw it ([`Why::seen`]).
    pub span: Range<usize>,
    pub piece: String,
    pub id: u32,
    /// The piece's log-probability (its score in the model file; for the unknown piece, the
    /// lowest score minus 10).
    pub log_prob: f32,
    /// The best path to the chunk's start, then this piece: relative to the chunk's start.
    pub path: f32,
    /// Whether this is the best way to reach its end.
    pub best: bool,
    /// Whether the final segmentation uses it.
    pub on_path: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Story {
    /// The chunk is one token, found whole.
    Whole { id: u32 },
    /// The chunk's units (bytes or characters), then each merge; the token explained is part
    /// `made` of the last step's parts (of the units when there is no step).
    Merges {
        units: Vec<String>,
        steps: Vec<Step>,
        made: usize,
    },
    /// Every candidate whose end lies in the chunk, in the order Viterbi meets them.
    Lattice { candidates: Vec<Candidate> },
    /// `character` is no piece, so it is spelt as its UTF-8 bytes, each a token; the token
    /// explained is byte `at`.
    Bytes {
        character: String,
        ids: Vec<u32>,
        at: usize,
    },
    /// A chunk over [`LONGEST_TRACED`] bytes, untraced.
    TooLong,
    /// WordPiece's greedy longest match over a word: each piece found from where the last one
    /// ended, with how many longer candidates the vocabulary lacked; the token explained is piece
    /// `made`. `whole` is false when some stretch had no piece, so the word is `[UNK]`.
    Longest {
        pieces: Vec<(String, usize)>,
        made: usize,
        whole: bool,
    },
    /// A token the tokenizer adds to every text (`[CLS]`, `[SEP]`), standing for no input.
    Added { id: u32 },
}

/// Why one token is what it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Why {
    /// The input bytes of the chunk that holds the token.
    pub chunk: Range<usize>,
    /// The chunk as the segmenter saw it: byte-level BPE's printable bytes (`Ġthe`), SentencePiece's
    /// normalized text (`▁the`).
    pub seen: String,
    /// How the tokenizer cut the text into chunks, in a sentence.
    pub cut: &'static str,
    pub story: Story,
    /// The characters the token starts or ends inside of (empty when it holds whole ones).
    pub anatomy: Vec<CharBytes>,
}

/// A tokenizer that can say why it cut a text as it did.
pub trait Explain {
    /// Why token `token` (an index into `encode(text)`) is what it is; `None` past the last token.
    fn explain(&self, text: &str, token: usize) -> Option<Why>;
}

/// The chunk of `chunks` (consecutive slices of a text, from its start) that holds token `token`
/// of tokens covering `spans` (byte ranges in order): the chunk's range and the index of its
/// first token.
fn chunk_of<'a>(
    chunks: impl Iterator<Item = &'a str>,
    spans: &[Range<usize>],
    token: usize,
) -> Option<(Range<usize>, usize)> {
    let start = spans.get(token)?.start;
    let mut at = 0;
    for chunk in chunks {
        let range = at..at + chunk.len();
        if range.contains(&start) {
            let first = spans.partition_point(|s| s.start < range.start);
            return Some((range, first));
        }
        at = range.end;
    }
    None
}

/// What a byte-level tokenizer says of its chunk: the units its merges start from and the merges,
/// or a story of another kind (a chunk found whole).
pub(crate) type ByteMerges = Result<(Vec<usize>, Vec<Join>), Story>;

/// Why token `token` (of tokens covering `spans`) of a byte-level tokenizer is what it is, its
/// chunk `chunk` holding tokens from `first` on, cut as `cut` says: `merges` traces the chunk's
/// bytes (under [`LONGEST_TRACED`]), and `write` writes bytes as the vocabulary does.
pub(crate) fn byte_level<'a>(
    tokenizer: &impl Tokenizer,
    text: &'a str,
    token: usize,
    chunks: impl Iterator<Item = &'a str>,
    cut: &'static str,
    write: impl Fn(&[u8]) -> String,
    merges: impl FnOnce(&[u8]) -> ByteMerges,
) -> Option<Why> {
    let spans: Vec<Range<usize>> = tokenizer.encode(text).into_iter().map(|p| p.span).collect();
    let spans = &spans[..];
    let (chunk, first) = chunk_of(chunks, spans, token)?;
    let bytes = text[chunk.clone()].as_bytes();
    let story = match bytes.len() > LONGEST_TRACED {
        true => Story::TooLong,
        false => match merges(bytes) {
            Ok((units, joins)) => {
                let (units, steps) = replay(&units, bytes.len(), &joins, |r| write(&bytes[r]));
                Story::Merges {
                    units,
                    steps,
                    made: token - first,
                }
            }
            Err(story) => story,
        },
    };
    Some(Why {
        seen: write(bytes),
        cut,
        story,
        anatomy: anatomy(text, spans, token),
        chunk,
    })
}

/// The joins of one chunk, as a merge loop tells them to `run`'s callback.
pub(crate) fn joins(run: impl FnOnce(&mut dyn FnMut(Merged))) -> Vec<Join> {
    let mut joins = Vec::new();
    run(&mut |merged| joins.push(Join::of(merged)));
    joins
}
