//! The merge table learned so far and the vocabulary it implies, both kept in chunks (see
//! `chunked`) so a step touches only the end of each list.
use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;
use til_core::bpe::Trace;

use super::chunked::{keep_chunked, Markup};
use super::state::{merge_text, WalkthroughState};
use crate::widgets::token_chip::chip_html;
use til_channel::markup::escape_html;

#[component]
pub fn MergeList(lab: WalkthroughState) -> impl IntoView {
    let list = NodeRef::<Div>::new();
    let item = move |index: usize, out: &mut String| {
        lab.trace.with_untracked(|t| {
            if let Some(t) = t {
                out.push_str(r#"<li data-testid="bpe-merge">"#);
                escape_html(out, &merge_text(t.vocab(), &t.steps()[index]));
                out.push_str("</li>");
            }
        })
    };
    let markup = Markup {
        item,
        // Each chunk numbers on from the last, so an item's number is its merge's rank.
        open: |start| format!(r#"<ol class="merges-chunk" start="{}">"#, start + 1),
        close: "</ol>",
    };
    keep_chunked(
        list,
        move || lab.run_key(),
        move || lab.position.get(),
        markup,
    );
    view! {
        <section class="panel step-panel" aria-labelledby="merges-heading">
            <h3 id="merges-heading">"Merge table"</h3>
            <div class="merges" data-testid="bpe-merges" node_ref=list tabindex="0" role="region" aria-labelledby="merges-heading"></div>
        </section>
    }
}

#[component]
pub fn VocabView(lab: WalkthroughState) -> impl IntoView {
    let list = NodeRef::<Div>::new();
    let vocab_size = move |t: &Arc<Trace>| t.vocab().alphabet_len() + lab.position.get();
    let item = move |id: usize, out: &mut String| {
        lab.trace.with_untracked(|t| {
            if let Some(t) = t {
                chip_html(out, t.vocab().symbol(id as u32), id as u32);
            }
        })
    };
    let markup = Markup {
        item,
        open: |_| r#"<div class="chips vocab-chunk">"#.to_string(),
        close: "</div>",
    };
    let size = move || lab.trace.with(|t| t.as_ref().map_or(0, vocab_size));
    keep_chunked(list, move || lab.run_key(), size, markup);
    view! {
        <section class="panel step-panel" aria-labelledby="vocab-heading">
            <h3 id="vocab-heading" data-outline="Vocabulary">
                "Vocabulary "
                <span class="muted" data-testid="bpe-vocab-size">{crate::dynamic::dynamic(move || lab.trace.with(|t| t.as_ref().map(vocab_size)))}</span>
            </h3>
            <div class="vocab" data-testid="bpe-vocab" node_ref=list tabindex="0" role="region" aria-labelledby="vocab-heading"></div>
        </section>
    }
}
