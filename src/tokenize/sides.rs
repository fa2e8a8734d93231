//! The tokenizers the lab compares, in order: the walkthrough's run, GPT-2, MiniLM's WordPiece and
//! GPT-4's cl100k_base, each as a [`Side`] whose state follows its training run or its download
//! (cl100k_base's 0.7 MB only when the reader asks for it). A new tokenizer is one more entry here.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::bpe::BpeTokenizer;
use til_core::gpt2::Gpt2Tokenizer;
use til_core::tiktoken::{Cl100k, RankBpe};
use til_core::tokenizer::Piece;

use super::compare::{plain_kind, Side, SideState};
use crate::assets::status::AssetStatus;
use crate::assets::{asset, urls, Asset, Load};
use crate::minilm::{wordpiece_kind, MiniLm, WordPieceNotes, WORDPIECE_ABOUT};

pub fn sides(bpe: RwSignal<Option<Arc<BpeTokenizer>>>, gpt2: Asset<Gpt2Tokenizer>) -> Vec<Side> {
    vec![
        bpe_side(bpe),
        gpt2_side(gpt2),
        wordpiece_side(),
        cl100k_side(),
    ]
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

/// cl100k_base's ranks as the page's asset.
fn cl100k() -> Asset<Cl100k> {
    asset(urls::CL100K, 0, |bytes| {
        RankBpe::from_asset(bytes)
            .map(Cl100k::new)
            .map_err(|e| e.to_string())
    })
}

fn cl100k_side() -> Side {
    let ranks = cl100k();
    Side {
        slug: "cl100k",
        title: "GPT-4 (cl100k_base)",
        about: Signal::stored(
            "OpenAI's byte-level BPE for GPT-3.5 and GPT-4: 100,256 tokens, digits in groups of up to three, \
             contractions in either case, and runs of spaces kept apart from the word that follows."
                .to_string(),
        ),
        state: Signal::derive(move || match ranks.state.get() {
            Load::Idle => SideState::Waiting("Not loaded yet: its ranks are 0.7 MB.".to_string()),
            Load::Loading(_) => SideState::Waiting("Loading cl100k_base's ranks…".to_string()),
            Load::Failed(why) => SideState::Failed(why),
            Load::Ready(t, _) => SideState::Ready(t),
        }),
        kind: plain_kind,
        notes: Some(|_| view! { <Cl100kLoad/> }.into_any()),
    }
}

/// The button that fetches cl100k_base, then its loading line (progress, cost, or the failure
/// with Retry).
#[component]
fn Cl100kLoad() -> impl IntoView {
    let ranks = cl100k();
    move || match ranks.state.get() {
        Load::Idle => view! {
            <button type="button" data-testid="cl100k-load" on:click=move |_| ranks.want()>
                "Load cl100k_base (0.7 MB)"
            </button>
        }
        .into_any(),
        _ => view! {
            <AssetStatus asset=ranks what="cl100k_base's ranks" total=0 testid="cl100k-status"/>
        }
        .into_any(),
    }
}
