//! Fetching the GloVe asset (`glove/vectors.bin`, copied next to the page by Trunk) and building the
//! table, once per page, the first time the Embed lab is opened. A missing or damaged asset ends in
//! `Load::Failed` with the core's sentence, shown as it is.
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::embed::EmbeddingTable;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::browser::{now_ms, yield_to_event_loop};

/// Where Trunk puts the asset (`copy-dir` of assets/glove in index.html), relative to the page.
pub const VECTORS_URL: &str = "glove/vectors.bin";

/// Where loading the vectors stands.
#[derive(Clone, Debug)]
pub enum Load {
    Idle,
    Loading,
    Ready(Arc<EmbeddingTable>, Timing),
    Failed(String),
}

/// What loading cost in the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub bytes: usize,
    pub fetch_ms: f64,
    pub build_ms: f64,
}

/// Starts fetching and building into `state` unless that has begun already.
pub fn start(state: RwSignal<Load>) {
    if !matches!(state.get_untracked(), Load::Idle) {
        return;
    }
    state.set(Load::Loading);
    spawn_local(async move {
        let started = now_ms();
        let load = match fetch_bytes(VECTORS_URL).await {
            Ok(bytes) => {
                let fetch_ms = now_ms() - started;
                // Decoding takes a moment: let "loading…" paint first.
                yield_to_event_loop().await;
                let built = now_ms();
                match EmbeddingTable::from_asset(&bytes) {
                    Ok(table) => {
                        Load::Ready(Arc::new(table), Timing { bytes: bytes.len(), fetch_ms, build_ms: now_ms() - built })
                    }
                    Err(e) => Load::Failed(format!("{VECTORS_URL}: {e}")),
                }
            }
            Err(e) => Load::Failed(format!("{VECTORS_URL}: {e}")),
        };
        state.set(load);
    });
}

/// The bytes of a file next to the page.
async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url)).await.map_err(|e| describe(&e))?;
    let response: web_sys::Response = response.dyn_into().map_err(|e| describe(&e))?;
    if !response.ok() {
        return Err(format!("HTTP {} {}", response.status(), response.status_text()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(|e| describe(&e))?).await.map_err(|e| describe(&e))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

fn describe(error: &JsValue) -> String {
    error
        .as_string()
        .or_else(|| error.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())))
        .unwrap_or_else(|| "network error".to_string())
}
