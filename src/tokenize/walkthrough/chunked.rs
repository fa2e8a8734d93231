//! The walkthrough's long lists that grow and shrink only at their end (the merge table, the
//! vocabulary), kept in chunks of `CHUNK` items, one element per chunk, written as markup. A step
//! appends or removes one item's markup in the last chunk; a drag of the scrubber across hundreds
//! of merges adds its items in one or two pieces of markup, instead of a DOM call per attribute of
//! every item. CSS lays each chunk out apart (`contain`) and skips the chunks after the first
//! while they are scrolled out of sight (`content-visibility`).
//! Left out: virtual scrolling; every item stays in the document, for find-in-page, screen readers
//! and tests that count them.
use leptos::html::Div;
use leptos::prelude::*;

/// Items per chunk.
pub const CHUNK: usize = 50;

/// How a list writes its items and chunks.
pub struct Markup<I> {
    /// Appends the markup of item `index`.
    pub item: I,
    /// The opening tag of the chunk whose first item is `start`.
    pub open: fn(usize) -> String,
    /// The closing tag of a chunk.
    pub close: &'static str,
}

/// Keeps the children of `container` (an element the view leaves empty) the chunks of items
/// `0..len()`, adding and removing only what changed; `run` changes when a new list replaces the
/// old, which starts the list again.
pub fn keep_chunked<I>(
    container: NodeRef<Div>,
    run: impl Fn() -> usize + 'static,
    len: impl Fn() -> usize + 'static,
    markup: Markup<I>,
) where
    I: Fn(usize, &mut String) + 'static,
{
    // (run, items in the document).
    let shown = StoredValue::new_local((0usize, 0usize));
    crate::effect::effect(move || {
        let (run, len) = (run(), len());
        let Some(container) = container.get() else {
            return;
        };
        let (shown_run, mut shown_len) = shown.get_value();
        // 1. A new list starts from nothing.
        if shown_run != run {
            container.set_inner_html("");
            shown_len = 0;
        }
        // 2. Fewer items: drop whole chunks, then the last chunk's surplus items.
        while shown_len > len {
            let Some(last) = container.last_element_child() else {
                break;
            };
            let last_start = (shown_len - 1) / CHUNK * CHUNK;
            if len <= last_start {
                last.remove();
                shown_len = last_start;
            } else {
                for _ in len..shown_len {
                    if let Some(item) = last.last_element_child() {
                        item.remove();
                    }
                }
                shown_len = len;
            }
        }
        // 3. More items: top up the last chunk, then add new chunks, each as one piece of markup.
        if shown_len < len && shown_len % CHUNK != 0 {
            let end = len.min(shown_len.next_multiple_of(CHUNK));
            let mut html = String::new();
            (shown_len..end).for_each(|index| (markup.item)(index, &mut html));
            if let Some(last) = container.last_element_child() {
                let _ = last.insert_adjacent_html("beforeend", &html);
            }
            shown_len = end;
        }
        if shown_len < len {
            let mut html = String::new();
            while shown_len < len {
                let end = len.min(shown_len + CHUNK);
                html.push_str(&(markup.open)(shown_len));
                (shown_len..end).for_each(|index| (markup.item)(index, &mut html));
                html.push_str(markup.close);
                shown_len = end;
            }
            let _ = container.insert_adjacent_html("beforeend", &html);
        }
        shown.set_value((run, shown_len));
    });
}
