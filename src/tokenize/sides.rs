//! The tokenizers the lab compares, in order: the walkthrough's run, GPT-2 and MiniLM's WordPiece,
//! each as a [`Side`] whose state follows its training run or its download. A new tokenizer is one
//! more entry here.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::bpe::BpeTokenizer;
use til_core::tokenizer::Piece;

use super::compare::{plain_kind, Side, SideState};
use til_core::gpt2::Gpt2Tokenizer;

use crate::assets::{Asset, Load};
use crate::minilm::{wordpiece_kind, MiniLm, WordPieceNotes, WORDPIECE_ABOUT};

pub fn sides(bpe: RwSignal<Option<Arc<BpeTokenizer>>>, gpt2: Asset<Gpt2Tokenizer>) -> Vec<Side> {
    vec![bpe_side(bpe), gpt2_side(gpt2), wordpiece_side()]
}

fn bpe_side(bpe: RwSignal<Option<Arc<BpeTokenizer>>>) -> Side {
    Side {
        slug: "bpe",
        title: "Your BPE",
        about: Signal::derive(move || {
            bpe.with(|t| match t {
                Some(t) => format!(
                    "{} merges from the walkthrough's corpus; words split on whitespace{}.",
                    t.trace().steps().len(),
                    if t.encoder().end_of_word() {
                        ", each ending in </w>"
                    } else {
                        ""
                    }
                ),
                None => String::new(),
            })
        }),
        state: Signal::derive(move || match bpe.get() {
            Some(t) => SideState::Ready(t),
            None => SideState::Waiting(
                "Your BPE is still training in the walkthrough above…".to_string(),
            ),
        }),
        kind: plain_kind,
        notes: None,
    }
}

fn gpt2_side(gpt2: Asset<Gpt2Tokenizer>) -> Side {
    Side {
        slug: "gpt2",
        title: "GPT-2",
        about: Signal::stored(
            "50,000 merges learned from about 8 million web pages; every byte kept, spaces included."
                .to_string(),
        ),
        state: Signal::derive(move || match gpt2.state.get() {
            Load::Idle | Load::Loading(_) => {
                SideState::Waiting("Loading GPT-2's merges…".to_string())
            }
            Load::Failed(why) => SideState::Failed(why),
            Load::Ready(t, _) => SideState::Ready(t),
        }),
        kind: plain_kind,
        notes: None,
    }
}

fn wordpiece_side() -> Side {
    let minilm = MiniLm::expect();
    minilm.want_vocab();
    Side {
        slug: "wordpiece",
        title: "WordPiece (MiniLM, a small BERT)",
        about: Signal::stored(WORDPIECE_ABOUT.to_string()),
        state: Signal::derive(move || match minilm.vocab.state.get() {
            Load::Idle | Load::Loading(_) => {
                SideState::Waiting("Loading MiniLM's vocabulary…".to_string())
            }
            Load::Failed(why) => SideState::Failed(why),
            Load::Ready(t, _) => SideState::Ready(t),
        }),
        kind: |piece: &Piece| wordpiece_kind(&piece.display),
        notes: Some(|text| view! { <WordPieceNotes text=text/> }.into_any()),
    }
}
