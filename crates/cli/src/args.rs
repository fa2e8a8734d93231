//! Command-line parsing for `til`, by hand (no dependencies): `til bpe train …` and `til bpe encode …`.
//!
//! Options take their value as the next argument or after `=` (`--merges 10`, `--merges=10`); `--`
//! ends options so words may start with `-`. Left out: short options, option bundling, reading
//! options from the environment.

use std::ffi::OsString;
use std::path::PathBuf;

use til_core::bpe::byte_level::UnknownPattern;
use til_core::bpe::{BpeError, Pattern, TieRule};

use crate::Failure;

pub const USAGE: &str = "\
usage: til <command> [options]

Transformer Input Lab on the command line.

commands:
  bpe train    learn byte-pair-encoding merges from a corpus
  bpe encode   segment words with a learned merges.txt
  gpt2 encode  GPT-2 token ids of a text
  gpt2 decode  the text of GPT-2 token ids
  posenc table sinusoidal position vectors, one line per position
  posenc dot   PE(p)·PE(p+k), the similarity of two positions
  rope inv-freq          RoPE's inverse frequencies, with a context scaling
  rope rotate            a vector rotated to a position (half or interleaved pairs)
  rope score             R(m)q·R(n)k
  smollm qk              SmolLM2's first-layer attention logits for a text or ids
  embed neighbors        nearest GloVe words by cosine
  embed analogy          X − Y + Z (king − man + woman)
  embed eval-analogies   Google's analogy benchmark, as gensim
  embed eval-similarity  WordSim-353 Spearman correlation, as gensim
  wordpiece encode       MiniLM's WordPiece tokens and ids of a text
  minilm embed           MiniLM's embedding layer on a text, one vector per token
  tokenize               a shipped tokenizer's ids of a text (detokenize: back)
  chat                   a conversation through a model's chat template: ids, text, counts
  count                  tokens per file and in all, on every core

Run `til bpe --help`, `til gpt2 --help`, `til posenc --help`, `til rope --help`, `til smollm --help`,
`til embed --help`, `til wordpiece --help`, `til minilm --help`, `til tokenize --help`,
`til chat --help` or `til count --help` for the options.
";

pub const BPE_USAGE: &str = "\
usage: til bpe train --corpus FILE --merges N [options]
       til bpe encode --merges FILE [--no-end-of-word] WORD...

