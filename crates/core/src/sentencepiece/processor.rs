//! A loaded SentencePiece model behind the lab's [`Tokenizer`] interface: normalize, segment, then
//! turn pieces into ids as `sentencepiece_processor.cc` does (byte fallback for unknown pieces, or
//! one unknown id per run of them), and decode ids back as its decoder does (`▁` to spaces, the
//! dummy prefix dropped, byte pieces joined into UTF-8 with U+FFFD for broken sequences).

use std::ops::Range;

use super::bpe;
use super::charsmap::Charsmap;
use super::model_file::{byte_of_piece, Algorithm, Kind, ModelFile};
use super::normalizer::{Normalized, Normalizer};
use super::unigram::Lattice;
use super::vocab::Vocab;
use super::SentencePieceError;
use crate::tokenizer::{Piece, Tokenizer, UnknownId};

#[derive(Clone, Debug)]
pub(super) enum Segmenter {
    Bpe,
    Unigram(Lattice),
}

/// A SentencePiece model, ready to encode and decode.
#[derive(Clone, Debug)]
pub struct SentencePiece {
    name: String,
    pub(super) vocab: Vocab,
    pub(super) normalizer: Normalizer,
    pub(super) segmenter: Segmenter,
    unk_surface: String,
    /// Whether decoding drops the `▁` that starts the text.
    strips_leading_space: bool,
    strips_every_leading_space: bool,
}

impl SentencePiece {
    /// Reads a `.model` file's bytes; `name` is how headings and messages call it.
    pub fn from_model_file(bytes: &[u8], name: &str) -> Result<SentencePiece, SentencePieceError> {
        let model = ModelFile::parse(bytes)?;
        let charsmap = match &model.normalizer.precompiled_charsmap[..] {
            [] => None,
            blob => Some(Charsmap::parse(blob)?),
        };
        let normalizer = Normalizer::new(
            &model.normalizer,
            charsmap,
            model.treat_whitespace_as_suffix,
        );
        let mut vocab = Vocab::new(&model.pieces)?;
        if !model.byte_fallback {
            vocab.bytes = None;
        }
        let segmenter = match model.algorithm {
            Algorithm::Bpe => Segmenter::Bpe,
            Algorithm::Unigram => Segmenter::Unigram(Lattice::new(&vocab)),
        };
        let spec = &model.normalizer;
        Ok(SentencePiece {
            name: name.to_string(),
            vocab,
            normalizer,
            segmenter,
            unk_surface: model.unk_surface,
            strips_leading_space: spec.add_dummy_prefix || spec.remove_extra_whitespaces,
            strips_every_leading_space: spec.remove_extra_whitespaces,
        })
    }

    /// The score of a piece the segmenters may produce (`GetScore` of its id).
    pub fn piece_score(&self, piece: &str) -> Option<f32> {
        self.vocab.mergeable(piece).map(|id| self.vocab.score(id))
    }

    /// The ids of `text`, as `SentencePieceProcessor.encode(text)`; without spans, which would
    /// take three times the memory of the ids on a large text.
    pub fn encode_ids(&self, text: &str) -> Vec<u32> {
        let normalized = self.normalizer.normalize(text, &self.vocab.users);
        let segments = self.segments(&normalized.text);
        let mut ids = Vec::with_capacity(segments.len());
        self.each_token(&normalized, &segments, |id, _, _| ids.extend(id));
        ids
    }

    /// Each token's id and the input bytes it stands for.
    fn tokens(&self, text: &str) -> Vec<(u32, Range<usize>)> {
        let normalized = self.normalizer.normalize(text, &self.vocab.users);
        let segments = self.segments(&normalized.text);
        let mut tokens: Vec<(u32, Range<usize>)> = Vec::with_capacity(segments.len());
        self.each_token(&normalized, &segments, |id, span, _| match id {
            Some(id) => tokens.push((id, span)),
            None => {
                tokens
                    .last_mut()
                    .expect("an unknown piece came before")
                    .1
                    .end = span.end
            }
        });
        tokens
    }

