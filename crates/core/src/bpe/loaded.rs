//! A BPE tokenizer rebuilt from its vocabulary and merge table, as a `tokenizer.json` holds them
//! (the caller reads the file): whitespace words with or without `</w>`, or byte-level chunks of a
//! pattern. Encodes and decodes exactly as the trained run it was exported from.
//!
//! Checked on loading: ids are unique, every merge's parts and result are in the vocabulary, and a
//! byte-level vocabulary has all 256 bytes. Leaves out: reading JSON, dropout, unknown tokens.

use std::collections::HashMap;

use super::byte_level::{byte_alphabet, Pattern};
use super::tokenizer::{decode_ids, encode_text};
use super::{BpeError, Encoder};
use crate::tokenizer::{Piece, Tokenizer, UnknownId};

/// A BPE model from files.
#[derive(Clone, Debug)]
pub struct LoadedBpe {
    name: String,
    encoder: Encoder,
    ids: HashMap<String, u32>,
    /// id -> symbol; None where the file skips an id.
    symbols: Vec<Option<String>>,
    byte_level: Option<Pattern>,
}

impl LoadedBpe {
    /// `vocab` as (symbol, id), `merges` in rank order.
    pub fn new(
        name: &str,
        vocab: Vec<(String, u32)>,
        merges: Vec<(String, String)>,
        end_of_word: bool,
        byte_level: Option<Pattern>,
    ) -> Result<LoadedBpe, BpeError> {
        let bad = |why: String| Err(BpeError::BadModel(why));
        // 1. The vocabulary both ways; an id twice, or ids past 2^31, are refused.
        let size = vocab
            .iter()
            .map(|&(_, id)| id as usize + 1)
            .max()
            .unwrap_or(0);
        if size > 1 << 31 {
            return bad(format!("token id {} is too large", size - 1));
        }
        let mut symbols = vec![None; size];
        let mut ids = HashMap::with_capacity(vocab.len());
        for (symbol, id) in vocab {
            if symbols[id as usize].is_some() {
                return bad(format!("token id {id} is given twice"));
            }
            symbols[id as usize] = Some(symbol.clone());
            if ids.insert(symbol.clone(), id).is_some() {
                return bad(format!("the token `{symbol}` is given twice"));
            }
        }
        // 2. Every merge builds from and into the vocabulary.
        for (rank, (left, right)) in merges.iter().enumerate() {
            let merged = format!("{left}{right}");
            let missing = [left, right, &merged]
                .into_iter()
                .find(|s| !ids.contains_key(s.as_str()))
                .cloned();
            if let Some(missing) = missing {
                return bad(format!(
                    "merge {} (`{left} {right}`) uses `{missing}`, which is not in the vocabulary",
                    rank + 1
                ));
            }
        }
        // 3. Byte-level text can hold any byte.
        if byte_level.is_some() {
            if let Some(c) = byte_alphabet().find(|c| !ids.contains_key(&c.to_string())) {
                return bad(format!("the byte-level vocabulary lacks the byte `{c}`"));
            }
        }
        Ok(LoadedBpe {
            name: name.to_string(),
            encoder: Encoder::new(merges, end_of_word && byte_level.is_none()),
            ids,
            symbols,
            byte_level,
        })
    }

    /// The pattern of a byte-level model.
    pub fn byte_level(&self) -> Option<Pattern> {
        self.byte_level
    }

    /// The ids of `text`; a character a whitespace model never saw has none and is skipped, as
    /// Hugging Face's BPE without an unknown token skips it.
    pub fn encode_ids(&self, text: &str) -> Vec<u32> {
        self.encode(text).into_iter().filter_map(|p| p.id).collect()
    }
}

impl Tokenizer for LoadedBpe {
    fn name(&self) -> &str {
        &self.name
    }

    fn vocab_size(&self) -> usize {
        self.symbols.len()
    }

    fn encode(&self, text: &str) -> Vec<Piece> {
        encode_text(&self.encoder, self.byte_level, text, &|token| {
            self.ids.get(token).copied()
        })
    }

    fn decode(&self, ids: &[u32]) -> Result<String, UnknownId> {
        let symbol = |id: u32| self.symbols.get(id as usize)?.as_deref();
        decode_ids(
            self.encoder.end_of_word(),
            self.byte_level,
            self.symbols.len(),
            ids,
            &symbol,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bpe::{train, TrainOptions, WordCounts};

    fn strings(pairs: &[(&str, u32)]) -> Vec<(String, u32)> {
        pairs.iter().map(|&(s, id)| (s.to_string(), id)).collect()
    }

    #[test]
    fn a_trained_run_loads_back_and_encodes_alike() {
        let text = "the cat sat on the mat, the end\n";
        let pattern = Pattern::Cl100k;
        let options = TrainOptions::byte_level(pattern, Default::default());
        let trace = train(&WordCounts::from_chunks(text, pattern), options, 12).unwrap();
        let vocab = trace.vocab();
        let listed = vocab
            .distinct()
            .map(|(id, s)| (s.to_string(), id))
            .collect();
        let merges = trace
            .merges()
            .map(|m| {
                (
                    vocab.symbol(m.pair.left).into(),
                    vocab.symbol(m.pair.right).into(),
                )
            })
            .collect();
        let loaded = LoadedBpe::new("mine", listed, merges, false, Some(pattern)).unwrap();
        let trained = crate::bpe::BpeTokenizer::new(std::sync::Arc::new(trace));
        let sample = "the hat sat, the café \u{1f600}";
        assert_eq!(loaded.encode(sample), trained.encode(sample));
        let ids = loaded.encode_ids(sample);
        assert_eq!(loaded.decode(&ids).unwrap(), sample);
        assert_eq!(loaded.decode(&[9_999]).unwrap_err().id, 9_999);
    }

    #[test]
    fn broken_tables_are_refused_with_the_reason() {
        let refused = |vocab: &[(&str, u32)], merges: &[(&str, &str)], bytes: bool| {
            let merges = merges.iter().map(|&(l, r)| (l.into(), r.into())).collect();
            let pattern = bytes.then_some(Pattern::Gpt2);
            LoadedBpe::new("x", strings(vocab), merges, false, pattern)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused(&[("a", 0), ("b", 0)], &[], false),
            "the model file is invalid: token id 0 is given twice"
        );
        assert_eq!(
            refused(&[("a", 0), ("b", 1)], &[("a", "b")], false),
            "the model file is invalid: merge 1 (`a b`) uses `ab`, which is not in the vocabulary"
        );
        assert_eq!(
            refused(&[("a", 0)], &[], true),
            "the model file is invalid: the byte-level vocabulary lacks the byte `Ā`"
        );
    }
}
