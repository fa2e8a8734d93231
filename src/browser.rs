//! The few browser services the labs need: a clock, yielding to the event loop, waiting for a
//! frame and sleeping,
//! fetching a file (with progress), reading a tokenizer file the reader chose, finding an element by its `data-testid`, and
//! watching a CSS media query.
//! Kept apart so the lab views stay free of `web_sys` plumbing.
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The largest tokenizer file taken: SentencePiece models are a few MB and the largest
/// tokenizer.json files (Gemma 3's) about 33 MB; anything far larger is not one.
const LARGEST_TOKENIZER_FILE: f64 = 64e6;

/// The name and bytes of a tokenizer file the reader chose, or why they cannot be had.
pub async fn read_tokenizer_file(file: web_sys::File) -> Result<(String, Vec<u8>), String> {
    if file.size() > LARGEST_TOKENIZER_FILE {
        return Err(format!(
            "{} is {:.0} MB: tokenizer files are at most a few tens of MB, so this is not one",
            file.name(),
            file.size() / 1e6
        ));
    }
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| format!("{} could not be read", file.name()))?;
    Ok((file.name(), js_sys::Uint8Array::new(&buffer).to_vec()))
}

/// Milliseconds since page load, with sub-millisecond resolution where the browser allows it.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Lets the browser paint and handle input before long work continues.
/// A message to ourselves, not a microtask (which would not let rendering and clicks in) and not a
/// zero-delay timeout (which browsers clamp to 4 ms once timeouts nest).
pub async fn yield_to_event_loop() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let Ok(channel) = web_sys::MessageChannel::new() else {
            let _ = resolve.call0(&JsValue::NULL);
            return;
        };
        channel.port1().set_onmessage(Some(&resolve));
        let _ = channel.port2().post_message(&JsValue::NULL);
    });
    let _ = JsFuture::from(promise).await;
}

/// Resolves in an animation frame after those of the callers still waiting before it: work that
/// comes together (answers from the worker) is drawn a frame each rather than all in one.
pub async fn own_frame() {
    thread_local!(static WAITING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    let ahead = WAITING.replace(WAITING.get() + 1);
    for _ in 0..=ahead {
        let promise = js_sys::Promise::new(&mut |resolve, _reject| {
            if let Some(window) = web_sys::window() {
                let _ = window.request_animation_frame(&resolve);
            }
        });
        let _ = JsFuture::from(promise).await;
    }
    WAITING.set(WAITING.get() - 1);
}

/// Resolves after `ms` milliseconds (a timer, so the page stays free meanwhile).
pub async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// Fetches a file that Trunk copied next to the page, a chunk at a time, calling `progress` with
/// the bytes received so far after each chunk, so a large download can show a bar. `expected` (the
/// file's size, when the caller knows it) is reserved up front to spare reallocations.
pub async fn fetch_bytes_with_progress(
    url: &str,
    expected: usize,
    progress: impl Fn(usize),
) -> Result<Vec<u8>, String> {
    let response = fetch_ok(url).await?;
    let Some(body) = response.body() else {
        return Ok(Vec::new());
    };
    let reader = web_sys::ReadableStreamDefaultReader::new(&body)
        .map_err(|e| describe(&e, NETWORK_ERROR))?;
    let mut bytes = Vec::with_capacity(expected);
    loop {
        let chunk = JsFuture::from(reader.read())
            .await
            .map_err(|e| describe(&e, NETWORK_ERROR))?;
        let field = |name: &str| js_sys::Reflect::get(&chunk, &JsValue::from_str(name));
        if field("done").map_or(true, |done| done.is_truthy()) {
            break;
        }
        let array: js_sys::Uint8Array = field("value")
            .and_then(|value| value.dyn_into())
            .map_err(|_| format!("{url}: the body is not bytes"))?;
        let start = bytes.len();
        bytes.resize(start + array.length() as usize, 0);
        array.copy_to(&mut bytes[start..]);
        progress(bytes.len());
    }
    Ok(bytes)
}

/// The response for `url`, or a message naming what went wrong (network error, HTTP status).
async fn fetch_ok(url: &str) -> Result<web_sys::Response, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| describe(&e, NETWORK_ERROR))?;
    let response: web_sys::Response = response
        .dyn_into()
        .map_err(|e| describe(&e, NETWORK_ERROR))?;
    if !response.ok() {
        return Err(format!(
            "HTTP {} {}",
            response.status(),
            response.status_text()
        ));
    }
    Ok(response)
}

/// What a failed fetch says when the browser gives no reason.
const NETWORK_ERROR: &str = "network error";

/// What a thrown JavaScript value says: its text, or an `Error`'s (a `DOMException`'s) message, or
/// `otherwise`.
pub fn describe(error: &JsValue, otherwise: &str) -> String {
    error
        .as_string()
        .or_else(|| {
            error
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| otherwise.to_string())
}

/// The page's element with this `data-testid` (the shell's shortcuts and the tour point at controls
/// the labs render).
pub fn by_testid(testid: &str) -> Option<web_sys::HtmlElement> {
    web_sys::window()?
        .document()?
        .query_selector(&format!("[data-testid=\"{testid}\"]"))
        .ok()
        .flatten()?
        .dyn_into()
        .ok()
}

/// True while `query` (a CSS media query) matches, kept up to date by its `change` event.
pub fn media_signal(query: &str) -> Signal<bool> {
    let matches = RwSignal::new(false);
    // `try_set`: the listener lives as long as the page, the signal only as long as its owner.
    matches.set(watch_media(query, move |now| {
        matches.try_set(now);
    }));
    matches.into()
}

/// Calls `on_change` whenever `query` starts or stops matching; returns whether it matches now.
pub fn watch_media(query: &str, on_change: impl Fn(bool) + 'static) -> bool {
    let Some(list) = web_sys::window().and_then(|w| w.match_media(query).ok().flatten()) else {
        return false;
    };
    let watched = list.clone();
    let listener = Closure::<dyn Fn()>::new(move || on_change(watched.matches()));
    let _ = list.add_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
    // Handed to the browser: it frees the closure when the listener goes away with the page.
    let _ = listener.into_js_value();
    list.matches()
}
