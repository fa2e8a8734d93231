//! The search box (with completions from the vocabulary) and the ranked neighbours of its word, each
//! with a cosine bar, a "words only" filter, and the time the search took in the page. Leaves out:
//! neighbours of arbitrary vectors (the core has them; the analogy form covers sums of words).
use std::sync::Arc;

use leptos::prelude::*;
use til_compute::{Eligible, Query, RowMask};
use til_core::embed::suggest::completions;
use til_core::embed::table::is_plain_word;
use til_core::embed::EmbedError;

use super::csv_export::NeighboursCsv;
use super::found::Found;
use super::state::EmbedState;
use crate::browser::now_ms;
use crate::compute::{Compute, Kernel};

/// How many completions the search box offers.
const COMPLETIONS: usize = 8;
/// The choices of k.
pub const K_CHOICES: [usize; 4] = [5, 10, 20, 50];

/// The search result for the current query, recomputed when the query, k, the filter or the compute
/// backend change: the word is looked up here, the scores and top-k run on the page's backend.
pub fn search(lab: EmbedState) -> Memo<Option<Result<Found, EmbedError>>> {
    let compute = Compute::expect();
    // "Words only" as a row mask, made once per table.
    let plain_words = Memo::new(move |_| {
        let table = lab.table()?;
        Some(Arc::new(RowMask::from_fn(table.rows(), |row| {
            is_plain_word(table.word(row))
        })))
    });
    let inputs = move || {
        Some((
            lab.table()?,
            lab.query.get(),
            lab.k.get(),
            lab.words_only.get().then(|| plain_words.get()).flatten(),
        ))
    };
    compute.derived(inputs, async |compute, (table, query, k, keep)| {
        let id = table.lookup(&query, table.rows())?;
        let started = now_ms();
        let vectors = compute.vectors(&table);
        let queries = [Query {
            vector: table.unit_rows().row(id),
            exclude: &[id],
        }];
        let found = compute
            .run(Kernel::NEIGHBOURS, async |b| {
                let eligible = Eligible {
                    vocab: table.rows(),
                    keep: keep.as_deref(),
                };
                b.nearest(&vectors, &queries, k, eligible).await
            })
            .await
            // Only a request both backends refuse fails here (never with these arguments).
            .map_err(|_| EmbedError::Empty("the neighbour search failed"))?;
        let millis = now_ms() - started;
        Ok(Found {
            id,
            word: table.word(id).to_string(),
            neighbours: found
                .into_iter()
                .flatten()
                .map(|s| (s.id, table.word(s.id).to_string(), s.score))
                .collect(),
            millis,
        })
    })
}

#[component]
pub fn NeighboursPanel(
    lab: EmbedState,
    found: Memo<Option<Result<Found, EmbedError>>>,
) -> impl IntoView {
    let options = Memo::new(move |_| {
        let table = lab.table()?;
        Some(lab.query.with(|q| {
            completions(table.words(), q, COMPLETIONS)
                .into_iter()
                .map(String::from)
                .collect::<Vec<_>>()
        }))
    });
    view! {
        <section class="panel" aria-labelledby="embed-search-heading">
            <h3 id="embed-search-heading">"Nearest neighbours by cosine"</h3>
            <p class="muted">"cos(a, b) = a·b / (|a| |b|): 1 means the same direction, 0 unrelated. Every row of the 50,000 is scored; the query word itself is left out."</p>
            <div class="row">
                <label>"Word "
                    <input type="text" data-testid="embed-query" list="embed-completions" spellcheck="false" autocomplete="off"
                        aria-label="Word to search" prop:value=move || lab.query.get()
                        on:input=move |ev| lab.query.set(event_target_value(&ev))/>
                </label>
                <datalist id="embed-completions">
                    {crate::dynamic::dynamic(move || options.get().unwrap_or_default().into_iter().map(|w| view! { <option value=w></option> }).collect_view())}
                </datalist>
                <label>"k "
                    <select data-testid="embed-k" prop:value=move || lab.k.get().to_string()
                        on:change=move |ev| { if let Ok(k) = event_target_value(&ev).parse() { lab.k.set(k) } }>
                        {K_CHOICES.map(|k| view! { <option value=k.to_string()>{k}</option> }).collect_view()}
                    </select>
                </label>
                <label>
                    <input type="checkbox" data-testid="embed-words-only" prop:checked=move || lab.words_only.get()
                        on:change=move |ev| lab.words_only.set(event_target_checked(&ev))/>
                    " words only (no numbers or punctuation)"
                </label>
            </div>
            {crate::dynamic::dynamic(move || match found.get() {
                None => view! { <p class="muted">"Loading the vectors…"</p> }.into_any(),
                Some(Err(error)) => view! { <Unknown lab=lab error=error/> }.into_any(),
                Some(Ok(found)) => view! { <Ranked found=found/> }.into_any(),
            })}
        </section>
    }
}

#[component]
fn Ranked(found: Found) -> impl IntoView {
    let csv = found.clone();
    view! {
        <p class="muted" data-testid="embed-neighbors-time">
            {format!("\"{}\" is row {}; {} neighbours found in {:.2} ms.", found.word, found.id, found.neighbours.len(), found.millis)}
        </p>
        <ol class="neighbours" data-testid="embed-neighbors">
            {found.neighbours.into_iter().map(|(id, word, cosine)| view! {
                <li title=format!("row {id}")>
                    <span data-testid="embed-neighbor">{format!("{word} {cosine:.4}")}</span>
                    <span class="bar" style=format!("--w: {:.1}%", cosine.clamp(0.0, 1.0) * 100.0)></span>
                </li>
            }).collect_view()}
        </ol>
        <NeighboursCsv found=csv/>
    }
}

/// An unknown word: the core's message and its suggestions as buttons.
#[component]
fn Unknown(lab: EmbedState, error: EmbedError) -> impl IntoView {
    let suggestions = match &error {
        EmbedError::UnknownWord { suggestions, .. } => suggestions.clone(),
        _ => Vec::new(),
    };
    view! {
        <p class="error" role="alert" data-testid="embed-error">{error.to_string()}</p>
        <div class="row" data-testid="embed-suggestions">
            {suggestions.into_iter().map(|word| {
                let chosen = word.clone();
                view! { <button type="button" class="chip-button" data-testid="embed-suggestion"
                    on:click=move |_| lab.query.set(chosen.clone())>{word}</button> }
            }).collect_view()}
        </div>
    }
}
