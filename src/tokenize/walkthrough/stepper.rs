//! Step controls for the walkthrough: back, forward, play/pause with a speed, a scrubber, and the
//! keyboard (←, →, space, Home, End; see `crate::shortcuts`) when focus is not in a text field.
//! Each step is announced in the page's live region: "merge 3 of 300: l + o → lo, count 7".
use std::time::Duration;

use leptos::prelude::*;

use super::state::{merge_symbols, WalkthroughState};
use crate::shortcuts::{self, Action, Scope};
use crate::widgets::live_region::LiveRegion;

#[component]
pub fn Stepper(lab: WalkthroughState, active: Signal<bool>) -> impl IntoView {
    let total = move || lab.total_steps();
    let at_start = move || lab.position.get() == 0;
    let at_end = move || lab.position.get() >= total();
    let toggle_play = move || {
        if lab.position.get_untracked() >= lab.total_steps() {
            lab.go_to(0);
        }
        lab.playing.update(|p| *p = !*p);
    };

    // Playback: one merge per tick until the end, at the chosen speed. Each Play starts a new
    // generation so a quick pause-and-play never leaves two tick chains running.
    let generation = StoredValue::new(0u32);
    crate::effect::effect(move || {
        if lab.playing.get() {
            generation.update_value(|g| *g += 1);
            schedule_tick(lab, generation, generation.get_value());
        }
    });

    shortcuts::listen(Scope::Tokenize, active, move |action| {
        match action {
            Action::StepBack => lab.step_by(-1),
            Action::StepForward => lab.step_by(1),
            Action::FirstStep => lab.go_to(0),
            Action::LastStep => lab.go_to(usize::MAX),
            Action::PlayMerges => return toggle_play(),
            _ => return,
        }
        lab.playing.set(false);
    });

    // Each step is read out; the step the page opens on is not.
    let region = LiveRegion::get();
    Effect::new(move |opened: Option<()>| {
        let text = announcement(lab, lab.position.get());
        if opened.is_some() {
            region.announce(text);
        }
    });

    view! {
        <div class="stepper" role="group" aria-label="Merge stepper" data-testid="bpe-stepper">
            <button data-testid="bpe-step-back" on:click=move |_| lab.step_by(-1) disabled=at_start
                title="Back one merge (←)">"◀ Back"</button>
            <button data-testid="bpe-play" on:click=move |_| toggle_play() disabled=move || total() == 0
                title="Play / pause (space)">{crate::dynamic::dynamic(move || if lab.playing.get() { "❚❚ Pause" } else { "▶ Play" })}</button>
            <button data-testid="bpe-step-forward" on:click=move |_| lab.step_by(1) disabled=at_end
                title="Forward one merge (→)">"Forward ▶"</button>
            <input type="range" class="scrubber" data-testid="bpe-scrubber" aria-label="Merge step"
                min="0" max=move || total().to_string()
                prop:value=move || lab.position.get().to_string()
                on:input=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<usize>() { lab.go_to(p) }
                }/>
            <span data-testid="bpe-step-label">
                // Until the first run comes back from the worker there is nothing to step through.
                {crate::dynamic::dynamic(move || if lab.trace.with(Option::is_some) {
                    format!("step {} / {}", lab.position.get(), total())
                } else {
                    "training…".to_string()
                })}
            </span>
            <label class="speed">
                "Speed "
                <select data-testid="bpe-speed" prop:value=move || lab.speed.get().to_string()
                    on:change=move |ev| if let Ok(s) = event_target_value(&ev).parse() { lab.speed.set(s) }>
                    {[1u32, 4, 16, 60, 240].map(|s| view! { <option value=s.to_string()>{format!("{s}/s")}</option> }).collect_view()}
                </select>
            </label>
        </div>
    }
}

fn schedule_tick(lab: WalkthroughState, generation: StoredValue<u32>, mine: u32) {
    let delay = Duration::from_millis(1000 / u64::from(lab.speed.get_untracked().max(1)));
    set_timeout(
        move || {
            if !lab.playing.get_untracked() || generation.get_value() != mine {
                return;
            }
            if lab.position.get_untracked() >= lab.total_steps() {
                lab.playing.set(false);
                return;
            }
            lab.step_by(1);
            schedule_tick(lab, generation, mine);
        },
        delay,
    );
}

/// What the live region says at `position`: the merge just made, or where the walkthrough starts.
fn announcement(lab: WalkthroughState, position: usize) -> String {
    lab.trace.with(|trace| {
        let Some(trace) = trace else {
            return String::new();
        };
        let total = trace.steps().len();
        let Some(step) = position.checked_sub(1).and_then(|i| trace.steps().get(i)) else {
            return format!("start: no merges yet, {total} to go");
        };
        let [left, right, merged] = merge_symbols(trace.vocab(), step);
        let count = step.merge.count;
        format!("merge {position} of {total}: {left} + {right} → {merged}, count {count}")
    })
}
