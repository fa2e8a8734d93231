//! The tokenizers the lab compares, in order: the walkthrough's run, GPT-2, MiniLM's WordPiece,
//! GPT-4's cl100k_base and GPT-4o's o200k_base, each as a [`Side`] whose state follows its training
//! run or its download (OpenAI's ranks only when the reader asks for them). A new tokenizer is one
//! more entry here.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::bpe::BpeTokenizer;
use til_core::gpt2::Gpt2Tokenizer;
use til_core::tiktoken::{Encoding, RankBpe};
use til_core::tokenizer::{Piece, Tokenizer};

use super::compare::{plain_kind, Notes, Side, SideState};
use crate::assets::status::AssetStatus;
use crate::assets::{asset, urls, Asset, Build, Load};
use crate::minilm::{wordpiece_kind, MiniLm, WordPieceNotes, WORDPIECE_ABOUT};

pub fn sides(bpe: RwSignal<Option<Arc<BpeTokenizer>>>, gpt2: Asset<Gpt2Tokenizer>) -> Vec<Side> {
    vec![
        bpe_side(bpe),
        gpt2_side(gpt2),
        wordpiece_side(),
        tiktoken_side(&CL100K),
        tiktoken_side(&O200K),
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
        state: state_of(gpt2, "Loading GPT-2's merges…", "Loading GPT-2's merges…"),
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
        state: state_of(
            minilm.vocab,
            "Loading MiniLM's vocabulary…",
            "Loading MiniLM's vocabulary…",
        ),
        kind: |piece: &Piece| wordpiece_kind(&piece.display),
        notes: Some(|text| view! { <WordPieceNotes text=text/> }.into_any()),
    }
}

/// A column's state as its tokenizer's asset loads: `idle` is what it says before the download
/// starts, `loading` during it.
fn state_of<T: Tokenizer + Send + Sync + 'static>(
    asset: Asset<T>,
    idle: &'static str,
    loading: &'static str,
) -> Signal<SideState> {
    Signal::derive(move || match asset.state.get() {
        Load::Idle => SideState::Waiting(idle.to_string()),
        Load::Loading(_) => SideState::Waiting(loading.to_string()),
        Load::Failed(why) => SideState::Failed(why),
        Load::Ready(t, _) => SideState::Ready(t),
    })
}

/// One of OpenAI's encodings as a side: what the page needs to offer it and build it.
struct TiktokenSpec {
    slug: &'static str,
    title: &'static str,
    about: &'static str,
    url: &'static str,
    /// Its size, as the Load button says it.
    size: &'static str,
    /// What its column says until the reader loads it.
    idle: &'static str,
    /// `data-testid` of its loading line.
    status: &'static str,
    build: Build<Encoding>,
    /// Its Load button and loading line, under its chips.
    notes: Notes,
}

const CL100K: TiktokenSpec = TiktokenSpec {
    slug: "cl100k",
    title: "GPT-4 (cl100k_base)",
    about: "OpenAI's byte-level BPE for GPT-3.5 and GPT-4: 100,256 tokens, digits in groups of up to three, \
            contractions in either case, and runs of spaces kept apart from the word that follows.",
    url: urls::CL100K,
    size: "0.7 MB",
    idle: "Not loaded yet: its ranks are 0.7 MB.",
    status: "cl100k-status",
    build: |bytes| Ok(Encoding::cl100k(parse(bytes)?)),
    notes: |_| view! { <RanksLoad spec=&CL100K/> }.into_any(),
};

const O200K: TiktokenSpec = TiktokenSpec {
    slug: "o200k",
    title: "GPT-4o (o200k_base)",
    about:
        "OpenAI's byte-level BPE for GPT-4o: 199,998 tokens; words are cut where the case changes \
            (HelloWorld is Hello + World), with contractions kept on the word.",
    url: urls::O200K,
    size: "1.6 MB",
    idle: "Not loaded yet: its ranks are 1.6 MB.",
    status: "o200k-status",
    build: |bytes| Ok(Encoding::o200k(parse(bytes)?)),
    notes: |_| view! { <RanksLoad spec=&O200K/> }.into_any(),
};

/// The encoding's ranks as the page's asset (the same handle wherever it is asked for).
fn ranks(spec: &'static TiktokenSpec) -> Asset<Encoding> {
    asset(spec.url, 0, spec.build)
}

fn parse(bytes: &[u8]) -> Result<RankBpe, String> {
    RankBpe::from_asset(bytes).map_err(|e| e.to_string())
}

fn tiktoken_side(spec: &'static TiktokenSpec) -> Side {
    let asset = ranks(spec);
    Side {
        slug: spec.slug,
        title: spec.title,
        about: Signal::stored(spec.about.to_string()),
        state: state_of(asset, spec.idle, "Loading its ranks…"),
        kind: plain_kind,
        notes: Some(spec.notes),
    }
}

/// The button that fetches an encoding's ranks, then its loading line (progress, cost, or the
/// failure with Retry).
#[component]
fn RanksLoad(spec: &'static TiktokenSpec) -> impl IntoView {
    let asset = ranks(spec);
    let slug = spec.slug;
    move || match asset.state.get() {
        Load::Idle => view! {
            <button type="button" data-testid=format!("{slug}-load") on:click=move |_| asset.want()>
                {format!("Load {} ({})", spec.title, spec.size)}
            </button>
        }
        .into_any(),
        _ => view! {
            <AssetStatus asset=asset what="its ranks" total=0 testid=spec.status/>
        }
        .into_any(),
    }
}
