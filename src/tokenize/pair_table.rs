//! The pair-count table at the current step: the winner highlighted, ties marked, a sentence that
//! explains the choice, and what the last merge changed. The table's rows and the changes are
//! written as one piece of markup each per step: most rows change with every merge (the list moves
//! up a row), and one `innerHTML` costs far less than a DOM call per row and cell.
use std::fmt::Write;

use leptos::prelude::*;

use til_core::bpe::TIED_LIMIT;

use super::state::{ChangeRow, PairRow, StepView, PAIR_ROWS};
use crate::widgets::token_chip::escape_html;

#[component]
pub fn PairTable(view: Memo<StepView>) -> impl IntoView {
    view! {
        <section class="panel step-panel pair-panel" aria-labelledby="pairs-heading">
            <h3 id="pairs-heading">"Pair counts now"</h3>
            <p class="explain" data-testid="bpe-explanation">{move || view.with(|v| with_code_spans(&v.explanation))}</p>
            <table data-testid="bpe-pair-table">
                <caption class="muted">{move || view.with(|v| {
                    let shown = v.pairs.len();
                    let ties = if v.tied_total > 1 { format!("; {} pairs tie for the top", v.tied_total) } else { String::new() };
                    format!("{shown} of {} distinct adjacent pairs, most frequent first (the top {PAIR_ROWS}, and every tie up to {TIED_LIMIT}){ties}", v.distinct_pairs)
                })}</caption>
                <thead><tr><th scope="col">"Pair"</th><th scope="col">"Count"</th><th scope="col">"Comes from"</th><th scope="col"><span class="visually-hidden">"Wins or ties"</span></th></tr></thead>
                <tbody inner_html=move || view.with(|v| rows_html(&v.pairs))></tbody>
            </table>
            <LastMerge view=view/>
        </section>
    }
}

#[component]
fn LastMerge(view: Memo<StepView>) -> impl IntoView {
    view! {
        <div class="last-merge" data-testid="bpe-last-merge">
            {move || view.with(|v| match &v.last_merge {
                None => view! { <p class="muted">"No merge yet: this is the first count over the raw characters."</p> }.into_any(),
                Some(text) => view! {
                    <h4>"Merge " {v.position} " changed"</h4>
                    <p><code>{text.clone()}</code></p>
                    <ul class="changes" inner_html=changes_html(&v.last_changes)></ul>
                }.into_any(),
            })}
        </div>
    }
}

/// The core writes symbols in backticks (`e r`); show them as code.
fn with_code_spans(text: &str) -> impl IntoView {
    text.split('`')
        .enumerate()
        .map(|(i, part)| {
            let part = part.to_string();
            if i % 2 == 1 {
                view! { <code>{part}</code> }.into_any()
            } else {
                part.into_any()
            }
        })
        .collect_view()
}

/// The table's rows as markup.
fn rows_html(rows: &[PairRow]) -> String {
    let mut html = String::new();
    for row in rows {
        let (class, mark) = match (row.winner, row.tied) {
            (true, _) => ("winner", "wins"),
            (false, true) => ("tied", "tie"),
            (false, false) => ("", ""),
        };
        let _ = write!(
            html,
            r#"<tr class="{class}" data-testid="bpe-pair-row"><td><code>"#
        );
        escape_html(&mut html, &row.left);
        html.push(' ');
        escape_html(&mut html, &row.right);
        let _ = write!(
            html,
            r#"</code></td><td class="num">{}</td><td class="from">"#,
            row.count
        );
        escape_html(&mut html, &row.comes_from);
        let _ = write!(html, r#"</td><td class="mark">{mark}</td></tr>"#);
    }
    html
}

/// The pair counts a merge changed, as list items.
fn changes_html(changes: &[ChangeRow]) -> String {
    let mut html = String::new();
    for change in changes {
        html.push_str(r#"<li data-testid="bpe-change"><code>"#);
        escape_html(&mut html, &change.left);
        html.push(' ');
        escape_html(&mut html, &change.right);
        let _ = write!(html, "</code>: {} → {}</li>", change.before, change.after);
    }
    html
}
