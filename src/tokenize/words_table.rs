//! The rows of the words table, kept as markup: when the page of words changes, or a jump of the
//! stepper changed many of its words, the table body is written in one piece; when a step changed
//! a few words, only those rows' chips are rewritten. Either way one DOM call per piece instead
//! of a DOM call per cell, which is what a drag of the scrubber (a hundred rows changing at once)
//! and the first view of a new run (a hundred new rows) spend their time on.
//! Left out: keeping the reader's text selection across a redraw of the whole body.
use std::fmt::Write;

use leptos::html::Tbody;
use leptos::prelude::*;

use super::state::{Token, WordRow};
use crate::widgets::token_chip::{chip_html, escape_html};

/// Above this share of changed rows (1 in N) the whole body is written again.
const REWRITE_ALL_ABOVE: usize = 4;

/// Keeps the children of `body` (a table body the view leaves empty) one row per item of `rows`.
pub fn keep_rows(body: NodeRef<Tbody>, rows: Memo<Vec<WordRow>>) {
    let shown = StoredValue::new_local(Vec::<WordRow>::new());
    Effect::new(move |_| {
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
fn redraw(body: &web_sys::Element, shown: &[WordRow], rows: &[WordRow]) {
    let same_words =
        shown.len() == rows.len() && shown.iter().zip(rows).all(|(a, b)| a.index == b.index);
    let changed: Vec<usize> = (0..rows.len())
        .filter(|&i| !same_words || shown[i] != rows[i])
        .collect();
    if !same_words || changed.len() * REWRITE_ALL_ABOVE > rows.len() {
        body.set_inner_html(&rows_html(rows));
        return;
    }
    for i in changed {
        // A word's text and count stay; only its segmentation (the last cell) moves.
        let row = body.query_selector(&format!(":scope > tr:nth-child({})", i + 1));
        if let Some(cell) = row.ok().flatten().and_then(|tr| tr.last_element_child()) {
            cell.set_inner_html(&chips_html(&rows[i].tokens));
        }
    }
}

fn rows_html(rows: &[WordRow]) -> String {
    let mut html = String::new();
    for row in rows {
        html.push_str(r#"<tr data-testid="bpe-word"><th scope="row">"#);
        escape_html(&mut html, &row.word);
        let _ = write!(
            html,
            r#"</th><td class="num">×{}</td><td class="chips">"#,
            row.count
        );
        html.push_str(&chips_html(&row.tokens));
        html.push_str("</td></tr>");
    }
    html
}

/// A word's chips as markup.
fn chips_html(tokens: &[Token]) -> String {
    let mut html = String::new();
    for token in tokens {
        chip_html(&mut html, &token.text, token.id);
    }
    html
}
