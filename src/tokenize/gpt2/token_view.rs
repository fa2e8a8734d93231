//! The text's GPT-2 tokens as chips: a toggle for what each chip shows (id, printable string, raw
//! bytes), the count and its timing, and one button per token that chooses it for the merge trace.
//! Arrow keys, Home and End move between chips; Enter or Space chooses one.
use til_core::fxhash::FxHashMap;

use leptos::prelude::*;
use til_core::gpt2::TokenDetail;
use wasm_bindgen::JsCast;

use super::state::{hex, Encoded, Gpt2State, Mode, MAX_CHARS};
use crate::shortcuts::{action_of, Action, Scope};
use crate::widgets::token_chip::TokenChip;
use til_channel::markup::grouped;

#[component]
pub fn ModeToggle(state: Gpt2State) -> impl IntoView {
    view! {
        <div class="gpt2-modes" role="group" aria-label="Chips show">
            <span class="muted">"Chips show "</span>
            {Mode::ALL
                .into_iter()
                .map(|mode| view! {
                    <button type="button" data-testid=mode.testid()
                        aria-pressed=move || (state.mode.get() == mode).to_string()
                        on:click=move |_| state.mode.set(mode)>
                        {mode.label()}
                    </button>
                })
                .collect_view()}
        </div>
    }
}

/// "N tokens in X ms · Y characters per token", and a notice when the input was cut.
#[component]
pub fn TokenStats(#[prop(into)] encoded: Signal<Encoded>) -> impl IntoView {
    let per_token = move || {
        encoded.with(|e| match e.tokens.len() {
            0 => "no tokens yet".to_string(),
            n => format!("{:.2} characters per token", e.chars as f64 / n as f64),
        })
    };
    view! {
        <p class="gpt2-stats" aria-live="polite">
            <strong data-testid="gpt2-count">{crate::dynamic::dynamic(move || encoded.with(|e| e.tokens.len()))}</strong>
            {crate::dynamic::dynamic(move || encoded.with(|e| if e.tokens.len() == 1 { " token in " } else { " tokens in " }))}
            <span data-testid="gpt2-time">{crate::dynamic::dynamic(move || encoded.with(|e| format_ms(e.millis)))}</span>
            " · " {per_token}
        </p>
        {crate::dynamic::dynamic(move || encoded.with(|e| e.cut_from).map(|total| view! {
            <p class="notice" role="status" data-testid="gpt2-truncated">
                {format!("Your text has {} characters; only the first {} are tokenized live.", grouped(total), grouped(MAX_CHARS))}
            </p>
        }))}
    }
}

/// `12.3 ms`, with more decimals for short times; below the browser's clock step (often 0.1 ms), `< 0.1 ms`.
pub fn format_ms(ms: f64) -> String {
    if ms < 0.1 {
        "< 0.1 ms".to_string()
    } else if ms < 10.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{ms:.1} ms")
    }
}

/// Chips drawn live; past this, a button draws the rest. About 0.1 ms a chip in Chromium, so a
/// long paste draws them in one short task (the "Draw all" button draws the rest).
pub const CHIP_LIMIT: usize = 100;

#[component]
pub fn TokenChips(state: Gpt2State, #[prop(into)] encoded: Signal<Encoded>) -> impl IntoView {
    let show_all = RwSignal::new(false);
    // Keyed by (mode, id, n-th occurrence of that id): an edit in the middle of a long text keeps
    // the keys (and DOM nodes) of nearly every other token.
    let each = move || {
        let mode = state.mode.get();
        let limit = if show_all.get() {
            usize::MAX
        } else {
            CHIP_LIMIT
        };
        let mut seen: FxHashMap<u32, u32> = FxHashMap::default();
        encoded.with(|e| {
            e.tokens
                .iter()
                .take(limit)
                .map(|t| {
                    let n = seen.entry(t.id).or_default();
                    *n += 1;
                    ((mode, t.id, *n), t.clone())
                })
                .collect::<Vec<_>>()
        })
    };
    let hidden = move || {
        let total = encoded.with(|e| e.tokens.len());
        (!show_all.get() && total > CHIP_LIMIT).then_some(total)
    };
    view! {
        <div class="chips gpt2-tokens" data-testid="gpt2-tokens" aria-label="GPT-2 tokens: choose one to see its merges"
            on:keydown=move_focus>
            <For
                each=each
                key=|(key, _)| *key
                children=move |((mode, _, _), token)| view! { <TokenButton state=state mode=mode token=token/> }
            />
        </div>
        {crate::dynamic::dynamic(move || hidden().map(|total| view! {
            <p class="muted" data-testid="gpt2-chips-capped">
                {format!("Drawing the first {} of {} tokens (the count above covers them all). ",
                    grouped(CHIP_LIMIT), grouped(total))}
                <button type="button" data-testid="gpt2-show-all" on:click=move |_| show_all.set(true)>
                    "Draw all"
                </button>
            </p>
        }))}
    }
}

#[component]
fn TokenButton(state: Gpt2State, mode: Mode, token: TokenDetail) -> impl IntoView {
    let id = token.id;
    let title = format!(
        "id {id} · {} · bytes {}",
        token.printable,
        hex(&token.bytes)
    );
    view! {
        <button type="button" class="token-button" data-testid="gpt2-token" data-id=id
            aria-pressed=move || (state.chosen.get() == Some(id)).to_string()
            on:click=move |_| state.chosen.set(Some(id))>
            <TokenChip text=mode.chip_text(&token) id=id title=title/>
        </button>
    }
}

/// Arrow keys, Home and End (`crate::shortcuts`) move focus along the token buttons.
fn move_focus(ev: web_sys::KeyboardEvent) {
    let Some(current) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let parent = current.parent_element();
    let target = match action_of(Scope::Gpt2Tokens, &ev) {
        Some(Action::NextToken) => current.next_element_sibling(),
        Some(Action::PreviousToken) => current.previous_element_sibling(),
        Some(Action::FirstToken) => parent.and_then(|p| p.first_element_child()),
        Some(Action::LastToken) => parent.and_then(|p| p.last_element_child()),
        _ => return,
    };
    if let Some(target) = target.and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
        ev.prevent_default();
        let _ = target.focus();
    }
}
