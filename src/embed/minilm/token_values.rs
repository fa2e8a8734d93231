//! The chosen token's numbers at each step of the layer: its token row, its position's row, the type
//! row, their sum and the LayerNorm output (the first values of each, and all 384 of the last two in
//! full precision, as `til minilm embed` prints them), with the mean and spread LayerNorm removed.
//! The heatmaps' text alternative, and what the specs compare with the CLI. Leaves out: computing
//! anything (the core's `Embedded` holds every intermediate).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::minilm::{Embedded, D_MODEL};
use til_core::wordpiece::Token;

/// Values listed per step.
const SHOWN: usize = 8;

fn first(values: &[f32]) -> String {
    let shown: Vec<String> = values
        .iter()
        .take(SHOWN)
        .map(|v| format!("{v:.4}"))
        .collect();
    format!("{}, …", shown.join(", "))
}

/// Every value, shortest round-trip, comma-separated: the CLI's format.
fn all(values: &[f32]) -> String {
    values
        .iter()
        .map(f32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[component]
pub fn TokenValues(
    embedded: Memo<Option<Arc<Embedded>>>,
    tokens: Signal<Vec<Token>>,
    selected: RwSignal<usize>,
) -> impl IntoView {
    move || {
        let e = embedded.get()?;
        let t = selected.get().min(e.seq().saturating_sub(1));
        let token = tokens.with(|tokens| tokens.get(t).cloned())?;
        let row = |values: &[f32]| values[t * D_MODEL..(t + 1) * D_MODEL].to_vec();
        let stats = e.stats[t];
        let steps = [
            (
                "tok_emb",
                format!("W_word[{}]", token.id),
                row(&e.token_rows),
                "minilm-values-token",
            ),
            (
                "pos_emb",
                format!("W_pos[{t}]"),
                row(&e.position_rows),
                "minilm-values-position",
            ),
            (
                "type_emb",
                "W_type[0]".to_string(),
                e.type_row.clone(),
                "minilm-values-type",
            ),
            (
                "x",
                "sum of the three".to_string(),
                e.sum_row(t).to_vec(),
                "minilm-values-sum",
            ),
            (
                "LayerNorm(x)",
                "what attention reads".to_string(),
                e.normalised_row(t).to_vec(),
                "minilm-values-normalised",
            ),
        ];
        Some(view! {
            <div class="minilm-values" data-testid="minilm-values">
                <p>
                    "Token " <strong data-testid="minilm-values-position-index">{t}</strong> ": "
                    <code data-testid="minilm-values-text">{token.text.clone()}</code>
                    " (id " <strong data-testid="minilm-values-id">{token.id}</strong> "). Choose another with its chip or by clicking a heatmap row."
                </p>
                <table>
                    <caption class="muted">{format!("Position {t}, the first {SHOWN} of 384 values at each step")}</caption>
                    <thead><tr><th scope="col">"step"</th><th scope="col">"row"</th><th scope="col">"values"</th></tr></thead>
                    <tbody>
                        {steps.into_iter().map(|(step, source, values, testid)| view! {
                            <tr><th scope="row"><code>{step}</code></th><td>{source}</td>
                                <td class="num"><code data-testid=testid>{first(&values)}</code></td></tr>
                        }).collect_view()}
                    </tbody>
                </table>
                <p class="muted" data-testid="minilm-values-stats">
                    {format!("Before LayerNorm this position's 384 values have mean {:.4} and standard deviation {:.4}; LayerNorm subtracts the mean, divides by the deviation (√(var + 1e-12)), then scales by γ and shifts by β.",
                        stats.mean, stats.std)}
                </p>
                <details class="minilm-all">
                    <summary>"All 384 values of x and LayerNorm(x) at this token"</summary>
                    <p class="muted">"x:"</p>
                    <code class="vector" data-testid="minilm-all-sum">{all(e.sum_row(t))}</code>
                    <p class="muted">"LayerNorm(x):"</p>
                    <code class="vector" data-testid="minilm-all-normalised">{all(e.normalised_row(t))}</code>
                </details>
            </div>
        })
    }
}
