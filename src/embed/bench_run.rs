//! Runs Google's analogy benchmark from the page on the faster backend. A first small call (the
//! first few questions) is timed on both backends the first time ([`Compute::backend_by_probe`]);
//! on the CPU the run goes to one worker per core (bench_shares.rs), stepped a slice at a time so
//! the progress bar moves and Cancel stops it within a slice, reporting the sections finished so
//! far; on WebGPU it goes a section per dispatch (the page waits on the GPU, so it stays
//! responsive), and Cancel stops after the current section.
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::Arc;
use til_compute::{Backend, BackendKind, ComputeError, Vectors};
use til_core::embed::benchmark::{AnalogyReport, Question, QuestionSet};
use til_core::embed::{EmbeddingTable, Method};

use super::bench_shares::{worker_count, Shares};
use super::state::{BenchResult, BenchState, EmbedState, BENCHMARK_VOCAB};
use crate::assets::{self, urls};
use crate::browser::now_ms;
use crate::compute::{Compute, Kernel};

/// Questions in the call timed on both backends: few, because its CPU side runs on the main thread.
const PROBE_QUESTIONS: usize = 4;

pub fn start(lab: EmbedState) {
    let compute = Compute::expect();
    let bench = lab.bench;
    let Some(table) = lab.table() else { return };
    if bench.progress.get_untracked().is_some() {
        return;
    }
    let method = bench.method.get_untracked();
    bench.error.set(None);
    bench.report.set(None);
    bench.cancel_requested.set(false);
    bench.progress.set(Some((0, 1)));
    spawn_local(async move {
        // Timed from the click: fetching and parsing the questions are part of the run.
        let started = now_ms();
        let run = async {
            // 1. The questions, resolved against the first 30,000 rows.
            let text = assets::text(urls::GLOVE_QUESTIONS).load().await?;
            let set =
                QuestionSet::parse(&text, &table, BENCHMARK_VOCAB).map_err(|e| e.to_string())?;
            // 2. The backend, then the run there.
            let (report, place) = match backend(compute, &table, &set, method).await {
                BackendKind::Gpu => (
                    on_gpu(compute, bench, &table, &set, method).await?,
                    "on WebGPU".to_string(),
                ),
                BackendKind::Cpu => on_workers(bench, &table, &set, method).await?,
            };
            Ok::<_, String>((report, place, set.asked() + set.skipped()))
        };
        match run.await {
            Ok((report, place, questions)) => bench.report.set(Some(BenchResult {
                report,
                millis: now_ms() - started,
                questions,
                place,
            })),
            Err(error) => bench
                .error
                .set(Some(format!("Cannot run the benchmark: {error}"))),
        }
        bench.progress.set(None);
    });
}

/// The faster backend for the benchmark, timed the first time on its first few questions.
async fn backend(
    compute: Compute,
    table: &Arc<EmbeddingTable>,
    set: &QuestionSet,
    method: Method,
) -> BackendKind {
    let Some(section) = set.sections.iter().find(|s| !s.questions.is_empty()) else {
        return BackendKind::Cpu;
    };
    let probe = &section.questions[..section.questions.len().min(PROBE_QUESTIONS)];
    let vectors = compute.vectors(table);
    compute
        .backend_by_probe(
            Kernel::BENCHMARK,
            answers(&vectors, probe, method, set.vocab),
        )
        .await
}

/// The benchmark's kernel call, `questions` answered on a backend: one closure type for the probe
/// and the sections, so the page's wasm holds one copy of the call.
fn answers<'a>(
    vectors: &'a Vectors,
    questions: &'a [Question],
    method: Method,
    vocab: usize,
) -> impl AsyncFn(&Backend) -> Result<Vec<u32>, ComputeError> + 'a {
    async move |b: &Backend| b.analogy_answers(vectors, questions, method, vocab).await
}

/// A section per dispatch on WebGPU, until done or cancelled.
async fn on_gpu(
    compute: Compute,
    bench: BenchState,
    table: &Arc<EmbeddingTable>,
    set: &QuestionSet,
    method: Method,
) -> Result<AnalogyReport, String> {
    let vectors = compute.vectors(table);
    let mut given = Vec::with_capacity(set.sections.len());
    for section in &set.sections {
        let batch = compute
            .run(
                Kernel::BENCHMARK,
                answers(&vectors, &section.questions, method, set.vocab),
            )
            .await
            .map_err(|e| e.to_string())?;
        given.push(batch);
        bench.progress.set(Some((given.len(), set.sections.len())));
        if bench.cancel_requested.get_untracked() {
            break;
        }
    }
    Ok(set.report(method, &given))
}

/// Shares on one worker per core, slice after slice until done or cancelled; the report of what
/// finished, and where it ran.
async fn on_workers(
    bench: BenchState,
    table: &EmbeddingTable,
    set: &QuestionSet,
    method: Method,
) -> Result<(AnalogyReport, String), String> {
    let rows = table.unit_rows().first(set.vocab);
    let (shares, mut progress) = Shares::start(rows, set, method, worker_count()).await?;
    while progress.done < progress.units && !bench.cancel_requested.get_untracked() {
        progress = shares.step().await?;
        bench.progress.set(Some((progress.done, progress.units)));
    }
    let found = shares.found().await?;
    let place = match shares.count() {
        1 => "on the CPU in 1 worker".to_string(),
        n => format!("on the CPU in {n} workers"),
    };
    Ok((set.merged_report(method, &found), place))
}
