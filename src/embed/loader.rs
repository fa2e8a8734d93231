//! Fetching the GloVe asset (`glove/vectors.bin`, copied next to the page by Trunk) and building the
//! table, once per page, the first time the Embed lab is opened. A missing or damaged asset ends in
//! `Load::Failed` with the core's sentence, shown as it is. Leaves out: retrying and caching beyond
//! the browser's own HTTP cache.
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::embed::EmbeddingTable;

use crate::asset_load::fetch_and_build;
pub use crate::asset_load::Timing;

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

/// The page's one copy of the vectors, shared by every lab that needs them: `App` provides it, so
/// the 3 MB file is fetched and decoded once whichever lab opens first.
#[derive(Clone, Copy)]
struct SharedVectors(RwSignal<Load>);

pub fn provide_shared() {
    provide_context(SharedVectors(RwSignal::new(Load::Idle)));
}

/// The shared load state (a private one where no `App` provided it, as in a component test).
pub fn shared() -> RwSignal<Load> {
    use_context::<SharedVectors>().map_or_else(|| RwSignal::new(Load::Idle), |shared| shared.0)
}

/// Starts fetching and building into `state` unless that has begun already.
pub fn start(state: RwSignal<Load>) {
    if !matches!(state.get_untracked(), Load::Idle) {
        return;
    }
    state.set(Load::Loading);
    spawn_local(async move {
        let built = fetch_and_build(VECTORS_URL, 0, |_| {}, EmbeddingTable::from_asset).await;
        state.set(match built {
            Ok((table, timing)) => Load::Ready(Arc::new(table), timing),
            Err(e) => Load::Failed(e),
        });
    });
}
