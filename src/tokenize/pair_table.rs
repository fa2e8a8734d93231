//! The pair-count table at the current step: the winner highlighted, ties marked, a sentence that
//! explains the choice, and what the last merge changed. Rows are keyed by their pair, so a step
//! adds and drops the pairs that came and went and rewrites only the cells it changed (see `rows`).
use leptos::prelude::*;

use til_core::bpe::TIED_LIMIT;

use super::rows::keyed_rows;
use super::state::{PairRow, StepView, PAIR_ROWS};

#[component]
pub fn PairTable(view: Memo<StepView>) -> impl IntoView {
    let rows = Memo::new(move |_| view.with(|v| v.pairs.clone()));
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
                <tbody>
                    {keyed_rows(rows, |r| (r.left.clone(), r.right.clone()), |row: Memo<PairRow>| {
                        let standing = move || row.with(|r| if r.winner { ("winner", "wins") } else if r.tied { ("tied", "tie") } else { ("", "") });
                        view! {
                            <tr class=move || standing().0 data-testid="bpe-pair-row">
                                <td><code>{move || row.with(|r| format!("{} {}", r.left, r.right))}</code></td>
                                <td class="num">{move || row.with(|r| r.count)}</td>
                                <td class="from">{move || row.with(|r| r.comes_from.clone())}</td>
                                <td class="mark">{move || standing().1}</td>
                            </tr>
                        }
                    })}
                </tbody>
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
                    <ul class="changes">
                        {v.last_changes.iter().map(|c| view! {
                            <li data-testid="bpe-change"><code>{c.left.clone()}" "{c.right.clone()}</code>": "
                                {c.before}" → "{c.after}</li>
                        }).collect_view()}
                    </ul>
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
