//! Every word's current segmentation as coloured chips, most frequent words first, a page of
//! `WORD_ROWS` at a time: the pages and a filter reach every word of the corpus, while a step of
//! the stepper rewrites only the rows it changed (see `markup_rows`).
//! Left out: sorting by anything but frequency.
use leptos::html::Tbody;
use leptos::prelude::*;

use super::markup_rows::keep_markup_rows;
use super::state::{WalkthroughState, WordRow};

/// How many words one page lists.
pub const WORD_ROWS: usize = 100;

#[component]
pub fn WordsView(lab: WalkthroughState) -> impl IntoView {
    let query = RwSignal::new(String::new());
    let page = RwSignal::new(0usize);
    // 1. The words the filter lets through, most frequent first; a new run or filter starts on page 1.
    let matching = Memo::new(move |_| {
        lab.trace.track();
        query.with(|q| lab.matching_words(q))
    });
    crate::effect::effect(move || {
        matching.track();
        page.set(0);
    });
    let pages = move || matching.with(|m| m.len().div_ceil(WORD_ROWS).max(1));
    // 2. The page's words as segmented at the stepper's position. Most merges change none of
    //    them: then the rows stay as they are and nothing downstream runs.
    let first = move || page.get().min(pages() - 1) * WORD_ROWS;
    // (run, position) the rows show.
    let drawn_at = StoredValue::new((0usize, 0usize));
    let rows = Memo::new_owning(move |old: Option<Vec<WordRow>>| {
        let position = lab.position.get();
        let first = first();
        let run = lab.run_key();
        let (drawn_run, from) = drawn_at.get_value();
        drawn_at.set_value((run, position));
        matching.with(|m| {
            let words = &m[first..(first + WORD_ROWS).min(m.len())];
            match old {
                Some(old)
                    if drawn_run == run
                        && old.iter().map(|r| r.index).eq(words.iter().copied())
                        && lab.untouched(from, position, words) =>
                {
                    (old, false)
                }
                old => {
                    let rows = lab.words_at(position, words);
                    let changed = old.as_ref() != Some(&rows);
                    (rows, changed)
                }
            }
        })
    });
    let body = NodeRef::<Tbody>::new();
    keep_markup_rows(body, rows);
    let at_last = move || page.get() + 1 >= pages();
    let range = move || {
        let total = lab
            .trace
            .with(|t| t.as_ref().map_or(0, |t| t.words().len()));
        let found = matching.with(Vec::len);
        let shown = rows.with(Vec::len);
        let first = first();
        match (query.with(|q| q.trim().is_empty()), found) {
            (true, n) if n <= WORD_ROWS => format!("All {total} distinct words."),
            (true, _) => format!(
                "Words {}–{} of {total} distinct words, most frequent first.",
                first + 1,
                first + shown
            ),
            (false, 0) => format!("No word of the {total} contains “{}”.", query.get().trim()),
            (false, n) => format!(
                "{}–{} of the {n} words that contain “{}”, most frequent first.",
                first + 1,
                first + shown,
                query.get().trim()
            ),
        }
    };
    view! {
        <section class="panel step-panel" aria-labelledby="words-heading">
            <h3 id="words-heading">"Words, segmented now"</h3>
            <div class="row words-nav">
                <label>"Find a word "
                    <input type="search" data-testid="bpe-words-filter" spellcheck="false"
                        prop:value=move || query.get()
                        on:input=move |ev| query.set(event_target_value(&ev))/>
                </label>
                <button data-testid="bpe-words-prev" disabled=move || page.get() == 0
                    on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>"◀ Previous"</button>
                <button data-testid="bpe-words-next" disabled=at_last
                    on:click=move |_| page.update(|p| *p += 1)>"Next ▶"</button>
            </div>
            <p class="muted" data-testid="bpe-words-range" aria-live="polite">{range}</p>
            <div class="words-scroll" tabindex="0" role="region" aria-labelledby="words-heading">
                <table class="words" data-testid="bpe-words">
                    <tbody node_ref=body></tbody>
                </table>
            </div>
        </section>
    }
}
