//! One (1, T, 384) tensor of the embedding layer as a heatmap: a row per token (down), its 384 values
//! across, drawn as one pixel per value by the Position lab's [`Heatmap`]. Clicking a row chooses
//! that token (its values are read out below the heatmaps); a mark shows the chosen row. Leaves out:
//! axes on the canvas (the caption names them) and the values themselves (the core's `Embedded`).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::minilm::{Embedded, D_MODEL};
use wasm_bindgen::JsCast;

use crate::widgets::plot::heatmap::{Heatmap, Raster};
use crate::widgets::plot::media::Palette;

#[component]
pub fn TensorHeatmap(
    embedded: Memo<Option<Arc<Embedded>>>,
    /// The tensor drawn, T × 384 row-major (or one row of 384, drawn once).
    pick: fn(&Embedded) -> &[f32],
    /// Values at ±`scale` get the ends of the colour scale.
    scale: f64,
    palette: Memo<Palette>,
    selected: RwSignal<usize>,
    testid: &'static str,
    /// What the heatmap shows, for assistive technology.
    label: String,
) -> impl IntoView {
    let rows = move || embedded.with(|e| e.as_ref().map_or(0, |e| pick(e).len() / D_MODEL));
    let raster = Signal::derive(move || {
        let palette = palette.get();
        embedded.with(|e| {
            e.as_ref().map(|e| {
                let values = pick(e);
                Raster::paint(D_MODEL, values.len() / D_MODEL, &palette, scale, &|d, t| {
                    values.get(t * D_MODEL + d).map(|&v| f64::from(v))
                })
            })
        })
    });
    // The row under the pointer, from where the click landed on the scaled canvas.
    let choose = move |ev: leptos::ev::MouseEvent| {
        let Some(target) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
        else {
            return;
        };
        let (n, height) = (rows(), f64::from(target.client_height()));
        if n > 1 && height > 0.0 {
            let row = (f64::from(ev.offset_y()) / height * n as f64).floor() as usize;
            selected.set(row.min(n - 1));
        }
    };
    let mark = move || {
        let n = rows();
        (n > 1).then(|| {
            let t = selected.get().min(n - 1) as f64;
            format!(
                "top: {:.3}%; height: {:.3}%",
                t / n as f64 * 100.0,
                100.0 / n as f64
            )
        })
    };
    view! {
        <div class="minilm-tensor" style=move || format!("--rows: {}", rows().max(1)) on:click=choose>
            <Heatmap testid=testid shape="minilm-rows" raster=raster label=label/>
            {crate::dynamic::dynamic(move || mark().map(|style| view! { <span class="minilm-row-mark" aria-hidden="true" style=style></span> }))}
        </div>
    }
}
