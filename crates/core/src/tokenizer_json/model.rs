//! The four models a tokenizer.json may hold, behind one call: the tokens of one pre-tokenized
//! piece, each with the bytes of the piece it covers.

use serde_json::Value;

use super::bpe::Bpe;
use super::unigram::Unigram;
use super::word_level::WordLevel;
use super::word_piece::WordPiece;
use super::Unsupported;
use crate::byte_level::merge::Scratch;

use crate::fxhash::FxHashMap;

/// What tokenizing reuses from piece to piece, so a text allocates once, and the tokens of the
/// pieces it has seen: words repeat, and a piece's tokens depend on nothing else (dropout is
/// refused), so each distinct piece is tokenized once.
#[derive(Default)]
pub struct Buffers {
    merge: Scratch,
    merged: Vec<(u32, usize)>,
    /// Pieces of at most 15 bytes (nearly all), keyed by their bytes and length in one number:
    /// a look-up reads one slot, with no key behind a pointer to compare (encoding is bound by
    /// this table's memory latency).
    seen_short: FxHashMap<u128, Seen>,
    seen_long: FxHashMap<Box<str>, Seen>,
    seen_tokens: Vec<(Option<u32>, usize)>,
}

/// The tokens of a piece seen before.
#[derive(Clone, Copy)]
enum Seen {
    /// The piece is one token (most words are).
    Whole(Option<u32>),
    /// Where its tokens are in `seen_tokens`.
    At(u32, u32),
}

/// `piece`'s bytes and, in the last byte, its length, if it fits.
fn short_key(piece: &str) -> Option<u128> {
    let bytes = piece.as_bytes();
    (bytes.len() < 16).then(|| {
        let mut key = [0u8; 16];
        key[..bytes.len()].copy_from_slice(bytes);
        key[15] = bytes.len() as u8;
        u128::from_le_bytes(key)
    })
}

/// Longer pieces are not remembered (a text with no pre-tokenizer is one long piece), nor more
/// than this many pieces (memory stays bounded on any text).
const SEEN_PIECE_LEN: usize = 64;
const SEEN_PIECES: usize = 1 << 20;

#[derive(Clone, Debug)]
pub enum Model {
    Bpe(Box<Bpe>),
    WordPiece(WordPiece),
    Unigram(Unigram),
    WordLevel(WordLevel),
}

/// Vocabularies larger than this are refused (a damaged id would otherwise ask for gigabytes).
const MAX_VOCAB: u64 = 1 << 24;

impl Model {
    /// The model in `json` and its vocabulary, id → token (`None` for an id it skips).
    pub fn from_json(
        json: &Value,
        byte_level: bool,
    ) -> Result<(Model, Vec<Option<String>>), Unsupported> {
        let kind = json["type"].as_str().unwrap_or("(no type)");
        if kind == "Unigram" {
            let (model, vocab) = Unigram::from_json(json)?;
            return Ok((Model::Unigram(model), vocab));
        }
        let component = format!("the {kind} model");
        let vocab = vocab_by_id(&json["vocab"], &component)?;
        let model = match kind {
            "BPE" => Model::Bpe(Box::new(Bpe::from_json(json, &vocab, byte_level)?)),
            "WordPiece" => Model::WordPiece(WordPiece::from_json(json, by_token(&vocab))),
            "WordLevel" => Model::WordLevel(WordLevel::from_json(json, by_token(&vocab))),
            _ => return Err(Unsupported::new(&component, "it is not supported")),
        };
        Ok((model, vocab))
    }

