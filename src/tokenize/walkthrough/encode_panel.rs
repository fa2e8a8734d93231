//! "Encode a word": segment any text with the learned merge table, replayed in rank order, and show
//! each merge as it applies.
use leptos::prelude::*;
use std::sync::Arc;

use til_core::bpe::{BpeTokenizer, Encoding};

use super::state::WalkthroughState;
use crate::journey::{shortened, CarryButton, Journey};
use crate::lab::Lab;
use crate::url::UrlState;
use crate::widgets::merge_steps::{piece_chips, MergeSteps, Piece, StepRow};

/// Longest input encoded live; longer pastes are cut here and the visitor is told.
const MAX_ENCODE_CHARS: usize = 2_000;

#[component]
pub fn EncodePanel(lab: WalkthroughState) -> impl IntoView {
    let input = RwSignal::new("lowest".to_string());
    UrlState::expect().bind_text(crate::tokenize::link::ENCODE, input);
    let encodings = Memo::new(move |_| {
        let text = input.get();
        let truncated = text.chars().count() > MAX_ENCODE_CHARS;
        let text: String = text.chars().take(MAX_ENCODE_CHARS).collect();
        lab.tokenizer
            .with(|t| t.as_ref().map(|t| (t.encode_words(&text), truncated)))
    });
    journey_report(lab.tokenizer);
    let symbol_id = move |token: &str| {
        lab.tokenizer
            .with_untracked(|t| t.as_ref().and_then(|t| t.trace().vocab().id(token)))
            .unwrap_or(u32::MAX)
    };
    view! {
        <section class="panel" aria-labelledby="encode-heading">
            <h3 id="encode-heading">"Encode a word"</h3>
            <p class="muted">{crate::dynamic::dynamic(move || lab.tokenizer.with(|t| t.as_ref().map(|t| format!(
                "Replays all {} learned merges in rank order: at each turn the lowest-rank pair present merges.",
                t.trace().steps().len()))))}</p>
            <input type="text" data-testid="bpe-encode-input" aria-label="Word to encode" spellcheck="false"
                prop:value=move || input.get() on:input=move |ev| input.set(event_target_value(&ev))/>
            <CarryButton text=input to=Lab::Embed label="Look up these words in Embed →" testid="carry-to-embed"/>
            <div data-testid="bpe-encode-output" aria-live="polite">
                {crate::dynamic::dynamic(move || encodings.get().map(|(words, truncated)| view! {
                    {crate::dynamic::dynamic(move || (truncated).then(|| view! {<p class="notice">{format!("Only the first {MAX_ENCODE_CHARS} characters are encoded.")}</p>}))}
                    {words.into_iter().map(|(word, encoding)| view! { <WordEncoding word=word encoding=encoding symbol_id=symbol_id/> }).collect_view()}
                }))}
            </div>
        </section>
    }
}

/// The carried text's first stop: its tokens under this run's merges.
fn journey_report(tokenizer: RwSignal<Option<Arc<BpeTokenizer>>>) {
    let journey = Journey::expect();
    journey.report(Lab::Tokenize, move || {
        let text = journey.text.get();
        tokenizer.with(|t| {
            let t = t.as_ref()?;
            let tokens: Vec<String> = t
                .encode_words(&text)
                .into_iter()
                .flat_map(|(_, encoding)| encoding.tokens)
                .collect();
            Some(format!(
                "{} BPE tokens: {}",
                tokens.len(),
                shortened(&tokens)
            ))
        })
    });
}

#[component]
fn WordEncoding(
    word: String,
    encoding: Encoding,
    symbol_id: impl Fn(&str) -> u32 + Copy + Send + 'static,
) -> impl IntoView {
    let pieces = move |tokens: &[String]| {
        tokens
            .iter()
            .map(|t| Piece {
                text: t.clone(),
                id: symbol_id(t),
            })
            .collect::<Vec<_>>()
    };
    let steps = encoding
        .steps
        .iter()
        .map(|s| StepRow {
            rank: s.rank,
            left: s.left.clone(),
            right: s.right.clone(),
            pieces: pieces(&s.tokens),
        })
        .collect::<Vec<_>>();
    view! {
        <div class="encoding" data-testid="bpe-encoding">
            <p><strong>{word}</strong>" → " <span class="chips" data-testid="bpe-encode-tokens">{piece_chips(&pieces(&encoding.tokens))}</span></p>
            <MergeSteps start=pieces(&encoding.initial) steps=steps step_testid="bpe-encode-step"/>
        </div>
    }
}
