//! "GPT-2's real tokenizer": the Tokenize lab's last section. Any text through GPT-2's byte-level
//! BPE (til_core::gpt2), shown as chips, with a story about spaces and multi-byte characters, the
//! merges behind a chosen token. The lab's side-by-side (tokenize/compare.rs) reads the same text.
//! The merges (200 KB) are fetched when this section first renders, not with the page.
mod byte_story;
pub mod loader;
mod state;
pub use state::DEFAULT_TEXT;
mod token_trace;
mod token_view;

use leptos::prelude::*;

use byte_story::ByteStory;
use til_channel::markup::grouped;
use til_core::gpt2::Gpt2Tokenizer;

use crate::assets::{Asset, Load};
use state::{Encoded, Gpt2State, MAX_CHARS};
use token_trace::TokenTrace;
use token_view::{format_ms, ModeToggle, TokenChips, TokenStats};

#[component]
pub fn Gpt2Panel(
    /// The text typed, which the lab's side-by-side also tokenizes.
    input: RwSignal<String>,
    /// GPT-2's tokenizer as it loads ([`loader::merges`]).
    merges: Asset<Gpt2Tokenizer>,
) -> impl IntoView {
    let state = Gpt2State::new(input);
    // A task after the text box (crate::deferred): a paste redraws in short tasks.
    let later = crate::deferred::deferred(state.input.into());
    let encoded = Memo::new(move |_| match merges.state.get() {
        Load::Ready(tokenizer, _) => later.with(|text| Encoded::new(&tokenizer, text)),
        _ => Encoded::default(),
    });
    let body = move || {
        match merges.state.get() {
        Load::Idle | Load::Loading(_) => view! {
            <p class="muted" data-testid="gpt2-loading" role="status">"Loading GPT-2's 50,000 merges (200 KB)…"</p>
        }
        .into_any(),
        Load::Failed(error) => view! {
            <p class="error" role="alert" data-testid="gpt2-error">
                {format!("GPT-2's tokenizer could not be loaded: {error}. The rest of the page still works.")}
                " "<button type="button" class="quiet" data-testid="gpt2-retry" on:click=move |_| merges.retry()>"Retry"</button>
            </p>
        }
        .into_any(),
        Load::Ready(tokenizer, timing) => view! {
            <p class="muted" data-testid="gpt2-loaded">
                {format!("Merges fetched in {}; checked and turned into lookup tables in {}.",
                    format_ms(timing.fetch_ms), format_ms(timing.build_ms))}
            </p>
            <div class="row gpt2-bar">
                <TokenStats encoded=encoded/>
                <ModeToggle state=state/>
            </div>
            <TokenChips state=state encoded=encoded/>
            <TokenTrace state=state tokenizer=tokenizer.clone()/>
            <ByteStory encoded=encoded tokenizer=tokenizer/>
        }
        .into_any(),
    }
    };
    // The box is written only when the page changes the text (a link, the journey): writing a
    // paste back into it costs the browser a layout of all of it (50 ms for a MB).
    let input = NodeRef::<leptos::html::Textarea>::new();
    let typed = StoredValue::new(String::new());
    crate::effect::effect(move || {
        let text = state.input.get();
        if let Some(el) = input.get() {
            if typed.with_value(|t| *t != text) {
                el.set_value(&text);
            }
        }
    });
    view! {
        <section class="panel gpt2" aria-labelledby="gpt2-heading" data-testid="gpt2">
            <h3 id="gpt2-heading">"GPT-2's real tokenizer"</h3>
            <p class="lede">
                "The same algorithm at full scale: GPT-2 learned 50,000 merges, over bytes instead of characters. \
                 Type anything (any language, any emoji) and see the ids the model would read."
            </p>
            <label class="gpt2-label" for="gpt2-input">"Text to tokenize"</label>
            // autocomplete off: the browser would otherwise copy the whole text into the history
            // entry each time the address is rewritten (50–100 ms for a pasted megabyte).
            <textarea id="gpt2-input" data-testid="gpt2-input" rows="3" spellcheck="false" autocomplete="off" node_ref=input
                on:input=move |_| {
                    // Read a task later: copying a pasted megabyte into the wasm takes 17 ms, and the
                    // redraws that follow take more; in the input event's task that was one long task.
                    set_timeout(move || {
                        let Some(text) = input.get_untracked().map(|el| el.value()) else { return };
                        // Several keystrokes can come before the first read: the rest read the same.
                        if typed.with_value(|t| *t != text) {
                            typed.set_value(text.clone());
                            state.input.set(text);
                        }
                    }, std::time::Duration::ZERO);
                }></textarea>
            <p class="muted">{format!("Up to {} characters are tokenized as you type.", grouped(MAX_CHARS))}</p>
            {body}
        </section>
    }
}
