//! The sticky bar of the two sliders the lab is about: the position p (the cursor on every plot) and
//! the offset k, with Play/Pause for the gliding cursor. Moving p by hand pauses the animation.
//! Left out: the settings (`settings`).
use leptos::prelude::*;

use super::format::show_position;
use super::state::{PositionState, MAX_OFFSET};
use crate::widgets::plot::slider::{Slider, WholeSlider};

#[component]
pub fn CursorBar(lab: PositionState, reduced: Signal<bool>) -> impl IntoView {
    let timer = lab.timer;
    view! {
        <div class="pe-cursor-bar" role="group" aria-label="Position and offset" data-testid="pe-cursor-bar">
            <button data-testid="pe-play" on:click=move |_| lab.playing.update(|p| *p = !*p)
                aria-pressed=move || lab.playing.get().to_string()
                title=move || if reduced.get() {
                    "Your system asks for reduced motion, so the cursor stays still unless you press Play"
                } else {
                    "Let the cursor glide across the positions"
                }>
                {crate::dynamic::dynamic(move || if lab.playing.get() { "❚❚ Pause" } else { "▶ Play" })}
            </button>
            <Slider label="position p" testid="pe-position" min="0"
                max=Signal::derive(move || (lab.count.get() - 1).to_string()) step="1"
                value=Signal::derive(move || lab.position.get().round().to_string())
                shown=Signal::derive(move || show_position(lab.position.get()))
                timer=timer
                on_input=move |text: String| { if let Some(p) = til_core::decimal::parse_f64(&text) {
                    lab.playing.set(false);
                    lab.set_position(p);
                } }/>
            <WholeSlider label="offset k" testid="pe-offset" min=0 max=MAX_OFFSET step=1 value=lab.offset timer=timer
                set=move |k: usize| lab.offset.set(k.min(MAX_OFFSET))/>
        </div>
    }
}
