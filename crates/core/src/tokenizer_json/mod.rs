//! Any Hugging Face `tokenizer.json`, run as `tokenizers` 0.23 runs it, in its order:
//!
//! 1. added tokens with `normalized: false` are found in the raw text ([`added`]);
//! 2. each stretch between them is normalized ([`normalizer`]), each byte remembering where in the
//!    input it came from ([`normalized`]), and the other added tokens are found in it;
//! 3. the rest is cut by the pre-tokenizer ([`pre_tokenizer`], with [`pattern`]);
//! 4. the model makes each piece tokens ([`model`]: [`bpe`] through the one merge loop,
//!    [`word_piece`], [`unigram`], [`word_level`]);
//! 5. with special tokens, the post-processor puts its tokens around them ([`post_processor`]).
//!
//! Decoding runs the decoder over the tokens' strings ([`decoder`]). A file that uses a component
//! or an option this does not run is refused with one line naming it ([`Unsupported`]); no file
//! makes it panic. Leaves out: truncation, padding, pairs of texts.

pub mod added;
pub mod asset;
pub mod bpe;
pub mod decoder;
mod explain;
pub mod known_pattern;
pub mod model;
pub mod normalized;
pub mod normalizer;
pub mod pattern;
pub mod post_processor;
pub mod pre_tokenizer;
mod unicode_scripts;
pub mod unigram;
pub mod word_level;
pub mod word_piece;

use std::fmt;

use serde_json::Value;

use self::added::AddedTokens;
use self::decoder::Decoder;
use self::model::{Buffers, Model};
use self::normalized::Normalized;
use self::normalizer::Normalizer;
use self::post_processor::Around;
use self::pre_tokenizer::PreTokenizer;
use crate::tokenizer::{Piece, Tokenizer, UnknownId};

/// Why a file is refused: the component, and what about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    pub component: String,
    pub reason: String,
}

impl Unsupported {
    pub fn new(component: &str, reason: &str) -> Unsupported {
        Unsupported {
            component: component.to_string(),
            reason: reason.to_string(),
        }
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.component, self.reason)
    }
}

impl std::error::Error for Unsupported {}

/// One stretch of a text as steps 1–3 hand it on.
enum Cut<'a> {
    /// Added token `index` of the file's list, found at `span` of the input.
    Added {
        index: usize,
        span: std::ops::Range<usize>,
    },
    /// A pre-token piece for the model.
    Piece(PreToken<'a>),
}

/// A pre-token piece: a range of a normalized text (the pieces of a pre-tokenizer that only cuts
/// stay ranges of one text, which saves a copy of each), or the whole of a text of its own.
struct PreToken<'a> {
    text: &'a Normalized,
    range: std::ops::Range<usize>,
}

impl PreToken<'_> {
    fn as_str(&self) -> &str {
        &self.text.as_str()[self.range.clone()]
    }

    /// The original input that the piece's bytes `range` came from, as [`Normalized::original`]
    /// gives it for a piece of its own (an empty range at its end: where its last byte ends).
    fn original(&self, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let (offset, len) = (self.range.start, self.range.len());
        if range.is_empty() && range.start >= len && len > 0 {
            let end = self.text.original(offset + len - 1..offset + len).end;
            return end..end;
        }
        self.text.original(offset + range.start..offset + range.end)
    }
}

/// A tokenizer read from a tokenizer.json.
#[derive(Clone, Debug)]
pub struct TokenizerJson {
    name: String,
    added: AddedTokens,
    normalizer: Option<Normalizer>,
    pre_tokenizer: Option<PreTokenizer>,
    model: Model,
    around: Around,
    decoder: Option<Decoder>,
    /// id → token string: the model's vocabulary, then the added tokens.
    tokens: Vec<Option<String>>,
}

impl TokenizerJson {
    /// The tokenizer in `text`, named `name`.
    pub fn from_str(text: &str, name: &str) -> Result<TokenizerJson, Unsupported> {
        let json: Value = serde_json::from_str(text)
            .map_err(|e| Unsupported::new("the file", &format!("it is not JSON ({e})")))?;
        TokenizerJson::from_json(&json, name)
    }

    pub fn from_json(json: &Value, name: &str) -> Result<TokenizerJson, Unsupported> {
        if !json.is_object() {
            return Err(Unsupported::new("the file", "it is not a JSON object"));
        }
        for key in ["truncation", "padding"] {
            if !json[key].is_null() {
                return Err(Unsupported::new(
                    &format!("the {key} setting"),
                    "it would change the ids; it must be null",
                ));
            }
        }
        TokenizerJson::with_model(json, name, Model::from_json)
    }

