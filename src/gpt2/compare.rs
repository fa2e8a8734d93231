//! Side by side: the same text through the visitor's own BPE (the walkthrough's current training run,
//! all its merges, words split on whitespace, as in "Encode a word"), through GPT-2, and through
//! MiniLM's WordPiece (`crate::minilm::WordPieceSide`).
//! Both sides take the first `COMPARE_CHARS` characters: the walkthrough's encoder records every
//! step of every word, which costs seconds on a 20,000-character word with thousands of merges.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::bpe::{Encoder, Trace};
use til_core::gpt2::Gpt2Tokenizer;

use super::state::{grouped, Encoded};
use crate::minilm::WordPieceSide;
use crate::widgets::token_chip::TokenChip;

/// Characters compared, the same cap as the walkthrough's "Encode a word".
const COMPARE_CHARS: usize = 2_000;
/// Chips drawn per side; the counts cover all the compared text.
const CHIP_LIMIT: usize = 200;

/// The text both sides encode, and whether it was cut from a longer one.
#[derive(Clone, Debug, PartialEq)]
struct Compared {
    text: Arc<str>,
    cut: bool,
}

#[derive(Clone, Debug, PartialEq)]
struct BpeToken {
    text: String,
    /// `None` for a character the training corpus never had.
    id: Option<u32>,
}

#[derive(Clone, Debug, PartialEq)]
struct BpeSide {
    tokens: Vec<BpeToken>,
    merges: usize,
    end_of_word: bool,
}

#[component]
pub fn Compare(
    trace: RwSignal<Option<Arc<Trace>>>,
    #[prop(into)] encoded: Signal<Encoded>,
    tokenizer: Arc<Gpt2Tokenizer>,
) -> impl IntoView {
    let compared = Memo::new(move |_| {
        encoded.with(|e| match e.text.char_indices().nth(COMPARE_CHARS) {
            Some((cut, _)) => Compared {
                text: e.text[..cut].into(),
                cut: true,
            },
            None => Compared {
                text: e.text.clone(),
                cut: false,
            },
        })
    });
    let gpt2 = Memo::new(move |_| {
        compared.with(|c| {
            tokenizer
                .encode(&c.text)
                .into_iter()
                .map(|id| (id, tokenizer.token_printable(id).unwrap_or_default()))
                .collect::<Vec<_>>()
        })
    });
    // Rebuilt only when a new training run lands; every run counts as a change.
    let encoder = Memo::new_with_compare(
        move |_| trace.with(|t| t.as_ref().map(|t| (Encoder::from_trace(t), t.clone()))),
        |_, _| true,
    );
    let bpe = Memo::new(move |_| {
        let text = compared.with(|c| c.text.clone());
        encoder.with(|e| {
            e.as_ref().map(|(encoder, trace)| {
                let vocab = trace.vocab();
                let tokens = text
                    .split_whitespace()
                    .flat_map(|word| encoder.encode_word(word).tokens)
                    .map(|text| BpeToken {
                        id: vocab.id(&text),
                        text,
                    })
                    .collect();
                BpeSide {
                    tokens,
                    merges: trace.steps().len(),
                    end_of_word: encoder.end_of_word(),
                }
            })
        })
    });
    let bpe_side = move || match bpe.get() {
        None => view! {
            <p class="muted">"Your BPE is still training in the walkthrough above…"</p>
            <p><strong data-testid="gpt2-compare-bpe-count">"—"</strong>" tokens"</p>
        }
        .into_any(),
        Some(side) => {
            let unknown = side.tokens.iter().filter(|t| t.id.is_none()).count();
            let chips = side
                .tokens
                .iter()
                .take(CHIP_LIMIT)
                .map(|t| match t.id {
                    Some(id) => view! { <TokenChip text=t.text.clone() id=id/> }.into_any(),
                    None => view! {
                        <span class="unknown"><TokenChip text=t.text.clone() id=u32::MAX title="not in your vocabulary".to_string()/></span>
                    }
                    .into_any(),
                })
                .collect_view();
            view! {
                <p class="muted">
                    {format!("{} merges from the walkthrough's corpus; words split on whitespace{}.",
                        side.merges, if side.end_of_word { ", each ending in </w>" } else { "" })}
                </p>
                <p><strong data-testid="gpt2-compare-bpe-count">{side.tokens.len()}</strong>" tokens"</p>
                <div class="chips compare-chips">{chips}</div>
                {more(side.tokens.len())}
                {(unknown > 0).then(|| view! {
                    <p class="muted" data-testid="gpt2-compare-unknown">
                        {format!("{unknown} of them (dashed) are characters the corpus never contained: with no byte \
                                  fallback your BPE can only keep them as unknown symbols, where GPT-2 spells them out in bytes.")}
                    </p>
                })}
            }
            .into_any()
        }
    };
    let gpt2_chips = move || {
        gpt2.with(|tokens| {
            tokens
                .iter()
                .take(CHIP_LIMIT)
                .map(|(id, text)| view! { <TokenChip text=text.clone() id=*id/> })
                .collect_view()
        })
    };
    view! {
        <div class="gpt2-compare" data-testid="gpt2-compare">
            <h4>"Side by side: your BPE, GPT-2 and WordPiece"</h4>
            {move || compared.with(|c| c.cut).then(|| view! {
                <p class="notice" data-testid="gpt2-compare-cut">
                    {format!("Both sides take the first {} characters of your text.", grouped(COMPARE_CHARS))}
                </p>
            })}
            <div class="compare-sides">
                <div class="compare-side" data-testid="gpt2-compare-bpe">
                    <h5>"Your BPE"</h5>
                    {bpe_side}
                </div>
                <div class="compare-side" data-testid="gpt2-compare-gpt2">
                    <h5>"GPT-2"</h5>
                    <p class="muted">"50,000 merges learned from about 8 million web pages; every byte kept, spaces included."</p>
                    <p><strong data-testid="gpt2-compare-gpt2-count">{move || gpt2.with(Vec::len)}</strong>" tokens"</p>
                    <div class="chips compare-chips">{gpt2_chips}</div>
                    {move || more(gpt2.with(Vec::len))}
                </div>
                <div class="compare-side wordpiece-side" data-testid="gpt2-compare-wordpiece">
                    <h5>"WordPiece (MiniLM, a small BERT)"</h5>
                    <WordPieceSide text=Signal::derive(move || compared.with(|c| c.text.clone()))/>
                </div>
            </div>
            <p class="muted">
                "With only the merges a small corpus teaches, your BPE usually needs more, shorter tokens for the same text, \
                 and it drops the spaces between words; GPT-2 keeps them inside its tokens (as Ġ), so its ids decode to \
                 exactly the text you typed."
            </p>
        </div>
    }
}

fn more(total: usize) -> Option<impl IntoView> {
    (total > CHIP_LIMIT).then(|| view! { <p class="muted">{format!("… and {} more tokens (only the first {CHIP_LIMIT} are drawn).", total - CHIP_LIMIT)}</p> })
}
