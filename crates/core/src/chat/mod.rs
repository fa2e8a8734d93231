//! Chat templates: how a conversation becomes the one text a chat model reads. A model's
//! `tokenizer_config.json` carries its template as Jinja; Hugging Face `transformers`
//! (`apply_chat_template`) renders it in a sandboxed `jinja2` environment with `trim_blocks` and
//! `lstrip_blocks`, loop controls, its own `tojson` (non-ASCII kept), `raise_exception` and
//! `strftime_now`, the special-token strings as variables, and `messages`,
//! `add_generation_prompt`, `tools` and `documents`. This module does the same on `minijinja`:
//!
//! 1. [`config::ChatConfig`]: the template and the special-token strings, from a
//!    `tokenizer_config.json` or the lab's own asset of them;
//! 2. [`conversation::parse`]: the messages, from the JSON a reader writes;
//! 3. [`render::render`]: the text, with where each message's content landed in it;
//! 4. [`count::count`]: its tokens, per message, per role and the template's own overhead.
//!
//! Leaves out: `tokenize=True`'s extras (`return_assistant_tokens_mask`, `continue_final_message`)
//! and templates stored under other names than "default" (tool-use variants).
pub mod config;
pub mod conversation;
pub mod count;
mod ordered_json;
mod python_json;
pub mod render;
mod strftime;

use std::fmt;

/// Why a conversation could not be rendered: one line for the reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatError {
    /// The configuration file or asset is not what it should be.
    Config(String),
    /// The conversation's JSON is not a list of messages.
    Conversation(String),
    /// The template called `raise_exception` with this message.
    Raised(String),
    /// The template uses something the engine does not provide (named).
    Unsupported(String),
    /// Anything else the template engine reported.
    Template(String),
}

impl fmt::Display for ChatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChatError::Config(why) => write!(f, "chat template: {why}"),
            ChatError::Conversation(why) => write!(f, "conversation: {why}"),
            ChatError::Raised(why) => {
                write!(f, "the chat template refused the conversation: {why}")
            }
            ChatError::Unsupported(what) => {
                write!(f, "the chat template uses {what}, which is not supported")
            }
            ChatError::Template(why) => write!(f, "chat template: {why}"),
        }
    }
}

impl std::error::Error for ChatError {}
