//! One column of the Tokenize lab's comparison: a tokenizer as the comparison, the numbers grid
//! and the counting see it ([`Side`]), and where it stands ([`SideState`]). The list of them is
//! sides.rs; the views are compare.rs, numbers_view.rs and why_view.rs.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::tokenizer::{Piece, Tokenizer};

use crate::assets::Asset;
use crate::worker::Remote;

/// A tokenizer of the comparison, shared by the views.
pub type SharedTokenizer = Arc<dyn Tokenizer + Send + Sync>;

/// Where one side's tokenizer stands.
#[derive(Clone)]
pub enum SideState {
    /// Not ready yet: why, in a sentence.
    Waiting(String),
    Failed(String),
    Ready(SharedTokenizer),
    /// Ready in the lab's worker: its tokens arrive a moment after the text changes.
    Remote(Remote),
}

/// What only one tokenizer has to say about the compared text.
pub type Notes = Arc<dyn Fn(Signal<Arc<str>>) -> AnyView + Send + Sync>;

/// How a piece is drawn: its class and what its tooltip says it is.
pub type PieceKind = fn(&Piece) -> (&'static str, &'static str);

/// Where a side's "why this split" is told (why_view.rs).
#[derive(Clone, Copy)]
pub enum Explainer {
    /// By its own tokenizer, in the worker (the zoo's columns).
    Itself,
    /// By a copy of its tokenizer the worker builds from this file when first asked (GPT-2, which
    /// the page encodes itself).
    Copy(fn() -> Asset<Remote>),
    /// By the part of the page that traces it, as this sentence says.
    Elsewhere(&'static str),
}

/// One column of the comparison.
#[derive(Clone)]
pub struct Side {
    /// `data-testid`s: `compare-{slug}` for the column, `…-count` for its count and `…-chips`
    /// for its chips (each `compare-token`); `compare-choose-{slug}` for its box in the chooser.
    /// The link names it by its slug too.
    pub slug: &'static str,
    pub title: &'static str,
    /// A sentence on what the tokenizer is and where its vocabulary comes from.
    pub about: Signal<String>,
    pub state: Signal<SideState>,
    pub kind: PieceKind,
    /// What only this tokenizer has to say about the compared text, under its chips.
    pub notes: Option<Notes>,
    /// What choosing it fetches, as the chooser says it ("1.6 MB").
    pub size: Option<&'static str>,
    /// Starts fetching what it needs; called when it is chosen.
    pub want: Arc<dyn Fn() + Send + Sync>,
    pub explainer: Explainer,
}

/// A piece with an id is a plain token; one without is a symbol the vocabulary lacks.
pub fn plain_kind(piece: &Piece) -> (&'static str, &'static str) {
    match piece.id {
        Some(_) => ("start", "a token of the vocabulary"),
        None => ("unknown", "not in the vocabulary"),
    }
}
