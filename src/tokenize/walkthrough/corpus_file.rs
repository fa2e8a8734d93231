//! A training corpus opened from a file: the reader's file never becomes one string. The page
//! hands the lab's worker the file itself, and the worker reads it a megabyte at a time
//! (crates/worker/src/bpe.rs), so it holds the table of distinct words and one piece, and says
//! how much it has read. Leaves out: Unigram training on a file (its worker takes the box's text),
//! and keeping the file across reloads (it is the reader's, not a URL's).
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::WalkthroughState;

/// The file button, and while training reads the file, how far it has got.
#[component]
pub fn OpenCorpusFile(lab: WalkthroughState) -> impl IntoView {
    let on_change = move |event: web_sys::Event| {
        let file = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|input| input.files())
            .and_then(|files| files.get(0));
        if let Some(file) = file {
            lab.open_file(file);
        }
    };
    let summary = move || {
        lab.corpus_file.with(|file| {
            file.as_ref().map(|file| {
                format!(
                    "{}: {}, read from the file a megabyte at a time when you train.",
                    file.name(),
                    megabytes(file.size())
                )
            })
        })
    };
    view! {
        <label class="file-open">
            "Or open a text file "
            <input type="file" accept=".txt,text/plain" data-testid="bpe-corpus-file" on:change=on_change/>
        </label>
        <p class="muted" data-testid="bpe-corpus-file-summary">{summary}</p>
        {crate::dynamic::dynamic(move || lab.file_read.get().map(|(read, size)| view! {
            <div class="progress">
                <progress data-testid="bpe-file-progress" max=size value=read aria-label="Reading the file"></progress>
                <span>{format!("Read {} of {}", megabytes(read), megabytes(size))}</span>
            </div>
        }))}
    }
}

fn megabytes(bytes: f64) -> String {
    format!("{:.1} MB", bytes / 1e6)
}
