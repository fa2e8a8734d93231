//! The Embed lab's state: the loaded table, the search, the analogy form and the benchmark run.
//! Derived results (neighbours, analogy answers, the projection) are memos over these signals that
//! call `til_core::embed`; nothing here computes a cosine itself. Leaves out: the link (`link.rs`
//! reads and writes these signals).
use super::table_choice::TableChoice;
use std::sync::Arc;

use leptos::prelude::*;
use til_core::embed::benchmark::AnalogyReport;
use til_core::embed::{EmbeddingTable, Method};

use crate::assets::Asset;

/// The seed's four analogies (X − Y + Z), the last an honest miss.
pub const PRESETS: [[&str; 3]; 4] = [
    ["king", "man", "woman"],
    ["boy", "man", "woman"],
    ["paris", "france", "italy"],
    ["london", "paris", "rome"],
];
/// The batch the lookup panel starts with: two sentences of the same length.
const EXAMPLE_BATCH: &str = "the king spoke to the queen\na dog bit the old man";
/// Rows searched by the benchmark: the speed suite's, so the two time the same work.
pub use til_compute::speed::BENCHMARK_VOCAB;

#[derive(Clone, Copy)]
pub struct EmbedState {
    pub load: Asset<EmbeddingTable>,
    pub query: RwSignal<String>,
    pub k: RwSignal<usize>,
    pub words_only: RwSignal<bool>,
    pub analogy: RwSignal<[String; 3]>,
    pub exclude_inputs: RwSignal<bool>,
    pub method: RwSignal<Method>,
    /// The lookup panel's sentences, one per line.
    pub batch: RwSignal<String>,
    pub bench: BenchState,
    /// The table on show (GloVe's and MiniLM's panels, or SmolLM2's token table).
    pub table: RwSignal<TableChoice>,
}

/// The benchmark run: progress while it runs, then its report and time.
#[derive(Clone, Copy)]
pub struct BenchState {
    pub method: RwSignal<Method>,
    /// `Some((done, total))` units while a run is under way.
    pub progress: RwSignal<Option<(usize, usize)>>,
    pub cancel_requested: RwSignal<bool>,
    pub report: RwSignal<Option<BenchResult>>,
    pub error: RwSignal<Option<String>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    pub report: AnalogyReport,
    /// Wall time in the page from the click to the last unit, the question file's fetch included.
    pub millis: f64,
    pub questions: usize,
    /// Where it ran: "on WebGPU", "on the CPU in 2 workers".
    pub place: String,
}

impl EmbedState {
    pub fn new() -> EmbedState {
        EmbedState {
            load: crate::assets::glove::vectors(),
            query: RwSignal::new("king".to_string()),
            k: RwSignal::new(10),
            words_only: RwSignal::new(false),
            analogy: RwSignal::new(PRESETS[0].map(String::from)),
            exclude_inputs: RwSignal::new(true),
            method: RwSignal::new(Method::Add),
            batch: RwSignal::new(EXAMPLE_BATCH.to_string()),
            bench: BenchState {
                method: RwSignal::new(Method::Add),
                progress: RwSignal::new(None),
                cancel_requested: RwSignal::new(false),
                report: RwSignal::new(None),
                error: RwSignal::new(None),
            },
            table: RwSignal::new(TableChoice::Glove),
        }
    }

    /// The table once it has loaded (tracked: readers re-run when it arrives).
    pub fn table(&self) -> Option<Arc<EmbeddingTable>> {
        self.load.ready()
    }
}
