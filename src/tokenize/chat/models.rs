//! Which models the Chat view offers and opens with, and the longest conversation it takes (the
//! link reads both, so they live apart from the view).
use til_core::registry::{self, Entry};

/// More messages than a reader writes by hand; a link cannot ask for more.
pub const MOST_MESSAGES: usize = 40;

/// The shipped models that have a chat template.
pub fn models() -> Vec<&'static Entry> {
    registry::ALL
        .iter()
        .filter(|entry| entry.chat_template.is_some())
        .collect()
}

/// The models the view opens with.
pub fn first_models() -> Vec<&'static str> {
    vec!["llama3.1", "qwen3", "gemma3", "deepseek-v3"]
}
