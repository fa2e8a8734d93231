//! Which row of MiniLM's token table a typed word is. A token written as the vocabulary writes it
//! (`##ing`, `[CLS]`, `[unused0]`) is its own row; anything else goes through the tokenizer, as the
//! model would read it: one piece is one row ("King" is the row of `king`, the table being uncased),
//! several pieces or `[UNK]` have no single row, and the view shows the pieces instead. Leaves out:
//! tokenizing itself (the core's WordPiece, in the lab's worker).
use til_core::wordpiece::{Token, UNK};

use crate::assets::minilm::Vocabulary;
use crate::worker::Remote;

/// Longest query tokenized: the search box takes a word, not a document.
const MAX_QUERY_CHARS: usize = 200;

#[derive(Clone, Debug, PartialEq)]
pub enum Resolved {
    Empty,
    /// One row of the table: its id and token.
    Row {
        id: u32,
        token: String,
    },
    /// No single row: the pieces the tokenizer makes of the query (`[CLS]` and `[SEP]` left out),
    /// and whether the query was cut to `MAX_QUERY_CHARS`.
    Pieces {
        pieces: Vec<Token>,
        cut: bool,
    },
}

/// The row `query` is, or the pieces it becomes; an error if the worker cannot say.
pub async fn resolve(vocabulary: &Vocabulary, query: &str) -> Result<Resolved, String> {
    let query = query.trim();
    if query.is_empty() {
        return Ok(Resolved::Empty);
    }
    if let Some(id) = vocabulary.tokens.id(query) {
        return Ok(Resolved::Row {
            id,
            token: query.to_string(),
        });
    }
    let (query, cut) = match query.char_indices().nth(MAX_QUERY_CHARS) {
        Some((at, _)) => (&query[..at], true),
        None => (query, false),
    };
    let mut tokens = Remote::wordpiece(query).await?.tokens;
    // Without the [CLS] in front and the [SEP] at the end that every encoding has.
    tokens.pop();
    tokens.remove(0);
    Ok(match tokens.as_slice() {
        [] => Resolved::Empty,
        [one] if one.text != UNK => Resolved::Row {
            id: one.id,
            token: one.text.clone(),
        },
        _ => Resolved::Pieces {
            pieces: tokens,
            cut,
        },
    })
}
