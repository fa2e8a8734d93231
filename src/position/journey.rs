//! The Position lab's part in the text's journey, its last stop: a sentence carried here is set
//! against its own reverse in "Word order", and the journey bar gets what adding PE(0) … PE(n − 1)
//! changes (attention's outputs move between the two orders only with positions). Left out: any
//! sentence but the carried one (the bar speaks only of the carried text).
use leptos::prelude::*;

use super::format::short;
use super::order_comparison::compare;
use super::state::PositionState;
use crate::assets::glove;
use crate::assets::Load;
use crate::journey::Journey;
use crate::lab::Lab;

pub fn follow(lab: PositionState, first: RwSignal<String>, second: RwSignal<String>) {
    let journey = Journey::expect();
    journey.on_arrival(Lab::Position, move |text| {
        let words: Vec<&str> = text.split_whitespace().collect();
        first.set(words.join(" "));
        second.set(words.iter().rev().copied().collect::<Vec<_>>().join(" "));
    });
    let glove = glove::vectors();
    journey.report(Lab::Position, move || {
        let text = journey.text.get();
        if !first.with(|f| f.split_whitespace().eq(text.split_whitespace())) {
            return None;
        }
        let Load::Ready(table, _) = glove.state.get() else {
            return Some("GloVe's rows load when Position is first opened".to_string());
        };
        let (first, second) = (first.get(), second.get());
        Some(match compare(&table, &first, &second, lab.base()) {
            Ok(outcome) => {
                let c = &outcome.comparison;
                let largest = |gaps: &[f64]| gaps.iter().copied().fold(0.0, f64::max);
                format!(
                    "+ PE(0) … PE({}) (d = {}): against “{second}”, attention's outputs move by up to {} with positions, {:.1e} without",
                    c.word_gaps_with.len().saturating_sub(1),
                    table.dims(),
                    short(largest(&c.word_gaps_with)),
                    largest(&c.word_gaps_without)
                )
            }
            Err(error) => error,
        })
    });
}
