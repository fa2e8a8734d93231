//! A canvas that plotters draws on. The `draw` closure runs in an effect, so it redraws whenever a
//! signal it reads changes while the canvas is on screen (`on_screen`); the canvas is sized for the
//! device's pixel ratio so lines stay sharp.
//! Every plot also needs a text alternative next to it (a table or a summary): canvases are opaque
//! to screen readers, and `label` only names the picture.
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;

use crate::widgets::on_screen::draw_on_screen;

/// What a draw closure receives: the whole canvas as one plotters drawing area, in CSS pixels
/// scaled by the device pixel ratio (`Plot::scale`).
pub struct Plot {
    pub area: DrawingArea<CanvasBackend, Shift>,
    /// Device pixels per CSS pixel; multiply font sizes and stroke widths by it.
    pub scale: f64,
}

/// Blanks the canvas, as a resize would, so each drawing starts from nothing.
fn clear(canvas: &web_sys::HtmlCanvasElement) {
    use wasm_bindgen::JsCast;
    let context = canvas.get_context("2d").ok().flatten();
    if let Some(context) =
        context.and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    {
        context.clear_rect(
            0.0,
            0.0,
            f64::from(canvas.width()),
            f64::from(canvas.height()),
        );
    }
}

/// Draws one picture; boxed, so the page's wasm holds one canvas component rather than one per
/// plot.
pub struct DrawFn(Box<dyn Fn(Plot)>);

impl<F: Fn(Plot) + 'static> From<F> for DrawFn {
    fn from(draw: F) -> Self {
        DrawFn(Box::new(draw))
    }
}

#[component]
pub fn PlotCanvas(
    /// Width and height in CSS pixels; the canvas scales down with its container on narrow screens.
    width: u32,
    height: u32,
    #[prop(into)] testid: String,
    /// A short name of the picture for assistive technology (it may follow the page's state).
    #[prop(into)]
    label: Signal<String>,
    #[prop(into)] draw: DrawFn,
) -> impl IntoView {
    let canvas_ref = NodeRef::<Canvas>::new();
    draw_on_screen(canvas_ref, move |canvas| {
        let scale = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .clamp(1.0, 3.0);
        // Resizing reallocates the canvas: do it only when the size really changes.
        let (w, h) = (
            (f64::from(width) * scale) as u32,
            (f64::from(height) * scale) as u32,
        );
        if canvas.width() != w || canvas.height() != h {
            canvas.set_width(w);
            canvas.set_height(h);
        } else {
            clear(&canvas);
        }
        let Some(backend) = CanvasBackend::with_canvas_object(canvas) else {
            return;
        };
        let area = backend.into_drawing_area();
        (draw.0)(Plot { area, scale });
    });
    view! {
        <canvas node_ref=canvas_ref data-testid=testid role="img" aria-label=move || label.get()
            class="plot" style=format!("width: min(100%, {width}px); aspect-ratio: {width} / {height};")></canvas>
    }
}