    /// The tokenizer `json` describes, its model read by `model` (from the model's JSON and
    /// whether the pieces are bytes): a shipped asset keeps the vocabulary and merges apart.
    pub fn with_model(
        json: &Value,
        name: &str,
        model: impl FnOnce(&Value, bool) -> Result<(Model, Vec<Option<String>>), Unsupported>,
    ) -> Result<TokenizerJson, Unsupported> {
        let normalizer = Normalizer::from_json(&json["normalizer"])?;
        let pre_tokenizer = PreTokenizer::from_json(&json["pre_tokenizer"])?;
        let byte_level = pre_tokenizer
            .as_ref()
            .is_some_and(PreTokenizer::is_byte_level);
        let (model, mut tokens) = model(&json["model"], byte_level)?;
        let added = AddedTokens::from_json(&json["added_tokens"], normalizer.as_ref())?;
        for token in &added.tokens {
            let id = token.id as usize;
            if id >= 1 << 24 {
                return Err(Unsupported::new("the added tokens", "an id is past 2^24"));
            }
            if tokens.len() <= id {
                tokens.resize(id + 1, None);
            }
            tokens[id] = Some(token.content.clone());
        }
        Ok(TokenizerJson {
            name: name.to_string(),
            around: Around::from_json(&json["post_processor"])?,
            decoder: Decoder::from_json(&json["decoder"])?,
            added,
            normalizer,
            pre_tokenizer,
            model,
            tokens,
        })
    }

    /// The tokens of `text`; with `special`, the post-processor's tokens around them (as
    /// `encode(text, add_special_tokens=True)`).
    pub fn encode_with(&self, text: &str, special: bool) -> Vec<Piece> {
        let mut pieces = Vec::new();
        if special {
            self.push_around(&self.around.before, 0, &mut pieces);
        }
        let mut scratch = Buffers::default();
        let mut out = Vec::new();
        self.cut(text, |cut| match cut {
            Cut::Added { index, span } => pieces.push(self.added_piece(index, span)),
            Cut::Piece(piece) => {
                out.clear();
                self.model.tokenize(piece.as_str(), &mut scratch, &mut out);
                let mut at = 0;
                for &(id, len) in &out {
                    pieces.push(Piece {
                        id,
                        span: piece.original(at..at + len),
                        display: self.display(id, &piece.as_str().as_bytes()[at..at + len]),
                    });
                    at += len;
                }
            }
        });
        if special {
            self.push_around(&self.around.after, text.len(), &mut pieces);
        }
        pieces
    }

