//! Step controls for the walkthrough: back, forward, play/pause with a speed, a scrubber, and the
//! keyboard (←, →, space, Home, End) when focus is not in a text field.
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use super::state::BpeLab;

#[component]
pub fn Stepper(lab: BpeLab, active: Signal<bool>) -> impl IntoView {
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
    Effect::new(move |_| {
        if lab.playing.get() {
            generation.update_value(|g| *g += 1);
            schedule_tick(lab, generation, generation.get_value());
        }
    });

    let keys = window_event_listener(ev::keydown, move |event| {
        if !active.get_untracked()
            || belongs_to_focused_control(&event)
            || event.ctrl_key()
            || event.meta_key()
            || event.alt_key()
        {
            return;
        }
        let handled = match event.key().as_str() {
            "ArrowLeft" => {
                lab.step_by(-1);
                true
            }
            "ArrowRight" => {
                lab.step_by(1);
                true
            }
            "Home" => {
                lab.go_to(0);
                true
            }
            "End" => {
                lab.go_to(usize::MAX);
                true
            }
            " " => {
                toggle_play();
                true
            }
            _ => false,
        };
        if handled {
            lab.playing
                .set(lab.playing.get_untracked() && event.key() == " ");
            event.prevent_default();
        }
    });
    on_cleanup(move || keys.remove());

    view! {
        <div class="stepper" role="group" aria-label="Merge stepper">
            <button data-testid="bpe-step-back" on:click=move |_| lab.step_by(-1) disabled=at_start
                title="Back one merge (←)">"◀ Back"</button>
            <button data-testid="bpe-play" on:click=move |_| toggle_play() disabled=move || total() == 0
                title="Play / pause (space)">{move || if lab.playing.get() { "❚❚ Pause" } else { "▶ Play" }}</button>
            <button data-testid="bpe-step-forward" on:click=move |_| lab.step_by(1) disabled=at_end
                title="Forward one merge (→)">"Forward ▶"</button>
            <input type="range" class="scrubber" data-testid="bpe-scrubber" aria-label="Merge step"
                min="0" max=move || total().to_string()
                prop:value=move || lab.position.get().to_string()
                on:input=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<usize>() { lab.go_to(p) }
                }/>
            <span data-testid="bpe-step-label" aria-live="polite">
                {move || format!("step {} / {}", lab.position.get(), total())}
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

fn schedule_tick(lab: BpeLab, generation: StoredValue<u32>, mine: u32) {
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

/// Keys typed into a field belong to that field, and space on a focused button presses it.
fn belongs_to_focused_control(event: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    let tag = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| el.tag_name());
    match tag.as_deref() {
        Some("INPUT" | "TEXTAREA" | "SELECT") => true,
        Some("BUTTON") => event.key() == " ",
        _ => false,
    }
}
