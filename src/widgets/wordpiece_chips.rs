//! WordPiece tokens as chips, each with its id under it: `##` pieces (which continue the word before
//! them) drawn joined to it, `[UNK]` dashed, the `[CLS]` and `[SEP]` the tokenizer adds outlined.
//! With `selected`, each chip is a button that chooses its position. Leaves out: tokenizing (the
//! caller passes the core's tokens).
use leptos::prelude::*;
use til_core::wordpiece::{Token, CONTINUATION, SPECIAL_TOKENS, UNK};

use crate::widgets::token_chip::TokenChip;

/// What a token (as the vocabulary writes it) is, for its style and its tooltip.
pub fn kind_of_token(text: &str) -> (&'static str, &'static str) {
    if text == UNK {
        (
            "unk",
            "[UNK]: a word no pieces of the vocabulary cover (or over 100 characters)",
        )
    } else if SPECIAL_TOKENS.contains(&text) {
        (
            "special",
            "a special token: [CLS] opens every sequence, [SEP] ends it",
        )
    } else if text.len() > CONTINUATION.len() && text.starts_with(CONTINUATION) {
        (
            "continuation",
            "## : a piece that continues the word before it",
        )
    } else {
        ("start", "a whole word or the first piece of one")
    }
}

#[component]
pub fn WordPieceChips(
    tokens: Vec<Token>,
    /// Chips drawn; the caller says how many more there are.
    limit: usize,
    /// The chosen position, when chips can be chosen.
    #[prop(optional)]
    selected: Option<RwSignal<usize>>,
) -> impl IntoView {
    tokens
        .into_iter()
        .take(limit)
        .enumerate()
        .map(|(position, token)| {
            let (class, why) = kind_of_token(&token.text);
            let title = format!("id {} · {why}", token.id);
            let chip = view! {
                <TokenChip text=token.text.clone() id=token.id title=title/>
                <small class="wp-id">{token.id}</small>
            };
            match selected {
                Some(selected) => view! {
                    <button type="button" class=format!("wp-token token-button {class}") data-testid="wordpiece-token"
                        aria-pressed=move || (selected.get() == position).to_string()
                        aria-label=format!("token {position}: {} (id {})", token.text, token.id)
                        on:click=move |_| selected.set(position)>{chip}</button>
                }
                .into_any(),
                None => view! {
                    <span class=format!("wp-token {class}") data-testid="wordpiece-token">{chip}</span>
                }
                .into_any(),
            }
        })
        .collect_view()
}
