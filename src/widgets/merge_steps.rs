//! The steps of one BPE encoding as a list: the starting pieces, then "rank R: left + right →
//! resulting pieces" per merge. Shared by the walkthrough's "Encode a word" panel and the GPT-2
//! view's chosen-token trace; callers turn their own step type into [`StepRow`]s.
use leptos::prelude::*;

use super::token_chip::TokenChip;

/// One piece of text drawn as a chip; `id` picks its colour (and is shown in its tooltip).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub text: String,
    pub id: u32,
}

/// One merge: `left` and `right` joined by the merge of rank `rank`, leaving `pieces`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepRow {
    pub rank: usize,
    pub left: String,
    pub right: String,
    /// All pieces after this merge.
    pub pieces: Vec<Piece>,
}

/// Chips for `pieces`, in order.
pub fn piece_chips(pieces: &[Piece]) -> impl IntoView {
    pieces
        .iter()
        .map(|p| view! { <TokenChip text=p.text.clone() id=p.id/> })
        .collect_view()
}

/// `start` on the first line, then one `<li data-testid=step_testid>` per step.
#[component]
pub fn MergeSteps(
    start: Vec<Piece>,
    steps: Vec<StepRow>,
    step_testid: &'static str,
) -> impl IntoView {
    view! {
        <ol class="encode-steps">
            <li class="muted">"start: " {piece_chips(&start)}</li>
            {steps
                .into_iter()
                .map(|s| view! {
                    <li data-testid=step_testid>
                        "rank " {s.rank} ": " <code>{s.left}" + "{s.right}</code> " → " {piece_chips(&s.pieces)}
                    </li>
                })
                .collect_view()}
        </ol>
    }
}