    /// The tokens of `piece` appended to `out`, each with the bytes of `piece` it covers (`None`:
    /// an unknown stretch the vocabulary has no token for).
    pub fn tokenize(
        &self,
        piece: &str,
        scratch: &mut Buffers,
        out: &mut Vec<(Option<u32>, usize)>,
    ) {
        let remembered = piece.len() <= SEEN_PIECE_LEN;
        let key = short_key(piece);
        if remembered {
            let seen = match key {
                Some(key) => scratch.seen_short.get(&key),
                None => scratch.seen_long.get(piece),
            };
            match seen {
                Some(&Seen::Whole(id)) => return out.push((id, piece.len())),
                Some(&Seen::At(start, end)) => {
                    return out
                        .extend_from_slice(&scratch.seen_tokens[start as usize..end as usize])
                }
                None => {}
            }
        }
        let before = out.len();
        self.tokenize_unseen(piece, scratch, out);
        if remembered && scratch.seen_short.len() + scratch.seen_long.len() < SEEN_PIECES {
            let seen = match out[before..] {
                [(id, len)] if len == piece.len() => Seen::Whole(id),
                ref tokens => {
                    let start = scratch.seen_tokens.len() as u32;
                    scratch.seen_tokens.extend_from_slice(tokens);
                    Seen::At(start, scratch.seen_tokens.len() as u32)
                }
            };
            match key {
                Some(key) => scratch.seen_short.insert(key, seen),
                None => scratch.seen_long.insert(piece.into(), seen),
            };
        }
    }

    fn tokenize_unseen(
        &self,
        piece: &str,
        scratch: &mut Buffers,
        out: &mut Vec<(Option<u32>, usize)>,
    ) {
        match self {
            Model::Bpe(bpe) => {
                scratch.merged.clear();
                bpe.tokenize(piece, &mut scratch.merge, &mut scratch.merged);
                out.extend(scratch.merged.iter().map(|&(id, len)| (Some(id), len)));
            }
            Model::WordPiece(wp) => wp.tokenize(piece, out),
            Model::Unigram(unigram) => unigram.tokenize(piece, out),
            Model::WordLevel(wl) => out.push((wl.token(piece), piece.len())),
        }
    }
}

/// token → id.
fn by_token(vocab: &[Option<String>]) -> FxHashMap<String, u32> {
    vocab
        .iter()
        .enumerate()
        .filter_map(|(id, t)| Some((t.clone()?, id as u32)))
        .collect()
}

/// `{"token": id, …}` as id → token.
pub(super) fn vocab_by_id(
    json: &Value,
    component: &str,
) -> Result<Vec<Option<String>>, Unsupported> {
    let map = json
        .as_object()
        .ok_or_else(|| Unsupported::new(component, "it has no vocab object"))?;
    let mut vocab: Vec<Option<String>> = Vec::with_capacity(map.len());
    for (token, id) in map {
        let id = id.as_u64().filter(|&id| id < MAX_VOCAB).ok_or_else(|| {
            Unsupported::new(
                component,
                &format!("the id of `{token}` is not a whole number below 2^24"),
            )
        })? as usize;
        if vocab.len() <= id {
            vocab.resize(id + 1, None);
        }
        vocab[id] = Some(token.clone());
    }
    Ok(vocab)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The piece cache keys short pieces by their bytes and length: pieces that pad alike ("a",
    /// "a\0"), one of 15 bytes and one of 16 (the map of longer pieces) each keep their own token.
    #[test]
    fn seen_pieces_keep_their_own_tokens() {
        let words = ["a", "a\0", "abcdefghijklmno", "abcdefghijklmnop"];
        let vocab: serde_json::Map<String, Value> = (0..)
            .zip(words)
            .map(|(id, word)| (word.to_string(), json!(id)))
            .collect();
        let (model, _) = Model::from_json(&json!({"type": "WordLevel", "vocab": vocab}), false)
            .expect("a WordLevel model");
        let mut scratch = Buffers::default();
        for _ in 0..2 {
            for (id, word) in (0..).zip(words) {
                let mut out = Vec::new();
                model.tokenize(word, &mut scratch, &mut out);
                assert_eq!(out, [(Some(id), word.len())], "{word:?}");
            }
        }
        assert_eq!((scratch.seen_short.len(), scratch.seen_long.len()), (3, 1));
    }
}
