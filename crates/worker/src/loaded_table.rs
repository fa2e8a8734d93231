//! SmolLM2's token table as a worker holds it: the rows, each token's bytes, the control tokens and
//! the tokenizer (to say which rows a word is, and whether text makes a token), built from the three
//! files the page posts. Leaves out: what is done with it (token_table.rs).

use std::sync::Arc;

use til_core::chat::config::ChatConfig;
use til_core::registry::{self, Shipped};
use til_core::smollm2::token_table::TokenTable;
use til_core::smollm2::{asset, layer0};

/// The table and what reads it.
pub struct Loaded {
    /// Shared with the neighbour scan's backends (token_backend.rs).
    pub table: Arc<TokenTable>,
    /// Each token's bytes, id order.
    pub tokens: Vec<Vec<u8>>,
    /// The control tokens' ids (GGUF token type 3).
    pub controls: Vec<u32>,
    pub tokenizer: Box<dyn Shipped>,
    /// The last ranking's indicator for every row, once one has finished.
    pub indicator: Option<Vec<f64>>,
}

impl Loaded {
    /// From `smollm2/layer0.bin`, the vocabulary `smollm2/smollm2.bin` and the control tokens of
    /// `smollm2/chat.bin`.
    pub fn build(layer: Vec<u8>, vocab: &[u8], chat: &[u8]) -> Result<Loaded, String> {
        let layer = layer0::parse(layer).map_err(|e| format!("layer0.bin: {e}"))?;
        let table = TokenTable::from_layer0(&layer).map_err(|e| format!("layer0.bin: {e}"))?;
        let (words, _) = asset::parse(vocab).map_err(|e| e.to_string())?;
        if words.len() != table.vocab {
            return Err(format!(
                "the vocabulary has {} tokens and the table {} rows",
                words.len(),
                table.vocab
            ));
        }
        let config = ChatConfig::read(chat).map_err(|e| format!("chat.bin: {e}"))?;
        let tokenizer = registry::SMOLLM2.build(vocab)?;
        Ok(Loaded {
            tokens: words.iter().map(|w| w.to_vec()).collect(),
            controls: config.special_tokens.iter().map(|&(_, id)| id).collect(),
            tokenizer,
            table: Arc::new(table),
            indicator: None,
        })
    }
}
