//! Runs Google's analogy benchmark in the page in slices between frames: the core's `BenchmarkRun`
//! does one (section, block of rows) unit per `step()`, and this loop hands control back to the
//! browser every few milliseconds, updates the progress bar, and honours Cancel by reporting the
//! sections finished so far. Leaves out: Web Workers (slices keep the tab responsive without
//! copying the 10 MB table to another thread).
use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::embed::benchmark::{BenchmarkRun, QuestionSet};

use super::state::{BenchResult, EmbedState, BENCHMARK_VOCAB};
use crate::browser::{fetch_text, now_ms, yield_to_event_loop};

/// Where Trunk puts the question file (with the vectors, in assets/glove).
const QUESTIONS_URL: &str = "glove/questions-words.txt";
/// Longest stretch of work before the browser gets a turn.
const SLICE_MS: f64 = 12.0;

pub fn start(lab: EmbedState) {
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
        let set = match fetch_text(QUESTIONS_URL).await {
            Ok(text) => {
                QuestionSet::parse(&text, &table, BENCHMARK_VOCAB).map_err(|e| e.to_string())
            }
            Err(e) => Err(format!("{QUESTIONS_URL}: {e}")),
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
        // 2. Units in slices until done or cancelled.
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
