//! Where loading one asset stands ([`Load`]), and the one way an asset is loaded: fetch it (with
//! progress), let the page paint, then check and build the value from its bytes, timing both steps.
//! A failure at either step is one sentence naming the file. Leaves out: where the result is kept
//! (the cache in `assets/mod.rs`).
use std::fmt::Display;
use std::sync::Arc;

use crate::browser::{fetch_bytes_with_progress, now_ms, yield_to_event_loop};

/// Where loading one asset stands.
#[derive(Debug)]
pub enum Load<T> {
    /// Not asked for yet.
    Idle,
    /// Bytes received so far.
    Loading(usize),
    Ready(Arc<T>, Timing),
    Failed(String),
}

// By hand: the value is shared (`Arc`), so `T` itself need not be `Clone`.
impl<T> Clone for Load<T> {
    fn clone(&self) -> Load<T> {
        match self {
            Load::Idle => Load::Idle,
            Load::Loading(received) => Load::Loading(*received),
            Load::Ready(value, timing) => Load::Ready(value.clone(), *timing),
            Load::Failed(why) => Load::Failed(why.clone()),
        }
    }
}

impl<T> Load<T> {
    /// The value once it has loaded.
    pub fn ready(&self) -> Option<Arc<T>> {
        match self {
            Load::Ready(value, _) => Some(value.clone()),
            _ => None,
        }
    }
}

/// What loading cost in the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub bytes: usize,
    pub fetch_ms: f64,
    pub build_ms: f64,
}

/// Fetches `url` (`expected` bytes, 0 if unknown; `progress` hears the bytes received after each
/// chunk) and builds its value; errors read "URL: why".
pub async fn fetch_and_build<T, E: Display>(
    url: &str,
    expected: usize,
    progress: impl Fn(usize),
    build: impl FnOnce(&[u8]) -> Result<T, E>,
) -> Result<(T, Timing), String> {
    let started = now_ms();
    let bytes = fetch_bytes_with_progress(url, expected, progress)
        .await
        .map_err(|e| format!("{url}: {e}"))?;
    let fetch_ms = now_ms() - started;
    // Checking and decoding takes a moment: let "loading…" paint first.
    yield_to_event_loop().await;
    let built = now_ms();
    let value = build(&bytes).map_err(|e| format!("{url}: {e}"))?;
    Ok((
        value,
        Timing {
            bytes: bytes.len(),
            fetch_ms,
            build_ms: now_ms() - built,
        },
    ))
}
