//! "Train a Unigram model": SentencePiece's algorithm on the corpus above, stepped state by state
//! (the seeds, each EM iteration, each pruning round, the final vocabulary), with the lattice of a
//! word under the state on show; the final state links to the model files. The worker trains and writes
//! every state and lattice as markup (unigram_run.rs); this view holds only which to show.
use leptos::prelude::*;

use super::run::{UnigramRun, FIRST_VOCAB, FIRST_WORD};
use crate::tokenize::walkthrough::state::WalkthroughState;

/// Why an opened file is not trained on here.
const FILE_REFUSED: &str =
    "Unigram trains on the text in the box above, and a file is open there: \
    choose a preset or type a text to train Unigram (BPE trains on the file).";

#[component]
pub fn UnigramPanel(lab: WalkthroughState) -> impl IntoView {
    let run = UnigramRun::new();
    run.follow_lattice();
    let last = move || run.states.with(Vec::len).saturating_sub(1);
    let go = move |to: usize| run.position.set(to.min(last()));
    let shown = move || {
        run.states
            .with(|s| s.get(run.position.get()).cloned())
            .unwrap_or_default()
    };
    view! {
        <section class="panel" aria-labelledby="unigram-heading">
            <h3 id="unigram-heading">"Train a Unigram model, state by state"</h3>
            <p class="muted">
                "SentencePiece's Unigram trainer on the corpus above, read as running text: seed a large vocabulary, re-estimate every piece's probability by EM, prune the pieces whose loss hurts least, repeat until the size you ask for. It runs in a worker, so the page stays responsive."
            </p>
            <div class="row">
                <label>
                    "Vocabulary "
                    <input type="number" min="4" data-testid="unigram-vocab" value=FIRST_VOCAB
                        on:change=move |ev| run.vocab.set(event_target_value(&ev))/>
                </label>
                <label>
                    <input type="checkbox" data-testid="unigram-byte-fallback"
                        on:change=move |ev| run.byte_fallback.set(event_target_checked(&ev))/>
                    " byte fallback (256 byte pieces: no <unk>)"
                </label>
                <button type="button" data-testid="unigram-train" disabled=move || run.running.get()
                    on:click=move |_| match lab.corpus_file.with_untracked(Option::is_some) {
                        true => run.status.set(FILE_REFUSED.to_string()),
                        false => run.start(lab.corpus.get_untracked()),
                    }>"Train Unigram"</button>
                <button type="button" data-testid="unigram-cancel" disabled=move || !run.running.get()
                    on:click=move |_| run.cancel()>"Cancel"</button>
            </div>
            <p role="status" data-testid="unigram-status">{crate::dynamic::dynamic(move || run.status.get())}</p>
            <div class="row" role="group" aria-label="Training states">
                <input type="range" class="unigram-scrubber" min="0" max=move || last().to_string() data-testid="unigram-position"
                    aria-label="Training state"
                    prop:value=move || run.position.get().to_string()
                    on:input=move |ev| go(event_target_value(&ev).parse().unwrap_or(0))/>
            </div>
            <div data-testid="unigram-state" aria-live="polite" inner_html=shown></div>
            <label>
                "Lattice of the word "
                <input type="text" data-testid="unigram-word" value=FIRST_WORD
                    on:change=move |ev| run.word.set(event_target_value(&ev))/>
            </label>
            <div class="why-panel" data-testid="unigram-lattice" inner_html=move || run.lattice.get()></div>
        </section>
    }
}
