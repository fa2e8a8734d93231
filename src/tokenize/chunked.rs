//! The walkthrough's long lists that grow and shrink only at their end (the merge table, the
//! vocabulary), drawn in chunks of `CHUNK` items, one element per chunk. A step adds or removes
//! items of the last chunk only, so the others are never diffed or laid out again (the chunks are
//! laid out apart: CSS `contain`).
//! Left out: virtual scrolling and `content-visibility` (items out of sight would lose their text
//! for copying and `innerText`); every item stays in the document, for find-in-page, screen
//! readers and tests that count them.
use leptos::prelude::*;

/// Items per chunk.
pub const CHUNK: usize = 100;

/// Items `0..len` in chunks: `chunk(start, end)` draws the chunk of items `start..end()`, where
/// `end` follows `len` (at most `start + CHUNK`). `run` changes when a new list replaces the old,
/// which redraws every chunk.
pub fn chunked<V: IntoView + 'static>(
    run: impl Fn() -> usize + Send + Sync + 'static,
    len: impl Fn() -> usize + Copy + Send + Sync + 'static,
    chunk: impl Fn(usize, Memo<usize>) -> V + Clone + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <For
            each=move || {
                let run = run();
                (0..len().div_ceil(CHUNK)).map(move |c| (run, c * CHUNK))
            }
            key=|key| *key
            children=move |(_, start)| {
                let end = Memo::new(move |_| len().clamp(start, start + CHUNK));
                chunk(start, end)
            }
        />
    }
}
