//! Side by side: the same text through every tokenizer the lab has, as a list of [`Side`]s drawn by
//! one view: chips with ids, the count, the characters and bytes per token. Each side is a
//! [`til_core::tokenizer::Tokenizer`] once it is ready (the walkthrough's run once trained, GPT-2 and
//! WordPiece once their files are in); what is particular to one tokenizer (WordPiece's split words)
//! comes as that side's `notes`. Every side takes the first `COMPARE_CHARS` characters: the BPE side
//! replays its merges word by word, which costs seconds on a 20,000-character word.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::tokenizer::{Piece, Tokenizer};

use crate::widgets::markup::grouped;
use crate::widgets::token_chip::TokenChip;
use crate::worker::Remote;

/// Characters compared, the same cap as the walkthrough's "Encode a word".
pub const COMPARE_CHARS: usize = 2_000;
/// Chips drawn per side; the counts cover all the compared text.
const CHIP_LIMIT: usize = 200;

/// A tokenizer of the comparison, shared by the views.
pub type SharedTokenizer = Arc<dyn Tokenizer + Send + Sync>;

/// Where one side's tokenizer stands.
#[derive(Clone)]
pub enum SideState {
    /// Not ready yet: why, in a sentence.
    Waiting(String),
    Failed(String),
    Ready(SharedTokenizer),
    /// Ready in the tokenizer worker: its tokens arrive a moment after the text changes.
    Remote(Remote),
}

/// What only one tokenizer has to say about the compared text.
pub type Notes = fn(Signal<Arc<str>>) -> AnyView;

/// How a piece is drawn: its class and what its tooltip says it is.
pub type PieceKind = fn(&Piece) -> (&'static str, &'static str);

/// One column of the comparison.
#[derive(Clone)]
pub struct Side {
    /// `data-testid`s: `gpt2-compare-{slug}` for the column, `…-count` for its count and `…-chips`
    /// for its chips (each `compare-token`).
    pub slug: &'static str,
    pub title: &'static str,
    /// A sentence on what the tokenizer is and where its vocabulary comes from.
    pub about: Signal<String>,
    pub state: Signal<SideState>,
    pub kind: PieceKind,
    /// What only this tokenizer has to say about the compared text, under its chips.
    pub notes: Option<Notes>,
}

/// A piece with an id is a plain token; one without is a symbol the vocabulary lacks.
pub fn plain_kind(piece: &Piece) -> (&'static str, &'static str) {
    match piece.id {
        Some(_) => ("start", "a token of the vocabulary"),
        None => ("unknown", "not in the vocabulary"),
    }
}

/// What the view shows of one side for the compared text.
#[derive(Clone, Debug, PartialEq)]
struct Tokens {
    pieces: Vec<Piece>,
    chars: usize,
    bytes: usize,
}

impl Tokens {
    fn of(pieces: Vec<Piece>, text: &str) -> Tokens {
        Tokens {
            pieces,
            chars: text.chars().count(),
            bytes: text.len(),
        }
    }

    fn unknown(&self) -> usize {
        self.pieces.iter().filter(|p| p.id.is_none()).count()
    }

    /// "4.2 characters and 4.3 bytes per token", or nothing for no tokens.
    fn density(&self) -> Option<String> {
        let n = self.pieces.len() as f64;
        (n > 0.0).then(|| {
            format!(
                "{:.2} characters and {:.2} bytes per token",
                self.chars as f64 / n,
                self.bytes as f64 / n
            )
        })
    }
}

/// The first `COMPARE_CHARS` characters of `text`, and whether that cut it.
fn compared(text: &str) -> (Arc<str>, bool) {
    match text.char_indices().nth(COMPARE_CHARS) {
        Some((cut, _)) => (text[..cut].into(), true),
        None => (text.into(), false),
    }
}

#[component]
pub fn Compare(
    /// The text every side tokenizes.
    #[prop(into)]
    text: Signal<String>,
    sides: Vec<Side>,
) -> impl IntoView {
    let compared = Memo::new(move |_| text.with(|t| compared(t)));
    let heading = format!(
        "Side by side: {}",
        sides
            .iter()
            .map(|s| s.title)
            .collect::<Vec<_>>()
            .join(" · ")
    );
    let columns = sides
        .into_iter()
        .map(|side| view! { <SideColumn side=side text=Signal::derive(move || compared.get().0)/> })
        .collect_view();
    view! {
        <div class="gpt2-compare" data-testid="gpt2-compare">
            <h4>{heading}</h4>
            {move || compared.get().1.then(|| view! {
                <p class="notice" data-testid="gpt2-compare-cut">
                    {format!("Both sides take the first {} characters of your text.", grouped(COMPARE_CHARS))}
                </p>
            })}
            <div class="compare-sides">{columns}</div>
            <p class="muted">
                "With only the merges a small corpus teaches, your BPE usually needs more, shorter tokens for the same text, \
                 and it drops the spaces between words; GPT-2 keeps them inside its tokens (as Ġ), so its ids decode to \
                 exactly the text you typed."
            </p>
        </div>
    }
}

