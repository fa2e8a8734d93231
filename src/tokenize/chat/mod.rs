//! The Chat view: what a conversation becomes. The reader writes a conversation (system, user and
//! assistant messages: added, removed, moved, or a preset) and up to four models' own chat
//! templates render it side by side, in the lab's worker: the rendered text with the messages'
//! own text marked apart from the template's, the tokens with special and added tokens marked, and
//! the counts per message, per role and for the template's overhead (til_core::chat, drawn by the
//! worker's chat_markup.rs). Besides the shipped models, the reader's own tokenizer file and
//! `tokenizer_config.json`. The conversation, the generation prompt and the shipped models are in
//! the link; every column's tokens download as CSV.
mod column;
mod editor;
pub mod models;

use leptos::prelude::*;
use til_channel::{ChatMessage, CHAT_FILE};

use super::compare::Chooser;
use super::link::bind_chat;
use crate::download::DownloadButton;
use column::{answer, opened_files, shipped, ChatColumn, OpenFiles, Opened, ShippedStatus};
use editor::Editor;
use models::{first_models, models};

/// The conversations a reader can start from: a name and its messages (role, content).
const PRESETS: [(&str, &[(&str, &str)]); 3] = [
    (
        "One question",
        &[("user", "What is the capital of France?")],
    ),
    (
        "A multi-turn exchange",
        &[
            ("user", "Hi! Can you help me plan a trip?"),
            ("assistant", "Of course. Where would you like to go?"),
            ("user", "Kyoto, in April — 京都 in spring."),
        ],
    ),
    (
        "A system prompt",
        &[
            (
                "system",
                "You are a concise assistant. Answer in one sentence.",
            ),
            ("user", "Why is the sky blue?"),
        ],
    ),
];

fn preset(index: usize) -> Vec<ChatMessage> {
    PRESETS[index]
        .1
        .iter()
        .map(|(role, content)| ChatMessage {
            role: role.to_string(),
            content: content.to_string(),
        })
        .collect()
}

#[component]
pub fn ChatView() -> impl IntoView {
    let messages = RwSignal::new(preset(1));
    let prompt = RwSignal::new(true);
    let chosen = RwSignal::new(first_models());
    // The editor is redrawn when this changes (a message added, moved, removed, a preset), not on
    // every keystroke, so typing keeps its place.
    let layout = RwSignal::new(0u32);
    // A link that holds a conversation renders it at once; otherwise the reader starts the view.
    let started = RwSignal::new(bind_chat(messages, prompt, chosen));
    let opened = Opened {
        said: RwSignal::new("Nothing is uploaded: the files are read in your browser.".to_string()),
        version: RwSignal::new(0),
    };
    let mut answers: Vec<_> = models()
        .into_iter()
        .map(|entry| {
            (
                entry.name,
                answer(
                    entry.name,
                    shipped(entry),
                    messages,
                    prompt,
                    (chosen, started),
                ),
            )
        })
        .collect();
    answers.push((
        CHAT_FILE,
        answer(
            CHAT_FILE,
            opened_files(opened),
            messages,
            prompt,
            (chosen, started),
        ),
    ));
    let answers = StoredValue::new(answers);
    let csv = move || {
        let rows: String = chosen.with_untracked(|chosen| {
            answers.with_value(|all| {
                all.iter()
                    .filter(|(name, _)| chosen.contains(name))
                    .filter_map(|(_, answer)| match answer.get_untracked() {
                        Some(Ok((_, csv, _))) => Some(csv),
                        _ => None,
                    })
                    .collect()
            })
        });
        (!rows.is_empty())
            .then(|| format!("model,index,id,token,start,end,text,special,part\r\n{rows}"))
    };
    // The heading, presets and the prompt box as markup, with one listener (cheaper in the wasm
    // than a view each).
    let on_change = move |ev: web_sys::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        match input.get_attribute("data-testid").as_deref() {
            Some("chat-preset") => {
                if let Ok(index) = input.value().parse::<usize>() {
                    messages.set(preset(index.min(PRESETS.len() - 1)));
                    layout.update(|n| *n += 1);
                }
            }
            Some("chat-generation-prompt") => prompt.set(input.checked()),
            _ => {}
        }
    };
    let columns = move || {
        let column = |name: &'static str| {
            let answer =
                answers.with_value(|all| all.iter().find(|(n, _)| *n == name).map(|(_, a)| *a))?;
            Some(match models().into_iter().find(|e| e.name == name) {
                Some(entry) => view! { <ChatColumn name=name title=entry.label answer=answer>
                <ShippedStatus entry=entry/></ChatColumn> }
                .into_any(),
                None => view! { <ChatColumn name=name title="Your files" answer=answer>
                <OpenFiles opened=opened/></ChatColumn> }
                .into_any(),
            })
        };
        if !started.get() {
            return view! {
                <button type="button" data-testid="chat-start" on:click=move |_| started.set(true)>
                    "Render with the chosen models (fetches their tokenizers and templates)"
                </button>
            }
            .into_any();
        }
        chosen
            .get()
            .into_iter()
            .filter_map(column)
            .collect_view()
            .into_any()
    };
    let mut choices: Vec<_> = models()
        .into_iter()
        .map(|e| (e.name, e.label, Some(e.size)))
        .collect();
    choices.push((
        CHAT_FILE,
        "Your files: a tokenizer.json and its tokenizer_config.json",
        None,
    ));
    view! {
        <div class="panel chat" data-testid="chat">
            <div inner_html=intro_html(prompt.get_untracked()) on:change=on_change></div>
            <Editor messages=messages layout=layout/>
            <Chooser choices=choices chosen=chosen prefix="chat" legend="Render with up to 4 models' templates"/>
            <div class="chat-grid">{crate::dynamic::dynamic(columns)}</div>
            <DownloadButton name="chat-templates.csv".to_string() mime="text/csv" testid="chat-csv"
                contents=Box::new(csv)/>
        </div>
    }
}

/// The view's heading and lede, the presets and the generation prompt's box (`checked` or not).
fn intro_html(checked: bool) -> String {
    let mut out = String::from(
        r#"<h3 id="chat-heading">What a conversation becomes: chat templates</h3>
<p class="lede">A chat model never reads “the user's message”: it reads the text its chat template makes of the whole conversation — role headers, special tokens, a generation prompt — tokenized. Each model's own template (Jinja, from its tokenizer_config.json) renders your conversation below, as transformers' apply_chat_template does: the marked text is your messages', the rest the template's, and its overhead is the tokens it adds beyond the messages' own.</p>
<label>Start from <select data-testid="chat-preset"><option value="" selected>…</option>"#,
    );
    for (i, (name, _)) in PRESETS.iter().enumerate() {
        out.push_str(&format!(r#"<option value="{i}">{name}</option>"#));
    }
    out.push_str(&format!(
        r#"</select></label> <label class="compare-choice"><input type="checkbox" data-testid="chat-generation-prompt"{}> End with the generation prompt (the header that asks for the assistant's turn)</label>"#,
        if checked { " checked" } else { "" }
    ));
    out
}
