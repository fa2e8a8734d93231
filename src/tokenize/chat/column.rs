//! One column of the Chat view: a shipped model (its tokenizer and template fetched once chosen,
//! into the lab's worker) or the reader's own tokenizer file and `tokenizer_config.json`, then the
//! worker's rendering of the conversation, redone as it changes.
use std::sync::Arc;

use leptos::prelude::*;
use til_channel::markup::escaped;
use til_channel::ChatMessage;
use til_core::registry::Entry;

use crate::assets::status::AssetStatus;
use crate::assets::{asset, Asset};
use crate::async_derived::async_derived;
use crate::browser::read_tokenizer_file;
use crate::worker::Remote;

/// The worker's markup, CSV rows and count, or why there are none.
pub type Answer = Memo<Option<Result<(String, String, usize), String>>>;

/// The files the reader opened for the "Your files" column: what the column says of them, and a
/// number that changes each time a pair is handed to the worker (0: none yet).
#[derive(Clone, Copy)]
pub struct Opened {
    pub said: RwSignal<String>,
    pub version: RwSignal<u32>,
}

/// Where a column's tokenizer and template come from: the worker's handle once both are in, with
/// a number that changes when they are replaced. One boxed type, so the page's wasm holds one
/// copy of the column's machinery.
pub type Source = Arc<dyn Fn() -> Option<(Remote, u32)> + Send + Sync>;

/// The rendering of `messages` by the template `remote` gives (with a version that changes when
/// it is replaced), worked out while `name` is chosen, once the reader has `started` the view
/// (nothing is fetched before: the four first models' files are 10 MB).
pub fn answer(
    name: &'static str,
    remote: Source,
    messages: RwSignal<Vec<ChatMessage>>,
    prompt: RwSignal<bool>,
    (chosen, started): (RwSignal<Vec<&'static str>>, RwSignal<bool>),
) -> Answer {
    async_derived(
        move || {
            if !started.get() || !chosen.with(|c| c.contains(&name)) {
                return None;
            }
            let (remote, version) = remote()?;
            Some((remote, version, messages.get(), prompt.get()))
        },
        async |(remote, _, messages, prompt): (Remote, u32, Vec<ChatMessage>, bool)| {
            remote.chat(messages, prompt).await
        },
    )
}

/// A shipped model's tokenizer and chat template, fetched when first wanted.
pub fn shipped(entry: &'static Entry) -> Source {
    let (tokenizer, template) = files(entry);
    Arc::new(move || {
        tokenizer.want();
        template.want();
        tokenizer.ready()?;
        template.ready().map(|remote| (*remote, 0))
    })
}

/// The reader's pair, once opened.
pub fn opened_files(opened: Opened) -> Source {
    Arc::new(move || match opened.version.get() {
        0 => None,
        version => Some((Remote::chat_file(), version)),
    })
}

/// The model's tokenizer and chat template as the page's assets (one handle each, page-wide).
fn files(entry: &'static Entry) -> (Asset<Remote>, Asset<Remote>) {
    let template = entry
        .chat_template
        .expect("only models with a template have a column");
    (
        asset(entry.asset, 0, Remote::load_shipped),
        asset(template, 0, Remote::load_chat_template),
    )
}

/// Reads the chosen files (the one named like `tokenizer_config*.json` is the config, the other
/// the tokenizer) and hands the pair to the worker.
async fn open(files: web_sys::FileList, opened: Opened) {
    let mut tokenizer = None;
    let mut config = None;
    let mut names = Vec::new();
    for file in (0..files.length()).filter_map(|i| files.get(i)) {
        // Named like tokenizer_config*.json (bytes compared: cheaper in the wasm than a str search).
        let is_config = file.name().as_bytes().windows(6).any(|w| w == b"config");
        match read_tokenizer_file(file).await {
            Ok((name, bytes)) => {
                names.push(name);
                *(if is_config {
                    &mut config
                } else {
                    &mut tokenizer
                }) = Some(bytes);
            }
            Err(why) => return opened.said.set(why),
        }
    }
    let said = match (tokenizer, config) {
        (Some(tokenizer), Some(config)) => match Remote::load_chat_files(&tokenizer, &config) {
            Ok(_) => {
                opened.version.update(|v| *v += 1);
                format!("{}, read in your browser.", names.join(" + "))
            }
            Err(why) => why,
        },
        _ => "Open both files together: the tokenizer.json and its tokenizer_config.json."
            .to_string(),
    };
    opened.said.set(said);
}

/// The "Your files" column's file button and what it holds.
#[component]
pub fn OpenFiles(opened: Opened) -> impl IntoView {
    let on_change = move |event: web_sys::Event| {
        if let Some(files) = event_target::<web_sys::HtmlInputElement>(&event).files() {
            leptos::task::spawn_local(open(files, opened));
        }
    };
    view! {
        <label class="file-open" on:change=on_change inner_html=r#"Open a tokenizer.json (or .model) with its tokenizer_config.json <input type="file" multiple accept=".json,.model" data-testid="chat-files-open">"#></label>
        <p class="muted" data-testid="chat-files">{crate::dynamic::dynamic(move || opened.said.get())}</p>
    }
}

/// A column: its heading, `children` (how its files come), then the worker's rendering.
#[component]
pub fn ChatColumn(
    name: &'static str,
    title: &'static str,
    answer: Answer,
    children: Children,
) -> impl IntoView {
    let body = move || match answer.get() {
        None => r#"<p class="muted">Waiting for the tokenizer and its template…</p>"#.to_string(),
        Some(Err(why)) => format!(
            r#"<p class="error" data-testid="chat-error">{}</p>"#,
            escaped(&why)
        ),
        Some(Ok((html, _, _))) => html,
    };
    view! {
        <div class="compare-side chat-side" data-testid=format!("chat-{name}")>
            <h5>{title}</h5>
            {children()}
            <div inner_html=body></div>
        </div>
    }
}

/// A shipped model's loading line.
#[component]
pub fn ShippedStatus(entry: &'static Entry) -> impl IntoView {
    view! { <AssetStatus asset=files(entry).0 what=entry.holds total=0 testid="chat-status"/> }
}
