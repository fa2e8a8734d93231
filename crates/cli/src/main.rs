//! `til`: the Transformer Input Lab core on the command line.
//!
//! This file only dispatches: `args` turns a `til bpe …` command line into a [`Command`] and
//! `bpe_cmd` runs it against `til-core`; `til gpt2 …` goes to `gpt2_cmd`, `til embed …` to `embed_cmd` and
//! `til posenc …` to `posenc_cmd`, `til rope …` to `rope_cmd`, `til smollm …` to `smollm_cmd`, `til chat …` to `chat_cmd`, `til count …` to `count_cmd`, `til wordpiece …` to `wordpiece_cmd` and `til minilm …` to
//! `minilm_cmd`, which parse their own.
//! Exit codes: 0 on success (also when the reader of stdout goes away, as with `| head`), 2 for
//! usage errors, 1 for everything else, always with one `til: ` line on stderr. Left out: colours,
//! config files.

mod args;
mod bpe_cmd;
mod chat_cmd;
mod corpus;
mod count_cmd;
mod embed_cmd;
mod gpt2_cmd;
mod ids;
mod minilm_cmd;
mod model;
mod options;
mod posenc_cmd;
mod rope_cmd;
mod shipped;
mod smollm_cmd;
mod smollm_table_cmd;
mod tokenize_cmd;
mod unigram_cmd;
mod wordpiece_cmd;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use args::Command;

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong (exit 2).
    Usage(String),
    /// The command line is fine but the work failed: unreadable file, bad corpus (exit 1).
    Run(String),
    /// Writing to stdout failed.
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Output(error)
    }
}

fn main() -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = run(&mut out).and_then(|()| out.flush().map_err(Failure::Output));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader stopped reading (`til ... | head`): nothing is wrong.
        Err(Failure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(Failure::Output(error)) => fail(1, &format!("cannot write output: {error}")),
        Err(Failure::Usage(message)) => fail(2, &message),
        Err(Failure::Run(message)) => fail(1, &message),
    }
}

fn run(out: &mut impl Write) -> Result<(), Failure> {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    // `til gpt2 …` parses its own arguments (gpt2_cmd.rs).
    if argv.first().is_some_and(|a| a == "gpt2") {
        return gpt2_cmd::run(&argv[1..], out);
    }
    // So do `til tokenize …` and `til detokenize …` (tokenize_cmd.rs).
    if let Some(command @ ("tokenize" | "detokenize")) = argv.first().and_then(|a| a.to_str()) {
        return tokenize_cmd::run(&argv[1..], command == "detokenize", out);
    }
    // So do `til chat …` (chat_cmd.rs) and `til count …` (count_cmd.rs).
    if argv.first().is_some_and(|a| a == "chat") {
        return chat_cmd::run(&argv[1..], out);
    }
    if argv.first().is_some_and(|a| a == "count") {
        return count_cmd::run(&argv[1..], out);
    }
    // So does `til embed …` (embed_cmd.rs).
    if argv.first().is_some_and(|a| a == "embed") {
        return embed_cmd::run(&argv[1..], out);
    }
    // So does `til posenc …` (posenc_cmd.rs).
    if argv.first().is_some_and(|a| a == "posenc") {
        return posenc_cmd::run(&argv[1..], out);
    }
    // So does `til rope …` (rope_cmd.rs).
    if argv.first().is_some_and(|a| a == "rope") {
        return rope_cmd::run(&argv[1..], out);
    }
    // So does `til smollm …` (smollm_cmd.rs).
    if argv.first().is_some_and(|a| a == "smollm") {
        return smollm_cmd::run(&argv[1..], out);
    }
    // And `til wordpiece …` (wordpiece_cmd.rs) and `til minilm …` (minilm_cmd.rs).
    if argv.first().is_some_and(|a| a == "wordpiece") {
        return wordpiece_cmd::run(&argv[1..], out);
    }
    if argv.first().is_some_and(|a| a == "minilm") {
        return minilm_cmd::run(&argv[1..], out);
    }
    // And `til unigram …` (unigram_cmd.rs).
    if argv.first().is_some_and(|a| a == "unigram") {
        return unigram_cmd::run(&argv[1..], out);
    }
    match args::parse(argv)? {
        Command::Help(text) => Ok(out.write_all(text.as_bytes())?),
        Command::Train(train) => bpe_cmd::train(&train, out),
        Command::Encode(encode) => bpe_cmd::encode(&encode, out),
    }
}

fn fail(code: u8, message: &str) -> ExitCode {
    // If stderr is gone too there is no one left to tell.
    let _ = writeln!(io::stderr(), "til: {message}");
    ExitCode::from(code)
}
