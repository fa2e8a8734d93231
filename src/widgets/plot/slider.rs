//! One labelled range input with its value beside it ([`Slider`]; [`WholeSlider`] for a whole
//! number shown as it is). Every input starts the redraw timer first, so
//! the page can say how long each drag step took to draw. Left out: text entry (the sliders' ranges
//! are the lab's valid inputs).
use leptos::prelude::*;

use super::redraw::RedrawTimer;

#[component]
pub fn Slider(
    #[prop(into)] label: String,
    /// `data-testid` of the input; its readout gets `<testid>-value`.
    testid: &'static str,
    #[prop(into)] min: String,
    #[prop(into)] max: Signal<String>,
    #[prop(into)] step: String,
    #[prop(into)] value: Signal<String>,
    /// The value as the reader should see it (`10000` for a base exponent of 4).
    #[prop(into)]
    shown: Signal<String>,
    timer: RedrawTimer,
    /// Gets the input's text; parses it and updates the lab. (A callback, not a generic closure, so
    /// the page's wasm holds one slider rather than one per caller.)
    #[prop(into)]
    on_input: Callback<String>,
) -> impl IntoView {
    view! {
        <label class="pe-slider">
            <span class="pe-slider-name">{label}</span>
            <input type="range" data-testid=testid min=min max=move || max.get() step=step
                prop:value=move || value.get()
                on:input=move |ev| {
                    timer.start();
                    on_input.run(event_target_value(&ev));
                }/>
            <output data-testid=format!("{testid}-value")>{crate::dynamic::dynamic(move || shown.get())}</output>
        </label>
    }
}

/// A slider over whole numbers whose readout is the value itself; `set` gets every parsed value
/// (and clamps it as the lab's state wants).
#[component]
pub fn WholeSlider(
    #[prop(into)] label: String,
    testid: &'static str,
    min: usize,
    #[prop(into)] max: Signal<usize>,
    step: usize,
    #[prop(into)] value: Signal<usize>,
    timer: RedrawTimer,
    #[prop(into)] set: Callback<usize>,
) -> impl IntoView {
    let text = Signal::derive(move || value.get().to_string());
    view! {
        <Slider label=label testid=testid min=min.to_string() max=Signal::derive(move || max.get().to_string())
            step=step.to_string() value=text shown=text timer=timer
            on_input=move |typed: String| { if let Ok(n) = typed.parse::<usize>() { set.run(n) } }/>
    }
}
