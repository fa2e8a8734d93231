//! Runs BPE training in the tokenizer worker (src/bin/zoo_worker/bpe.rs) so the page's thread
//! only renders: the page starts a run on the box's text or the opened file, asks for a slice of
//! work at a time and shows the progress each answers, and at the end (or at Cancel, keeping
//! every merge finished so far) takes the run's trace as bytes and scrubs it here.
use std::sync::Arc;

use js_sys::Uint8Array;
use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::bpe::{BpeTokenizer, Trace};
use wasm_bindgen::JsValue;

use super::state::{BpeLab, RunStats};
use crate::browser::{now_ms, yield_to_event_loop};
use crate::worker::{ask, field};

/// The largest number of merges the form accepts; more would only make the trace heavier.
pub const MAX_MERGES: usize = 50_000;
/// How long the worker works before answering with its progress: Cancel acts within this.
const STEP_MS: f64 = 40.0;

pub fn start(lab: BpeLab) {
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

async fn run(lab: BpeLab, wanted: usize) {
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
async fn train(lab: BpeLab, wanted: usize) -> Result<Option<(Trace, bool)>, String> {
    // 1. Start: the file crosses as a handle (the worker reads it), the text as a copy.
    let file = lab.corpus_file.get_untracked();
    let text = match file {
        Some(_) => JsValue::UNDEFINED,
        None => JsValue::from_str(&lab.corpus.get_untracked()),
    };
    let file = file.map_or(JsValue::UNDEFINED, JsValue::from);
    ask(&[
        ("bpe", &JsValue::from_str("start")),
        ("text", &text),
        ("file", &file),
        (
            "format",
            &JsValue::from_str(lab.format.get_untracked().name()),
        ),
        (
            "tie",
            &JsValue::from_str(lab.tie_rule.get_untracked().name()),
        ),
        ("merges", &JsValue::from(wanted as f64)),
    ])
    .await?;
    // 2. Slices of work until done or cancelled.
    let reading_file = !file.is_undefined();
    loop {
        let progress = ask(&[
            ("bpe", &JsValue::from_str("step")),
            ("ms", &JsValue::from(STEP_MS)),
        ])
        .await?;
        let whole = |name| field(&progress, name).as_f64().unwrap_or(0.0);
        if reading_file && field(&progress, "merges").is_undefined() {
            lab.file_read.set(Some((whole("read"), whole("size"))));
        } else {
            lab.file_read.set(None);
        }
        lab.progress.set(Some((whole("merges") as usize, wanted)));
        if field(&progress, "done").is_truthy() || lab.cancel_requested.get_untracked() {
            break;
        }
    }
    // 3. The run as bytes, read back here in a task of its own.
    let finished = ask(&[("bpe", &JsValue::from_str("finish"))]).await?;
    let bytes = field(&finished, "trace");
    if bytes.is_undefined() {
        return Ok(None);
    }
    yield_to_event_loop().await;
    let trace = Trace::from_bytes(&Uint8Array::new(&bytes).to_vec()).map_err(|e| e.to_string())?;
    Ok(Some((trace, field(&finished, "exhausted").is_truthy())))
}
