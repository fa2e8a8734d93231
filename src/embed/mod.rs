//! The Embed lab: GloVe 6B 50d in the page. A word becomes a row of W (the lookup of seed 000), rows
//! are compared by cosine (neighbours and a 2-D picture), combined into analogies (seed 003, with the
//! inputs excluded or not), and scored on Google's analogy benchmark. The vectors (3 MB) load the
//! first time the lab is opened. The maths is `til_core::embed`; this folder only shows it.
//! Neighbours and the benchmark run on the page's compute backend (`crate::compute`: WebGPU, or the
//! CPU). Last, SmolLM2's own token table (token_table.rs), read in the lab's workers. Leaves out: word-pair similarity and PCA on the GPU (small; they stay on the CPU).
mod analogy_form;
mod bench_panel;
mod bench_run;
mod bench_shares;
mod csv_export;
pub mod found;
mod journey;
pub mod link;
mod lookup;
mod minilm;
pub mod neighbours;
mod pca_view;
mod state;
mod table_choice;
mod token_table;

use leptos::prelude::*;

use analogy_form::AnalogyPanel;
use bench_panel::BenchmarkPanel;
use minilm::{MiniLmNeighbours, PipelinePanel};
use til_core::embed::EmbeddingTable;

use crate::assets::{Asset, Load};
use lookup::LookupPanel;
use neighbours::NeighboursPanel;
use pca_view::PcaPanel;
use state::EmbedState;
use table_choice::TableChooser;
use token_table::TokenTablePanel;

#[component]
pub fn EmbedLab(
    /// Whether the lab is on show: the vectors are fetched the first time it is.
    active: Signal<bool>,
) -> impl IntoView {
    let lab = EmbedState::new();
    link::restore(lab);
    journey::follow(lab);
    crate::effect::effect(move || {
        if active.get() {
            lab.load.want();
        }
    });
    let found = neighbours::search(lab);
    view! {
        <section class="lab" aria-labelledby="embed-heading">
            <h2 id="embed-heading" data-testid="lab-title">"Embed: from token ids to vectors that carry meaning"</h2>
            <p class="lede">
                "An integer id says nothing about a word: 691 is not \"more\" than 8. The embedding layer gives every id a learned vector, and training pulls the vectors of words used in similar contexts towards each other. Here are real ones: GloVe's 50-dimensional vectors of the 50,000 most frequent words of Wikipedia and Gigaword."
            </p>
            <TableChooser choice=lab.table/>
            <LoadStatus load=lab.load/>
            <div hidden=move || !lab.table.get().shows_words()>
                <LookupPanel lab=lab/>
                <div class="grid embed-grid">
                    <NeighboursPanel lab=lab found=found/>
                    <PcaPanel lab=lab found=found/>
                </div>
                <MiniLmNeighbours query=lab.query k=lab.k glove=found/>
                <PipelinePanel/>
                <AnalogyPanel lab=lab/>
                <BenchmarkPanel lab=lab/>
            </div>
            <div hidden=move || lab.table.get().shows_words()>
                <TokenTablePanel shown=Signal::derive(move || active.get() && !lab.table.get().shows_words())/>
            </div>
            <p class="muted">"Vectors: GloVe 6B 50d (Pennington, Socher and Manning, Stanford NLP), Public Domain Dedication and License (PDDL 1.0), stored as int8 with a per-row scale. Questions: Google's word2vec analogy set. See assets/glove/README.md."</p>
        </section>
    }
}

#[component]
fn LoadStatus(load: Asset<EmbeddingTable>) -> impl IntoView {
    view! {
        <p class="muted" data-testid="embed-status" aria-live="polite">
            {crate::dynamic::dynamic(move || match load.state.get() {
                Load::Idle | Load::Loading(_) => "Loading GloVe vectors…".into_any(),
                Load::Ready(table, t) => format!(
                    "{} words × {} dimensions ({:.1} MB, {}) fetched in {:.0} ms, checked and decoded in {:.0} ms.",
                    table.rows(), table.dims(), t.bytes as f64 / 1e6, table.encoding().describe(), t.fetch_ms, t.build_ms).into_any(),
                Load::Failed(error) => view! {
                    {format!("Could not load the vectors: {error} ")}
                    <button type="button" class="quiet" data-testid="embed-retry" on:click=move |_| load.retry()>"Retry"</button>
                }.into_any(),
            })}
        </p>
    }
}
