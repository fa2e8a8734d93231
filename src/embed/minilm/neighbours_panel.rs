//! The Embed lab's word, looked up in MiniLM's token table too: its nearest rows among the 30,522 by
//! cosine (on the page's compute engine, like GloVe's), listed beside GloVe's neighbours of the same
//! word. A transformer's input table is not a table of words: it is uncased, holds `##` pieces,
//! special and unused rows, and its rows are only where the model starts. A word with no single row
//! shows the pieces it becomes, each of which can be searched. The token table (23 MB) loads only
//! when the reader opens this panel. Leaves out: analogies and the 2-D picture (GloVe's views).
use leptos::prelude::*;
use til_compute::{Eligible, Query};
use til_core::embed::EmbedError;
use til_core::minilm::asset::{asset_len, TOKEN_TENSORS};
use til_core::wordpiece::{Token, CONTINUATION, SPECIAL_TOKENS};

use super::lookup::{resolve, Resolved};
use crate::assets::minilm::MiniLm;
use crate::assets::status::AssetStatus;
use crate::assets::Load;
use crate::async_derived::async_derived;
use crate::browser::now_ms;
use crate::compute::{Compute, Kernel};
use crate::embed::found::Found;

/// MiniLM's neighbours of one row.
#[derive(Clone, Debug, PartialEq)]
struct Neighbours {
    id: u32,
    token: String,
    /// (row, token, cosine), best first.
    found: Vec<(u32, String, f32)>,
    millis: f64,
}

#[component]
pub fn MiniLmNeighbours(
    /// The Embed lab's search word, shared with GloVe's list.
    query: RwSignal<String>,
    k: RwSignal<usize>,
    /// GloVe's neighbours of the same word, as the lab's own panel found them.
    glove: Memo<Option<Result<Found, EmbedError>>>,
) -> impl IntoView {
    let minilm = MiniLm::expect();
    // The 23 MB table, and the 94 MB of rows decoded for the search, only once the reader asks.
    let opened = RwSignal::new(false);
    Effect::new(move |started: Option<bool>| {
        let open = opened.get();
        if open && started != Some(true) {
            minilm.want_table();
        }
        open
    });
    // A piece the reader picked from a word that has no single row; a new word clears it.
    let piece = RwSignal::new(None::<(u32, String)>);
    crate::effect::effect(move || {
        query.track();
        piece.set(None);
    });
    let resolved = async_derived(
        move || Some((minilm.vocab.ready()?, query.get())),
        async |(vocabulary, query)| resolve(&vocabulary, &query).await,
    );
    let row = move || {
        piece.get().or_else(|| match resolved.get()? {
            Ok(Resolved::Row { id, token }) => Some((id, token)),
            _ => None,
        })
    };
    let compute = Compute::expect();
    let found = compute.derived(
        move || Some((minilm.table.with(Load::ready)?, row()?, k.get())),
        async |compute, (table, (id, token), k)| {
            let started = now_ms();
            let vectors = compute.vectors(&table);
            let queries = [Query::row(&table, &id)];
            let found = compute
                .run(Kernel::MINILM_NEIGHBOURS, async |b| {
                    b.nearest(&vectors, &queries, k, Eligible::first(table.rows()))
                        .await
                })
                .await
                .map_err(|e| e.to_string())?;
            Ok::<_, String>(Neighbours {
                id,
                token,
                found: found
                    .into_iter()
                    .flatten()
                    .map(|s| (s.id, table.word(s.id).to_string(), s.score))
                    .collect(),
                millis: now_ms() - started,
            })
        },
    );
    let pieces = move || match resolved.get() {
        Some(Ok(Resolved::Pieces { pieces, cut })) => {
            Some(view! { <Pieces query=query pieces=pieces cut=cut piece=piece/> })
        }
        _ => None,
    };
    let minilm_side = move || {
        match (found.get(), minilm.table.get()) {
        (_, Load::Loading(_)) => view! {
            <p class="muted" role="status" data-testid="minilm-table-building">"Decoding the 30,522 rows for the cosine search…"</p>
        }
        .into_any(),
        (Some(Ok(neighbours)), _) => view! { <Ranked neighbours=neighbours/> }.into_any(),
        (_, Load::Failed(error)) => view! { <p class="error" role="alert">{format!("The rows could not be prepared: {error}")}</p> }
        .into_any(),
        (Some(Err(error)), _) => view! { <p class="error" role="alert">{format!("The search failed: {error}")}</p> }.into_any(),
        (None, _) => match resolved.get() {
            Some(Ok(Resolved::Empty)) => view! { <p class="muted" data-testid="minilm-neighbours-empty">"Type a word above."</p> }.into_any(),
            Some(Err(error)) => view! { <p class="error" role="alert">{error}</p> }.into_any(),
            _ => ().into_any(),
        },
    }
    };
    view! {
        <section class="panel minilm-neighbours" aria-labelledby="minilm-neighbours-heading" data-testid="minilm-neighbours-panel">
            <h3 id="minilm-neighbours-heading">"Beside GloVe: a transformer's token table"</h3>
            <p class="lede">
                "MiniLM (all-MiniLM-L6-v2, a small BERT) starts from a table too: 30,522 rows of 384 numbers, one per WordPiece token. \
                 Its neighbours of the same word show how an input table differs from word vectors."
            </p>
            {crate::dynamic::dynamic(move || if opened.get() { view! {
                <AssetStatus asset=minilm.tokens what="MiniLM's token table (tokens.bin)" total=asset_len(&TOKEN_TENSORS) testid="minilm-tokens-status"/>
                <AssetStatus asset=minilm.vocab what="MiniLM's vocabulary (vocab.txt)" total=0 testid="minilm-vocab-status"/>
                {pieces}
                <div class="compare-sides">
                    <div class="compare-side">
                        <h4>"GloVe: word vectors"</h4>
                        <p class="muted">"50 numbers per word, trained so that words used alike point alike: the vector is all the meaning there is."</p>
                        <GloveColumn glove=glove/>
                    </div>
                    <div class="compare-side" data-testid="minilm-side">
                        <h4>"MiniLM: token rows"</h4>
                        <p class="muted">"384 numbers per token, trained with the whole model: only where the six attention layers start."</p>
                        {minilm_side}
                    </div>
                </div>
                <p class="muted">
                    "What differs: the table is uncased (\"King\" is read as \"king\"); its rows are tokens, not words, so neighbours include "
                    <code>"##"</code>" pieces that continue a word, and a rare word has no row of its own but a few pieces; special rows ("
                    <code>"[CLS]"</code>", "<code>"[SEP]"</code>", "<code>"[UNK]"</code>") and about a thousand unused ones sit among the words. \
                     Nearby rows are often forms of the same word or tokens in the same role, because the model only needs its input table to \
                     tell tokens apart and group them roughly: meaning in context is built by the layers after it."
                </p>
            }.into_any() } else { view! {
                <button type="button" data-testid="minilm-neighbours-open" on:click=move |_| opened.set(true)>
                    "Load MiniLM's token table (23 MB) and compare"
                </button>
            }.into_any() })}
        </section>
    }
}

