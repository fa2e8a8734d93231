//! A model's pieces as the segmenters look them up, split as SentencePiece splits them: pieces
//! that segmentation may produce (normal, user-defined, unused) apart from reserved ones (unknown,
//! control, byte), which only a whole-piece lookup finds. Leaves out: the segmentation itself
//! (bpe.rs, unigram.rs).

use super::model_file::{byte_of_piece, Entry, Kind};
use super::user_symbols::UserSymbols;
use super::SentencePieceError;
use crate::fxhash::FxHashMap;

/// Lookup tables over a model's pieces; ids are indices into the model's piece list.
#[derive(Clone, Debug)]
pub(super) struct Vocab {
    pub entries: Vec<Entry>,
    segmentable: FxHashMap<String, u32>,
    reserved: FxHashMap<String, u32>,
    pub unknown: u32,
    /// Each byte's `<0xXX>` piece, when the model has byte fallback.
    pub bytes: Option<[u32; 256]>,
    pub users: UserSymbols,
    /// No segmentable piece has `▁` after another character, so no piece can cross from a
    /// character into a following `▁`: BPE may treat the text between such places on its own.
    pub words_are_independent: bool,
}

impl Vocab {
    /// Tables over checked entries (model_file.rs: one unknown piece); a piece repeated within
    /// either table is an error, as in SentencePiece.
    pub fn new(entries: &[Entry]) -> Result<Vocab, SentencePieceError> {
        let mut segmentable = FxHashMap::default();
        let mut reserved = FxHashMap::default();
        let mut unknown = 0;
        let mut bytes = [u32::MAX; 256];
        for (id, entry) in entries.iter().enumerate() {
            let id = id as u32;
            let table = match entry.kind {
                Kind::Normal | Kind::UserDefined | Kind::Unused => &mut segmentable,
                Kind::Unknown | Kind::Control | Kind::Byte => &mut reserved,
            };
            if table.insert(entry.piece.clone(), id).is_some() {
                return Err(SentencePieceError::BadPiece { id: id as usize });
            }
            if entry.kind == Kind::Unknown {
                unknown = id;
            }
            if let Some(byte) = byte_of_piece(&entry.piece).filter(|_| entry.kind == Kind::Byte) {
                bytes[usize::from(byte)] = id;
            }
        }
        let users = UserSymbols::new(
            entries
                .iter()
                .enumerate()
                .filter(|(_, e)| e.kind == Kind::UserDefined)
                .map(|(id, e)| (e.piece.as_str(), id as u32)),
        );
        let words_are_independent = segmentable.keys().all(|piece| {
            let inner = piece.trim_start_matches('\u{2581}');
            !inner.contains('\u{2581}')
        });
        Ok(Vocab {
            words_are_independent,
            entries: entries.to_vec(),
            segmentable,
            reserved,
            unknown,
            bytes: bytes.iter().all(|&id| id != u32::MAX).then_some(bytes),
            users,
        })
    }

    /// The id of `piece` if segmentation may produce it.
    pub fn mergeable(&self, piece: &str) -> Option<u32> {
        self.segmentable.get(piece).copied()
    }

    /// `PieceToId`: reserved pieces first, then the others, else the unknown piece.
    pub fn id_of(&self, piece: &str) -> u32 {
        self.reserved
            .get(piece)
            .or_else(|| self.segmentable.get(piece))
            .copied()
            .unwrap_or(self.unknown)
    }

    pub fn score(&self, id: u32) -> f32 {
        self.entries[id as usize].score
    }

    pub fn kind(&self, id: u32) -> Kind {
        self.entries[id as usize].kind
    }

    pub fn is_unused(&self, id: u32) -> bool {
        self.kind(id) == Kind::Unused
    }
}
