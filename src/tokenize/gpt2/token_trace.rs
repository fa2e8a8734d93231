//! The chosen token, built merge by merge from its bytes: til_core's `merge_trace` gives the merges
//! in the order BPE applies them; this view replays them onto the byte pieces so each line shows
//! every piece after that merge, in the walkthrough's own step list (`MergeSteps`).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::gpt2::byte_table::{byte_id, printable};
use til_core::gpt2::{Gpt2Tokenizer, END_OF_TEXT};

use super::state::{hex, Gpt2State};
use crate::widgets::merge_steps::{MergeSteps, Piece, StepRow};
use crate::widgets::token_chip::TokenChip;

#[component]
pub fn TokenTrace(state: Gpt2State, tokenizer: Arc<Gpt2Tokenizer>) -> impl IntoView {
    view! {
        <div class="gpt2-trace" data-testid="gpt2-trace" aria-live="polite">
            {crate::dynamic::dynamic(move || match state.chosen.get() {
                None => view! {
                    <p class="muted">
                        "Choose a token above (click it, or Tab to it and press Enter) to see the merges that built it."
                    </p>
                }
                .into_any(),
                Some(id) => chosen(&tokenizer, id).into_any(),
            })}
        </div>
    }
}

fn chosen(tokenizer: &Gpt2Tokenizer, id: u32) -> impl IntoView {
    let bytes = tokenizer.token_bytes(id).unwrap_or_default().to_vec();
    let name = printable(&bytes);
    let body = if id == END_OF_TEXT {
        view! { <p>"The special end-of-text token is added by hand, never built by merges."</p> }
            .into_any()
    } else if bytes.len() == 1 {
        view! {
            <p>"A single byte (" <code>{hex(&bytes)}</code> "): ids 0–255 are the 256 byte values themselves, so nothing is merged."</p>
        }
        .into_any()
    } else {
        let (start, steps) = replay(tokenizer, id, &bytes);
        view! {
            <p class="muted">
                {format!(
                    "Its {} bytes ({}) start as {} byte tokens; each line applies the lowest-ranked merge still possible. \
                     The merge of rank r makes token 256 + r.",
                    bytes.len(), hex(&bytes), bytes.len()
                )}
            </p>
            <MergeSteps start=start steps=steps step_testid="gpt2-trace-step"/>
        }
        .into_any()
    };
    view! {
        <h4>"How " <TokenChip text=name id=id/> {format!(" (id {id}) is built")}</h4>
        {body}
    }
}

/// The byte pieces of token `id`, and the pieces after each merge of its trace.
fn replay(tokenizer: &Gpt2Tokenizer, id: u32, bytes: &[u8]) -> (Vec<Piece>, Vec<StepRow>) {
    // (byte offset, token id) of each piece, left to right.
    let mut parts: Vec<(usize, u32)> = bytes
        .iter()
        .enumerate()
        .map(|(at, &b)| (at, byte_id(b)))
        .collect();
    let start = pieces(tokenizer, &parts);
    let steps = tokenizer
        .merge_trace(id)
        .unwrap_or_default()
        .into_iter()
        .map(|step| {
            if let Some(k) = parts.iter().position(|&(at, _)| at == step.offset) {
                parts[k].1 = step.merged;
                if k + 1 < parts.len() {
                    parts.remove(k + 1);
                }
            }
            StepRow {
                rank: step.rank as usize,
                left: text_of(tokenizer, step.left),
                right: text_of(tokenizer, step.right),
                pieces: pieces(tokenizer, &parts),
            }
        })
        .collect();
    (start, steps)
}

fn pieces(tokenizer: &Gpt2Tokenizer, parts: &[(usize, u32)]) -> Vec<Piece> {
    parts
        .iter()
        .map(|&(_, id)| Piece {
            text: text_of(tokenizer, id),
            id,
        })
        .collect()
}

fn text_of(tokenizer: &Gpt2Tokenizer, id: u32) -> String {
    tokenizer.token_printable(id).unwrap_or_default()
}
