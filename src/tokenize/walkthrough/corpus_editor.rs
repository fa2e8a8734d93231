//! The corpus text box. A long corpus (Tiny Shakespeare is 1.1 MB) stays in the box, but the box
//! is hidden behind a preview of its start until the reader asks to edit it: Chromium keeps a text
//! box's text as about three layout objects per line, and with 40,000 lines shown every frame of
//! the page paid for them (20 to 40 ms of paint whenever the page's height changed, a BPE step
//! included). Short corpora, the seed's and most pasted ones, are edited in the box as before.
//! Left out: editing a long corpus piecewise.
use leptos::prelude::*;

use super::state::WalkthroughState;

/// Corpora longer than this (in bytes) open as a preview.
const PREVIEW_OVER: usize = 100_000;
/// How much of the corpus the preview shows (in bytes, cut at a character).
const PREVIEW_BYTES: usize = 600;

#[component]
pub fn CorpusEditor(lab: WalkthroughState) -> impl IntoView {
    let editing = RwSignal::new(false);
    // Each preset opens as its preview again; the reader's own text stays as it is being edited.
    crate::effect::effect(move || {
        if lab.preset.get() != "custom" {
            editing.set(false);
        }
    });
    let long = Memo::new(move |_| lab.corpus.with(|text| text.len() > PREVIEW_OVER));
    let previewed = move || long.get() && !editing.get();
    let preview = move || lab.corpus.with(|text| format!("{}…", start_of(text)));
    view! {
        {crate::dynamic::dynamic(move || previewed().then(|| view! {
            <pre class="corpus-preview" data-testid="bpe-corpus-preview" aria-label="The start of the corpus">{preview}</pre>
        }))}
        {crate::dynamic::dynamic(move || (long.get()).then(|| view! {
            <button type="button" data-testid="bpe-corpus-edit" aria-expanded=move || editing.get().to_string()
                on:click=move |_| editing.update(|e| *e = !*e)>
                {crate::dynamic::dynamic(move || if editing.get() { "Hide the text box" } else { "Edit the whole text" })}
            </button>
        }))}
        // autocomplete off: the browser would otherwise copy the whole corpus into the history
        // entry each time the address is rewritten (a megabyte per step of the stepper).
        <textarea
            data-testid="bpe-corpus"
            aria-label="Corpus"
            rows="6"
            spellcheck="false"
            autocomplete="off"
            hidden=previewed
            prop:value=move || lab.corpus.get()
            on:input=move |ev| {
                lab.corpus.set(event_target_value(&ev));
                lab.corpus_file.set(None);
                lab.preset.set("custom");
            }
        ></textarea>
    }
}

/// The first `PREVIEW_BYTES` of `text`, ending on a character boundary.
fn start_of(text: &str) -> &str {
    let mut end = PREVIEW_BYTES.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
