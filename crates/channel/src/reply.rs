//! What the worker answers.

use til_core::tokenizer::Piece;
use til_core::wordpiece::Encoding;

use crate::first_layer::FirstLayer;
use crate::wire_enum;

wire_enum! {
    /// An answer to one [`Request`](crate::Request).
    #[derive(Clone, Debug, PartialEq)]
    pub enum Reply {
        /// Done, with nothing to tell (a load, a run with no state left).
        Done {},
        /// Each token of the text.
        Pieces { pieces: Vec<Piece> },
        /// For each text, each of its tokens' byte lengths.
        Lengths { lengths: Vec<Vec<u32>> },
        Count { count: usize },
        /// Markup the worker wrote ("why this split", a lattice).
        Markup { html: String },
        WordPiece { encoding: Encoding },
        /// A rendered conversation as markup, its tokens as CSV rows (no header), and its count.
        Chat { html: String, csv: String, total: usize },
        FirstLayer { layer: FirstLayer },
        /// State `index` of a Unigram run: the status line and the state as markup.
        UnigramState { index: usize, status: String, html: String },
        /// A long run's progress: `done` of `total`, and where it stands in words.
        Progress { done: usize, total: usize, note: String },
        /// Where a long run goes (WebGPU or the CPU), and why.
        Placed { on_gpu: bool, why: String },
        /// The analogy share's progress: units done of `units`.
        AnalogiesProgress { done: usize, units: usize },
        /// Every question's best row and its score, for the `done` units scored.
        AnalogiesFound { done: usize, ids: Vec<u32>, scores: Vec<f32> },
        /// A BPE run's progress: bytes read of `size`, then merges made (`None` while reading).
        BpeProgress { read: usize, size: usize, merges: Option<usize>, done: bool },
        /// The run's trace as `Trace::to_bytes` writes it (`None` if it was still reading), and
        /// whether it ran out of pairs.
        BpeTrace { trace: Option<Vec<u8>>, exhausted: bool },
    }
}
