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

use crate::ids::{parse_ids, read_input, utf8, write_ids};
use crate::model::chosen;
use crate::{shipped, Failure};

pub const TOKENIZE_USAGE: &str = "\
usage: til tokenize --model NAME [FILE]
       til tokenize --sentencepiece PATH.model [FILE]
       til tokenize --tokenizer-json PATH [--special] [FILE]
       til tokenize --model NAME --time-encode [FILE]
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
--time-encode: also prints the encode call's own wall time, without loading,
            reading or printing, to stderr as one JSON line: {\"encode_ms\": N}.
";

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
            let time_encode = rest.contains(&Some("--time-encode"));
            let files: Vec<&OsString> = args[2..]
                .iter()
                .filter(|a| !matches!(a.to_str(), Some("--special" | "--time-encode")))
                .collect();
            if files.len() > 1 {
                return Err(usage("one FILE at most"));
            }
            let model = chosen(flag, name)?;
            let path = files.first().map(Path::new);
            let source = path.map_or("stdin".to_string(), |p| p.display().to_string());
            let bytes = read_input(path)?;
            let text = utf8(&bytes, &source)?;
            let started = std::time::Instant::now();
            let ids = model.encode(text, special)?;
            if time_encode {
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                eprintln!("{{\"encode_ms\": {ms:.3}}}");
            }
            write_ids(out, &ids)
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
