//! The merge table learned so far and the vocabulary it implies, both drawn in chunks (see
//! `chunked`) so a step touches only the end of each list.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::bpe::Trace;

use super::chunked::chunked;
use super::state::{merge_text, BpeLab};
use crate::widgets::token_chip::TokenChip;

#[component]
pub fn MergeList(lab: BpeLab) -> impl IntoView {
    let trace = move || lab.trace.get_untracked();
    let chunk = move |start: usize, end: Memo<usize>| {
        view! {
            <ol class="merges-chunk" start=start + 1>
                <For each=move || start..end.get() key=|index| *index children=move |index| {
                    let text = trace().map(|t| merge_text(t.vocab(), &t.steps()[index])).unwrap_or_default();
                    view! { <li data-testid="bpe-merge">{text}</li> }
                }/>
            </ol>
        }
    };
    view! {
        <section class="panel step-panel" aria-labelledby="merges-heading">
            <h3 id="merges-heading">"Merge table"</h3>
            <div class="merges" data-testid="bpe-merges" tabindex="0" role="region" aria-labelledby="merges-heading">
                {chunked(move || lab.run_key(), move || lab.position.get(), chunk)}
            </div>
        </section>
    }
}

#[component]
pub fn VocabView(lab: BpeLab) -> impl IntoView {
    let vocab_size = move |t: &Arc<Trace>| t.vocab().alphabet_len() + lab.position.get();
    let size = move || lab.trace.with(|t| t.as_ref().map_or(0, vocab_size));
    let chunk = move |start: usize, end: Memo<usize>| {
        view! {
            <div class="chips vocab-chunk">
                <For each=move || start..end.get() key=|id| *id children=move |id| {
                    let text = lab.trace.with_untracked(|t| t.as_ref().map(|t| t.vocab().symbol(id as u32).to_string())).unwrap_or_default();
                    view! { <TokenChip text=text id=id as u32/> }
                }/>
            </div>
        }
    };
    view! {
        <section class="panel step-panel" aria-labelledby="vocab-heading">
            <h3 id="vocab-heading">
                "Vocabulary "
                <span class="muted" data-testid="bpe-vocab-size">{move || lab.trace.with(|t| t.as_ref().map(vocab_size))}</span>
            </h3>
            <div class="vocab" data-testid="bpe-vocab" tabindex="0" role="region" aria-labelledby="vocab-heading">
                {chunked(move || lab.run_key(), size, chunk)}
            </div>
        </section>
    }
}
