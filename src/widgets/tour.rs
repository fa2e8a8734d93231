//! A short guided tour for a first-time visitor: five steps that open each lab and point at its key
//! control (outlined on the page), in a card that leaves the page usable. "Skip tour", Esc, or
//! finishing it stores a flag in localStorage, and the tour never comes back. The end-to-end
//! harness stores that flag before each page loads (tests/e2e/harness.mjs, `tour: false`), so
//! specs see the page as a returning visitor does; the tour's own spec starts without it.
//! Left out: steps that act on the reader's behalf (typing, dragging).
use leptos::prelude::*;

use crate::browser::by_testid;
use crate::lab::Lab;
use crate::shortcuts::{action_of, Action, Scope};

/// The localStorage key; any value means "seen".
const DONE_KEY: &str = "til-tour-done";
/// The class that outlines a step's target (assets/style.css).
const TARGET_CLASS: &str = "tour-target";

struct Step {
    /// The lab to open first (the slug of its nav link), if any.
    lab: Option<Lab>,
    /// `data-testid` of the element the step points at.
    target: &'static str,
    title: &'static str,
    text: &'static str,
}

const STEPS: [Step; 5] = [
    Step {
        lab: None,
        target: "lab-nav",
        title: "Three labs, in the order a model reads text",
        text: "Tokenize splits text into tokens, Embed turns each token into a vector, and Position adds where each token sits.",
    },
    Step {
        lab: Some(Lab::Tokenize),
        target: "bpe-stepper",
        title: "Watch Byte-Pair Encoding learn",
        text: "Step through training merge by merge with these buttons, the scrubber, or ← and → on the keyboard.",
    },
    Step {
        lab: Some(Lab::Embed),
        target: "embed-query",
        title: "Words as vectors",
        text: "Type a word to see its nearest neighbours among 50,000 GloVe vectors; below, try an analogy.",
    },
    Step {
        lab: Some(Lab::Position),
        target: "pe-cursor-bar",
        title: "Positions you can drag",
        text: "Move the position p and the offset k: the dot product PE(p)·PE(p+k) depends only on k.",
    },
    Step {
        lab: None,
        target: "settings-button",
        title: "Settings: keyboard, theme, backend",
        text: "Press ? for every shortcut. This menu holds them too, the light or dark theme, and the switch that runs the maths on the CPU.",
    },
];

#[component]
pub fn Tour() -> impl IntoView {
    let step = RwSignal::new(should_start().then_some(0usize));
    let next_button = NodeRef::<leptos::html::Button>::new();
    let outlined = StoredValue::new_local(None::<web_sys::Element>);
    // Each step: open its lab, outline its target, bring it into view, and move focus to the card.
    crate::effect::effect(move || {
        if let Some(old) = outlined.get_value() {
            let _ = old.class_list().remove_1(TARGET_CLASS);
        }
        let Some(index) = step.get() else {
            outlined.set_value(None);
            return;
        };
        let step = &STEPS[index];
        if let Some(lab) = step.lab {
            lab.open();
        }
        let target = by_testid(step.target);
        if let Some(target) = &target {
            let _ = target.class_list().add_1(TARGET_CLASS);
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Center);
            target.scroll_into_view_with_scroll_into_view_options(&options);
        }
        outlined.set_value(target.map(Into::into));
        if let Some(button) = next_button.get_untracked() {
            let _ = button.focus();
        }
    });
    let end = move || {
        if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
            let _ = storage.set_item(DONE_KEY, "1");
        }
        step.set(None);
    };
    let last = STEPS.len() - 1;
    let index = move || step.get().unwrap_or(0);
    view! {
        {crate::dynamic::dynamic(move || (step.get().is_some()).then(|| view! {
            <section class="tour" role="dialog" aria-modal="false" aria-labelledby="tour-title"
                aria-describedby="tour-text" data-testid="tour" data-step=index
                on:keydown=move |ev| if action_of(Scope::Dialog, &ev) == Some(Action::Close) {
                    ev.prevent_default();
                    end();
                }>
                <p class="muted tour-count">{crate::dynamic::dynamic(move || format!("Tour · step {} of {}", index() + 1, STEPS.len()))}</p>
                <h2 id="tour-title">{crate::dynamic::dynamic(move || STEPS[index()].title)}</h2>
                <p id="tour-text">{crate::dynamic::dynamic(move || STEPS[index()].text)}</p>
                <div class="row">
                    <button type="button" data-testid="tour-back" disabled=move || index() == 0
                        on:click=move |_| step.set(Some(index().saturating_sub(1)))>"Back"</button>
                    <button type="button" node_ref=next_button data-testid="tour-next"
                        on:click=move |_| if index() == last { end() } else { step.set(Some(index() + 1)) }>
                        {crate::dynamic::dynamic(move || if index() == last { "Finish" } else { "Next" })}
                    </button>
                    <button type="button" class="quiet" data-testid="tour-skip" on:click=move |_| end()>"Skip tour"</button>
                </div>
            </section>
        }))}
    }
}

/// A first visit: no flag stored. Without storage (some private modes) the tour cannot be
/// remembered, and shows on each visit.
fn should_start() -> bool {
    let seen = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(DONE_KEY).ok().flatten())
        .is_some();
    !seen
}
