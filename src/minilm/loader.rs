//! Fetching MiniLM's three assets (copied next to the page by Trunk from assets/minilm) once per page,
//! each only when a view asks for it, and sharing them across the labs through context (as
//! `embed::loader` shares GloVe): vocab.txt (231 KB) for the WordPiece views, layer.bin (0.8 MB) for the
//! positions and the pipeline, tokens.bin (23 MB, with a progress bar) only once a view that reads the
//! token table is opened. The neighbour search's [`EmbeddingTable`] is built from the token table and
//! the vocabulary on the first search. A missing or damaged asset ends in [`Load::Failed`] with the
//! core's sentence. Leaves out: retrying, and caching beyond the browser's (and the offline worker's).
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::embed::EmbeddingTable;
use til_core::minilm::asset::{asset_len, LAYER_TENSORS, TOKEN_TENSORS};
use til_core::minilm::neighbours::token_table;
use til_core::minilm::{LayerWeights, TokenEmbeddings};
use til_core::wordpiece::WordPiece;

use crate::asset_load::fetch_and_build;
pub use crate::asset_load::Timing;
use crate::browser::{now_ms, yield_to_event_loop};

/// Where Trunk puts the assets (`copy-dir` of assets/minilm in index.html), relative to the page.
pub const VOCAB_URL: &str = "minilm/vocab.txt";
pub const LAYER_URL: &str = "minilm/layer.bin";
pub const TOKENS_URL: &str = "minilm/tokens.bin";

/// Where loading one asset stands.
#[derive(Debug)]
pub enum Load<T> {
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

/// The page's one copy of each MiniLM asset; `Copy`, so views capture it freely.
#[derive(Clone, Copy)]
pub struct MiniLm {
    pub vocab: RwSignal<Load<WordPiece>>,
    pub layer: RwSignal<Load<LayerWeights>>,
    pub tokens: RwSignal<Load<TokenEmbeddings>>,
    /// The token table as word vectors, named by the vocabulary, for cosine neighbours.
    pub table: RwSignal<Load<EmbeddingTable>>,
    table_wanted: RwSignal<bool>,
}

impl MiniLm {
    /// Called once in `App`, so every lab shares the same downloads.
    pub fn provide() {
        provide_context(MiniLm::new());
    }

    /// The shared state (a private one where no `App` provided it, as in a component test).
    pub fn expect() -> MiniLm {
        use_context::<MiniLm>().unwrap_or_else(MiniLm::new)
    }

    fn new() -> MiniLm {
        let minilm = MiniLm {
            vocab: RwSignal::new(Load::Idle),
            layer: RwSignal::new(Load::Idle),
            tokens: RwSignal::new(Load::Idle),
            table: RwSignal::new(Load::Idle),
            table_wanted: RwSignal::new(false),
        };
        minilm.build_table_when_wanted();
        minilm
    }

    pub fn want_vocab(&self) {
        start(self.vocab, VOCAB_URL, 0, |bytes| {
            let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8 ({e})"))?;
            WordPiece::from_vocab_text(text).map_err(|e| e.to_string())
        });
    }

    pub fn want_layer(&self) {
        start(self.layer, LAYER_URL, asset_len(&LAYER_TENSORS), |bytes| {
            LayerWeights::from_asset(bytes).map_err(|e| e.to_string())
        });
    }

    pub fn want_tokens(&self) {
        start(
            self.tokens,
            TOKENS_URL,
            asset_len(&TOKEN_TENSORS),
            |bytes| TokenEmbeddings::from_asset(bytes).map_err(|e| e.to_string()),
        );
    }

    /// Starts the token table and the vocabulary; the neighbour table is built once both are in.
    pub fn want_table(&self) {
        self.want_vocab();
        self.want_tokens();
        self.table_wanted.set(true);
    }

    /// Builds the neighbour table once it is wanted and the token table and vocabulary are in
    /// (a failure to load either is shown by that asset's own status).
    fn build_table_when_wanted(self) {
        Effect::new(move |_| {
            if !self.table_wanted.get() {
                return;
            }
            let (Some(tokens), Some(vocab)) =
                (self.tokens.with(Load::ready), self.vocab.with(Load::ready))
            else {
                return;
            };
            if !matches!(self.table.get_untracked(), Load::Idle) {
                return;
            }
            self.table.set(Load::Loading(0));
            spawn_local(async move {
                // Decoding 11.7 million values takes a moment: let the message paint first.
                yield_to_event_loop().await;
                let started = now_ms();
                let built = match token_table(&tokens, vocab.vocab()) {
                    Ok(table) => Load::Ready(
                        Arc::new(table),
                        Timing {
                            // Nothing fetched: built from the token table already in.
                            bytes: 0,
                            fetch_ms: 0.0,
                            build_ms: now_ms() - started,
                        },
                    ),
                    Err(e) => Load::Failed(e.to_string()),
                };
                self.table.set(built);
            });
        });
    }
}

/// Fetches `url` into `state` unless that has begun already, then checks and decodes it with `build`.
fn start<T: 'static + Send + Sync>(
    state: RwSignal<Load<T>>,
    url: &'static str,
    expected: u64,
    build: fn(&[u8]) -> Result<T, String>,
) {
    if !matches!(state.get_untracked(), Load::Idle) {
        return;
    }
    state.set(Load::Loading(0));
    spawn_local(async move {
        let progress = |received| state.set(Load::Loading(received));
        let built = fetch_and_build(url, expected as usize, progress, build).await;
        state.set(match built {
            Ok((value, timing)) => Load::Ready(Arc::new(value), timing),
            Err(e) => Load::Failed(e),
        });
    });
}
