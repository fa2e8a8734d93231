//! Heatmaps as images: one canvas pixel per cell, put in one `putImageData` call and scaled up by
//! CSS with crisp edges. A table of 512 positions × 128 dimensions is 65,536 cells; plotters would
//! issue a `fillRect` per cell (plotters-canvas has no bitmap blit), far over the 8 ms a slider drag
//! may take, so heatmaps do not go through `PlotCanvas`.
//!
//! Vertical marks (the cursor, the training length) are HTML lines over the image, so moving the
//! cursor never repaints the cells. Left out: axes drawn on the canvas (the caption names them).
use leptos::html::Canvas;
use leptos::prelude::*;
use wasm_bindgen::{Clamped, JsCast};

use super::media::{mix, Palette};
use crate::widgets::on_screen::draw_on_screen;

/// Cells as RGBA pixels, row after row.
#[derive(Clone, Debug, PartialEq)]
pub struct Raster {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

impl Raster {
    /// Colours `value(column, row)` on the palette's diverging scale ±`scale`; None marks a cell
    /// that does not exist (hatched).
    pub fn paint(
        width: usize,
        height: usize,
        palette: &Palette,
        scale: f64,
        // A trait object: one copy of the loop serves every heatmap on the page.
        value: &dyn Fn(usize, usize) -> Option<f64>,
    ) -> Raster {
        let hatch = [palette.panel, mix(palette.panel, palette.muted, 0.35)];
        let mut rgba = Vec::with_capacity(width * height * 4);
        for row in 0..height {
            for column in 0..width {
                let color = match value(column, row) {
                    Some(v) => palette.diverging(v, scale),
                    None => hatch[((column + row) / 3) % 2],
                };
                rgba.extend_from_slice(&[color.0, color.1, color.2, 255]);
            }
        }
        Raster {
            width,
            height,
            rgba,
        }
    }
}

#[component]
pub fn Heatmap(
    #[prop(into)] testid: String,
    /// A short name of the picture for assistive technology; the caption beside it says more.
    #[prop(into)]
    label: String,
    /// `pe-wide` (a table: positions across) or `pe-square` (a matrix).
    shape: &'static str,
    #[prop(into)] raster: Signal<Option<Raster>>,
    /// Where the cursor (p) and the training length stand, as fractions of the width; None hides them.
    #[prop(into, optional)]
    cursor: Option<Signal<Option<f64>>>,
    #[prop(into, optional)] limit: Option<Signal<Option<(f64, String)>>>,
) -> impl IntoView {
    let canvas_ref = NodeRef::<Canvas>::new();
    // Out of sight the raster is not even painted: it is read only once the canvas shows.
    draw_on_screen(canvas_ref, move |canvas| {
        raster.with(|raster| {
            if let Some(raster) = raster {
                put(&canvas, raster);
            }
        });
    });
    view! {
        <div class=format!("pe-heatmap {shape}")>
            <canvas node_ref=canvas_ref data-testid=testid role="img" aria-label=label></canvas>
            // Kept in place and moved by style, so the gliding cursor costs no new elements per frame.
            {cursor.map(|at| view! {
                <span class="pe-mark cursor" aria-hidden="true" style=move || mark_style(at.get())>
                    <span class="pe-mark-label">"p"</span>
                </span>
            })}
            {limit.map(|limit| view! {
                <span class="pe-mark limit" aria-hidden="true" style=move || mark_style(limit.get().map(|l| l.0))>
                    <span class="pe-mark-label">{crate::dynamic::dynamic(move || limit.get().map(|l| l.1))}</span>
                </span>
            })}
        </div>
    }
}

fn mark_style(at: Option<f64>) -> String {
    match at {
        Some(at) => format!("left: {:.3}%", at * 100.0),
        None => "display: none".to_string(),
    }
}

/// Resizes the canvas to the raster and copies the pixels in.
fn put(canvas: &web_sys::HtmlCanvasElement, raster: &Raster) {
    let (width, height) = (raster.width as u32, raster.height as u32);
    if width == 0 || height == 0 {
        return;
    }
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
    let image =
        web_sys::ImageData::new_with_u8_clamped_array_and_sh(Clamped(&raster.rgba), width, height);
    if let (Some(context), Ok(image)) = (context, image) {
        let _ = context.put_image_data(&image, 0.0, 0.0);
    }
}