train: prints one line per merge: RANK<TAB>LEFT<TAB>RIGHT<TAB>COUNT (rank from 1).
  --corpus FILE       the corpus: free text, split on Unicode whitespace
  --merges N          how many merges to learn (N >= 1; fewer if pairs run out)
  --tie RULE          lexicographic (default), smallest-id or first-seen
  --word-counts       the corpus is `WORD COUNT` lines (e.g. `low 5`)
  --no-end-of-word    do not append the </w> symbol to words
  --byte-level        byte-level BPE (GPT-2 style): the corpus is cut by a pre-tokenizer
                      pattern, every chunk is its UTF-8 bytes, the alphabet is all 256
                      bytes, no </w>; LEFT and RIGHT are written as in Hugging Face's
                      merges.txt (bytes as GPT-2's printable characters, a space is Ġ)
  --pattern NAME      the byte-level pattern: gpt2 (default), cl100k or o200k
  --export DIR        also write DIR/vocab.json, DIR/merges.txt and DIR/tokenizer.json
                      (Hugging Face format), and for --byte-level DIR/ranks.tiktoken
  --threads N         threads that count the corpus's words, read a megabyte at a time
                      (default: every core); the merges are the same at any N

encode: prints each word's tokens, separated by spaces, one line per word.
  --merges FILE       a merges.txt (from `til bpe train --export`, or Hugging Face)
  --no-end-of-word    the merges were learned without </w>
  --                  end of options: every later argument is a word
";

pub enum Command {
    Help(&'static str),
    Train(TrainArgs),
    Encode(EncodeArgs),
}

pub struct TrainArgs {
    pub corpus: PathBuf,
    pub merges: usize,
    pub tie_rule: TieRule,
    pub word_counts: bool,
    pub end_of_word: bool,
    /// `--byte-level`, with its pattern.
    pub byte_level: Option<Pattern>,
    pub export: Option<PathBuf>,
    /// `--threads`: None for every core.
    pub threads: Option<usize>,
}

pub struct EncodeArgs {
    pub merges: PathBuf,
    pub end_of_word: bool,
    pub words: Vec<String>,
}

pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, Failure> {
    let args = args
        .into_iter()
        .map(|a| {
            a.into_string().map_err(|a| {
                usage(format!(
                    "argument `{}` is not valid UTF-8",
                    a.to_string_lossy()
                ))
            })
        })
        .collect::<Result<Vec<String>, Failure>>()?;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args[..] {
        [] => Err(usage("missing command; try `til --help`")),
        ["-h" | "--help" | "help", ..] => Ok(Command::Help(USAGE)),
        ["bpe"] | ["bpe", "-h" | "--help" | "help", ..] => Ok(Command::Help(BPE_USAGE)),
        ["bpe", "train", ref rest @ ..] => parse_train(rest),
        ["bpe", "encode", ref rest @ ..] => parse_encode(rest),
        ["bpe", other, ..] => Err(usage(format!(
            "unknown command `bpe {other}`; try `til bpe --help`"
        ))),
        [other, ..] => Err(usage(format!(
            "unknown command `{other}`; try `til --help`"
        ))),
    }
}

fn parse_train(args: &[&str]) -> Result<Command, Failure> {
    let mut options = Options::new("til bpe train", args);
    let (mut corpus, mut merges, mut tie_rule, mut export) = (None, None, None, None);
    let mut threads = None;
    let (mut word_counts, mut no_end_of_word, mut byte_level) = (false, false, false);
    let mut pattern: Option<Pattern> = None;
    while let Some(arg) = options.next_option()? {
        match arg {
            "--corpus" => set(&mut corpus, arg, PathBuf::from(options.value(arg)?))?,
            "--byte-level" => flag(&mut byte_level, arg)?,
            "--pattern" => set(
                &mut pattern,
                arg,
                options
                    .value(arg)?
                    .parse()
                    .map_err(|e: UnknownPattern| usage(e.to_string()))?,
            )?,
            "--merges" => set(&mut merges, arg, merge_count(options.value(arg)?)?)?,
            "--tie" => set(
                &mut tie_rule,
                arg,
                options
                    .value(arg)?
                    .parse()
                    .map_err(|e: BpeError| usage(e.to_string()))?,
            )?,
            "--export" => set(&mut export, arg, PathBuf::from(options.value(arg)?))?,
            "--threads" => set(&mut threads, arg, thread_count(options.value(arg)?)?)?,
            "--word-counts" => flag(&mut word_counts, arg)?,
            "--no-end-of-word" => flag(&mut no_end_of_word, arg)?,
            "-h" | "--help" => return Ok(Command::Help(BPE_USAGE)),
            _ => return Err(options.unknown(arg)),
        }
    }
    if let Some(word) = options.positional().first() {
        return Err(usage(format!(
            "unexpected argument `{word}` for `til bpe train`; try `til bpe --help`"
        )));
    }
    if pattern.is_some() && !byte_level {
        return Err(usage("--pattern needs --byte-level; try `til bpe --help`"));
    }
    if byte_level && (word_counts || no_end_of_word) {
        return Err(usage(
            "--byte-level reads running text and has no </w>: leave out --word-counts and --no-end-of-word",
        ));
    }
    Ok(Command::Train(TrainArgs {
        corpus: corpus.ok_or_else(|| missing("--corpus FILE", "til bpe train"))?,
        merges: merges.ok_or_else(|| missing("--merges N", "til bpe train"))?,
        tie_rule: tie_rule.unwrap_or_default(),
        word_counts,
        end_of_word: !no_end_of_word,
        byte_level: byte_level.then(|| pattern.unwrap_or(Pattern::Gpt2)),
        export,
        threads,
    }))
}

fn parse_encode(args: &[&str]) -> Result<Command, Failure> {
    let mut options = Options::new("til bpe encode", args);
    let (mut merges, mut no_end_of_word) = (None, false);
    while let Some(arg) = options.next_option()? {
        match arg {
            "--merges" => set(&mut merges, arg, PathBuf::from(options.value(arg)?))?,
            "--no-end-of-word" => flag(&mut no_end_of_word, arg)?,
            "-h" | "--help" => return Ok(Command::Help(BPE_USAGE)),
            _ => return Err(options.unknown(arg)),
        }
    }
    let words: Vec<String> = options.positional().iter().map(|w| w.to_string()).collect();
    if words.is_empty() {
        return Err(usage(
            "missing words to encode for `til bpe encode`; try `til bpe --help`",
        ));
    }
    Ok(Command::Encode(EncodeArgs {
        merges: merges.ok_or_else(|| missing("--merges FILE", "til bpe encode"))?,
        end_of_word: !no_end_of_word,
        words,
    }))
}

/// Walks a subcommand's arguments: options (with `--name value` or `--name=value`) first come out of
/// `next_option`, everything else is collected as positional.
struct Options<'a> {
    command: &'static str,
    args: &'a [&'a str],
    next: usize,
    /// The option just returned and the value after its `=`, if it had one.
    inline_value: Option<(&'a str, &'a str)>,
    positional: Vec<&'a str>,
}

