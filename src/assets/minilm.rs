//! MiniLM's three assets, each a page-wide [`Asset`] (fetched once, only when a view asks for it,
//! shared across the labs): vocab.txt (231 KB) for the WordPiece views, layer.bin (0.8 MB) for the
//! positions and the pipeline, tokens.bin (23 MB, with a progress bar) only once a view that reads the
//! token table is opened. The neighbour search's [`EmbeddingTable`] is built from the token table and
//! the vocabulary on the first search. A missing or damaged asset ends in [`Load::Failed`] with the
//! core's sentence.
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::embed::EmbeddingTable;
use til_core::minilm::asset::{asset_len, LAYER_TENSORS, TOKEN_TENSORS};
use til_core::minilm::neighbours::token_table;
use til_core::minilm::{LayerWeights, TokenEmbeddings};
use til_core::registry;
use til_core::wordpiece::Vocab;

use super::{asset, urls, Asset, Load, Timing};
use crate::browser::{now_ms, yield_to_event_loop};
use crate::worker::Remote;

/// MiniLM's vocabulary: its tokens, read in the page (rows by id, ids by token), and its WordPiece
/// tokenizer, built in the lab's worker, which does every encoding ([`Remote::wordpiece`]), so
/// the normaliser's Unicode tables stay out of the page's wasm.
pub struct Vocabulary {
    pub tokens: Vocab,
    pub tokenizer: Remote,
}

/// The page's one copy of each MiniLM asset; `Copy`, so views capture it freely.
#[derive(Clone, Copy)]
pub struct MiniLm {
    pub vocab: Asset<Vocabulary>,
    pub layer: Asset<LayerWeights>,
    pub tokens: Asset<TokenEmbeddings>,
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
            vocab: asset(registry::WORDPIECE.asset, 0, |url, bytes| {
                let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8 ({e})"))?;
                Ok(Vocabulary {
                    tokens: Vocab::parse(text).map_err(|e| e.to_string())?,
                    tokenizer: Remote::load_shipped(url, bytes)?,
                })
            }),
            layer: asset(urls::MINILM_LAYER, asset_len(&LAYER_TENSORS), |_, bytes| {
                LayerWeights::from_asset(bytes).map_err(|e| e.to_string())
            }),
            tokens: asset(
                urls::MINILM_TOKENS,
                asset_len(&TOKEN_TENSORS),
                |_, bytes| TokenEmbeddings::from_asset(bytes).map_err(|e| e.to_string()),
            ),
            table: RwSignal::new(Load::Idle),
            table_wanted: RwSignal::new(false),
        };
        minilm.build_table_when_wanted();
        minilm
    }

    pub fn want_vocab(&self) {
        self.vocab.want();
    }

    pub fn want_layer(&self) {
        self.layer.want();
    }

    pub fn want_tokens(&self) {
        self.tokens.want();
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
        crate::effect::effect(move || {
            if !self.table_wanted.get() {
                return;
            }
            let (Some(tokens), Some(vocab)) = (self.tokens.ready(), self.vocab.ready()) else {
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
                let built = match token_table(&tokens, &vocab.tokens) {
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
