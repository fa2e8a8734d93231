//! "Take the tokenizer with you": the last training run as Hugging Face files, downloaded from the
//! page. `vocab.json` + `merges.txt` are the pair GPT-2-style loaders read; `tokenizer.json` loads in
//! `tokenizers` on its own and encodes exactly as this page does, ids included (a native test runs
//! it against the real library); a byte-level run also downloads as tiktoken's `ranks.tiktoken`. The
//! files come from `til_core::bpe::export`. Left out: exporting
//! only up to the stepper's position (a tokenizer is the whole run).
use leptos::prelude::*;
use til_core::bpe::{merges_txt, ranks_tiktoken, tokenizer_json, vocab_json, Trace};

use super::state::WalkthroughState;
use crate::download::DownloadButton;

/// Writes one file from a training run; None if the run has no such file.
type Writer = fn(&Trace) -> Option<String>;

/// The files: name, type, `data-testid`, and how each is written.
const FILES: [(&str, &str, &str, Writer); 4] = [
    ("vocab.json", "application/json", "export-vocab", |trace| {
        Some(vocab_json(trace.vocab()))
    }),
    ("merges.txt", "text/plain", "export-merges", |trace| {
        Some(merges_txt(trace))
    }),
    (
        "tokenizer.json",
        "application/json",
        "export-tokenizer",
        |trace| Some(tokenizer_json(trace)),
    ),
    // Only a byte-level run's tokens are all bytes.
    (
        "ranks.tiktoken",
        "text/plain",
        "export-ranks",
        ranks_tiktoken,
    ),
];

#[component]
pub fn ExportPanel(lab: WalkthroughState) -> impl IntoView {
    let summary = move || {
        lab.tokenizer.with(|t| {
            t.as_ref().map(|t| {
                format!(
                    "The last run: {} merges, {} tokens in the vocabulary (the whole run, wherever the stepper stands).",
                    t.trace().steps().len(),
                    t.trace().vocab().distinct().count()
                )
            })
        })
    };
    view! {
        <section class="panel" aria-labelledby="export-heading">
            <h3 id="export-heading">"Download the tokenizer"</h3>
            <p class="muted" data-testid="export-summary">{summary}</p>
            <div class="row" role="group" aria-label="Tokenizer files">
                {FILES.map(|(name, mime, testid, write)| view! {
                    <DownloadButton name=name.to_string() mime=mime testid=testid
                        disabled=Signal::derive(move || lab.tokenizer.with(|t| t.as_ref().is_none_or(|t| name == "ranks.tiktoken" && t.trace().options().byte_level.is_none())))
                        contents=Box::new(move || lab.tokenizer.with_untracked(|t| t.as_ref().and_then(|t| write(t.trace()))))/>
                }).collect_view()}
            </div>
            <p class="muted export-help">
                <code>"vocab.json"</code>" maps each token to its id and " <code>"merges.txt"</code>" lists the merges in rank order. "
                <code>"tokenizer.json"</code>" is the whole tokenizer for Hugging Face " <code>"tokenizers"</code> ": "
                <code>"Tokenizer.from_file(\"tokenizer.json\").encode(\"lowest\").ids"</code>
                " gives the ids this page shows. " <code>"ranks.tiktoken"</code> " (byte-level runs) is each token's bytes in base64 and its id, which tiktoken loads with the pattern's regex. Its " <code>"</w>"</code> " stays a token of its own, as here: a normaliser marks each word's end with "
                <code>"<"</code> " and the model's end-of-word suffix " <code>"/w>"</code> " completes it."
            </p>
        </section>
    }
}
