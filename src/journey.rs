//! The text's journey across the labs: a word or sentence typed in one lab is carried to the next
//! (its tokens → their embedding rows → plus positions), and a bar under the header shows the path,
//! with each lab's own account of the carried text: BPE tokens, GloVe rows, what positions change.
//! The bar is one line, each part cut short, until the reader unfolds it.
//!
//! A lab offers [`CarryButton`] next to the text it takes, hears [`Journey::on_arrival`] when text
//! is carried to it, and feeds its line of the bar with [`Journey::report`]. The carried text is in
//! the link (`carry`). Left out: carrying backwards (each lab keeps its own inputs; the bar's steps
//! are links to go back and look).
use leptos::prelude::*;
use til_core::link::{Kind, Param};

use crate::lab::Lab;
use crate::url::UrlState;

/// The link's key for the carried text.
pub const CARRY: &str = "carry";
/// Longest carried text kept in a link.
const CARRY_LINK_CHARS: usize = 200;
/// Items of a report listed before "+ N more".
const REPORT_ITEMS: usize = 12;

pub fn params() -> Vec<Param> {
    vec![Param {
        key: CARRY,
        label: "carried text",
        kind: Kind::Text {
            max_chars: CARRY_LINK_CHARS,
        },
    }]
}

#[derive(Clone, Copy)]
pub struct Journey {
    /// The text being carried; empty before anything is.
    pub text: RwSignal<String>,
    /// The lab the text was last carried to (set on every carry, so each one is heard).
    arrival: RwSignal<Option<Lab>>,
    /// Each lab's account of the text, in lab order; `None` while it has none.
    reports: [RwSignal<Option<String>>; 3],
}

impl Journey {
    /// Call after `UrlState::provide` and before the labs are created.
    pub fn provide() {
        let journey = Journey {
            text: RwSignal::new(String::new()),
            arrival: RwSignal::new(None),
            reports: [
                RwSignal::new(None),
                RwSignal::new(None),
                RwSignal::new(None),
            ],
        };
        UrlState::expect().bind_text(CARRY, journey.text);
        provide_context(journey);
    }

    pub fn expect() -> Journey {
        expect_context()
    }

    /// Carries `text` to the lab `to` and opens it.
    pub fn carry(&self, text: String, to: Lab) {
        self.text.set(text);
        self.arrival.set(Some(to));
        to.open();
    }

    /// Runs `receive` with the text each time it is carried to `lab`.
    pub fn on_arrival(&self, lab: Lab, receive: impl Fn(String) + 'static) {
        let (arrival, text) = (self.arrival, self.text);
        crate::effect::effect(move || {
            if arrival.get() == Some(lab) {
                receive(text.get_untracked());
            }
        });
    }

    /// Keeps `lab`'s line of the bar set to `line()`, which reads [`Journey::text`].
    pub fn report(&self, lab: Lab, line: impl Fn() -> Option<String> + 'static) {
        let slot = self.reports[lab.index()];
        crate::effect::effect(move || slot.set(line()));
    }
}

/// A report's list: the first `REPORT_ITEMS` items joined by `·`, then how many more there are.
pub fn shortened(items: &[String]) -> String {
    let mut text = items
        .iter()
        .take(REPORT_ITEMS)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" · ");
    if items.len() > REPORT_ITEMS {
        text.push_str(&format!(" · + {} more", items.len() - REPORT_ITEMS));
    }
    text
}

/// The journey bar: the carried text and, for each lab, a link to it with its account of the text.
#[component]
pub fn JourneyBar(
    /// The lab on show.
    shown: Signal<Lab>,
) -> impl IntoView {
    let journey = Journey::expect();
    let empty = move || journey.text.with(|t| t.trim().is_empty());
    // Folded to one line unless the reader asks for every report in full.
    let open = RwSignal::new(false);
    view! {
        <nav class="journey" class:journey-open=move || open.get() aria-label="Your text's journey through the labs" data-testid="journey">
            <p class="journey-text" data-testid="journey-text">
                {crate::dynamic::dynamic(move || if empty() {
                    "Carry a text from lab to lab with the → buttons: its tokens, then their rows, then positions.".to_string()
                } else {
                    format!("Carrying “{}”", journey.text.get())
                })}
            </p>
            <ol class="journey-steps">
                {Lab::ALL.map(|lab| {
                    let report = journey.reports[lab.index()];
                    view! {
                        <li data-testid=format!("journey-{}", lab.slug()) class:journey-here=move || shown.get() == lab>
                            <a href=format!("#{}", lab.slug()) aria-current=move || (shown.get() == lab).then_some("step")>{lab.title()}</a>
                            <span class="journey-report">
                                {crate::dynamic::dynamic(move || if empty() { None } else { Some(report.get().unwrap_or_else(|| "not reached yet".to_string())) })}
                            </span>
                        </li>
                    }
                }).collect_view()}
            </ol>
            <button type="button" class="quiet journey-toggle" data-testid="journey-toggle"
                aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                {crate::dynamic::dynamic(move || if open.get() { "Fold" } else { "Show all" })}
            </button>
        </nav>
    }
}

/// "Carry this to the next lab": a button that takes `text` to `to` and opens it.
#[component]
pub fn CarryButton(
    /// The text carried when pressed.
    #[prop(into)]
    text: Signal<String>,
    to: Lab,
    label: &'static str,
    testid: &'static str,
) -> impl IntoView {
    let journey = Journey::expect();
    view! {
        <button type="button" class="carry" data-testid=testid
            disabled=move || text.with(|t| t.trim().is_empty())
            on:click=move |_| journey.carry(text.get_untracked().trim().to_string(), to)>
            {label}
        </button>
    }
}
