//! Every word's current segmentation as coloured chips, most frequent words first.
use leptos::prelude::*;

use super::state::StepView;
use crate::widgets::token_chip::TokenChip;

#[component]
pub fn WordsView(view: Memo<StepView>) -> impl IntoView {
    view! {
        <section class="panel" aria-labelledby="words-heading">
            <h3 id="words-heading">"Words, segmented now"</h3>
            <p class="muted">{move || view.with(|v| if v.words.len() < v.word_total {
                format!("The {} most frequent of {} distinct words.", v.words.len(), v.word_total)
            } else {
                format!("All {} distinct words.", v.word_total)
            })}</p>
            <table class="words" data-testid="bpe-words">
                <tbody>
                    {move || view.with(|v| v.words.iter().map(|w| view! {
                        <tr data-testid="bpe-word">
                            <th scope="row">{w.word.clone()}</th>
                            <td class="num">"×"{w.count}</td>
                            <td class="chips">{w.tokens.iter().map(|t| view! { <TokenChip text=t.text.clone() id=t.id/> }).collect_view()}</td>
                        </tr>
                    }).collect_view())}
                </tbody>
            </table>
        </section>
    }
}
