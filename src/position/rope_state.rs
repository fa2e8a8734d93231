//! The RoPE views' state: the query and key positions m and n, and memos of what
//! `til_core::posenc::rope` computes from the lab's d and base (the inverse frequencies, a seeded
//! example q and k, the score grid). Views read these; nothing here rotates a vector itself. Left
//! out: the context scaling (its own panel) and the real model (`first_layer`).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::posenc::rope::{self, Layout, Scaling};
use til_core::posenc::rope_analysis::{example_pair, score_grid};
use til_core::posenc::PosEncError;

use super::state::PositionState;

/// The example q and k's seed: the same vectors on every visit.
pub const EXAMPLE_SEED: u64 = 2021;
/// What SmolLM2's first layer reads first: the word-order lab's sentence.
pub const FIRST_SENTENCE: &str = "The dog bit the man.";
/// The score grid covers positions 0..GRID (64² scores stay cheap while dragging d or base).
pub const GRID: usize = 64;

/// The example's q and k.
pub type Pair = (Vec<f64>, Vec<f64>);

#[derive(Clone, Copy)]
pub struct RopeState {
    pub m: RwSignal<usize>,
    pub n: RwSignal<usize>,
    pub inv_freq: Memo<Result<Arc<Vec<f64>>, PosEncError>>,
    /// q and k, N(0, 1) from [`EXAMPLE_SEED`].
    pub example: Memo<Option<Arc<Pair>>>,
    /// R(m)q·R(n)k for m, n < GRID, row m after row m.
    pub grid: Memo<Option<Arc<Vec<f64>>>>,
    /// The sentence SmolLM2's first layer reads (kept here so the link holds it).
    pub sentence: RwSignal<String>,
}

impl RopeState {
    pub fn new(lab: PositionState) -> RopeState {
        let inv_freq = Memo::new(move |_| {
            rope::inv_freq(lab.d.get(), lab.base(), Scaling::None).map(Arc::new)
        });
        let example =
            Memo::new(move |_| example_pair(lab.d.get(), EXAMPLE_SEED).ok().map(Arc::new));
        let grid = Memo::new(move |_| {
            let (theta, pair) = (inv_freq.get().ok()?, example.get()?);
            score_grid(&pair.0, &pair.1, GRID, &theta, Layout::Half)
                .ok()
                .map(Arc::new)
        });
        RopeState {
            m: RwSignal::new(3),
            n: RwSignal::new(10),
            sentence: RwSignal::new(FIRST_SENTENCE.to_string()),
            inv_freq,
            example,
            grid,
        }
    }
}
