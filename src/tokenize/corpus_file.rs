//! A training corpus opened from a file: the reader's file never becomes one string in the page.
//! Training reads it a megabyte at a time (`Blob.slice`), each piece into the core's
//! `CorpusStream` a few kilobytes per look at the clock, so the page holds the table of distinct
//! words and one piece, shows how much it has read, and stays responsive on a corpus of hundreds of
//! megabytes. Leaves out: Unigram training on a file (its worker takes the box's text), and keeping
//! the file across reloads (it is the reader's, not a URL's).
use leptos::prelude::*;
use til_core::bpe::{BpeError, CorpusFormat, CorpusStream, WordCounts};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::state::BpeLab;
use crate::browser::{now_ms, yield_to_event_loop};

/// How much of the file one read takes.
const PIECE_BYTES: f64 = 1_048_576.0;
/// How much is fed to the core between two looks at the clock.
const FEED_BYTES: usize = 16 * 1024;
/// Longest stretch of reading or merging before the browser gets a turn (training's too).
pub const SLICE_MS: f64 = 12.0;

/// The file button, and while training reads the file, how far it has got.
#[component]
pub fn OpenCorpusFile(lab: BpeLab) -> impl IntoView {
    let on_change = move |event: web_sys::Event| {
        let file = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|input| input.files())
            .and_then(|files| files.get(0));
        if let Some(file) = file {
            lab.open_file(file);
        }
    };
    let summary = move || {
        lab.corpus_file.with(|file| {
            file.as_ref().map(|file| {
                format!(
                    "{}: {}, read from the file a megabyte at a time when you train.",
                    file.name(),
                    megabytes(file.size())
                )
            })
        })
    };
    view! {
        <label class="file-open">
            "Or open a text file "
            <input type="file" accept=".txt,text/plain" data-testid="bpe-corpus-file" on:change=on_change/>
        </label>
        <p class="muted" data-testid="bpe-corpus-file-summary">{summary}</p>
        {crate::dynamic::dynamic(move || lab.file_read.get().map(|(read, size)| view! {
            <div class="progress">
                <progress data-testid="bpe-file-progress" max=size value=read aria-label="Reading the file"></progress>
                <span>{format!("Read {} of {}", megabytes(read), megabytes(size))}</span>
            </div>
        }))}
    }
}

/// The words of `file` in `format`, read piece by piece; `None` once Cancel is pressed.
pub async fn read_words(
    file: web_sys::File,
    format: CorpusFormat,
    lab: BpeLab,
) -> Result<Option<WordCounts>, String> {
    let size = file.size();
    let mut stream = CorpusStream::new(format);
    let mut read = 0.0;
    while read < size {
        lab.file_read.set(Some((read, size)));
        let end = (read + PIECE_BYTES).min(size);
        let piece = file
            .slice_with_f64_and_f64(read, end)
            .map_err(|e| crate::browser::describe(&e, "the file could not be cut"))?;
        let buffer = JsFuture::from(piece.array_buffer())
            .await
            .map_err(|e| crate::browser::describe(&e, "the file could not be read"))?;
        let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
        feed_in_slices(&mut stream, &bytes)
            .await
            .map_err(|e| e.to_string())?;
        if lab.cancel_requested.get_untracked() {
            return Ok(None);
        }
        read = end;
    }
    stream.finish().map(Some).map_err(|e| e.to_string())
}

/// Feeds `bytes` to `stream` a few kilobytes at a time, giving the browser a turn every
/// `SLICE_MS` (and before the first piece).
pub async fn feed_in_slices(stream: &mut CorpusStream, bytes: &[u8]) -> Result<(), BpeError> {
    let mut slice_start = f64::NEG_INFINITY;
    for part in bytes.chunks(FEED_BYTES) {
        if now_ms() - slice_start > SLICE_MS {
            yield_to_event_loop().await;
            slice_start = now_ms();
        }
        stream.feed(part)?;
    }
    Ok(())
}

fn megabytes(bytes: f64) -> String {
    format!("{:.1} MB", bytes / 1e6)
}