#[component]
fn SideColumn(side: Side, text: Signal<Arc<str>>) -> impl IntoView {
    let Side {
        slug,
        title,
        about,
        state,
        kind,
        notes,
    } = side;
    let local = Memo::new(move |_| match state.get() {
        SideState::Ready(tokenizer) => Some(text.with(|t| Tokens::of(tokenizer.encode(t), t))),
        _ => None,
    });
    // The worker's answer for the latest text: it answers in order, so the last answer set is the
    // latest text's, and the one before stays until it comes.
    let remote = RwSignal::new(None::<Result<Tokens, String>>);
    Effect::new(move |_| match state.get() {
        SideState::Remote(tokenizer) => {
            let text = text.get();
            leptos::task::spawn_local(async move {
                let tokens = tokenizer.encode(&text).await.map(|p| Tokens::of(p, &text));
                // The column may be gone by the time the answer comes.
                let _ = remote.try_set(Some(tokens));
            });
        }
        // A tokenizer being replaced (another model file) shows none until the new one answers.
        _ => remote.set(None),
    });
    let remote_failure = move || remote.with(|r| r.as_ref().and_then(|r| r.clone().err()));
    let tokens = move || {
        local
            .get()
            .or_else(|| remote.with(|r| r.as_ref().and_then(|r| r.clone().ok())))
    };
    let count_id = format!("gpt2-compare-{slug}-count");
    let body = move || {
        if let Some(tokens) = tokens() {
            let unknown = tokens.unknown();
            let total = tokens.pieces.len();
            return view! {
                <p><strong data-testid=count_id.clone()>{total}</strong>" tokens"
                    {tokens.density().map(|d| view! { <span class="muted">{format!(" · {d}")}</span> })}</p>
                // Scrolls when long, so it takes focus: the keyboard can scroll it too.
                <div class="chips compare-chips" data-testid=format!("gpt2-compare-{slug}-chips") tabindex="0"
                    role="group" aria-label=format!("{title}: tokens")>
                    <Chips pieces=tokens.pieces kind=kind/>
                </div>
                {(total > CHIP_LIMIT).then(|| view! {
                    <p class="muted">{format!("… and {} more tokens (only the first {CHIP_LIMIT} are drawn).", total - CHIP_LIMIT)}</p>
                })}
                {(unknown > 0).then(|| view! {
                    <p class="muted" data-testid="gpt2-compare-unknown">
                        {format!("{unknown} of them (dashed) are characters the corpus never contained: with no byte \
                                  fallback your BPE can only keep them as unknown symbols, where GPT-2 spells them out in bytes.")}
                    </p>
                })}
            }
            .into_any();
        }
        let (class, why) = match (state.get(), remote_failure()) {
            (_, Some(why)) | (SideState::Failed(why), _) => ("error", why),
            (SideState::Waiting(why), _) => ("muted", why),
            (SideState::Ready(_) | SideState::Remote(_), _) => ("muted", String::new()),
        };
        view! {
            <p class=class>{why}</p>
            <p><strong data-testid=count_id.clone()>"—"</strong>" tokens"</p>
        }
        .into_any()
    };
    view! {
        <div class=format!("compare-side {slug}-side") data-testid=format!("gpt2-compare-{slug}")>
            <h5>{title}</h5>
            <p class="muted">{move || about.get()}</p>
            {body}
            {notes.map(|notes| notes(text))}
        </div>
    }
}

/// The pieces as chips with their ids under them, styled by `kind`.
#[component]
fn Chips(pieces: Vec<Piece>, kind: PieceKind) -> impl IntoView {
    pieces
        .into_iter()
        .take(CHIP_LIMIT)
        .map(|piece| {
            let (class, why) = kind(&piece);
            let id = piece
                .id
                .map_or_else(|| "—".to_string(), |id| id.to_string());
            let title = format!("id {id} · {why}");
            view! {
                <span class=format!("wp-token {class}") data-testid="compare-token">
                    <TokenChip text=piece.display id=piece.id.unwrap_or(u32::MAX) title=title/>
                    <small class="wp-id">{id}</small>
                </span>
            }
        })
        .collect_view()
}
