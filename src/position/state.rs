//! The Position lab's state: the sliders' values, the chosen scheme, and memos of what
//! `til_core::posenc` computes from them (the encoding, its table, the learned table, PE at the
//! cursor), each table computed once. Views read these; nothing here
//! evaluates a sine or a dot product itself. Left out: drawing, and the animation loop (`animation`).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::posenc::{LearnedTable, PosEncError, PositionTable, PositionalScheme, Sinusoidal};

use super::scheme::SchemeChoice;
use crate::widgets::plot::redraw::RedrawTimer;

/// A scheme as the views share it.
pub type SharedScheme = Arc<dyn PositionalScheme + Send + Sync>;

/// d_model slider: even values only, so every dimension has its sine/cosine partner and the
/// offset-only property holds exactly (the core documents odd d; the page keeps to the clean case).
pub const D_MIN: usize = 2;
pub const D_MAX: usize = 128;
/// The base slider moves log10(base) in tenths: base from 10^0.1 ≈ 1.26 to 10^5.
pub const BASE_EXPONENT_MIN: f64 = 0.1;
pub const BASE_EXPONENT_MAX: f64 = 5.0;
/// How many positions the plots show, and the learned table's length (its "training length").
pub const COUNT_MIN: usize = 32;
pub const COUNT_MAX: usize = 512;
pub const TRAIN_MIN: usize = 8;
pub const TRAIN_MAX: usize = 256;
/// The offset slider's reach. The table holds this many rows past the shown positions, so every
/// PE(p)·PE(p+k) on the page is read from computed rows.
pub const MAX_OFFSET: usize = 128;
/// PE·PEᵀ is drawn for at most this many positions (128² products stay cheap while dragging).
pub const MATRIX_POSITIONS: usize = 128;
/// The learned table's seed: fixed, so the page shows the same "random" table on every visit.
pub const LEARNED_SEED: u64 = 2019;

#[derive(Clone, Copy)]
pub struct PositionState {
    pub d: RwSignal<usize>,
    /// log10 of the base, as the slider holds it; [`PositionState::base`] rounds it to three digits.
    pub base_exponent: RwSignal<f64>,
    pub count: RwSignal<usize>,
    pub train_len: RwSignal<usize>,
    /// The cursor: a whole position when set by the slider, fractional while the animation glides.
    pub position: RwSignal<f64>,
    pub offset: RwSignal<usize>,
    /// The frequency pair the rotation view follows.
    pub pair: RwSignal<usize>,
    pub playing: RwSignal<bool>,
    pub timer: RedrawTimer,
    pub encoding: Memo<Result<Sinusoidal, PosEncError>>,
    /// Rows 0..count + MAX_OFFSET of the sinusoidal table.
    pub table: Memo<Option<Arc<PositionTable>>>,
    pub learned: Memo<Result<Arc<LearnedTable>, PosEncError>>,
    /// The learned table's rows, shared by its heatmap, its matrix and the offset views.
    pub learned_table: Memo<Option<Arc<PositionTable>>>,
    /// PE(position); empty while the encoding is invalid.
    pub vector: Memo<Vec<f64>>,
    /// The scheme the relative-offset views follow, and it as the core's scheme.
    pub choice: RwSignal<SchemeChoice>,
    pub scheme: Memo<Option<SharedScheme>>,
    /// The chosen scheme's table: each table is computed once, this is one of them.
    pub scheme_table: Memo<Option<Arc<PositionTable>>>,
}

impl PositionState {
    pub fn new() -> PositionState {
        let d = RwSignal::new(32);
        let base_exponent = RwSignal::new(4.0);
        let count = RwSignal::new(128);
        let train_len = RwSignal::new(64);
        let position = RwSignal::new(0.0);
        let encoding = Memo::new(move |_| Sinusoidal::new(d.get(), base_of(base_exponent.get())));
        let table = Memo::new(move |_| {
            let rows = count.get() + MAX_OFFSET;
            encoding.with(|e| e.as_ref().ok()?.table(rows).ok().map(Arc::new))
        });
        let learned = Memo::new(move |_| {
            LearnedTable::new(train_len.get(), d.get(), LEARNED_SEED).map(Arc::new)
        });
        let learned_table =
            Memo::new(move |_| learned.get().ok().map(|l| Arc::new(l.table().clone())));
        let choice = RwSignal::new(SchemeChoice::Sinusoidal);
        // Rebuilt only when the choice or its inputs change; a scheme has no equality, so every
        // rebuild counts as a change.
        let scheme = Memo::new_with_compare(
            move |_| -> Option<SharedScheme> {
                match choice.get() {
                    SchemeChoice::Sinusoidal => Some(Arc::new(encoding.get().ok()?)),
                    SchemeChoice::Learned => Some(learned.get().ok()?),
                    // Not added to the tokens: no offset views.
                    SchemeChoice::Rope | SchemeChoice::Alibi => None,
                }
            },
            |_, _| true,
        );
        let scheme_table = Memo::new(move |_| match choice.get() {
            SchemeChoice::Sinusoidal => table.get(),
            SchemeChoice::Learned => learned_table.get(),
            SchemeChoice::Rope | SchemeChoice::Alibi => None,
        });
        let vector = Memo::new(move |_| {
            let p = position.get();
            encoding.with(|e| {
                e.as_ref()
                    .ok()
                    .and_then(|e| e.encode(p).ok())
                    .unwrap_or_default()
            })
        });
        PositionState {
            d,
            base_exponent,
            count,
            train_len,
            position,
            offset: RwSignal::new(4),
            pair: RwSignal::new(1),
            playing: RwSignal::new(false),
            timer: RedrawTimer::new(),
            encoding,
            table,
            learned,
            learned_table,
            vector,
            choice,
            scheme,
            scheme_table,
        }
    }

    pub fn base(&self) -> f64 {
        base_of(self.base_exponent.get())
    }

    /// How many (sin, cos) pairs d has.
    pub fn pairs(&self) -> usize {
        self.d.get() / 2
    }

    /// The rotation view's pair, kept inside the current d.
    pub fn pair_index(&self) -> usize {
        self.pair.get().min(self.pairs().saturating_sub(1))
    }

    /// Moves the cursor to a whole position inside the shown range.
    pub fn set_position(&self, p: f64) {
        let last = (self.count.get_untracked() - 1) as f64;
        self.position.set(p.clamp(0.0, last));
    }

    /// Shrinking the range pulls the cursor back inside it.
    pub fn set_count(&self, count: usize) {
        self.count.set(count.clamp(COUNT_MIN, COUNT_MAX));
        self.set_position(self.position.get_untracked());
    }

    pub fn set_d(&self, d: usize) {
        self.d.set((d.clamp(D_MIN, D_MAX) / 2) * 2);
    }
}

/// The base the slider stands for: 10^exponent rounded to three significant digits, so the page
/// shows (and computes with) 10000 rather than 9999.999999999998.
pub fn base_of(exponent: f64) -> f64 {
    let exponent = exponent.clamp(BASE_EXPONENT_MIN, BASE_EXPONENT_MAX);
    let raw = 10f64.powf(exponent);
    let digits = 2 - raw.log10().floor() as i32;
    // Divide by an exact power of ten (or multiply by one) so 1.26 comes out as the double nearest 1.26.
    if digits >= 0 {
        (raw * 10f64.powi(digits)).round() / 10f64.powi(digits)
    } else {
        (raw / 10f64.powi(-digits)).round() * 10f64.powi(-digits)
    }
}
