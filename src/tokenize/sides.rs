//! The tokenizers the lab compares, in order: the walkthrough's run, GPT-2, MiniLM's WordPiece,
//! GPT-4's cl100k_base, GPT-4o's o200k_base, Mistral's SentencePiece (v1) and Tekken, SmolLM2, and
//! a SentencePiece model file of the reader's, last (model_file_side.rs; compare.rs counts it only
//! once one is open), each as a [`Side`] whose state follows its training run or its download (the
//! zoo's files only once the reader chooses them; the zoo's tokenizers then live in the tokenizer
//! worker, src/worker.rs). A new tokenizer is one more entry here and in [`SLUGS`], before the
//! model file.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::bpe::BpeTokenizer;
use til_core::gpt2::Gpt2Tokenizer;
use til_core::tokenizer::{Piece, Tokenizer};

use super::model_file_side::model_file_side;
use super::side::{plain_kind, Explainer, Notes, Side, SideState};
use crate::assets::status::AssetStatus;
use crate::assets::{asset, urls, Asset, Build, Load};
use crate::minilm::{wordpiece_kind, MiniLm, WordPieceNotes, WORDPIECE_ABOUT};
use crate::worker::Remote;

/// Every side's slug, in the order of [`sides`] (the link's names for them).
pub const SLUGS: [&str; 9] = [
    "bpe",
    "gpt2",
    "wordpiece",
    "cl100k",
    "o200k",
    "mistral",
    "tekken",
    "smollm2",
    "model-file",
];

/// The columns a page opens with.
pub const FIRST_CHOSEN: [&str; 3] = ["bpe", "gpt2", "wordpiece"];

pub fn sides(bpe: RwSignal<Option<Arc<BpeTokenizer>>>, gpt2: Asset<Gpt2Tokenizer>) -> Vec<Side> {
    vec![
        bpe_side(bpe),
        gpt2_side(gpt2),
        wordpiece_side(),
        download_side(&CL100K),
        download_side(&O200K),
        download_side(&MISTRAL_V1),
        download_side(&TEKKEN),
        download_side(&SMOLLM2),
        model_file_side(),
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
        size: None,
        want: || {},
        explainer: Explainer::Elsewhere(
            "Your BPE replays its merges for a word, step by step, in the walkthrough's \
             \"Encode a word\" above: type the word there.",
        ),
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
        state: state_of(gpt2, "Loading GPT-2's merges…", "Loading GPT-2's merges…", local),
        kind: plain_kind,
        notes: None,
        // The GPT-2 panel above has it loaded.
        size: None,
        want: || {},
        explainer: Explainer::Copy(|| asset(urls::GPT2_MERGES, 0, |bytes| Remote::load("gpt2", bytes))),
    }
}

