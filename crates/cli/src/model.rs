//! A tokenizer the command line names: a registry model by name (`--model`), a SentencePiece
//! `.model` file (`--sentencepiece`) or any `tokenizer.json` (`--tokenizer-json`), one type for
//! `til tokenize`, `til chat` and `til count`.
use std::path::Path;

use til_core::registry::{Format, Shipped};
use til_core::sentencepiece::SentencePiece;
use til_core::tokenizer::Tokenizer;
use til_core::tokenizer_json::model::Buffers;
use til_core::tokenizer_json::TokenizerJson;

use crate::ids::utf8;
use crate::{shipped, Failure};

/// A model by name (the registry's), or from a file.
pub enum Model {
    Shipped(Box<dyn Shipped>),
    Json(Box<TokenizerJson>),
}

impl Model {
    pub fn load(name: &str) -> Result<Model, Failure> {
        let entry = shipped::named(name)?;
        match entry.format {
            // The engine's own type, so `--special` has its post-processor.
            Format::TokenizerJson { .. } => {
                til_core::tokenizer_json::asset::read(shipped::asset(entry), entry.name)
                    .map(|t| Model::Json(Box::new(t)))
                    .map_err(Failure::Run)
            }
            _ => shipped::build(entry).map(Model::Shipped),
        }
    }

    /// A SentencePiece model file.
    fn open(path: &Path) -> Result<Model, Failure> {
        let bytes = std::fs::read(path)
            .map_err(|e| Failure::Run(format!("cannot read {}: {e}", path.display())))?;
        let name = path
            .file_stem()
            .map_or("model".into(), |s| s.to_string_lossy());
        SentencePiece::from_model_file(&bytes, &name)
            .map(|m| Model::Shipped(Box::new(m)))
            .map_err(|e| Failure::Run(format!("{}: {e}", path.display())))
    }

    /// A tokenizer.json file.
    pub fn open_json(path: &Path) -> Result<Model, Failure> {
        let bytes = std::fs::read(path)
            .map_err(|e| Failure::Run(format!("cannot read {}: {e}", path.display())))?;
        let text = utf8(&bytes, &path.display().to_string())?;
        TokenizerJson::from_str(text, "tokenizer.json")
            .map(|t| Model::Json(Box::new(t)))
            .map_err(|e| Failure::Run(format!("{}: {e}", path.display())))
    }

    pub fn encode(&self, text: &str, special: bool) -> Result<Vec<u32>, Failure> {
        match self {
            Model::Shipped(_) if special => Err(Failure::Usage(
                "--special is a tokenizer.json option; try `til tokenize --help`".into(),
            )),
            Model::Shipped(t) => Ok(t.encode_ids(text)),
            Model::Json(t) => t
                .encode_ids_with(text, special)
                .into_iter()
                .collect::<Option<Vec<u32>>>()
                .ok_or_else(no_token),
        }
    }

    /// A counter of many texts' tokens, one per thread.
    pub fn counter(&self) -> Counter<'_> {
        Counter {
            model: self,
            seen: Buffers::default(),
        }
    }

    pub fn decode(&self, ids: &[u32]) -> Result<Vec<u8>, Failure> {
        match self {
            Model::Shipped(t) => t.decode_bytes(ids).map_err(Failure::Run),
            Model::Json(t) => t
                .decode(ids)
                .map(String::into_bytes)
                .map_err(|e| Failure::Run(e.to_string())),
        }
    }

    pub fn ids(&self) -> String {
        let size = match self {
            Model::Shipped(t) => t.vocab_size(),
            Model::Json(t) => t.vocab_size(),
        };
        format!("0..={}", size.saturating_sub(1))
    }
}

fn no_token() -> Failure {
    Failure::Run(
        "the text has a character this vocabulary has no token for, and no unknown token".into(),
    )
}

/// Counts texts one after another; a tokenizer.json model keeps the pieces it has tokenized for
/// the next text (words repeat across documents as within one).
pub struct Counter<'a> {
    model: &'a Model,
    seen: Buffers,
}

impl Counter<'_> {
    /// `len(encode(text, add_special_tokens=False))`.
    pub fn count(&mut self, text: &str) -> Result<usize, Failure> {
        match self.model {
            Model::Shipped(t) => Ok(t.encode_ids(text).len()),
            Model::Json(t) => t.count(text, &mut self.seen).ok_or_else(no_token),
        }
    }
}

/// The model `flag` (`--model`, `--sentencepiece`, `--tokenizer-json`) and `name` choose.
pub fn chosen(flag: &str, name: &str) -> Result<Model, Failure> {
    match flag {
        "--sentencepiece" => Model::open(Path::new(name)),
        "--tokenizer-json" => Model::open_json(Path::new(name)),
        _ => Model::load(name),
    }
}
