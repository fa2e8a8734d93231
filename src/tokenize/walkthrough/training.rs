//! Runs BPE training in the lab's worker (crates/worker/src/bpe.rs) so the page's thread
//! only renders: the page starts a run on the box's text or the opened file, asks for a slice of
//! work at a time and shows the progress each answers, and at the end (or at Cancel, keeping
//! every merge finished so far) takes the run's trace as bytes and scrubs it here.
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_channel::{BpeRun, Reply, Request};
use til_core::bpe::{BpeTokenizer, Trace};
use wasm_bindgen::JsValue;

use super::state::{RunStats, WalkthroughState};
use crate::browser::{now_ms, yield_to_event_loop};
use crate::worker::{ask, ask_on, OUT_OF_TURN};

/// The largest number of merges the form accepts; more would only make the trace heavier.
pub const MAX_MERGES: usize = 50_000;
/// How long the worker works before answering with its progress: Cancel acts within this.
const STEP_MS: f64 = 40.0;

pub fn start(lab: WalkthroughState) {
    if lab.progress.get_untracked().is_some() {
        return;
    }
    lab.error.set(None);
    lab.notice.set(None);
    let wanted = lab.merges_wanted.get_untracked();
    if wanted == 0 || wanted > MAX_MERGES {
        lab.error
            .set(Some(format!("Choose between 1 and {MAX_MERGES} merges.")));
        return;
    }
    lab.cancel_requested.set(false);
    lab.progress.set(Some((0, wanted)));
    spawn_local(run(lab, wanted));
}

async fn run(lab: WalkthroughState, wanted: usize) {
    // Timed from here: reading the corpus and the first count are part of training.
    let started = now_ms();
    let trained = train(lab, wanted).await;
    lab.file_read.set(None);
    let (trace, exhausted) = match trained {
        Ok(Some(trained)) => trained,
        Ok(None) => {
            let what = if lab.corpus_file.with_untracked(Option::is_some) {
                "the file"
            } else {
                "the corpus"
            };
            lab.notice.set(Some(format!(
                "Cancelled while reading {what}: nothing was trained."
            )));
            lab.progress.set(None);
            return;
        }
        Err(error) => {
            lab.error.set(Some(format!("Cannot train: {error}.")));
            lab.progress.set(None);
            return;
        }
    };
    let done = trace.steps().len();
    if lab.cancel_requested.get_untracked() && done < wanted {
        lab.notice.set(Some(format!(
            "Cancelled: kept the {done} merges finished before you pressed Cancel."
        )));
    } else if exhausted {
        lab.notice.set(Some(format!(
            "Stopped after {done} of {wanted} merges: no adjacent pair was left."
        )));
    }
    // Show the run, a task for the tokenizer panels, then one for the walkthrough: every view of
    // the lab redraws for it.
    yield_to_event_loop().await;
    let trace = Arc::new(trace);
    lab.tokenizer
        .set(Some(Arc::new(BpeTokenizer::new(trace.clone()))));
    yield_to_event_loop().await;
    lab.run_stats.set(Some(RunStats {
        merges: done,
        millis: now_ms() - started,
        trace_bytes: trace.heap_bytes(),
    }));
    lab.install_trace(trace);
    lab.progress.set(None);
}

/// The worker's run, step by step: its trace and whether it ran out of pairs, or `None` if
/// Cancel came while it was still reading the corpus.
async fn train(lab: WalkthroughState, wanted: usize) -> Result<Option<(Trace, bool)>, String> {
    // 1. Start: the file crosses as a handle (the worker reads it), the text as a copy.
    let file = lab.corpus_file.get_untracked();
    let run = BpeRun {
        text: file.is_none().then(|| lab.corpus.get_untracked()),
        format: lab.format.get_untracked().name().to_string(),
        tie_rule: lab.tie_rule.get_untracked().name().to_string(),
        merges: wanted,
    };
    let reading_file = file.is_some();
    ask_on(0, Request::BpeStart { run }, file.map(JsValue::from)).await?;
    // 2. Slices of work until done or cancelled.
    loop {
        let Reply::BpeProgress {
            read,
            size,
            merges,
            done,
        } = ask(Request::BpeStep { ms: STEP_MS }).await?
        else {
            return Err(OUT_OF_TURN.to_string());
        };
        match merges {
            None if reading_file => lab.file_read.set(Some((read as f64, size as f64))),
            _ => lab.file_read.set(None),
        }
        lab.progress.set(Some((merges.unwrap_or(0), wanted)));
        if done || lab.cancel_requested.get_untracked() {
            break;
        }
    }
    // 3. The run as bytes, read back here in a task of its own.
    let Reply::BpeTrace { trace, exhausted } = ask(Request::BpeFinish {}).await? else {
        return Err(OUT_OF_TURN.to_string());
    };
    let Some(bytes) = trace else {
        return Ok(None);
    };
    yield_to_event_loop().await;
    let trace = Trace::from_bytes(&bytes).map_err(|e| e.to_string())?;
    Ok(Some((trace, exhausted)))
}
