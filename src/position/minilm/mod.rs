//! MiniLM's learned position table beside the sinusoidal one, with cos(p, p+k) across p for every
//! k ([`LearnedPositions`]; only layer.bin, 0.8 MB).
mod offset_plots;
mod offset_stats;
mod positions_panel;

pub use positions_panel::LearnedPositions;
