//! `til bpe train` and `til bpe encode`: read files, call `til-core`, print. No BPE logic lives here.
//!
//! Train streams one line per merge as the trainer produces it, so `| head` stops early and cheaply.
//! The corpus is read a piece at a time (`corpus::read_words`), so memory follows its distinct words,
//! not its size. Its export is written all or none (`unigram_cmd::write_all`). Left out: progress output.

use std::io::Write;
use std::path::Path;

use til_core::bpe::{
    merges_txt, ranks_tiktoken, tokenizer_json, vocab_json, CorpusFormat, Encoder, Trace,
    TrainOptions, Trainer,
};

use crate::args::{EncodeArgs, TrainArgs};
use crate::ids::{read_input, utf8};
use crate::Failure;

pub fn train(args: &TrainArgs, out: &mut impl Write) -> Result<(), Failure> {
    // 1. Read the corpus in the format asked for, a piece at a time.
    let format = match (args.byte_level, args.word_counts) {
        (Some(pattern), _) => CorpusFormat::ByteLevel(pattern),
        (None, true) => CorpusFormat::WordCountLines,
        (None, false) => CorpusFormat::FreeText,
    };
    let words = crate::corpus::read_words(&args.corpus, format, args.threads)?;
    // 2. Train, printing each merge as it is made.
    let options = TrainOptions {
        tie_rule: args.tie_rule,
        end_of_word: args.end_of_word,
        byte_level: args.byte_level,
    };
    let mut trainer = Trainer::from_words(words, options)
        .map_err(|e| Failure::Run(format!("{}: {e}", args.corpus.display())))?;
    while trainer.merges_done() < args.merges && trainer.step().is_some() {
        let trace = trainer.trace();
        if let Some(step) = trace.steps().last() {
            let (merge, vocab) = (&step.merge, trace.vocab());
            let (left, right) = (
                vocab.symbol(merge.pair.left),
                vocab.symbol(merge.pair.right),
            );
            writeln!(out, "{}\t{left}\t{right}\t{}", merge.rank, merge.count)?;
        }
    }
    if trainer.merges_done() == 0 {
        return Err(Failure::Run(format!(
            "{}: nothing to merge: every word (or chunk) is a single symbol",
            args.corpus.display()
        )));
    }
    if trainer.merges_done() < args.merges {
        // Not an error: the corpus simply ran out of pairs. Said on stderr so stdout stays data.
        eprintln!(
            "til: note: stopped after {} merges: no adjacent pair is left",
            trainer.merges_done()
        );
    }
    // 3. Export if asked.
    match &args.export {
        Some(dir) => export(dir, trainer.trace()),
        None => Ok(()),
    }
}

/// Writes the model files into `dir`, all or none.
fn export(dir: &Path, trace: &Trace) -> Result<(), Failure> {
    let mut files = vec![
        ("vocab.json", vocab_json(trace.vocab()).into_bytes()),
        ("merges.txt", merges_txt(trace).into_bytes()),
        ("tokenizer.json", tokenizer_json(trace).into_bytes()),
    ];
    if let Some(ranks) = ranks_tiktoken(trace) {
        files.push(("ranks.tiktoken", ranks.into_bytes()));
    }
    crate::unigram_cmd::write_all(dir, &files)
}

pub fn encode(args: &EncodeArgs, out: &mut impl Write) -> Result<(), Failure> {
    let text = read(&args.merges)?;
    let encoder = Encoder::from_merges_txt(&text, args.end_of_word)
        .map_err(|e| Failure::Run(format!("{}: {e}", args.merges.display())))?;
    for word in &args.words {
        writeln!(out, "{}", encoder.encode_word(word).tokens.join(" "))?;
    }
    Ok(())
}

fn read(path: &Path) -> Result<String, Failure> {
    let bytes = read_input(Some(path))?;
    utf8(&bytes, &format!("`{}`", path.display())).map(str::to_string)
}
