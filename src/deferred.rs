//! A text that follows another a task later. A paste sets the text box's signal in the input
//! event's task; the views that redraw from it (GPT-2's panel, the side-by-side) follow this one,
//! each in a task of its own, so a long paste is several short tasks instead of one long one.
use leptos::prelude::*;

use crate::browser::yield_to_event_loop;

/// `source`, a task after each change.
pub fn deferred(source: Signal<String>) -> Signal<String> {
    let later = RwSignal::new(source.get_untracked());
    crate::effect::effect(move || {
        let text = source.get();
        leptos::task::spawn_local(async move {
            yield_to_event_loop().await;
            // The page may be gone by then.
            let _ = later.try_set(text);
        });
    });
    later.into()
}
