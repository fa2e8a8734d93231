//! Unigram training as sentencepiece does it, stepped state by state in the lab's worker
//! (`run.rs`), with each state's lattice of a word (`panel.rs`).
mod panel;
mod run;

pub use panel::UnigramPanel;
