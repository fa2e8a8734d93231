//! Whether a canvas is on (or near) the screen, from an IntersectionObserver. Canvases use it to skip
//! drawing while they are out of sight and to draw their latest picture once they scroll into view,
//! so dragging a slider redraws only what the reader can see (the Position lab has ten canvases, most
//! of them below the fold). Left out: browsers without IntersectionObserver, where every canvas
//! simply counts as on screen.
use leptos::html::Canvas;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// How far outside the viewport a canvas still counts as on screen, so a plot just below the fold
/// is ready before it scrolls in.
const MARGIN: &str = "256px";

/// True until the observer first reports, so every canvas draws once at start.
pub fn on_screen(canvas: NodeRef<Canvas>) -> ReadSignal<bool> {
    let (visible, set_visible) = signal(true);
    crate::effect::effect(move || {
        let Some(canvas) = canvas.get() else { return };
        let report = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            // Entries arrive oldest first; the last one is the current state.
            if let Some(entry) = entries
                .iter()
                .last()
                .and_then(|e| e.dyn_into::<web_sys::IntersectionObserverEntry>().ok())
            {
                set_visible.set(entry.is_intersecting());
            }
        });
        let options = web_sys::IntersectionObserverInit::new();
        options.set_root_margin(MARGIN);
        let Ok(observer) = web_sys::IntersectionObserver::new_with_options(
            report.as_ref().unchecked_ref(),
            &options,
        ) else {
            return;
        };
        observer.observe(&canvas);
        let kept = SendWrapper::new((observer, report));
        on_cleanup(move || kept.0.disconnect());
    });
    visible
}

/// Draws the canvas with `draw` whenever what it reads changes while the canvas is on screen. Out
/// of sight the effect reads none of `draw`'s signals, so it wakes only when the canvas comes into
/// view, and then draws the latest state.
pub fn draw_on_screen(
    canvas: NodeRef<Canvas>,
    draw: impl Fn(web_sys::HtmlCanvasElement) + 'static,
) {
    let visible = on_screen(canvas);
    crate::effect::effect(move || {
        if let Some(canvas) = canvas.get().filter(|_| visible.get()) {
            draw(canvas);
        }
    });
}