/// A cosine as a bar, on the same scale in both columns.
fn bar(cosine: f32) -> impl IntoView {
    view! { <span class="bar" style=format!("--w: {:.1}%", cosine.clamp(0.0, 1.0) * 100.0)></span> }
}

/// GloVe's neighbours, as texts, for the side-by-side.
#[component]
fn GloveColumn(glove: Memo<Option<Result<Found, EmbedError>>>) -> impl IntoView {
    move || match glove.get() {
        None => view! { <p class="muted">"Loading GloVe…"</p> }.into_any(),
        Some(Err(error)) => view! { <p class="muted">{error.to_string()}</p> }.into_any(),
        Some(Ok(found)) => view! {
            <p class="muted">{format!("\"{}\" is row {} of 50,000.", found.word, found.id)}</p>
            <ol class="neighbours" data-testid="minilm-glove-neighbours">
                {found.neighbours.into_iter().map(|(_, word, cosine)| view! {
                    <li><span>{format!("{word} {cosine:.4}")}</span>{bar(cosine)}</li>
                }).collect_view()}
            </ol>
        }
        .into_any(),
    }
}

#[component]
fn Ranked(neighbours: Neighbours) -> impl IntoView {
    let pieces = neighbours
        .found
        .iter()
        .filter(|(_, t, _)| t.starts_with(CONTINUATION))
        .count();
    view! {
        <p class="muted" data-testid="minilm-neighbours-time">
            {format!("\"{}\" is token {} of 30,522; {} neighbours found in {:.1} ms, {pieces} of them ## pieces.",
                neighbours.token, neighbours.id, neighbours.found.len(), neighbours.millis)}
        </p>
        <ol class="neighbours" data-testid="minilm-neighbours">
            {neighbours.found.into_iter().map(|(id, token, cosine)| {
                let class = if token.starts_with(CONTINUATION) {
                    "continuation"
                } else if SPECIAL_TOKENS.contains(&token.as_str()) {
                    "special"
                } else {
                    ""
                };
                view! {
                    <li title=format!("token {id}") class=class>
                        <span data-testid="minilm-neighbour">{format!("{token} {cosine:.4}")}</span>
                        {bar(cosine)}
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}

/// A word with no single row: the pieces it becomes, each a button that searches that piece.
#[component]
fn Pieces(
    query: RwSignal<String>,
    pieces: Vec<Token>,
    cut: bool,
    piece: RwSignal<Option<(u32, String)>>,
) -> impl IntoView {
    let typed = query.get_untracked().trim().to_string();
    let shown = if typed.chars().count() > 40 {
        format!("{}…", typed.chars().take(40).collect::<String>())
    } else {
        typed
    };
    let listed = pieces
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let message = match pieces.as_slice() {
        [one] => format!(
            "\"{shown}\" has no row of its own: WordPiece reads it as {} (id {}), the one row every word it cannot spell shares.",
            one.text, one.id
        ),
        _ => format!(
            "\"{shown}\" is not one row of MiniLM's table: WordPiece splits it into {} pieces, {listed}.{} Pick one to see its neighbours:",
            pieces.len(),
            if cut { " (Only the first 200 characters are read.)" } else { "" }
        ),
    };
    view! {
        <p class="notice" role="status" data-testid="minilm-pieces-message">{message}</p>
        <div class="row" data-testid="minilm-pieces">
            {pieces.into_iter().take(40).map(|token| {
                let chosen = (token.id, token.text.clone());
                view! {
                    <button type="button" class="chip-button" data-testid="minilm-piece"
                        aria-pressed=move || piece.with(|p| p.as_ref().map(|p| p.0) == Some(token.id)).to_string()
                        on:click=move |_| piece.set(Some(chosen.clone()))>{token.text.clone()}</button>
                }
            }).collect_view()}
        </div>
    }
}
