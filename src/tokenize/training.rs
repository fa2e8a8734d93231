//! Runs BPE training in slices between frames so the tab never freezes: the core's `CorpusStream`
//! reads the corpus a piece at a time and its `Trainer` does one merge per `step()`, and this loop
//! hands control back to the browser every few milliseconds, updates the progress bar, and honours
//! Cancel by keeping every merge finished so far.
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::bpe::{BpeTokenizer, CorpusStream, TrainOptions, Trainer, WordCounts};

use super::corpus_file::{feed_in_slices, read_words, SLICE_MS};
use super::state::{BpeLab, RunStats};
use crate::browser::{now_ms, yield_to_event_loop};

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
    let words = match read_corpus(lab).await {
        Ok(Some(words)) => Ok(words),
        Ok(None) => {
            lab.notice.set(Some(
                "Cancelled while reading the file: nothing was trained.".to_string(),
            ));
            lab.progress.set(None);
            return;
        }
        Err(why) => Err(why),
    };
    // 2. Build the trainer (the first pair count happens here), also in a task of its own.
    yield_to_event_loop().await;
    let options = TrainOptions {
        tie_rule: lab.tie_rule.get_untracked(),
        byte_level: lab.format.get_untracked().pattern(),
        ..TrainOptions::default()
    };
    let trainer =
        words.and_then(|words| Trainer::from_words(words, options).map_err(|e| e.to_string()));
    let mut trainer = match trainer {
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

/// The words of the corpus, from the opened file if there is one, else from the box's text; `None`
/// once Cancel is pressed.
async fn read_corpus(lab: BpeLab) -> Result<Option<WordCounts>, String> {
    let format = lab.format.get_untracked();
    if let Some(file) = lab.corpus_file.get_untracked() {
        let words = read_words(file, format, lab).await;
        lab.file_read.set(None);
        return words;
    }
    let text = lab.corpus.get_untracked();
    let mut stream = CorpusStream::new(format);
    feed_in_slices(&mut stream, text.as_bytes())
        .await
        .and_then(|()| stream.finish())
        .map(Some)
        .map_err(|e| e.to_string())
}
