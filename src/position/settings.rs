//! The encoding's settings: d_model, base, how many positions to show, and the learned table's
//! training length; with the redraw timing the last slider move took. Left out: the cursor and offset
//! sliders (`cursor_bar`).
use leptos::prelude::*;

use super::slider::Slider;
use super::state::{
    PeLab, BASE_EXPONENT_MAX, BASE_EXPONENT_MIN, COUNT_MAX, COUNT_MIN, D_MAX, D_MIN, TRAIN_MAX,
    TRAIN_MIN,
};

#[component]
pub fn Settings(lab: PeLab) -> impl IntoView {
    let timer = lab.timer;
    view! {
        <div class="panel pe-settings" role="group" aria-label="Encoding settings">
            <Slider label="d_model" testid="pe-dmodel" min=D_MIN.to_string() max=D_MAX.to_string() step="2"
                value=Signal::derive(move || lab.d.get().to_string())
                shown=Signal::derive(move || lab.d.get().to_string())
                timer=timer
                on_input=move |text| { if let Ok(d) = text.parse() { lab.set_d(d) } }/>
            <Slider label="base" testid="pe-base" min=BASE_EXPONENT_MIN.to_string() max=BASE_EXPONENT_MAX.to_string() step="0.1"
                value=Signal::derive(move || lab.base_exponent.get().to_string())
                shown=Signal::derive(move || lab.base().to_string())
                timer=timer
                on_input=move |text| { if let Ok(e) = text.parse::<f64>() {
                    lab.base_exponent.set(e.clamp(BASE_EXPONENT_MIN, BASE_EXPONENT_MAX))
                } }/>
            <Slider label="positions" testid="pe-count" min=COUNT_MIN.to_string() max=COUNT_MAX.to_string() step="16"
                value=Signal::derive(move || lab.count.get().to_string())
                shown=Signal::derive(move || lab.count.get().to_string())
                timer=timer
                on_input=move |text| { if let Ok(n) = text.parse() { lab.set_count(n) } }/>
            <Slider label="training length" testid="pe-train" min=TRAIN_MIN.to_string() max=TRAIN_MAX.to_string() step="8"
                value=Signal::derive(move || lab.train_len.get().to_string())
                shown=Signal::derive(move || lab.train_len.get().to_string())
                timer=timer
                on_input=move |text| { if let Ok(n) = text.parse::<usize>() {
                    lab.train_len.set(n.clamp(TRAIN_MIN, TRAIN_MAX))
                } }/>
            <p class="muted pe-timing" data-testid="pe-redraw"
                data-last-ms=move || timer.last_ms.get().map(|ms| format!("{ms:.2}"))
                data-slowest-ms=move || format!("{:.2}", timer.slowest_ms.get())>
                {move || match timer.last_ms.get() {
                    None => "Drag a slider: the page times each redraw.".to_string(),
                    Some(ms) => format!("redrawn in {ms:.1} ms (slowest of the last 60: {:.1} ms)", timer.slowest_ms.get()),
                }}
            </p>
            {move || lab.encoding.with(|e| e.as_ref().err().map(|error| view! {
                <p class="error" role="alert">{error.to_string()}</p>
            }))}
        </div>
    }
}
