//! The pair-count table at the current step: the winner highlighted, ties marked, a sentence that
//! explains the choice, and what the last merge changed. Rows are keyed by their pair (see
//! `markup_rows`), so a step adds and drops the pairs that came and went and rewrites only the rows
//! it changed, each as one piece of markup; the explanation and the changes are markup too: one
//! `innerHTML` costs far less than a DOM call per cell.
use std::fmt::Write;

use leptos::html::Tbody;
use leptos::prelude::*;

use til_core::bpe::TIED_LIMIT;

use super::markup_rows::{keep_markup_rows, MarkupRow};
use super::state::{ChangeRow, PairRow, StepView, PAIR_ROWS};
use til_channel::markup::Escaped;

#[component]
pub fn PairTable(view: Memo<StepView>) -> impl IntoView {
    let rows = Memo::new(move |_| view.with(|v| v.pairs.clone()));
    let body = NodeRef::<Tbody>::new();
    keep_markup_rows(body, rows);
    view! {
        <section class="panel step-panel pair-panel" aria-labelledby="pairs-heading">
            <h3 id="pairs-heading">"Pair counts now"</h3>
            <p class="explain" data-testid="bpe-explanation" inner_html=move || view.with(|v| v.explanation.html())></p>
            <table data-testid="bpe-pair-table">
                <caption class="muted">{crate::dynamic::dynamic(move || view.with(|v| {
                    let shown = v.pairs.len();
                    let ties = if v.tied_total > 1 { format!("; {} pairs tie for the top", v.tied_total) } else { String::new() };
                    format!("{shown} of {} distinct adjacent pairs, most frequent first (the top {PAIR_ROWS}, and every tie up to {TIED_LIMIT}){ties}", v.distinct_pairs)
                }))}</caption>
                <thead><tr><th scope="col">"Pair"</th><th scope="col">"Count"</th><th scope="col">"Comes from"</th><th scope="col"><span class="visually-hidden">"Wins or ties"</span></th></tr></thead>
                <tbody node_ref=body></tbody>
            </table>
            <LastMerge view=view/>
        </section>
    }
}

#[component]
fn LastMerge(view: Memo<StepView>) -> impl IntoView {
    view! {
        <div class="last-merge" data-testid="bpe-last-merge">
            {crate::dynamic::dynamic(move || view.with(|v| match &v.last_merge {
                None => view! { <p class="muted">"No merge yet: this is the first count over the raw characters."</p> }.into_any(),
                Some(text) => view! {
                    <h4>"Merge " {v.position} " changed"</h4>
                    <p><code>{text.clone()}</code></p>
                    {v.last_merge_bytes.clone().map(|bytes| view! {
                        <p class="muted">"The same in bytes (hex): "<code data-testid="bpe-last-merge-hex">{bytes}</code></p>
                    })}
                    <ul class="changes" inner_html=changes_html(&v.last_changes)></ul>
                }.into_any(),
            }))}
        </div>
    }
}

/// The row's class and its last cell: the winner, a pair tied with it, or neither.
fn standing(row: &PairRow) -> (&'static str, &'static str) {
    match (row.winner, row.tied) {
        (true, _) => ("winner", "wins"),
        (false, true) => ("tied", "tie"),
        (false, false) => ("", ""),
    }
}

impl MarkupRow for PairRow {
    type Key = (String, String);

    fn key(&self) -> (String, String) {
        (self.left.clone(), self.right.clone())
    }

    fn write_html(&self, out: &mut String) {
        let (class, mark) = standing(self);
        let _ = write!(
            out,
            r#"<tr class="{class}" data-testid="bpe-pair-row"><td><code>{} {}</code></td><td class="num">{}</td><td class="from">{}</td><td class="mark">{mark}</td></tr>"#,
            Escaped(&self.left),
            Escaped(&self.right),
            self.count,
            Escaped(&self.comes_from),
        );
    }
}

/// The pair counts a merge changed, as list items.
fn changes_html(changes: &[ChangeRow]) -> String {
    let mut html = String::new();
    for change in changes {
        let _ = write!(
            html,
            r#"<li data-testid="bpe-change"><code>{} {}</code>: {} → {}</li>"#,
            Escaped(&change.left),
            Escaped(&change.right),
            change.before,
            change.after
        );
    }
    html
}
