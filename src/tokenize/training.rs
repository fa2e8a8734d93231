//! Runs BPE training in slices between frames so the tab never freezes: the core's `CorpusReader`
//! reads the corpus a few lines at a time and its `Trainer` does one merge per `step()`, and this loop
//! hands control back to the browser every few milliseconds, updates the progress bar, and honours
//! Cancel by keeping every merge finished so far.
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::bpe::{BpeError, BpeTokenizer, CorpusReader, TrainOptions, Trainer, WordCounts};

use super::state::{BpeLab, RunStats};
use crate::browser::{now_ms, yield_to_event_loop};

/// Longest stretch of reading or merging before the browser gets a turn.
const SLICE_MS: f64 = 12.0;
/// How much of the corpus is read between two looks at the clock.
const READ_BYTES: usize = 16 * 1024;
/// The largest number of merges the form accepts; more would only make the trace heavier.
pub const MAX_MERGES: usize = 50_000;

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
    // 1. Read the corpus the way its format says, in slices, each after a turn for the browser.
    let words = read_corpus(lab.corpus.get_untracked(), lab).await;
    // 2. Build the trainer (the first pair count happens here), also in a task of its own.
    yield_to_event_loop().await;
    let options = TrainOptions {
        tie_rule: lab.tie_rule.get_untracked(),
        byte_level: lab.format.get_untracked().pattern(),
        ..TrainOptions::default()
    };
    let mut trainer = match words.and_then(|words| Trainer::from_words(words, options)) {
        Ok(trainer) => trainer,
        Err(error) => {
            lab.error.set(Some(format!("Cannot train: {error}.")));
            lab.progress.set(None);
            return;
        }
    };
    // 3. Merge in slices until done, out of pairs, or cancelled.
    let mut exhausted = false;
    loop {
        yield_to_event_loop().await;
        let slice_start = now_ms();
        while trainer.merges_done() < wanted && now_ms() - slice_start < SLICE_MS {
            if trainer.step().is_none() {
                exhausted = true;
                break;
            }
        }
        let done = trainer.merges_done();
        lab.progress.set(Some((done, wanted)));
        if exhausted || done >= wanted || lab.cancel_requested.get_untracked() {
            break;
        }
    }
    let done = trainer.merges_done();
    if lab.cancel_requested.get_untracked() && done < wanted {
        lab.notice.set(Some(format!(
            "Cancelled: kept the {done} merges finished before you pressed Cancel."
        )));
    } else if exhausted {
        lab.notice.set(Some(format!(
            "Stopped after {done} of {wanted} merges: no adjacent pair was left."
        )));
    }
    // 4. Show the run, a task for the tokenizer panels, then one for the walkthrough: every view
    //    of the lab redraws for it.
    yield_to_event_loop().await;
    let trace = Arc::new(trainer.into_trace());
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

/// Reads `text` in the lab's format, `SLICE_MS` at a time, each slice after a turn for the browser.
async fn read_corpus(text: String, lab: BpeLab) -> Result<WordCounts, BpeError> {
    let mut reader = CorpusReader::new(&text, lab.format.get_untracked());
    loop {
        yield_to_event_loop().await;
        let slice_start = now_ms();
        while now_ms() - slice_start < SLICE_MS {
            if reader.read(READ_BYTES)? {
                return Ok(reader.finish());
            }
        }
    }
}
