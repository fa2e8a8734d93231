//! The words table's rows as markup (see `markup_rows`): the word, its count and its chips.
use std::fmt::Write;

use super::markup_rows::MarkupRow;
use super::state::{Token, WordRow};
use crate::widgets::token_chip::chip_html;
use til_channel::markup::Escaped;

impl MarkupRow for WordRow {
    type Key = usize;

    fn key(&self) -> usize {
        self.index
    }

    fn write_html(&self, out: &mut String) {
        let _ = write!(
            out,
            r#"<tr data-testid="bpe-word"><th scope="row">{}</th><td class="num">×{}</td><td class="chips">"#,
            Escaped(&self.word),
            self.count
        );
        chips_html(out, &self.tokens);
        out.push_str("</td></tr>");
    }
}

/// Appends a word's chips.
fn chips_html(out: &mut String, tokens: &[Token]) {
    for token in tokens {
        chip_html(out, &token.text, token.id);
    }
}
