//! "Take the tokenizer with you": the last training run as Hugging Face files, downloaded from the
//! page. `vocab.json` + `merges.txt` are the pair GPT-2-style loaders read; `tokenizer.json` loads in
//! `tokenizers` on its own and encodes exactly as this page does, ids included (a native test runs
//! it against the real library). A byte-level run also downloads as `ranks.tiktoken`, which tiktoken
//! loads offline and encodes to the same ids. The files come from `til_core::bpe::export`. Left out: exporting
//! only up to the stepper's position (a tokenizer is the whole run).
use leptos::prelude::*;
use til_core::bpe::{merges_txt, ranks_tiktoken, tokenizer_json, vocab_json, Trace};

use super::state::BpeLab;
use crate::download::DownloadButton;

/// Writes one file from a training run.
type Writer = fn(&Trace) -> String;

/// The files: name, type, `data-testid`, and how each is written.
const FILES: [(&str, &str, &str, Writer); 4] = [
    ("vocab.json", "application/json", "export-vocab", |trace| {
        vocab_json(trace.vocab())
    }),
    ("merges.txt", "text/plain", "export-merges", merges_txt),
    (
        "tokenizer.json",
        "application/json",
        "export-tokenizer",
        tokenizer_json,
    ),
    ("ranks.tiktoken", "text/plain", "export-ranks", |trace| {
        ranks_tiktoken(trace).unwrap_or_default()
    }),
];

#[component]
pub fn ExportPanel(lab: BpeLab) -> impl IntoView {
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
                        disabled=Signal::derive(move || lab.tokenizer.with(|t| match t {
                            // tiktoken's ranks are bytes: only a byte-level run has them.
                            Some(t) => name == "ranks.tiktoken" && t.trace().options().byte_level.is_none(),
                            None => true,
                        }))
                        contents=Box::new(move || lab.tokenizer.with_untracked(|t| t.as_ref().map(|t| write(t.trace()))))/>
                }).collect_view()}
            </div>
            {crate::dynamic::dynamic(move || lab.tokenizer.with(|t| t.as_ref().and_then(|t| t.trace().options().byte_level)).map(|pattern| view! {
                <p class="muted" data-testid="export-pattern">"This run's " {pattern.name()} " pattern, for tiktoken's " <code>"pat_str"</code> ": " <code>{pattern.regex()}</code></p>
            }))}
            <p class="muted export-help">
                <code>"vocab.json"</code>" maps each token to its id and " <code>"merges.txt"</code>" lists the merges in rank order. "
                <code>"tokenizer.json"</code>" is the whole tokenizer for Hugging Face " <code>"tokenizers"</code> ": "
                <code>"Tokenizer.from_file(\"tokenizer.json\").encode(\"lowest\").ids"</code>
                " gives the ids this page shows. A byte-level run's " <code>"ranks.tiktoken"</code> " is each token's bytes in base64 and its id, for "
                <code>"tiktoken.Encoding(pat_str=…, mergeable_ranks=load_tiktoken_bpe(\"ranks.tiktoken\"), …)"</code> " with the pattern's regex. A word-level run's " <code>"</w>"</code> " stays a token of its own, as here: a normaliser marks each word's end with "
                <code>"<"</code> " and the model's end-of-word suffix " <code>"/w>"</code> " completes it."
            </p>
        </section>
    }
}