impl<'a> Options<'a> {
    fn new(command: &'static str, args: &'a [&'a str]) -> Options<'a> {
        Options {
            command,
            args,
            next: 0,
            inline_value: None,
            positional: Vec::new(),
        }
    }

    /// The next option name, skipping (and keeping) positional arguments; None at the end.
    fn next_option(&mut self) -> Result<Option<&'a str>, Failure> {
        if let Some((name, _)) = self.inline_value {
            return Err(usage(format!("{name} does not take a value")));
        }
        while let Some(&arg) = self.args.get(self.next) {
            self.next += 1;
            if arg == "--" {
                self.positional.extend(&self.args[self.next..]);
                self.next = self.args.len();
            } else if arg.starts_with('-') && arg.len() > 1 {
                let name = arg.split_once('=').map_or(arg, |(name, _)| name);
                self.inline_value = arg.split_once('=');
                return Ok(Some(name));
            } else {
                self.positional.push(arg);
            }
        }
        Ok(None)
    }

    /// The value of option `name`: after `=`, or the next argument.
    fn value(&mut self, name: &str) -> Result<&'a str, Failure> {
        if let Some((_, value)) = self.inline_value.take() {
            return Ok(value);
        }
        let value = self
            .args
            .get(self.next)
            .ok_or_else(|| usage(format!("{name} needs a value")))?;
        self.next += 1;
        Ok(value)
    }

    fn unknown(&self, name: &str) -> Failure {
        usage(format!(
            "unknown option `{name}` for `{}`; try `til bpe --help`",
            self.command
        ))
    }

    fn positional(&self) -> &[&'a str] {
        &self.positional
    }
}

fn merge_count(text: &str) -> Result<usize, Failure> {
    let n: usize = text
        .parse()
        .map_err(|_| usage(format!("--merges expects a whole number, got `{text}`")))?;
    if n == 0 {
        return Err(usage(BpeError::ZeroMerges.to_string()));
    }
    Ok(n)
}

/// `--threads N`: a whole number from 1.
pub fn thread_count(text: &str) -> Result<usize, Failure> {
    text.parse()
        .ok()
        .filter(|&n: &usize| n >= 1)
        .ok_or_else(|| {
            usage(format!(
                "--threads expects a whole number from 1, got `{text}`"
            ))
        })
}

/// Stores an option's value, refusing a second one (silently keeping one of two would hide a typo).
fn set<T>(slot: &mut Option<T>, name: &str, value: T) -> Result<(), Failure> {
    match slot.replace(value) {
        Some(_) => Err(twice(name)),
        None => Ok(()),
    }
}

fn flag(slot: &mut bool, name: &str) -> Result<(), Failure> {
    match std::mem::replace(slot, true) {
        true => Err(twice(name)),
        false => Ok(()),
    }
}

fn twice(name: &str) -> Failure {
    usage(format!("{name} given twice"))
}

fn missing(option: &str, command: &str) -> Failure {
    usage(format!(
        "missing {option} for `{command}`; try `til bpe --help`"
    ))
}

fn usage(message: impl Into<String>) -> Failure {
    Failure::Usage(message.into())
}
