//! The tokenizers the lab compares, in order: the walkthrough's run, then every shipped tokenizer
//! of the registry (`til_core::registry::ALL`: GPT-2, MiniLM's WordPiece, cl100k_base, o200k_base,
//! Mistral's SentencePiece v1 and Tekken, SmolLM2), and a SentencePiece model file of the reader's,
//! last (model_file_side.rs; compare.rs counts it only once one is open), each as a [`Side`] whose
//! state follows its training run or its download. The page runs GPT-2 itself (its panel above has
//! it loaded) and WordPiece comes with MiniLM's files; every other shipped tokenizer is fetched once
//! the reader chooses it and then lives in the lab's worker (src/worker.rs). A new shipped
//! tokenizer is a registry entry: nothing here changes.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::bpe::BpeTokenizer;
use til_core::gpt2::Gpt2Tokenizer;
use til_core::registry::{self, Entry};
use til_core::tokenizer::{Piece, Tokenizer};

use super::model_file_side::model_file_side;
use super::side::{plain_kind, Explainer, Side, SideState};
use super::wordpiece_notes::WordPieceNotes;
use crate::assets::minilm::MiniLm;
use crate::assets::status::AssetStatus;
use crate::assets::{asset, Asset, Load};
use crate::widgets::wordpiece_chips::kind_of_token as wordpiece_kind;
use til_channel::MODEL_FILE;

use crate::worker::Remote;

/// The walkthrough's own run's slug.
const BPE: &str = "bpe";

/// Every side's slug, in the order of [`sides`] (the link's names for them).
pub fn slugs() -> Vec<&'static str> {
    std::iter::once(BPE)
        .chain(registry::ALL.iter().map(|entry| entry.name))
        .chain(std::iter::once(MODEL_FILE))
        .collect()
}

/// The slug a link's `name` stands for: a slug, or a shipped tokenizer's former name.
pub fn slug_of(name: &str) -> Option<&'static str> {
    registry::find(name)
        .map(|entry| entry.name)
        .or_else(|| slugs().into_iter().find(|slug| *slug == name))
}

/// The names a link may use for the sides: every slug and every former name.
pub fn link_names() -> Vec<&'static str> {
    let former = registry::ALL
        .iter()
        .flat_map(|entry| entry.former_names.iter().copied());
    slugs().into_iter().chain(former).collect()
}

/// The columns a page opens with.
pub fn first_chosen() -> Vec<&'static str> {
    vec![BPE, registry::GPT2.name, registry::WORDPIECE.name]
}

pub fn sides(bpe: RwSignal<Option<Arc<BpeTokenizer>>>, gpt2: Asset<Gpt2Tokenizer>) -> Vec<Side> {
    let shipped = registry::ALL.iter().map(|entry| match entry.name {
        name if name == registry::GPT2.name => gpt2_side(entry, gpt2),
        name if name == registry::WORDPIECE.name => wordpiece_side(entry),
        _ => download_side(entry),
    });
    std::iter::once(bpe_side(bpe))
        .chain(shipped)
        .chain(std::iter::once(model_file_side()))
        .collect()
}

fn bpe_side(bpe: RwSignal<Option<Arc<BpeTokenizer>>>) -> Side {
    Side {
        slug: BPE,
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
        size: None,
        want: Arc::new(|| {}),
        explainer: Explainer::Elsewhere(
            "Your BPE replays its merges for a word, step by step, in the walkthrough's \
             \"Encode a word\" above: type the word there.",
        ),
    }
}

fn gpt2_side(entry: &'static Entry, gpt2: Asset<Gpt2Tokenizer>) -> Side {
    Side {
        slug: entry.name,
        title: entry.label,
        about: Signal::stored(entry.about.to_string()),
        state: state_of(
            gpt2,
            "Loading GPT-2's merges…",
            "Loading GPT-2's merges…",
            local,
        ),
        kind: plain_kind,
        notes: None,
        // The GPT-2 panel above has it loaded.
        size: None,
        want: Arc::new(|| {}),
        explainer: Explainer::Copy(|| asset(registry::GPT2.asset, 0, Remote::load_shipped)),
    }
}

fn wordpiece_side(entry: &'static Entry) -> Side {
    let minilm = MiniLm::expect();
    Side {
        slug: entry.name,
        title: entry.label,
        about: Signal::stored(entry.about.to_string()),
        state: state_of(
            minilm.vocab,
            "Loading MiniLM's vocabulary…",
            "Loading MiniLM's vocabulary…",
            |vocabulary| SideState::Remote(vocabulary.tokenizer),
        ),
        kind: |piece: &Piece| wordpiece_kind(&piece.display),
        notes: Some(Arc::new(|text| {
            view! { <WordPieceNotes text=text/> }.into_any()
        })),
        size: Some(entry.size),
        want: Arc::new(|| MiniLm::expect().want_vocab()),
        explainer: Explainer::Itself,
    }
}

/// A column's state as its tokenizer's asset loads: `idle` is what it says before the download
/// starts, `loading` during it, `ready` what it becomes.
fn state_of<T: Send + Sync + 'static>(
    asset: Asset<T>,
    idle: &'static str,
    loading: &'static str,
    ready: fn(Arc<T>) -> SideState,
) -> Signal<SideState> {
    Signal::derive(move || match asset.state.get() {
        Load::Idle => SideState::Waiting(idle.to_string()),
        Load::Loading(_) => SideState::Waiting(loading.to_string()),
        Load::Failed(why) => SideState::Failed(why),
        Load::Ready(t, _) => ready(t),
    })
}

/// A tokenizer the page runs itself.
fn local<T: Tokenizer + Send + Sync + 'static>(tokenizer: Arc<T>) -> SideState {
    SideState::Ready(tokenizer)
}

/// A shipped tokenizer's file as the page's asset (the same handle wherever it is asked for),
/// built in the lab's worker.
fn download(entry: &'static Entry) -> Asset<Remote> {
    asset(entry.asset, 0, Remote::load_shipped)
}

/// A tokenizer fetched once chosen, then run in the lab's worker.
fn download_side(entry: &'static Entry) -> Side {
    let asset = download(entry);
    Side {
        slug: entry.name,
        title: entry.label,
        about: Signal::stored(entry.about.to_string()),
        state: state_of(asset, "Waiting to load…", "Loading…", |remote| {
            SideState::Remote(*remote)
        }),
        kind: plain_kind,
        notes: Some(Arc::new(move |_| {
            view! { <AssetStatus asset=asset what=entry.holds total=0 testid="side-status"/> }
                .into_any()
        })),
        size: Some(entry.size),
        want: Arc::new(move || asset.want()),
        explainer: Explainer::Itself,
    }
}
