//! The merge table learned so far and the vocabulary it implies.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::bpe::Trace;

use super::state::{merge_text, BpeLab};
use crate::widgets::token_chip::TokenChip;

#[component]
pub fn MergeList(lab: BpeLab) -> impl IntoView {
    let trace = move || lab.trace.get_untracked();
    view! {
        <section class="panel" aria-labelledby="merges-heading">
            <h3 id="merges-heading">"Merge table"</h3>
            <ol class="merges" data-testid="bpe-merges">
                <For
                    each=move || {
                        let run = lab.run_key();
                        (0..lab.position.get()).map(move |index| (run, index))
                    }
                    key=|key| *key
                    children=move |(_, index)| {
                        let text = trace().map(|t| merge_text(t.vocab(), &t.steps()[index])).unwrap_or_default();
                        view! { <li data-testid="bpe-merge">{text}</li> }
                    }
                />
            </ol>
        </section>
    }
}

#[component]
pub fn VocabView(lab: BpeLab) -> impl IntoView {
    let vocab_size = move |t: &Arc<Trace>| t.vocab().alphabet_len() + lab.position.get();
    view! {
        <section class="panel" aria-labelledby="vocab-heading">
            <h3 id="vocab-heading">
                "Vocabulary "
                <span class="muted" data-testid="bpe-vocab-size">{move || lab.trace.with(|t| t.as_ref().map(vocab_size))}</span>
            </h3>
            <div class="chips" data-testid="bpe-vocab">
                <For
                    each=move || {
                        let run = lab.run_key();
                        let size = lab.trace.with(|t| t.as_ref().map_or(0, vocab_size));
                        (0..size).map(move |id| (run, id))
                    }
                    key=|key| *key
                    children=move |(_, id)| {
                        let text = lab.trace.with_untracked(|t| t.as_ref().map(|t| t.vocab().symbol(id as u32).to_string())).unwrap_or_default();
                        view! { <TokenChip text=text id=id as u32/> }
                    }
                />
            </div>
        </section>
    }
}
