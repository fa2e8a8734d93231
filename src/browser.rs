//! The few browser services the labs need: a clock, yielding to the event loop, and fetching a text asset.
//! Kept apart so the lab views stay free of `web_sys` plumbing.
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Milliseconds since page load, with sub-millisecond resolution where the browser allows it.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Lets the browser paint and handle input before long work continues.
/// A zero-delay timeout, not a microtask, so rendering and clicks really get a turn.
pub async fn yield_to_event_loop() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// Fetches a text file that Trunk copied next to the page.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| describe(&e))?;
    let response: web_sys::Response = response.dyn_into().map_err(|e| describe(&e))?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|e| describe(&e))?)
        .await
        .map_err(|e| describe(&e))?;
    text.as_string().ok_or_else(|| format!("{url}: not text"))
}

fn describe(error: &JsValue) -> String {
    error
        .as_string()
        .or_else(|| js_sys::JSON::stringify(error).ok().and_then(|s| s.as_string()))
        .unwrap_or_else(|| "unknown browser error".to_string())
}
