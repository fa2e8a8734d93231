//! Table rows kept as markup and keyed by what they show (a pair, a word). When most rows are new
//! (a new page or run, a jump of the scrubber across hundreds of merges) the table body is
//! written in one piece; otherwise rows that stay are kept (moved if the order changed), changed
//! rows are rewritten, new ones inserted and gone ones removed, each as one DOM call. A keyed list
//! of components would spend a DOM call per cell and a few reactive nodes per row instead, which
//! is what a scrubber drag and the first view of a run spent most of their time on.
//! Left out: keeping the reader's text selection across a rewrite of the whole body.
use leptos::html::Tbody;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A row the table shows.
pub trait MarkupRow: Clone + PartialEq + Send + Sync + 'static {
    type Key: PartialEq;
    /// What identifies the row (unique within a table).
    fn key(&self) -> Self::Key;
    /// Appends the row's `<tr>…</tr>`, text escaped.
    fn write_html(&self, out: &mut String);
}

/// Above this share of new rows (1 in N) the whole body is written again.
const REWRITE_ALL_ABOVE: usize = 3;

/// Keeps the children of `body` (a table body the view leaves empty) one row per item of `rows`.
pub fn keep_markup_rows<R: MarkupRow>(body: NodeRef<Tbody>, rows: Memo<Vec<R>>) {
    let shown = StoredValue::new_local(Vec::<R>::new());
    crate::effect::effect(move || {
        let Some(body) = body.get() else {
            return;
        };
        rows.with(|rows| {
            shown.update_value(|shown| {
                redraw(&body, shown, rows);
                shown.clone_from(rows);
            })
        });
    });
}

/// Brings `body` from showing `shown` to showing `rows`.
fn redraw<R: MarkupRow>(body: &web_sys::Element, shown: &[R], rows: &[R]) {
    // 1. Where each new row was shown before, if it was.
    let was: Vec<Option<usize>> = rows
        .iter()
        .map(|row| shown.iter().position(|old| old.key() == row.key()))
        .collect();
    let fresh = was.iter().filter(|w| w.is_none()).count();
    if shown.is_empty() || fresh * REWRITE_ALL_ABOVE > rows.len() {
        let mut html = String::new();
        rows.iter().for_each(|row| row.write_html(&mut html));
        body.set_inner_html(&html);
        return;
    }
    // 2. Otherwise drop what is not kept (rows that left, the old markup of changed ones), then
    //    walk the rows in order, moving a kept one only if it is out of place and inserting the
    //    others before `next`, the first kept element not yet passed.
    let elements = children(body);
    let mut kept = vec![false; shown.len()];
    for (row, was) in rows.iter().zip(&was) {
        if let Some(j) = was.filter(|&j| shown[j] == *row) {
            kept[j] = true;
        }
    }
    for (element, kept) in elements.iter().zip(&kept) {
        if !kept {
            element.remove();
        }
    }
    let mut next = body.first_element_child();
    for (row, was) in rows.iter().zip(was) {
        match was.filter(|&j| kept[j]).and_then(|j| elements.get(j)) {
            Some(element) => {
                if next.as_ref() != Some(element) {
                    let _ = body.insert_before(element, next.as_ref().map(|n| n.unchecked_ref()));
                }
                next = element.next_element_sibling();
            }
            None => {
                let mut html = String::new();
                row.write_html(&mut html);
                let _ = match &next {
                    Some(next) => next.insert_adjacent_html("beforebegin", &html),
                    None => body.insert_adjacent_html("beforeend", &html),
                };
            }
        }
    }
}

/// `parent`'s element children, in order.
fn children(parent: &web_sys::Element) -> Vec<web_sys::Element> {
    let mut all = Vec::new();
    let mut child = parent.first_element_child();
    while let Some(element) = child {
        child = element.next_element_sibling();
        all.push(element);
    }
    all
}
