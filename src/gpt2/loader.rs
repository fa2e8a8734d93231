//! Fetching GPT-2's merges (`gpt2/merges.bin`, copied next to the page by Trunk) and building the
//! tokenizer, once per page: the first caller starts the fetch, later callers reuse the result.
//! A missing or damaged asset ends in `Load::Failed` with a sentence the page shows as it is.
use std::cell::RefCell;
use std::sync::Arc;

use crate::browser::{fetch_bytes, now_ms, yield_to_event_loop};
use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::gpt2::Gpt2Tokenizer;

/// Where Trunk puts the asset (`copy-dir` of assets/gpt2 in index.html), relative to the page.
pub const ASSET_URL: &str = "gpt2/merges.bin";

/// Where loading the tokenizer stands.
#[derive(Clone, Debug)]
pub enum Load {
    Loading,
    /// The tokenizer, with how long fetching and then checking and building it took in the page.
    Ready(Arc<Gpt2Tokenizer>, Timing),
    Failed(String),
}

/// Milliseconds spent fetching the asset and building the tokenizer from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub fetch_ms: f64,
    pub build_ms: f64,
}

thread_local! {
    /// The finished result, so a second panel (or a remount) neither fetches nor parses again.
    static DONE: RefCell<Option<Load>> = const { RefCell::new(None) };
}

/// A signal that starts as `Loading` and turns into `Ready` or `Failed`; the fetch starts now.
pub fn load() -> ReadSignal<Load> {
    if let Some(done) = DONE.with(|d| d.borrow().clone()) {
        return RwSignal::new(done).read_only();
    }
    let state = RwSignal::new(Load::Loading);
    spawn_local(async move {
        let started = now_ms();
        let load = match fetch_bytes(ASSET_URL).await {
            Ok(bytes) => {
                let fetch_ms = now_ms() - started;
                // Building the tables takes a few tens of ms: let the page paint "loading…" first.
                yield_to_event_loop().await;
                let built = now_ms();
                match Gpt2Tokenizer::from_asset(&bytes) {
                    Ok(tokenizer) => Load::Ready(
                        Arc::new(tokenizer),
                        Timing {
                            fetch_ms,
                            build_ms: now_ms() - built,
                        },
                    ),
                    Err(e) => Load::Failed(format!("{ASSET_URL}: {e}")),
                }
            }
            Err(e) => Load::Failed(format!("{ASSET_URL}: {e}")),
        };
        DONE.with(|d| *d.borrow_mut() = Some(load.clone()));
        state.set(load);
    });
    state.read_only()
}
