//! A trained Unigram model in the two files the ecosystem loads:
//! - `tokenizer.json` for Hugging Face `tokenizers`: the pieces and scores as a `Unigram` model
//!   (`<unk>` id 0), `Metaspace` to mark words with `▁`, and a normalizer that strips the ends
//!   and squeezes runs of spaces as sentencepiece's `remove_extra_whitespaces` does;
//! - a SentencePiece `.model` (a serialized `ModelProto`): the pieces with their types, a trainer
//!   spec saying Unigram, and the identity normalizer with sentencepiece's whitespace defaults.
//!
//! With byte fallback the byte pieces are `BYTE` pieces, the trainer spec says `byte_fallback`, and
//! the JSON's decoder turns them back into bytes. Both encode to [`Model::encode`]'s ids. Leaves
//! out: the trainer spec's other fields (sentencepiece fills in its defaults).

use std::fmt::Write;

use super::{Model, META_PIECES};
use crate::bpe::export::{json_string, tokenizer_file};

/// The Hugging Face `tokenizer.json`.
pub fn tokenizer_json(model: &Model) -> String {
    let mut vocab = String::new();
    for (n, (piece, score)) in model.pieces().iter().enumerate() {
        let sep = if n == 0 { "" } else { "," };
        let _ = write!(vocab, "{sep}\n      [{}, {score:?}]", json_string(piece));
    }
    let metaspace = r#"{"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": true}"#;
    let byte_fallback = model.byte_fallback();
    let decoder = match byte_fallback {
        true => format!(
            r#"{{"type": "Sequence", "decoders": [{{"type": "ByteFallback"}}, {metaspace}]}}"#
        ),
        false => metaspace.to_string(),
    };
    tokenizer_file(
        r#"{"type": "Sequence", "normalizers": [{"type": "Strip", "strip_left": true, "strip_right": true}, {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}]}"#,
        metaspace,
        &decoder,
        &format!(
            r#"{{
    "type": "Unigram",
    "unk_id": 0,
    "byte_fallback": {byte_fallback},
    "vocab": [{vocab}
    ]
  }}"#
        ),
    )
}

/// The SentencePiece `.model` file's bytes.
pub fn model_file(model: &Model) -> Vec<u8> {
    // ModelProto.SentencePiece.Type: NORMAL 1, UNKNOWN 2, CONTROL 3, BYTE 6.
    let fixed = model.fixed_pieces();
    let mut out = Vec::new();
    for (id, (piece, score)) in model.pieces().iter().enumerate() {
        let kind = match id {
            0 => 2,
            id if id < META_PIECES.len() => 3,
            id if id < fixed => 6,
            _ => 1,
        };
        let mut entry = Vec::new();
        bytes_field(&mut entry, 1, piece.as_bytes());
        entry.push(2 << 3 | 5);
        entry.extend_from_slice(&(*score as f32).to_le_bytes());
        varint_field(&mut entry, 3, kind);
        bytes_field(&mut out, 1, &entry);
    }
    // TrainerSpec: model_type (3) UNIGRAM = 1, vocab_size (4), byte_fallback (35).
    let mut trainer = Vec::new();
    varint_field(&mut trainer, 3, 1);
    varint_field(&mut trainer, 4, model.pieces().len() as u64);
    if model.byte_fallback() {
        varint_field(&mut trainer, 35, 1);
    }
    bytes_field(&mut out, 2, &trainer);
    // NormalizerSpec: name, add_dummy_prefix, remove_extra_whitespaces, escape_whitespaces.
    let mut normalizer = Vec::new();
    bytes_field(&mut normalizer, 1, b"identity");
    for field in [3, 4, 5] {
        varint_field(&mut normalizer, field, 1);
    }
    bytes_field(&mut out, 3, &normalizer);
    out
}

fn varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn varint_field(out: &mut Vec<u8>, field: u64, value: u64) {
    varint(out, field << 3);
    varint(out, value);
}

fn bytes_field(out: &mut Vec<u8>, field: u64, bytes: &[u8]) {
    varint(out, field << 3 | 2);
    varint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sentencepiece::SentencePiece;
    use crate::unigram::{train, UnigramOptions};

    #[test]
    fn the_model_file_loads_and_encodes_alike() {
        let text =
            "the cat sat on the mat, the cat ate the rat; that rat sat on a hat. ".repeat(30);
        let model = train(&text, UnigramOptions::with_vocab(40)).unwrap();
        let loaded = SentencePiece::from_model_file(&model_file(&model), "trained").unwrap();
        for sample in ["the cat sat", "  a   rat hat  ", "mat, that; cat."] {
            assert_eq!(
                loaded.encode_ids(sample),
                model.encode(sample),
                "{sample:?}"
            );
        }
        let json = tokenizer_json(&model);
        assert!(json.contains("[\"<unk>\", 0.0]"), "{json}");
        assert!(json.contains("\"type\": \"Unigram\""));
    }

    #[test]
    fn byte_fallback_models_load_and_write_unseen_characters_as_bytes() {
        let text =
            "the cat sat on the mat, the cat ate the rat; that rat sat on a hat. ".repeat(30);
        let options = UnigramOptions {
            byte_fallback: true,
            ..UnigramOptions::with_vocab(275)
        };
        let model = train(&text, options).unwrap();
        assert_eq!(model.fixed_pieces(), 259);
        assert_eq!(model.pieces()[3].0, "<0x00>");
        assert_eq!(model.pieces()[258].0, "<0xFF>");
        assert_eq!(model.pieces().len(), 275);
        // 東 is E6 9D B1, é is C3 A9: bytes, never <unk>.
        let ids = model.encode("the 東é cat");
        for byte in [0xE6, 0x9D, 0xB1, 0xC3, 0xA9] {
            assert!(ids.contains(&(3 + byte)), "{byte:X} in {ids:?}");
        }
        assert!(!ids.contains(&0), "{ids:?}");
        let loaded = SentencePiece::from_model_file(&model_file(&model), "trained").unwrap();
        for sample in ["the cat sat", "a 東京 rat 🦀 hat", "mat, thät; cat."] {
            assert_eq!(
                loaded.encode_ids(sample),
                model.encode(sample),
                "{sample:?}"
            );
        }
        let json = tokenizer_json(&model);
        assert!(json.contains("\"byte_fallback\": true"), "{json}");
        assert!(json.contains("\"type\": \"ByteFallback\""));
    }
}
