//! The encoding's settings: the scheme the offset views follow, d_model, base, how many positions
//! to show, and the learned table's training length; with the redraw timing the last slider move
//! took. Left out: the cursor and offset
//! sliders (`cursor_bar`).
use leptos::prelude::*;

use super::scheme::SchemeChoice;
use super::state::{
    PositionState, BASE_EXPONENT_MAX, BASE_EXPONENT_MIN, COUNT_MAX, COUNT_MIN, D_MAX, D_MIN,
    TRAIN_MAX, TRAIN_MIN,
};
use crate::widgets::plot::slider::{Slider, WholeSlider};

#[component]
pub fn Settings(lab: PositionState) -> impl IntoView {
    let timer = lab.timer;
    view! {
        <div class="panel pe-settings" role="group" aria-label="Encoding settings">
            <label class="pe-scheme">"Scheme "
                <select data-testid="pe-scheme" prop:value=move || lab.choice.get().name()
                    on:change=move |ev| if let Some(choice) = SchemeChoice::parse(&event_target_value(&ev)) { lab.choice.set(choice) }>
                    {SchemeChoice::ALL.map(|c| view! { <option value=c.name()>{c.label()}</option> }).collect_view()}
                </select>
            </label>
            <WholeSlider label="d_model" testid="pe-dmodel" min=D_MIN max=D_MAX step=2 value=lab.d timer=timer
                set=move |d: usize| lab.set_d(d)/>
            <Slider label="base" testid="pe-base" min=BASE_EXPONENT_MIN.to_string() max=BASE_EXPONENT_MAX.to_string() step="0.1"
                value=Signal::derive(move || lab.base_exponent.get().to_string())
                shown=Signal::derive(move || lab.base().to_string())
                timer=timer
                on_input=move |text: String| { if let Some(e) = til_core::decimal::parse_f64(&text) {
                    lab.base_exponent.set(e.clamp(BASE_EXPONENT_MIN, BASE_EXPONENT_MAX))
                } }/>
            <WholeSlider label="positions" testid="pe-count" min=COUNT_MIN max=COUNT_MAX step=16 value=lab.count
                timer=timer set=move |n: usize| lab.set_count(n)/>
            <WholeSlider label="training length" testid="pe-train" min=TRAIN_MIN max=TRAIN_MAX step=8 value=lab.train_len
                timer=timer set=move |n: usize| lab.train_len.set(n.clamp(TRAIN_MIN, TRAIN_MAX))/>
            <p class="muted pe-timing" data-testid="pe-redraw"
                data-last-ms=move || timer.last_ms.get().map(|ms| format!("{ms:.2}"))
                data-slowest-ms=move || format!("{:.2}", timer.slowest_ms.get())>
                {crate::dynamic::dynamic(move || match timer.last_ms.get() {
                    None => "Drag a slider: the page times each redraw.".to_string(),
                    Some(ms) => format!("redrawn in {ms:.1} ms (slowest of the last 60: {:.1} ms)", timer.slowest_ms.get()),
                })}
            </p>
            {crate::dynamic::dynamic(move || lab.encoding.with(|e| e.as_ref().err().map(|error| view! {
                <p class="error" role="alert">{error.to_string()}</p>
            })))}
        </div>
    }
}
