//! `til wordpiece encode TEXT`: MiniLM's uncased WordPiece tokens of a text, one `TOKEN<TAB>ID` line
//! each, `[CLS]` first and `[SEP]` last, as Hugging Face `tokenizers` gives them.
//!
//! The vocabulary is built in (assets/minilm/vocab.txt) and checked at start. Also home of the
//! argument reading that `til minilm` shares (one TEXT, a few flags, `--` before a TEXT that starts
//! with `-`). This file parses and prints; the tokenizer is `til_core::wordpiece`. Leaves out: reading
//! files or stdin, sentence pairs, offsets.

use std::ffi::OsString;
use std::io::Write;

use til_core::wordpiece::WordPiece;

use crate::Failure;

/// MiniLM's vocabulary, compiled in so `til` works from any directory.
const VOCAB: &str = include_str!("../../../assets/minilm/vocab.txt");

pub const WORDPIECE_USAGE: &str = "\
usage: til wordpiece encode TEXT

encode: the WordPiece tokens of TEXT with MiniLM's uncased vocabulary (30,522 tokens),
        one `TOKEN<TAB>ID` line each, [CLS] first and [SEP] last, exactly as Hugging Face
        tokenizers gives them: accents stripped, lower-cased, punctuation split, `##` for a
        piece that continues a word, [UNK] for a word no pieces cover.
        Put `--` before a TEXT that starts with `-`.
";

/// A command line of the shape `COMMAND TEXT [FLAGS]` once read.
pub struct TextCommand {
    pub text: String,
    /// The flags given, each one of those allowed.
    pub flags: Vec<&'static str>,
}

/// Reads `ARGS` of `til GROUP COMMAND ARGS…`: exactly one TEXT, flags among `allowed` anywhere
/// before `--`. Returns None when help was asked for.
pub fn text_command(
    group: &str,
    args: &[OsString],
    allowed: &[&'static str],
) -> Result<Option<TextCommand>, Failure> {
    let mut texts = Vec::new();
    let mut flags = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let arg = arg.to_str().ok_or_else(|| {
            Failure::Usage(format!(
                "argument `{}` is not valid UTF-8",
                arg.to_string_lossy()
            ))
        })?;
        match arg {
            "--" => {
                for text in rest.by_ref() {
                    texts.push(text.to_string_lossy().into_owned());
                }
            }
            "-h" | "--help" => return Ok(None),
            flag if flag.starts_with('-') && flag.len() > 1 => match allowed.iter().find(|a| **a == flag) {
                Some(known) => flags.push(*known),
                None => {
                    return Err(Failure::Usage(format!(
                        "unknown option `{flag}`; try `til {group} --help` (put `--` before a TEXT that starts with `-`)"
                    )))
                }
            },
            text => texts.push(text.to_string()),
        }
    }
    match <[String; 1]>::try_from(texts) {
        Ok([text]) => Ok(Some(TextCommand { text, flags })),
        Err(texts) => Err(Failure::Usage(format!(
            "`til {group}` takes one TEXT argument, got {} (quote a text with spaces); try `til {group} --help`",
            texts.len()
        ))),
    }
}

/// The built-in tokenizer.
pub fn tokenizer() -> Result<WordPiece, Failure> {
    WordPiece::from_vocab_text(VOCAB).map_err(|e| Failure::Run(format!("built-in vocabulary: {e}")))
}

/// Runs `til wordpiece ARGS…` (ARGS without the leading `wordpiece`).
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let command = args.first().and_then(|a| a.to_str());
    match command {
        None | Some("-h" | "--help" | "help") => Ok(out.write_all(WORDPIECE_USAGE.as_bytes())?),
        Some("encode") => match text_command("wordpiece encode", &args[1..], &[])? {
            None => Ok(out.write_all(WORDPIECE_USAGE.as_bytes())?),
            Some(request) => encode(&request.text, out),
        },
        Some(other) => Err(Failure::Usage(format!(
            "unknown command `wordpiece {other}`; try `til wordpiece --help`"
        ))),
    }
}

fn encode(text: &str, out: &mut impl Write) -> Result<(), Failure> {
    for token in tokenizer()?.encode(text).tokens {
        writeln!(out, "{}\t{}", token.text, token.id)?;
    }
    Ok(())
}
