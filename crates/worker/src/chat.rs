//! Chat templates in the worker: each tokenizer's template (the shipped asset, or a
//! `tokenizer_config.json` the reader opens), and a conversation through it — rendered by
//! `til_core::chat`, tokenized by the tokenizer the worker holds (the template's special strings
//! one token each), counted, and written as markup and CSV (chat_markup.rs).
use std::any::Any;
use std::cell::RefCell;

use til_channel::{ChatMessage, Reply};
use til_core::chat::config::ChatConfig;
use til_core::chat::conversation::Message;
use til_core::chat::count::{count, segments};
use til_core::chat::render::{render, Options};
use til_core::tokenizer::Piece;
use til_core::tokenizer_json::TokenizerJson;

use crate::chat_markup::{self, Token};
use crate::with_tokenizer;

thread_local! {
    /// Each tokenizer's template, or why it could not be read.
    static TEMPLATES: RefCell<Vec<(String, Result<ChatConfig, String>)>> = const { RefCell::new(Vec::new()) };
}

/// Keeps `name`'s template from `bytes`: the lab's asset, or a tokenizer_config.json (text that
/// opens with `{`).
pub fn load(name: String, bytes: &[u8]) -> Result<Reply, String> {
    let config = if bytes.trim_ascii_start().starts_with(b"{") {
        std::str::from_utf8(bytes)
            .map_err(|_| "the tokenizer_config.json is not UTF-8".to_string())
            .and_then(|text| ChatConfig::from_tokenizer_config(text).map_err(|e| e.to_string()))
    } else {
        ChatConfig::read(bytes).map_err(|e| e.to_string())
    };
    crate::keep(&TEMPLATES, name, config)
}

/// `messages` through `name`'s template and tokenizer.
pub fn chat(
    name: &str,
    messages: &[ChatMessage],
    generation_prompt: bool,
) -> Result<Reply, String> {
    let config = TEMPLATES.with(|all| {
        all.borrow()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, config)| config.clone())
            .unwrap_or_else(|| Err(format!("`{name}`'s chat template was never loaded")))
    })?;
    let messages: Vec<Message> = messages
        .iter()
        .map(|m| Message::new(&m.role, &m.content))
        .collect();
    let options = Options {
        add_generation_prompt: generation_prompt,
        now: (js_sys::Date::now() / 1000.0) as i64,
        ..Options::default()
    };
    let rendered = render(&config, &messages, &options).map_err(|e| e.to_string())?;
    with_tokenizer(name, |tokenizer| {
        let added = |id: u32| {
            let any: &dyn Any = tokenizer;
            any.downcast_ref::<TokenizerJson>()
                .is_some_and(|t| t.is_added(id))
        };
        let tokens = tokens(
            &rendered.text,
            &config,
            |text| tokenizer.encode(text),
            added,
        );
        let counts = count(tokens.len(), &messages, |content| {
            Ok::<_, ()>(tokens_of(content, &config, |text| tokenizer.encode(text)).len())
        })
        .expect("counting cannot fail");
        Reply::Chat {
            html: chat_markup::write(&rendered, &messages, &tokens, &counts),
            csv: chat_markup::csv(name, &rendered, &tokens),
            total: counts.total,
        }
    })
}

/// `text`'s pieces: the template's special strings one token each, the rest through `encode`.
fn tokens_of(text: &str, config: &ChatConfig, encode: impl Fn(&str) -> Vec<Piece>) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (span, special) in segments(text, &config.special_tokens) {
        match special {
            Some(id) => pieces.push(Piece {
                id: Some(id),
                span: span.clone(),
                display: text[span].to_string(),
            }),
            None => pieces.extend(encode(&text[span.clone()]).into_iter().map(|mut piece| {
                piece.span = piece.span.start + span.start..piece.span.end + span.start;
                piece
            })),
        }
    }
    pieces
}

/// The rendered text's tokens, each marked special when it is one of the template's special
/// strings or one of the tokenizer's added tokens.
fn tokens(
    text: &str,
    config: &ChatConfig,
    encode: impl Fn(&str) -> Vec<Piece>,
    added: impl Fn(u32) -> bool,
) -> Vec<Token> {
    tokens_of(text, config, encode)
        .into_iter()
        .map(|piece| {
            let special = piece
                .id
                .is_some_and(|id| added(id) || config.special_tokens.iter().any(|(_, s)| *s == id));
            Token { piece, special }
        })
        .collect()
}
