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
    /// Piece → where its tokens are in `seen_tokens`.
    seen: FxHashMap<Box<str>, (u32, u32)>,
    seen_tokens: Vec<(Option<u32>, usize)>,
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
        if remembered {
            if let Some(&(start, end)) = scratch.seen.get(piece) {
                out.extend_from_slice(&scratch.seen_tokens[start as usize..end as usize]);
                return;
            }
        }
        let before = out.len();
        self.tokenize_unseen(piece, scratch, out);
        if remembered && scratch.seen.len() < SEEN_PIECES {
            let start = scratch.seen_tokens.len() as u32;
            scratch.seen_tokens.extend_from_slice(&out[before..]);
            let end = scratch.seen_tokens.len() as u32;
            scratch.seen.insert(piece.into(), (start, end));
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
