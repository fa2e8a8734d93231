//! A real transformer's input layer in the page: all-MiniLM-L6-v2 (a BERT-style encoder), through
//! `til_core::minilm`, with `til_core::wordpiece` encoding in the lab's worker. Its views live in
//! the three labs:
//!
//! - Tokenize: WordPiece as a side of the lab's comparison ([`WordPieceNotes`], its chips' kinds),
//!   beside the walkthrough's BPE and GPT-2 for the same text (only vocab.txt, 231 KB);
//! - Embed: [`MiniLmNeighbours`], neighbours among the 30,522 token rows beside GloVe's for the same
//!   word, and [`PipelinePanel`], a sentence through the whole embedding layer as (1, T, 384)
//!   heatmaps with the seed's guard; both load the 23 MB token table only once opened;
//! - Position: [`LearnedPositions`], MiniLM's learned position table beside the sinusoidal one, with
//!   cos(p, p+k) across p for every k (only layer.bin, 0.8 MB).
//!
//! The assets are fetched once per page and shared ([`loader`]). Leaves out: the attention layers,
//! sentence pairs, and the maths (all in the core).
pub mod loader;
mod lookup;
mod neighbours_panel;
mod offset_plots;
mod offset_stats;
mod pipeline;
mod positions_panel;
mod tensor_heatmap;
mod token_values;
mod wordpiece_chips;
mod wordpiece_panel;

pub use loader::MiniLm;
pub use neighbours_panel::MiniLmNeighbours;
pub use pipeline::PipelinePanel;
pub use positions_panel::LearnedPositions;
pub use wordpiece_chips::kind_of_token as wordpiece_kind;
pub use wordpiece_panel::WordPieceNotes;
