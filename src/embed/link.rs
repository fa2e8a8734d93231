//! The Embed lab in the page's link: the query word and how many neighbours, the analogy's X, Y, Z
//! and its method, the batch of sentences and the table on show. A word the link asks for that
//! GloVe does not have is found once the vectors have loaded: the lab then keeps its own starting
//! word and a note says so.
//! Left out: the "words only" filter and the benchmark (a run, not a state).
use leptos::prelude::*;
use til_core::embed::{EmbedError, Method};
use til_core::link::{Kind, Param, Value};

use super::neighbours::K_CHOICES;
use super::state::EmbedState;
use super::table_choice::TableChoice;
use crate::url::UrlState;

/// The link's keys for this lab (the address and its notes use them).
pub const WORD: &str = "word";
pub const TOP: &str = "top";
pub const METHOD: &str = "method";
pub const BATCH: &str = "batch";
pub const TABLE: &str = "table";

/// Longest word a link carries (GloVe's longest words are far shorter).
const WORD_LINK_CHARS: usize = 64;
/// Longest batch of sentences a link carries.
const BATCH_LINK_CHARS: usize = 500;
/// The analogy's parameters, in the order of its three inputs.
const ANALOGY_KEYS: [(&str, &str); 3] =
    [("a", "analogy X"), ("b", "analogy Y"), ("c", "analogy Z")];

pub fn params() -> Vec<Param> {
    let word = |key, label| Param {
        key,
        label,
        kind: Kind::Text {
            max_chars: WORD_LINK_CHARS,
        },
    };
    let mut params = vec![
        word(WORD, "query word"),
        Param {
            key: TOP,
            label: "number of neighbours",
            kind: Kind::Choice(K_CHOICES.map(|k| k.to_string()).to_vec()),
        },
    ];
    params.extend(ANALOGY_KEYS.map(|(key, label)| word(key, label)));
    params.push(Param {
        key: METHOD,
        label: "analogy method",
        kind: Kind::Choice(Method::ALL.map(|m| m.name().to_string()).to_vec()),
    });
    params.push(Param {
        key: TABLE,
        label: "embedding table",
        kind: Kind::Choice(TableChoice::ALL.map(|t| t.name().to_string()).to_vec()),
    });
    params.push(Param {
        key: BATCH,
        label: "batch of sentences",
        kind: Kind::Text {
            max_chars: BATCH_LINK_CHARS,
        },
    });
    params
}

/// Publishes the lab's state to the address and applies what the link asks for.
pub fn restore(lab: EmbedState) {
    let url = UrlState::expect();
    // 1. Publish: what the lab holds now is the default.
    let text = |s: String| Some(Value::Text(s));
    url.publish(WORD, move || text(lab.query.get()));
    url.publish(TOP, move || text(lab.k.get().to_string()));
    for (slot, (key, _)) in ANALOGY_KEYS.into_iter().enumerate() {
        url.publish(key, move || text(lab.analogy.with(|a| a[slot].clone())));
    }
    url.publish(METHOD, move || text(lab.method.get().name().to_string()));
    url.bind_text(BATCH, lab.batch);
    url.publish(TABLE, move || text(lab.table.get().name().to_string()));
    // 2. Apply, keeping the starting words for any the vectors turn out not to have.
    let (start_query, start_analogy) = (lab.query.get_untracked(), lab.analogy.get_untracked());
    if let Some(word) = url.text(WORD) {
        lab.query.set(word);
    }
    if let Some(k) = url.text(TOP).and_then(|k| k.parse().ok()) {
        lab.k.set(k);
    }
    for (slot, (key, _)) in ANALOGY_KEYS.into_iter().enumerate() {
        if let Some(word) = url.text(key) {
            lab.analogy.update(|a| a[slot] = word);
        }
    }
    if let Some(method) = url.text(METHOD).and_then(|m| m.parse::<Method>().ok()) {
        lab.method.set(method);
    }
    if let Some(table) = url.text(TABLE).and_then(|t| TableChoice::parse(&t)) {
        lab.table.set(table);
    }
    // 3. Once the vectors are in: words GloVe lacks give way to the starting ones.
    let checked = StoredValue::new(false);
    crate::effect::effect(move || {
        let Some(table) = lab.table() else { return };
        if checked.get_value() {
            return;
        }
        checked.set_value(true);
        let unknown = |word: &str| {
            matches!(
                table.lookup(word, table.rows()),
                Err(EmbedError::UnknownWord { .. })
            )
        };
        let note = |label: &str, key: &str, word: &str, kept: &str| {
            url.note(format!(
                "{label} ({key}={word}) is not among GloVe's {} words: using {kept}.",
                table.rows()
            ))
        };
        if let Some(word) = url.text(WORD).filter(|w| unknown(w)) {
            note("query word", WORD, &word, &start_query);
            lab.query.set(start_query.clone());
        }
        for (slot, (key, label)) in ANALOGY_KEYS.into_iter().enumerate() {
            if let Some(word) = url.text(key).filter(|w| unknown(w)) {
                note(label, key, &word, &start_analogy[slot]);
                lab.analogy
                    .update(|a| a[slot] = start_analogy[slot].clone());
            }
        }
    });
}
