//! "Your tokenizer file": a comparison column for a file the reader opens: a SentencePiece `.model`
//! (BPE or Unigram, from any project that trains with sentencepiece) or any Hugging Face
//! `tokenizer.json`. The file is read in the page and handed to the lab's worker, which tells the
//! two apart, checks and runs it; a file that is not a usable model says why in the column.
//! Leaves out: keeping the file across reloads (it is the reader's, not a URL), and a
//! `tokenizer_config.json` (its chat template is the Chat view's).

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::side::{plain_kind, Explainer, Side, SideState};
use til_channel::MODEL_FILE;

use crate::browser::read_tokenizer_file;
use crate::worker::Remote;

const ASK: &str =
    "Open a SentencePiece .model file (BPE or Unigram) or a tokenizer.json to compare it here.";

/// The column's state, shared with its file button (a context of the Tokenize lab).
#[derive(Clone, Copy)]
struct ModelFile {
    state: RwSignal<SideState>,
    name: RwSignal<String>,
}

pub fn model_file_side() -> Side {
    let file = ModelFile {
        state: RwSignal::new(SideState::Waiting(ASK.to_string())),
        name: RwSignal::new(String::new()),
    };
    provide_context(file);
    Side {
        slug: MODEL_FILE,
        title: "Your tokenizer file",
        about: Signal::derive(move || match file.name.get() {
            name if name.is_empty() => {
                "Any model trained with Google's sentencepiece, or any Hugging Face \
                tokenizer.json, read in your browser: nothing is uploaded."
                    .to_string()
            }
            name => format!("{name}, read in your browser: nothing is uploaded."),
        }),
        state: file.state.into(),
        kind: plain_kind,
        notes: Some(Arc::new(|_| view! { <OpenModel/> }.into_any())),
        // The reader's own file: nothing to fetch.
        size: None,
        want: Arc::new(|| {}),
        explainer: Explainer::Itself,
    }
}

/// The chosen file's bytes, or why they cannot be had.
async fn read(input: &web_sys::HtmlInputElement) -> Result<(String, Vec<u8>), String> {
    let file = input
        .files()
        .and_then(|files| files.get(0))
        .ok_or("no file was chosen")?;
    read_tokenizer_file(file).await
}

#[component]
fn OpenModel() -> impl IntoView {
    let file = expect_context::<ModelFile>();
    let on_change = move |event: web_sys::Event| {
        let Some(input) = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        file.state
            .set(SideState::Waiting("Reading the file…".to_string()));
        leptos::task::spawn_local(async move {
            let state = match read(&input).await {
                Ok((name, bytes)) => {
                    file.name.set(name);
                    match Remote::load_model_file(&bytes) {
                        Ok(remote) => SideState::Remote(remote),
                        Err(why) => SideState::Failed(why),
                    }
                }
                Err(why) => SideState::Failed(why),
            };
            file.state.set(state);
        });
    };
    view! {
        <label class="file-open">
            "Open a .model or tokenizer.json "
            <input type="file" accept=".model,.json" data-testid="model-file-open" on:change=on_change/>
        </label>
    }
}
