//! A SentencePiece `.model` file (a serialized `ModelProto`, sentencepiece_model.proto) read into
//! what encoding needs: the pieces with their scores and types, the model type, byte fallback, the
//! whitespace options and the normalizer (its precompiled charsmap, possibly empty). Checked as
//! SentencePiece's own loader checks it: pieces non-empty, exactly one unknown piece,
//! all 256 byte pieces when byte fallback is on. Leaves out: training options that do not change
//! encoding, the self-test data and the denormalizer.

use super::protobuf::{Fields, Malformed, Value};
use super::SentencePieceError;

/// What a piece is for (`ModelProto.SentencePiece.Type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Normal,
    Unknown,
    Control,
    UserDefined,
    Unused,
    Byte,
}

/// One vocabulary entry; its id is its index.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub piece: String,
    pub score: f32,
    pub kind: Kind,
}

/// The segmentation algorithm (`TrainerSpec.model_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    Unigram,
    Bpe,
}

/// `NormalizerSpec`: the proto's defaults where a field is absent.
#[derive(Clone, Debug, PartialEq)]
pub struct NormalizerSpec {
    /// `identity`, `nmt_nfkc`, …: a label; the charsmap is what acts.
    pub name: String,
    pub precompiled_charsmap: Vec<u8>,
    pub add_dummy_prefix: bool,
    pub remove_extra_whitespaces: bool,
    pub escape_whitespaces: bool,
}

/// The parts of a model file that change how text is encoded.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelFile {
    pub pieces: Vec<Entry>,
    pub algorithm: Algorithm,
    pub byte_fallback: bool,
    pub treat_whitespace_as_suffix: bool,
    /// What an unknown piece decodes to (` ⁇ ` by default).
    pub unk_surface: String,
    pub normalizer: NormalizerSpec,
}

/// `<0x41>` → 0x41, as SentencePiece writes byte pieces.
pub fn byte_of_piece(piece: &str) -> Option<u8> {
    let hex = piece.strip_prefix("<0x")?.strip_suffix('>')?;
    (hex.len() == 2)
        .then(|| u8::from_str_radix(hex, 16).ok())
        .flatten()
}

fn malformed(part: &'static str) -> impl Fn(Malformed) -> SentencePieceError {
    move |m| SentencePieceError::Malformed { part, at: m.at }
}

fn text(bytes: &[u8], part: &'static str) -> Result<String, SentencePieceError> {
    String::from_utf8(bytes.to_vec()).map_err(|_| SentencePieceError::NotUtf8 { part })
}

fn entry(bytes: &[u8]) -> Result<Entry, SentencePieceError> {
    let mut entry = Entry {
        piece: String::new(),
        score: 0.0,
        kind: Kind::Normal,
    };
    for field in Fields::new(bytes) {
        match field.map_err(malformed("a piece"))? {
            (1, Value::Bytes(b)) => entry.piece = text(b, "a piece")?,
            (2, Value::Fixed32(bits)) => entry.score = f32::from_bits(bits),
            (3, Value::Varint(code)) => {
                entry.kind = match code {
                    1 => Kind::Normal,
                    2 => Kind::Unknown,
                    3 => Kind::Control,
                    4 => Kind::UserDefined,
                    5 => Kind::Unused,
                    6 => Kind::Byte,
                    other => return Err(SentencePieceError::UnknownPieceType { code: other }),
                }
            }
            _ => {}
        }
    }
    Ok(entry)
}

fn normalizer(bytes: &[u8], spec: &mut NormalizerSpec) -> Result<(), SentencePieceError> {
    for field in Fields::new(bytes) {
        match field.map_err(malformed("the normalizer"))? {
            (1, Value::Bytes(b)) => spec.name = text(b, "the normalizer's name")?,
            (2, Value::Bytes(b)) => spec.precompiled_charsmap = b.to_vec(),
            (3, Value::Varint(v)) => spec.add_dummy_prefix = v != 0,
            (4, Value::Varint(v)) => spec.remove_extra_whitespaces = v != 0,
            (5, Value::Varint(v)) => spec.escape_whitespaces = v != 0,
            _ => {}
        }
    }
    Ok(())
}

impl ModelFile {
    /// Reads and checks a `.model` file's bytes.
    pub fn parse(bytes: &[u8]) -> Result<ModelFile, SentencePieceError> {
        let mut model = ModelFile {
            pieces: Vec::new(),
            algorithm: Algorithm::Unigram,
            byte_fallback: false,
            treat_whitespace_as_suffix: false,
            unk_surface: " \u{2047} ".to_string(),
            normalizer: NormalizerSpec {
                name: String::new(),
                precompiled_charsmap: Vec::new(),
                add_dummy_prefix: true,
                remove_extra_whitespaces: true,
                escape_whitespaces: true,
            },
        };
        for field in Fields::new(bytes) {
            match field.map_err(malformed("the model"))? {
                (1, Value::Bytes(b)) => model.pieces.push(entry(b)?),
                (2, Value::Bytes(b)) => model.trainer_spec(b)?,
                (3, Value::Bytes(b)) => normalizer(b, &mut model.normalizer)?,
                _ => {}
            }
        }
        model.check()?;
        Ok(model)
    }

    fn trainer_spec(&mut self, bytes: &[u8]) -> Result<(), SentencePieceError> {
        for field in Fields::new(bytes) {
            match field.map_err(malformed("the trainer spec"))? {
                (3, Value::Varint(code)) => {
                    self.algorithm = match code {
                        1 => Algorithm::Unigram,
                        2 => Algorithm::Bpe,
                        3 => return Err(SentencePieceError::UnsupportedAlgorithm("WORD")),
                        4 => return Err(SentencePieceError::UnsupportedAlgorithm("CHAR")),
                        _ => return Err(SentencePieceError::UnsupportedAlgorithm("unknown")),
                    }
                }
                (24, Value::Varint(v)) => self.treat_whitespace_as_suffix = v != 0,
                (35, Value::Varint(v)) => self.byte_fallback = v != 0,
                (44, Value::Bytes(b)) => self.unk_surface = text(b, "the unknown surface")?,
                _ => {}
            }
        }
        Ok(())
    }

    fn check(&self) -> Result<(), SentencePieceError> {
        // Repeated pieces are found as the lookup tables are built (vocab.rs).
        let mut bytes = [false; 256];
        let mut unknowns = 0;
        for (id, entry) in self.pieces.iter().enumerate() {
            if entry.piece.is_empty() {
                return Err(SentencePieceError::BadPiece { id });
            }
            match entry.kind {
                Kind::Unknown => unknowns += 1,
                Kind::Byte => {
                    let byte = byte_of_piece(&entry.piece)
                        .filter(|_| self.byte_fallback)
                        .ok_or(SentencePieceError::BadPiece { id })?;
                    bytes[usize::from(byte)] = true;
                }
                _ => {}
            }
        }
        if unknowns != 1 {
            return Err(SentencePieceError::UnknownPieces { count: unknowns });
        }
        if let Some(byte) = (0..256).find(|&b| self.byte_fallback && !bytes[b]) {
            return Err(SentencePieceError::MissingByte { byte: byte as u8 });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::byte_of_piece;

    #[test]
    fn byte_pieces_are_two_hex_digits_in_angle_brackets() {
        assert_eq!(byte_of_piece("<0x0A>"), Some(10));
        assert_eq!(byte_of_piece("<0xFF>"), Some(255));
        assert_eq!(byte_of_piece("<0x1>"), None);
        assert_eq!(byte_of_piece("<0xGG>"), None);
        assert_eq!(byte_of_piece("0x41"), None);
    }
}
