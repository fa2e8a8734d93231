//! `til bpe train` and `til bpe encode`: read files, call `til-core`, print. No BPE logic lives here.
//!
//! Train streams one line per merge as the trainer produces it, so `| head` stops early and cheaply.
//! Left out: progress output, JSON output, reading the corpus from stdin.

use std::fs;
use std::io::Write;
use std::path::Path;

use til_core::bpe::{merges_txt, vocab_json, Encoder, TrainOptions, Trainer, WordCounts};

use crate::args::{EncodeArgs, TrainArgs};
use crate::Failure;

pub fn train(args: &TrainArgs, out: &mut impl Write) -> Result<(), Failure> {
    // 1. Read the corpus in the format asked for.
    let text = read(&args.corpus)?;
    let words = match args.word_counts {
        true => WordCounts::from_word_count_lines(&text)
            .map_err(|e| Failure::Run(format!("{}: {e}", args.corpus.display())))?,
        false => WordCounts::from_text(&text),
    };
    // 2. Train, printing each merge as it is made.
    let options = TrainOptions {
        tie_rule: args.tie_rule,
        end_of_word: args.end_of_word,
    };
    let mut trainer = Trainer::new(&words, options).map_err(|e| Failure::Run(e.to_string()))?;
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
    if trainer.merges_done() < args.merges {
        // Not an error: the corpus simply ran out of pairs. Said on stderr so stdout stays data.
        eprintln!(
            "til: note: stopped after {} merges: no adjacent pair is left",
            trainer.merges_done()
        );
    }
    // 3. Export if asked.
    if let Some(dir) = &args.export {
        let trace = trainer.trace();
        fs::create_dir_all(dir)
            .map_err(|e| Failure::Run(format!("cannot create `{}`: {e}", dir.display())))?;
        write(&dir.join("vocab.json"), &vocab_json(trace.vocab()))?;
        write(&dir.join("merges.txt"), &merges_txt(trace))?;
    }
    Ok(())
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
    fs::read_to_string(path)
        .map_err(|e| Failure::Run(format!("cannot read `{}`: {e}", path.display())))
}

fn write(path: &Path, text: &str) -> Result<(), Failure> {
    fs::write(path, text)
        .map_err(|e| Failure::Run(format!("cannot write `{}`: {e}", path.display())))
}
