//! The Embed lab's CSV downloads: the neighbours on show (full-precision cosines) and the analogy
//! benchmark's results by section, written by `til_core::embed::export`. Left out: the analogy
//! answers (a handful of rows the page shows in full).
use leptos::prelude::*;
use til_core::embed::benchmark::AnalogyReport;
use til_core::embed::export::{benchmark_csv, neighbours_csv};

use super::found::Found;
use crate::download::DownloadButton;

#[component]
pub fn NeighboursCsv(found: Found) -> impl IntoView {
    let name = format!("neighbours-{}.csv", found.word);
    let contents = move || {
        let rows: Vec<(u32, &str, f32)> = found
            .neighbours
            .iter()
            .map(|(id, word, cosine)| (*id, word.as_str(), *cosine))
            .collect();
        Some(neighbours_csv(&found.word, found.id, &rows))
    };
    view! { <DownloadButton name=name mime="text/csv" testid="export-neighbours" contents=Box::new(contents)/> }
}

#[component]
pub fn BenchmarkCsv(report: AnalogyReport) -> impl IntoView {
    let name = format!("analogy-benchmark-{}.csv", report.method.name());
    view! {
        <DownloadButton name=name mime="text/csv" testid="export-benchmark"
            contents=Box::new(move || Some(benchmark_csv(&report)))/>
    }
}