fn wordpiece_side() -> Side {
    let minilm = MiniLm::expect();
    Side {
        slug: "wordpiece",
        title: "WordPiece (MiniLM, a small BERT)",
        about: Signal::stored(WORDPIECE_ABOUT.to_string()),
        state: state_of(
            minilm.vocab,
            "Loading MiniLM's vocabulary…",
            "Loading MiniLM's vocabulary…",
            |vocabulary| SideState::Remote(vocabulary.tokenizer),
        ),
        kind: |piece: &Piece| wordpiece_kind(&piece.display),
        notes: Some(|text| view! { <WordPieceNotes text=text/> }.into_any()),
        size: Some("0.2 MB"),
        want: || MiniLm::expect().want_vocab(),
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

/// A tokenizer fetched once chosen, then run in the tokenizer worker: what the page needs to offer
/// it and hand it over.
struct DownloadSpec {
    slug: &'static str,
    title: &'static str,
    about: &'static str,
    url: &'static str,
    /// Its size, as the chooser says it.
    size: &'static str,
    /// `data-testid` of its loading line.
    status: &'static str,
    /// What the file holds, as its loading line says it.
    what: &'static str,
    build: Build<Remote>,
    /// Its loading line, under its chips.
    notes: Notes,
    want: fn(),
}

const CL100K: DownloadSpec = DownloadSpec {
    slug: "cl100k",
    title: "GPT-4 (cl100k_base)",
    about: "OpenAI's byte-level BPE for GPT-3.5 and GPT-4: 100,256 tokens, digits in groups of up to three, \
            contractions in either case, and runs of spaces kept apart from the word that follows.",
    url: urls::CL100K,
    size: "0.7 MB",
    status: "cl100k-status",
    what: "its ranks",
    build: |bytes| Remote::load("cl100k", bytes),
    notes: |_| view! { <DownloadStatus spec=&CL100K/> }.into_any(),
    want: || download(&CL100K).want(),
};

const O200K: DownloadSpec = DownloadSpec {
    slug: "o200k",
    title: "GPT-4o (o200k_base)",
    about:
        "OpenAI's byte-level BPE for GPT-4o: 199,998 tokens; words are cut where the case changes \
            (HelloWorld is Hello + World), with contractions kept on the word.",
    url: urls::O200K,
    size: "1.6 MB",
    status: "o200k-status",
    what: "its ranks",
    build: |bytes| Remote::load("o200k", bytes),
    notes: |_| view! { <DownloadStatus spec=&O200K/> }.into_any(),
    want: || download(&O200K).want(),
};

const MISTRAL_V1: DownloadSpec = DownloadSpec {
    slug: "mistral",
    title: "Mistral 7B (SentencePiece v1)",
    about: "Mistral's first SentencePiece BPE: 32,000 pieces joined by score, ▁ for each space and one \
            before the text, digits one by one, and any character it lacks spelt as its UTF-8 bytes \
            (<0xF0>…).",
    url: urls::MISTRAL_V1,
    size: "0.5 MB",
    status: "mistral-status",
    what: "its model",
    build: |bytes| Remote::load("mistral", bytes),
    notes: |_| view! { <DownloadStatus spec=&MISTRAL_V1/> }.into_any(),
    want: || download(&MISTRAL_V1).want(),
};

const TEKKEN: DownloadSpec = DownloadSpec {
    slug: "tekken",
    title: "Mistral NeMo (Tekken)",
    about:
        "Mistral's Tekken, tiktoken-style byte-level BPE: 131,072 ids, the first 1,000 kept for \
            special tokens; words cut where the case changes, as GPT-4o's, and digits one by one.",
    url: urls::TEKKEN,
    size: "1.0 MB",
    status: "tekken-status",
    what: "its ranks",
    build: |bytes| Remote::load("tekken", bytes),
    notes: |_| view! { <DownloadStatus spec=&TEKKEN/> }.into_any(),
    want: || download(&TEKKEN).want(),
};

const SMOLLM2: DownloadSpec = DownloadSpec {
    slug: "smollm2",
    title: "SmolLM2 (135M)",
    about: "Hugging Face's SmolLM2, the model of the Position lab's RoPE: byte-level BPE by 48,900 \
            listed merges over 49,152 tokens, every digit a token of its own, then GPT-2's pattern; \
            the six control characters it has no token for are dropped.",
    url: urls::SMOLLM2,
    size: "0.6 MB",
    status: "smollm2-status",
    what: "its merges",
    build: |bytes| Remote::load("smollm2", bytes),
    notes: |_| view! { <DownloadStatus spec=&SMOLLM2/> }.into_any(),
    want: || download(&SMOLLM2).want(),
};

/// The tokenizer's file as the page's asset (the same handle wherever it is asked for).
fn download(spec: &'static DownloadSpec) -> Asset<Remote> {
    asset(spec.url, 0, spec.build)
}

fn download_side(spec: &'static DownloadSpec) -> Side {
    let asset = download(spec);
    Side {
        slug: spec.slug,
        title: spec.title,
        about: Signal::stored(spec.about.to_string()),
        state: state_of(asset, "Waiting to load…", "Loading…", |remote| {
            SideState::Remote(*remote)
        }),
        kind: plain_kind,
        notes: Some(spec.notes),
        size: Some(spec.size),
        want: spec.want,
        explainer: Explainer::Itself,
    }
}

/// The tokenizer's loading line: progress, cost, or the failure with Retry.
#[component]
fn DownloadStatus(spec: &'static DownloadSpec) -> impl IntoView {
    view! { <AssetStatus asset=download(spec) what=spec.what total=0 testid=spec.status/> }
}
