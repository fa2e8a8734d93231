//! `til tokenize --model NAME [FILE]`, `til tokenize --list` and `til detokenize --model NAME`: the
//! lab's tokenizers by name on the command line. tokenize prints the ids of FILE (or stdin) on one
//! line, separated by single spaces; detokenize reads ids from stdin and writes the bytes they stand
//! for, exactly, so `detokenize(tokenize(x)) == x` (SentencePiece models write a literal `▁` back
//! as a space, as sentencepiece does). The ranks, merges and models are compiled in;
//! `--sentencepiece PATH` reads any SentencePiece `.model` file instead, and `--tokenizer-json PATH`
//! any Hugging Face `tokenizer.json` (`til_core::tokenizer_json`): its ids are those of
//! `encode(text, add_special_tokens=False)`, or `True` with `--special`, and detokenize writes
//! `decode(ids, skip_special_tokens=False)`.
//! The shipped tokenizer.json models (`llama3.1`, `qwen3`, …) take `--special` by name too.
//! Leaves out: WordPiece by name, whose normalising loses the text (`til wordpiece encode` has it).

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;

use til_core::registry::{Format, Shipped};
use til_core::sentencepiece::SentencePiece;
use til_core::tokenizer::Tokenizer;
use til_core::tokenizer_json::TokenizerJson;

use crate::ids::{parse_ids, read_input, utf8, write_ids};
use crate::{shipped, Failure};

pub const TOKENIZE_USAGE: &str = "\
usage: til tokenize --model NAME [FILE]
       til tokenize --sentencepiece PATH.model [FILE]
       til tokenize --tokenizer-json PATH [--special] [FILE]
       til tokenize --list
       til detokenize --model NAME
       til detokenize --sentencepiece PATH.model
       til detokenize --tokenizer-json PATH

tokenize:   prints the token ids of FILE (or stdin; `-` also means stdin) on one
            line, separated by single spaces. The text must be UTF-8; special
            tokens in it are ordinary text.
detokenize: reads whitespace-separated ids from stdin and writes the text they
            stand for, byte for byte.
--list:     prints the model names, one a line.
--sentencepiece: a SentencePiece model file (BPE or Unigram) instead of a name.
--tokenizer-json: any Hugging Face tokenizer.json (BPE, WordPiece, Unigram or
            WordLevel, with its normalizers, pre-tokenizers and decoders).
--special:  also the special tokens the file's post-processor adds around the
            text (add_special_tokens=True); for a tokenizer.json, and the models
            shipped as one (llama3.1, qwen3, deepseek-v3, gemma3, gpt-oss, llama2).
";

/// A model by name (the registry's), or from a file.
enum Model {
    Shipped(Box<dyn Shipped>),
    Json(Box<TokenizerJson>),
}

impl Model {
    fn load(name: &str) -> Result<Model, Failure> {
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
    fn open_json(path: &Path) -> Result<Model, Failure> {
        let bytes = std::fs::read(path)
            .map_err(|e| Failure::Run(format!("cannot read {}: {e}", path.display())))?;
        let text = utf8(&bytes, &path.display().to_string())?;
        TokenizerJson::from_str(text, "tokenizer.json")
            .map(|t| Model::Json(Box::new(t)))
            .map_err(|e| Failure::Run(format!("{}: {e}", path.display())))
    }

    fn encode(&self, text: &str, special: bool) -> Result<Vec<u32>, Failure> {
        match self {
            Model::Shipped(_) if special => Err(Failure::Usage(
                "--special is a tokenizer.json option; try `til tokenize --help`".into(),
            )),
            Model::Shipped(t) => Ok(t.encode_ids(text)),
            Model::Json(t) => Ok(t
                .encode_ids_with(text, special)
                .into_iter()
                .collect::<Option<Vec<u32>>>()
                .ok_or_else(|| {
                    Failure::Run(
                        "the text has a character this vocabulary has no token for, and no unknown token".into(),
                    )
                })?),
        }
    }

    fn decode(&self, ids: &[u32]) -> Result<Vec<u8>, Failure> {
        match self {
            Model::Shipped(t) => t.decode_bytes(ids).map_err(Failure::Run),
            Model::Json(t) => t
                .decode(ids)
                .map(String::into_bytes)
                .map_err(|e| Failure::Run(e.to_string())),
        }
    }

    fn ids(&self) -> String {
        let size = match self {
            Model::Shipped(t) => t.vocab_size(),
            Model::Json(t) => t.vocab_size(),
        };
        format!("0..={}", size.saturating_sub(1))
    }
}

/// Runs `til tokenize ARGS…` (`detokenize` true for `til detokenize ARGS…`).
pub fn run(args: &[OsString], detokenize: bool, out: &mut impl Write) -> Result<(), Failure> {
    let words: Vec<Option<&str>> = args.iter().map(|a| a.to_str()).collect();
    let usage = |message: &str| Failure::Usage(format!("{message}; try `til tokenize --help`"));
    match (detokenize, &words[..]) {
        (_, [Some("-h" | "--help")]) | (_, []) => Ok(out.write_all(TOKENIZE_USAGE.as_bytes())?),
        (false, [Some("--list")]) => {
            Ok(out.write_all(format!("{}\n", shipped::names().join("\n")).as_bytes())?)
        }
        (
            false,
            [Some(flag @ ("--model" | "--sentencepiece" | "--tokenizer-json")), Some(name), rest @ ..],
        ) => {
            let special = rest.contains(&Some("--special"));
            let files: Vec<&OsString> = args[2..]
                .iter()
                .filter(|a| a.to_str() != Some("--special"))
                .collect();
            if files.len() > 1 {
                return Err(usage("one FILE at most"));
            }
            let model = chosen(flag, name)?;
            let path = files.first().map(Path::new);
            let source = path.map_or("stdin".to_string(), |p| p.display().to_string());
            let bytes = read_input(path)?;
            write_ids(out, &model.encode(utf8(&bytes, &source)?, special)?)
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
