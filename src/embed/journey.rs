//! The Embed lab's part in the text's journey: text carried here becomes the batch (one sentence)
//! and its first word the query; the journey bar gets each word's row of W. GloVe has a row per
//! word, not per BPE token, so this stop looks words up. Left out: carrying the batch's other lines
//! (the Position lab compares one sentence with its reverse).
use leptos::prelude::*;

use super::state::EmbedState;
use crate::journey::{shortened, Journey};
use crate::lab::Lab;

pub fn follow(lab: EmbedState) {
    let journey = Journey::expect();
    journey.on_arrival(Lab::Embed, move |text| {
        if let Some(first) = text.split_whitespace().next() {
            lab.query.set(first.to_lowercase());
        }
        lab.batch.set(text);
    });
    journey.report(Lab::Embed, move || {
        let text = journey.text.get();
        let Some(table) = lab.table() else {
            return Some("GloVe's rows load when Embed is first opened".to_string());
        };
        let rows: Vec<String> = text
            .split_whitespace()
            .map(|word| match table.lookup(word, table.rows()) {
                Ok(id) => format!("{} → row {id}", table.word(id)),
                Err(_) => format!("{word} → no row"),
            })
            .collect();
        Some(format!(
            "rows of W ({} values each): {}",
            table.dims(),
            shortened(&rows)
        ))
    });
}
