//! The GPT-2 view's state: the text typed, how chips are labelled, the chosen token, and the text's
//! encoding (capped at `MAX_CHARS`, timed in the page). The tokenizing itself is til_core's.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::gpt2::{Gpt2Tokenizer, TokenDetail};

use crate::browser::now_ms;

/// Longest input tokenized live: longer pastes are cut here and the visitor is told.
pub const MAX_CHARS: usize = 20_000;

/// What the page starts with: a space before words, an apostrophe, punctuation, accents, an
/// emoji with a skin-tone modifier and a number, so the story below has something to point at.
pub const DEFAULT_TEXT: &str = "Hello world! Don't panic: naïve café 👍🏽 ids 2024";

/// What a token chip shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Ids,
    Strings,
    Bytes,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Ids, Mode::Strings, Mode::Bytes];

    pub fn label(self) -> &'static str {
        match self {
            Mode::Ids => "ids",
            Mode::Strings => "strings",
            Mode::Bytes => "bytes",
        }
    }

    pub fn testid(self) -> &'static str {
        match self {
            Mode::Ids => "gpt2-mode-ids",
            Mode::Strings => "gpt2-mode-strings",
            Mode::Bytes => "gpt2-mode-bytes",
        }
    }

    /// The chip text for `token` in this mode.
    pub fn chip_text(self, token: &TokenDetail) -> String {
        match self {
            Mode::Ids => token.id.to_string(),
            Mode::Strings => token.printable.clone(),
            Mode::Bytes => hex(&token.bytes),
        }
    }
}

/// Bytes as upper-case hex pairs separated by spaces: `20 77 6F`.
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One encoding of the (capped) input; empty until the tokenizer has loaded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Encoded {
    /// The text actually tokenized: the input's first `MAX_CHARS` characters.
    pub text: Arc<str>,
    pub chars: usize,
    /// Characters in the whole input, when it was longer than `MAX_CHARS`.
    pub cut_from: Option<usize>,
    pub tokens: Arc<Vec<TokenDetail>>,
    /// Time `encode_detailed` took in the page.
    pub millis: f64,
}

impl Encoded {
    pub fn new(tokenizer: &Gpt2Tokenizer, input: &str) -> Encoded {
        let (text, cut_from) = match input.char_indices().nth(MAX_CHARS) {
            Some((cut, _)) => (&input[..cut], Some(input.chars().count())),
            None => (input, None),
        };
        let started = now_ms();
        let tokens = tokenizer.encode_detailed(text);
        let millis = now_ms() - started;
        Encoded {
            text: text.into(),
            chars: text.chars().count(),
            cut_from,
            tokens: Arc::new(tokens),
            millis,
        }
    }
}

/// The view's signals; `Copy`, so every part of the section takes it by value.
#[derive(Clone, Copy)]
pub struct Gpt2State {
    pub input: RwSignal<String>,
    pub mode: RwSignal<Mode>,
    /// Id of the chosen token, whose merges are shown.
    pub chosen: RwSignal<Option<u32>>,
}

impl Gpt2State {
    /// The view's state around `input`, the text to tokenize.
    pub fn new(input: RwSignal<String>) -> Gpt2State {
        Gpt2State {
            input,
            mode: RwSignal::new(Mode::Strings),
            chosen: RwSignal::new(None),
        }
    }
}