    /// The pieces of normalized text on the model's path: byte ranges with their ids.
    pub(super) fn segments(&self, norm: &str) -> Vec<(usize, usize, u32)> {
        match &self.segmenter {
            Segmenter::Bpe => bpe::segment_words(&self.vocab, norm),
            Segmenter::Unigram(lattice) => lattice.segment(&self.vocab, norm),
        }
    }

    /// Calls `f(id, input span, segment index)` for each token the segments make, in order: an
    /// unknown piece becomes its UTF-8 bytes with byte fallback, and without it one unknown id per
    /// run of unknown pieces (`f(None, span, …)` for a piece that lengthens the token before).
    pub(super) fn each_token(
        &self,
        normalized: &Normalized,
        segments: &[(usize, usize, u32)],
        mut f: impl FnMut(Option<u32>, Range<usize>, usize),
    ) {
        let norm = normalized.text.as_str();
        let mut previous_unknown = false;
        for (index, &(start, end, id)) in segments.iter().enumerate() {
            let span = normalized.to_input[start]..normalized.to_input[end];
            let unknown = self.vocab.kind(id) == Kind::Unknown;
            match (unknown, self.vocab.bytes) {
                (true, Some(bytes)) => {
                    // The last byte holds the character's surface; the others are empty there.
                    let raw = &norm.as_bytes()[start..end];
                    for (i, &b) in raw.iter().enumerate() {
                        let last = i + 1 == raw.len();
                        let end = if last { span.end } else { span.start };
                        f(Some(bytes[usize::from(b)]), span.start..end, index);
                    }
                }
                (true, None) if previous_unknown => f(None, span, index),
                _ => f(Some(id), span, index),
            }
            previous_unknown = unknown;
        }
    }
}

impl Tokenizer for SentencePiece {
    fn name(&self) -> &str {
        &self.name
    }

    fn vocab_size(&self) -> usize {
        self.vocab.entries.len()
    }

    fn encode(&self, text: &str) -> Vec<Piece> {
        self.tokens(text)
            .into_iter()
            .map(|(id, span)| Piece {
                id: Some(id),
                span,
                display: self.vocab.entries[id as usize].piece.clone(),
            })
            .collect()
    }

    /// As `DecodeIds`: control pieces vanish, the unknown piece reads as its surface (` ⁇ `).
    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId> {
        let mut text = String::new();
        let mut bytes: Vec<u8> = Vec::new();
        let mut at_start = true;
        let mut leading_space_taken = false;
        for (position, &id) in ids.iter().enumerate() {
            let entry = self.vocab.entries.get(id as usize).ok_or(UnknownId {
                id,
                position,
                vocab_size: self.vocab.entries.len(),
                reserved: 0,
            })?;
            if entry.kind == Kind::Byte {
                bytes.extend(byte_of_piece(&entry.piece));
                continue;
            }
            flush_bytes(&mut bytes, &mut text);
            if leading_space_taken || !text.is_empty() {
                at_start = false;
            }
            leading_space_taken = false;
            match entry.kind {
                Kind::Control => {}
                Kind::Unknown => text.push_str(&self.unk_surface),
                _ => {
                    let mut piece = entry.piece.as_str();
                    if at_start && self.strips_leading_space {
                        if let Some(rest) = piece.strip_prefix('\u{2581}') {
                            piece = rest;
                            leading_space_taken = !self.strips_every_leading_space;
                        }
                    }
                    text.push_str(&piece.replace('\u{2581}', " "));
                }
            }
        }
        flush_bytes(&mut bytes, &mut text);
        Ok(text)
    }
}

/// Byte pieces as text: each valid UTF-8 character, or U+FFFD for each byte that starts none.
fn flush_bytes(bytes: &mut Vec<u8>, text: &mut String) {
    let mut rest = &bytes[..];
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                text.push_str(valid);
                break;
            }
            Err(error) => {
                let (valid, after) = rest.split_at(error.valid_up_to());
                text.push_str(std::str::from_utf8(valid).expect("checked valid"));
                text.push('\u{FFFD}');
                rest = &after[1..];
            }
        }
    }
    bytes.clear();
}
