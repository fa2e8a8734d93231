//! `til unigram train`: SentencePiece's Unigram trainer (`til_core::unigram`) on a corpus file,
//! one summary line per round on stdout, and with `--export DIR` the model as `tokenizer.json`
//! (Hugging Face) and `unigram.model` (SentencePiece), written all or none.
//! Leaves out: training options other than the vocabulary size (the rest are sentencepiece's
//! defaults; see the core).

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use til_core::unigram::{
    model_file, tokenizer_json, unigram_words, RoundKind, Trainer, UnigramOptions,
};

use til_core::bpe::CorpusFormat;

use crate::options::{usage, utf8_args, Given, WHOLE};
use crate::Failure;

pub const UNIGRAM_USAGE: &str = "\
usage: til unigram train --corpus FILE --vocab N [--byte-fallback] [--export DIR] [--threads N]

train: SentencePiece's Unigram algorithm with its defaults (words split on whitespace and
       marked with ▁, every character kept, pieces up to 16 characters, no byte fallback).
       Prints one line per round: `seeds|em|prune|final SIZE TOKENS [LOGLIK/TOKEN|REMOVED]`.
  --corpus FILE     running text (UTF-8), read a megabyte at a time
  --vocab N         the final vocabulary, <unk>, <s> and </s> included
  --byte-fallback   as sentencepiece's --byte_fallback: <0x00>…<0xFF> follow </s> (and count
                    in N), and characters no piece covers are written as their UTF-8 bytes
  --export DIR      also write DIR/tokenizer.json (Hugging Face tokenizers) and
                    DIR/unigram.model (sentencepiece)
  --threads N       threads that count the corpus's words (default: every core); training
                    itself runs on one, and the model is the same at any N
";

/// Runs `til unigram ARGS…`.
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let args = utf8_args(args)?;
    let rest = match args.split_first() {
        None | Some((&("-h" | "--help" | "help"), _)) => {
            return Ok(out.write_all(UNIGRAM_USAGE.as_bytes())?)
        }
        Some((&"train", rest)) => rest,
        Some((other, _)) => {
            return Err(usage(format!(
                "unknown command `unigram {other}`; try `til unigram --help`"
            )))
        }
    };
    // The one option without a value, taken out before the `--name value` pairs are read.
    const BYTE_FALLBACK: &str = "--byte-fallback";
    let byte_fallback = match rest.iter().filter(|&&a| a == BYTE_FALLBACK).count() {
        0 => false,
        1 => true,
        _ => return Err(usage(format!("{BYTE_FALLBACK} given twice"))),
    };
    let rest: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|&a| a != BYTE_FALLBACK)
        .collect();
    let Some(given) = Given::parse(
        "unigram",
        "train",
        &rest,
        &["--corpus", "--vocab", "--export", "--threads"],
    )?
    else {
        return Ok(out.write_all(UNIGRAM_USAGE.as_bytes())?);
    };
    let corpus: PathBuf = given.required("--corpus", "a file")?;
    let vocab: usize = given.required("--vocab", WHOLE)?;
    let export: Option<PathBuf> = given.optional("--export", "a directory")?;
    let threads = match given.optional::<String>("--threads", "a whole number")? {
        Some(text) => Some(crate::args::thread_count(&text)?),
        None => None,
    };
    // 1. Read, 2. train round by round, printing each, 3. export.
    let words = crate::corpus::read_words(&corpus, CorpusFormat::FreeText, threads)?;
    let failed =
        |e: til_core::unigram::UnigramError| Failure::Run(format!("{}: {e}", corpus.display()));
    let options = UnigramOptions {
        byte_fallback,
        ..UnigramOptions::with_vocab(vocab)
    };
    let mut trainer = Trainer::new(unigram_words(&words), options).map_err(failed)?;
    print_round(out, trainer.rounds().last().expect("the seeds"))?;
    while let Some(round) = trainer.step() {
        print_round(out, round)?;
    }
    let model = trainer.into_model();
    if model.pieces().len() < vocab {
        eprintln!(
            "til: note: the corpus supports only {} pieces, fewer than --vocab {vocab}",
            model.pieces().len()
        );
    }
    match export {
        Some(dir) => write_all(
            &dir,
            &[
                ("tokenizer.json", tokenizer_json(&model).into_bytes()),
                ("unigram.model", model_file(&model)),
            ],
        ),
        None => Ok(()),
    }
}

fn print_round(out: &mut impl Write, round: &til_core::unigram::Round) -> Result<(), Failure> {
    let (name, extra) = match &round.kind {
        RoundKind::Seeds => ("seeds", String::new()),
        RoundKind::Em { .. } => ("em", format!(" {:.4}", round.log_likelihood_per_token)),
        RoundKind::Prune { removed_total, .. } => ("prune", format!(" {removed_total}")),
        RoundKind::Final { .. } => ("final", String::new()),
    };
    writeln!(out, "{name} {} {}{extra}", round.pieces.len(), round.tokens)?;
    Ok(())
}

/// Writes each file into `dir` as `NAME.part`, then renames them all: a failure leaves none.
pub fn write_all(dir: &Path, files: &[(&str, Vec<u8>)]) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Run(format!("cannot create `{}`: {e}", dir.display())))?;
    let part = |name: &str| dir.join(format!("{name}.part"));
    let written = files.iter().try_for_each(|(name, bytes)| {
        std::fs::write(part(name), bytes)
            .map_err(|e| Failure::Run(format!("cannot write `{}`: {e}", part(name).display())))
    });
    if let Err(failure) = written {
        for (name, _) in files {
            let _ = std::fs::remove_file(part(name));
        }
        return Err(failure);
    }
    for (name, _) in files {
        std::fs::rename(part(name), dir.join(name)).map_err(|e| {
            Failure::Run(format!("cannot write `{}`: {e}", dir.join(name).display()))
        })?;
    }
    Ok(())
}