    /// Steps 1–3: `text` as the model receives it, stretch by stretch, in order.
    fn cut(&self, text: &str, mut each: impl FnMut(Cut<'_>)) {
        for (range, added) in self.added.split(text, false) {
            if let Some(index) = added {
                each(Cut::Added { index, span: range });
                continue;
            }
            let mut stretch = Normalized::new(&text[range.clone()], range.start);
            if let Some(normalizer) = &self.normalizer {
                normalizer.normalize(&mut stretch);
            }
            for (inner, added) in self.added.split(stretch.as_str(), true) {
                if let Some(index) = added {
                    let span = stretch.original(inner);
                    each(Cut::Added { index, span });
                    continue;
                }
                // Most stretches hold no added token: then the part is the stretch, not a copy.
                let sliced;
                let part = match inner == (0..stretch.as_str().len()) {
                    true => &stretch,
                    false => {
                        sliced = stretch.slice(inner);
                        &sliced
                    }
                };
                let whole = |text| PreToken {
                    text,
                    range: 0..text.as_str().len(),
                };
                match &self.pre_tokenizer {
                    Some(p) if p.only_cuts() => p.cut_ranges(part.as_str(), &mut |range| {
                        each(Cut::Piece(PreToken { text: part, range }))
                    }),
                    Some(p) => p.pre_tokenize(vec![part.clone()]).iter().for_each(|piece| {
                        each(Cut::Piece(whole(piece)));
                    }),
                    None if part.is_empty() => {}
                    None => each(Cut::Piece(whole(part))),
                }
            }
        }
    }

    /// The ids of `text` as [`TokenizerJson::encode_with`] has them, without building the
    /// tokens' strings and spans (`None`: a stretch with no token and no unknown token).
    pub fn encode_ids_with(&self, text: &str, special: bool) -> Vec<Option<u32>> {
        let mut ids = Vec::with_capacity(text.len() / 3);
        self.each_id(text, special, |id| ids.push(id));
        ids
    }

    /// The ids of `text` (`encode(text, add_special_tokens=False)`); a stretch with no token and
    /// no unknown token is left out, as the reference leaves it.
    pub fn encode_ids(&self, text: &str) -> Vec<u32> {
        let mut ids = Vec::with_capacity(text.len() / 3);
        self.each_id(text, false, |id| ids.extend(id));
        ids
    }

    /// How many tokens `text` is (`len(encode(text, add_special_tokens=False))`), `None` if a
    /// stretch has no token and no unknown token. `buffers` keep the pieces seen from one call to
    /// the next, so many short texts are counted as quickly as one long one.
    pub fn count(&self, text: &str, buffers: &mut Buffers) -> Option<usize> {
        let (mut count, mut whole) = (0, true);
        self.each_id_in(text, false, buffers, |id| {
            count += 1;
            whole &= id.is_some();
        });
        whole.then_some(count)
    }

    /// Hands each id of [`TokenizerJson::encode_ids_with`] to `f`, in order.
    fn each_id(&self, text: &str, special: bool, f: impl FnMut(Option<u32>)) {
        self.each_id_in(text, special, &mut Buffers::default(), f);
    }

    fn each_id_in(
        &self,
        text: &str,
        special: bool,
        scratch: &mut Buffers,
        mut f: impl FnMut(Option<u32>),
    ) {
        if special {
            self.around.before.iter().for_each(|&id| f(Some(id)));
        }
        let mut out = Vec::new();
        self.cut(text, |cut| match cut {
            Cut::Added { index, .. } => f(Some(self.added.tokens[index].id)),
            Cut::Piece(piece) => {
                out.clear();
                self.model.tokenize(piece.as_str(), scratch, &mut out);
                out.iter().for_each(|&(id, _)| f(id));
            }
        });
        if special {
            self.around.after.iter().for_each(|&id| f(Some(id)));
        }
    }

    /// The text `ids` stand for, as the file's decoder writes it, special tokens kept.
    pub fn decode_ids(&self, ids: &[u32]) -> Result<String, UnknownId> {
        let tokens = ids
            .iter()
            .enumerate()
            .map(|(position, &id)| {
                self.token(id).map(str::to_string).ok_or(UnknownId {
                    id,
                    position,
                    vocab_size: self.tokens.len(),
                    reserved: 0,
                })
            })
            .collect::<Result<Vec<String>, UnknownId>>()?;
        Ok(match &self.decoder {
            Some(decoder) => decoder.decode_chain(tokens).concat(),
            None => tokens.join(" "),
        })
    }

    /// Whether `id` is one of the file's added tokens (special or not).
    pub fn is_added(&self, id: u32) -> bool {
        self.added.tokens.iter().any(|token| token.id == id)
    }

    /// Token `id`'s string.
    pub fn token(&self, id: u32) -> Option<&str> {
        self.tokens.get(id as usize)?.as_deref()
    }

    fn added_piece(&self, index: usize, span: std::ops::Range<usize>) -> Piece {
        let token = &self.added.tokens[index];
        Piece {
            id: Some(token.id),
            span,
            display: token.content.clone(),
        }
    }

    fn push_around(&self, ids: &[u32], at: usize, pieces: &mut Vec<Piece>) {
        pieces.extend(ids.iter().map(|&id| Piece {
            id: Some(id),
            span: at..at,
            display: self.token(id).unwrap_or_default().to_string(),
        }));
    }

    /// The token's string, or (for an unknown stretch) the bytes it covers.
    fn display(&self, id: Option<u32>, bytes: &[u8]) -> String {
        match id.and_then(|id| self.token(id)) {
            Some(token) => token.to_string(),
            None => String::from_utf8_lossy(bytes).into_owned(),
        }
    }
}

impl Tokenizer for TokenizerJson {
    fn name(&self) -> &str {
        &self.name
    }

    fn vocab_size(&self) -> usize {
        self.tokens.len()
    }

    fn encode(&self, text: &str) -> Vec<Piece> {
        self.encode_with(text, false)
    }

    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId> {
        self.decode_ids(ids)
    }
}
