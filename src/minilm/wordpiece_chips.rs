//! WordPiece tokens as chips, each with its id under it: `##` pieces (which continue the word before
//! them) drawn joined to it, `[UNK]` dashed, the `[CLS]` and `[SEP]` the tokenizer adds outlined.
//! With `selected`, each chip is a button that chooses its position. Leaves out: tokenizing (the
//! caller passes the core's tokens).
use leptos::prelude::*;
use til_core::wordpiece::{Token, SPECIAL_TOKENS, UNK};

use crate::widgets::token_chip::TokenChip;

/// What a token is, for its style and its tooltip.
fn kind(token: &Token) -> (&'static str, &'static str) {
    if token.text == UNK {
        (
            "unk",
            "[UNK]: a word no pieces of the vocabulary cover (or over 100 characters)",
        )
    } else if SPECIAL_TOKENS.contains(&token.text.as_str()) {
        (
            "special",
            "a special token: [CLS] opens every sequence, [SEP] ends it",
        )
    } else if token.is_continuation() {
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
            let (class, why) = kind(&token);
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
