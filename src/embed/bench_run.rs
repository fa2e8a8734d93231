//! Runs Google's analogy benchmark in the page in slices between frames: the core's `BenchmarkRun`
//! does one (section, block of rows) unit per `step()`, and this loop hands control back to the
//! browser every few milliseconds, updates the progress bar, and honours Cancel by reporting the
//! sections finished so far. On WebGPU the run goes a section per dispatch instead (the page waits
//! on the GPU, so it stays responsive), and Cancel stops after the current section.
//! Leaves out: Web Workers (slices keep the tab responsive without copying the 10 MB table to another
//! thread).
use leptos::prelude::*;
use leptos::task::spawn_local;
use til_compute::BackendKind;
use til_core::embed::benchmark::{BenchmarkRun, QuestionSet};

use super::state::{BenchResult, EmbedState, BENCHMARK_VOCAB};
use crate::assets::{self, urls};
use crate::browser::{now_ms, yield_to_event_loop};
use crate::compute::Compute;

/// Where Trunk puts the question file (with the vectors, in assets/glove).
/// Longest stretch of work before the browser gets a turn.
const SLICE_MS: f64 = 12.0;

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
        // 1. The questions, resolved against the first 30,000 rows.
        let set = match assets::text(urls::GLOVE_QUESTIONS).load().await {
            Ok(text) => {
                QuestionSet::parse(&text, &table, BENCHMARK_VOCAB).map_err(|e| e.to_string())
            }
            Err(e) => Err(e),
        };
        let set = match set {
            Ok(set) => set,
            Err(error) => {
                bench
                    .error
                    .set(Some(format!("Cannot run the benchmark: {error}")));
                bench.progress.set(None);
                return;
            }
        };
        // 2. On WebGPU: a section per dispatch, each a batched product and one argmax per question.
        if compute.active_untracked() == BackendKind::Gpu {
            let vectors = compute.vectors(&table);
            let mut answers = Vec::with_capacity(set.sections.len());
            for section in &set.sections {
                let batch = compute
                    .run(crate::compute::BENCHMARK, async |b| {
                        b.analogy_answers(&vectors, &section.questions, method, set.vocab)
                            .await
                    })
                    .await;
                match batch {
                    Ok(batch) => answers.push(batch),
                    Err(error) => {
                        bench
                            .error
                            .set(Some(format!("Cannot run the benchmark: {error}")));
                        break;
                    }
                }
                bench
                    .progress
                    .set(Some((answers.len(), set.sections.len())));
                if bench.cancel_requested.get_untracked() {
                    break;
                }
            }
            bench.report.set(Some(BenchResult {
                report: set.report(method, &answers),
                millis: now_ms() - started,
                questions: set.asked() + set.skipped(),
            }));
            bench.progress.set(None);
            return;
        }
        // 2. On the CPU: units in slices until done or cancelled.
        let mut run = BenchmarkRun::new(&table, &set, method);
        loop {
            let slice_start = now_ms();
            let mut more = true;
            while more && now_ms() - slice_start < SLICE_MS {
                more = run.step();
            }
            bench.progress.set(Some((run.units_done(), run.units())));
            if !more || bench.cancel_requested.get_untracked() {
                break;
            }
            yield_to_event_loop().await;
        }
        // 3. The report of what finished.
        bench.report.set(Some(BenchResult {
            report: run.report(),
            millis: now_ms() - started,
            questions: set.asked() + set.skipped(),
        }));
        bench.progress.set(None);
    });
}
