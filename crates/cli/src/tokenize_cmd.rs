//! `til tokenize --model NAME [FILE]`, `til tokenize --list` and `til detokenize --model NAME`: the
//! lab's tokenizers by name on the command line. tokenize prints the ids of FILE (or stdin) on one
//! line, separated by single spaces; detokenize reads ids from stdin and writes the bytes they stand
//! for, exactly, so `detokenize(tokenize(x)) == x`. The ranks and merges are compiled in.
//! Leaves out: the zoo's other tokenizers (SentencePiece, Tekken, SmolLM2) and
//! WordPiece, whose normalising loses the text (`til wordpiece encode` has it).

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;

use til_core::gpt2::Gpt2Tokenizer;
use til_core::tiktoken::{Encoding, RankBpe};

use crate::ids::{parse_ids, read_input, utf8, write_ids};
use crate::Failure;

/// OpenAI's ranks (assets/tiktoken, from js-tiktoken 1.0.21), compiled in.
const CL100K: &[u8] = include_bytes!("../../../assets/tiktoken/cl100k_base.bin");
const O200K: &[u8] = include_bytes!("../../../assets/tiktoken/o200k_base.bin");

/// The names, as `--model` and `--list` spell them.
const MODELS: [&str; 3] = ["gpt2", "cl100k_base", "o200k_base"];

pub const TOKENIZE_USAGE: &str = "\
usage: til tokenize --model NAME [FILE]
       til tokenize --list
       til detokenize --model NAME

tokenize:   prints the token ids of FILE (or stdin; `-` also means stdin) on one
            line, separated by single spaces. The text must be UTF-8; special
            tokens in it are ordinary text.
detokenize: reads whitespace-separated ids from stdin and writes the text they
            stand for, byte for byte.
--list:     prints the model names, one a line: gpt2, cl100k_base, o200k_base.
";

/// A model by name.
enum Model {
    Gpt2(Gpt2Tokenizer),
    Tiktoken(Encoding),
}

impl Model {
    fn load(name: &str) -> Result<Model, Failure> {
        let ranks = |asset| RankBpe::from_asset(asset).map_err(|e| Failure::Run(e.to_string()));
        match name {
            "gpt2" => Ok(Model::Gpt2(crate::gpt2_cmd::tokenizer()?)),
            "cl100k_base" => Ok(Model::Tiktoken(Encoding::cl100k(ranks(CL100K)?))),
            "o200k_base" => Ok(Model::Tiktoken(Encoding::o200k(ranks(O200K)?))),
            other => Err(Failure::Run(format!(
                "unknown model `{other}`; the models are: {}",
                MODELS.join(", ")
            ))),
        }
    }

    fn encode(&self, text: &str) -> Vec<u32> {
        match self {
            Model::Gpt2(t) => t.encode(text),
            Model::Tiktoken(t) => t.encode_ids(text),
        }
    }

    fn decode(&self, ids: &[u32]) -> Result<Vec<u8>, Failure> {
        match self {
            Model::Gpt2(t) => t.decode_bytes(ids).map_err(|e| Failure::Run(e.to_string())),
            Model::Tiktoken(t) => t.decode_bytes(ids).map_err(|e| Failure::Run(e.to_string())),
        }
    }

    fn ids(&self) -> String {
        let last = match self {
            Model::Gpt2(_) => til_core::gpt2::END_OF_TEXT as usize,
            Model::Tiktoken(t) => til_core::tokenizer::Tokenizer::vocab_size(t) - 1,
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
        (false, [Some("--model"), Some(name), rest @ ..]) if rest.len() <= 1 => {
            let model = Model::load(name)?;
            let path = args.get(2).map(Path::new);
            let source = path.map_or("stdin".to_string(), |p| p.display().to_string());
            let bytes = read_input(path)?;
            write_ids(out, &model.encode(utf8(&bytes, &source)?))
        }
        (true, [Some("--model"), Some(name)]) => {
            let model = Model::load(name)?;
            let ids = parse_ids(&read_input(None)?, &model.ids())?;
            Ok(out.write_all(&model.decode(&ids)?)?)
        }
        (_, [Some("--model")]) => Err(usage("--model needs a name")),
        _ => Err(usage("unexpected arguments")),
    }
}
