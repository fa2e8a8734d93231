//! `til embed …`: GloVe neighbours, analogies and the two benchmarks on the command line.
//!
//! The vectors are built in (assets/glove/vectors.bin, int8 with a per-row scale) and checked at start;
//! `--vectors FILE` reads another asset of the same format instead (e.g. the float32 twin that
//! `cargo xtask vectors` leaves in target/glove/). Scores print with 4 decimals. This file parses the
//! arguments and prints; the maths is `til_core::embed`. Leaves out: reading vectors in other formats
//! (word2vec text, .npy) and writing reports as JSON.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use til_core::embed::benchmark::{AnalogyReport, BenchmarkRun, QuestionSet};
use til_core::embed::similarity::evaluate_pairs;
use til_core::embed::{analogy, neighbours, EmbeddingTable, Method, Score};

use crate::Failure;

/// GloVe 6B 50d, first 50,000 rows, compiled in so `til` works from any directory.
const ASSET: &[u8] = include_bytes!("../../../assets/glove/vectors.bin");

pub const EMBED_USAGE: &str = "\
usage: til embed neighbors WORD [-k 10] [--vocab V]
       til embed analogy X Y Z [-k 5] [--method add|mul] [--include-inputs] [--vocab V]
       til embed eval-analogies FILE [--vocab 30000] [--method add|mul] [--threads N]
       til embed eval-similarity FILE [--vocab V]

neighbors:        the k nearest words by cosine, one `WORD<TAB>COSINE` line each
analogy:          X − Y + Z (king man woman → queen), one `WORD<TAB>SCORE` line each;
                  the inputs are left out unless --include-inputs
eval-analogies:   Google's analogy set (`a b c d` lines, `: section` headers) as gensim's
                  evaluate_word_analogies: one line per section, then semantic:, syntactic:,
                  and last `total: C / N = P %`
eval-similarity:  WordSim-353-style `word1<TAB>word2<TAB>score` lines; last line
                  `spearman: R (used U / T pairs)`

options:
  -k N              how many answers (neighbors: 10, analogy: 5)
  --vocab V         search only the first V rows (default: all 50000; eval-analogies: 30000)
  --method M        add (3CosAdd, default) or mul (3CosMul, Levy & Goldberg 2014)
  --include-inputs  let X, Y and Z themselves be answers
  --vectors FILE    use this vectors asset instead of the built-in one
  --threads N       eval-analogies: how many threads score (default: every core); the answers
                    are the same at any N
";

/// The four subcommands.
#[derive(Clone, Copy)]
enum Kind {
    Neighbors,
    Analogy,
    EvalAnalogies,
    EvalSimilarity,
}

impl Kind {
    fn from_name(name: &str) -> Option<Kind> {
        match name {
            "neighbors" | "neighbours" => Some(Kind::Neighbors),
            "analogy" => Some(Kind::Analogy),
            "eval-analogies" => Some(Kind::EvalAnalogies),
            "eval-similarity" => Some(Kind::EvalSimilarity),
            _ => None,
        }
    }

    /// How many positional arguments the subcommand takes.
    fn arity(self) -> usize {
        match self {
            Kind::Analogy => 3,
            Kind::Neighbors | Kind::EvalAnalogies | Kind::EvalSimilarity => 1,
        }
    }
}

/// What the command line asked for, once parsed.
struct Request {
    positional: Vec<String>,
    k: Option<usize>,
    vocab: Option<usize>,
    method: Method,
    include_inputs: bool,
    vectors: Option<PathBuf>,
    threads: Option<usize>,
}

/// Runs `til embed ARGS…` (ARGS without the leading `embed`).
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let args = args
        .iter()
        .map(|a| {
            a.to_str().map(str::to_string).ok_or_else(|| {
                usage(format!(
                    "argument `{}` is not valid UTF-8",
                    a.to_string_lossy()
                ))
            })
        })
        .collect::<Result<Vec<String>, Failure>>()?;
    let Some((command, rest)) = args.split_first() else {
        return Ok(out.write_all(EMBED_USAGE.as_bytes())?);
    };
    if matches!(command.as_str(), "-h" | "--help" | "help")
        || rest.iter().any(|a| a == "-h" || a == "--help")
    {
        return Ok(out.write_all(EMBED_USAGE.as_bytes())?);
    }
    let kind = Kind::from_name(command).ok_or_else(|| {
        usage(format!(
            "unknown command `embed {command}`; try `til embed --help`"
        ))
    })?;
    let request = parse(command, kind.arity(), rest)?;
    let table = load(&request)?;
    match kind {
        Kind::Neighbors => neighbors(&table, &request, out),
        Kind::Analogy => analogy(&table, &request, out),
        Kind::EvalAnalogies => eval_analogies(&table, &request, out),
        Kind::EvalSimilarity => eval_similarity(&table, &request, out),
    }
}

/// 1. Options anywhere on the line, `--name value` or `--name=value`; `--` ends them.
/// 2. The right number of positional arguments for the command.
fn parse(command: &str, wanted: usize, args: &[String]) -> Result<Request, Failure> {
    let mut request = Request {
        positional: Vec::new(),
        k: None,
        vocab: None,
        method: Method::Add,
        include_inputs: false,
        vectors: None,
        threads: None,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg == "--" {
            request.positional.extend(rest.by_ref().cloned());
            break;
        }
        if !arg.starts_with('-') || arg.len() == 1 {
            request.positional.push(arg.clone());
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| rest.next().cloned())
                .ok_or_else(|| usage(format!("{name} needs a value")))
        };
        match name {
            "-k" => request.k = Some(count(name, &value()?)?),
            "--vocab" => request.vocab = Some(count(name, &value()?)?),
            "--method" => request.method = value()?.parse().map_err(usage)?,
            "--vectors" => request.vectors = Some(PathBuf::from(value()?)),
            "--threads" => request.threads = Some(count(name, &value()?)?),
            "--include-inputs" if inline.is_none() => request.include_inputs = true,
            _ => {
                return Err(usage(format!(
                    "unknown option `{arg}` for `til embed {command}`; try `til embed --help`"
                )))
            }
        }
    }
    if request.positional.len() != wanted {
        return Err(usage(format!(
            "`til embed {command}` takes {wanted} argument{}, got {}; try `til embed --help`",
            if wanted == 1 { "" } else { "s" },
            request.positional.len()
        )));
    }
    Ok(request)
}

fn count(name: &str, text: &str) -> Result<usize, Failure> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(usage(format!(
            "{name} expects a whole number of at least 1, got `{text}`"
        ))),
    }
}

fn load(request: &Request) -> Result<EmbeddingTable, Failure> {
    match &request.vectors {
        None => EmbeddingTable::from_asset(ASSET)
            .map_err(|e| Failure::Run(format!("built-in vectors: {e}"))),
        Some(path) => {
            let bytes = std::fs::read(path)
                .map_err(|e| Failure::Run(format!("cannot read {}: {e}", path.display())))?;
            EmbeddingTable::from_asset(&bytes)
                .map_err(|e| Failure::Run(format!("{}: {e}", path.display())))
        }
    }
}

fn neighbors(
    table: &EmbeddingTable,
    request: &Request,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let vocab = request.vocab.unwrap_or(table.rows());
    let (_, found) = neighbours::of_word(
        table,
        &request.positional[0],
        request.k.unwrap_or(10),
        vocab,
        |_| true,
    )
    .map_err(run_error)?;
    for s in found {
        writeln!(out, "{}\t{:.4}", table.word(s.id), s.score)?;
    }
    Ok(())
}

fn analogy(table: &EmbeddingTable, request: &Request, out: &mut impl Write) -> Result<(), Failure> {
    let [x, y, z] = [0, 1, 2].map(|i| request.positional[i].as_str());
    let vocab = request.vocab.unwrap_or(table.rows());
    let k = request.k.unwrap_or(5);
    let (_, found) = analogy::of_words(
        table,
        [x, y, z],
        request.method,
        k,
        request.include_inputs,
        vocab,
    )
    .map_err(run_error)?;
    for c in found {
        writeln!(out, "{}\t{:.4}", table.word(c.id), c.score)?;
    }
    Ok(())
}

fn eval_analogies(
    table: &EmbeddingTable,
    request: &Request,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let text = read_text(&request.positional[0])?;
    let set = QuestionSet::parse(&text, table, request.vocab.unwrap_or(30_000))
        .map_err(|e| with_file(request, e))?;
    let threads = request.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let report = BenchmarkRun::new(table, &set, request.method).finish_on(threads);
    write_analogy_report(&report, set.asked() + set.skipped(), out)
}

fn write_analogy_report(
    report: &AnalogyReport,
    questions: usize,
    out: &mut impl Write,
) -> Result<(), Failure> {
    for section in &report.sections {
        writeln!(
            out,
            "{}: {} ({} skipped)",
            section.name,
            score(section.score),
            section.skipped
        )?;
    }
    writeln!(out, "semantic: {}", score(report.semantic()))?;
    writeln!(out, "syntactic: {}", score(report.syntactic()))?;
    writeln!(
        out,
        "coverage: {} / {questions} questions = {:.2} % ({} with a word outside the first {} rows skipped; method {})",
        report.total().asked,
        report.coverage(),
        report.skipped(),
        report.vocab,
        report.method.label()
    )?;
    writeln!(out, "total: {}", score(report.total()))?;
    Ok(())
}

fn score(s: Score) -> String {
    format!("{} / {} = {:.2} %", s.correct, s.asked, s.percent())
}

fn eval_similarity(
    table: &EmbeddingTable,
    request: &Request,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let text = read_text(&request.positional[0])?;
    let report = evaluate_pairs(&text, table, request.vocab.unwrap_or(table.rows()))
        .map_err(|e| with_file(request, e))?;
    writeln!(out, "pearson: {:.4}", report.pearson)?;
    writeln!(
        out,
        "out of vocabulary: {} / {} pairs = {:.1} %",
        report.out_of_vocab,
        report.total(),
        report.out_of_vocab_percent()
    )?;
    writeln!(
        out,
        "spearman: {:.4} (used {} / {} pairs)",
        report.spearman,
        report.used,
        report.total()
    )?;
    Ok(())
}

pub(crate) fn read_text(path: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure::Run(format!("cannot read {path}: {e}")))
}

fn with_file(request: &Request, error: til_core::embed::EmbedError) -> Failure {
    Failure::Run(format!("{}: {error}", request.positional[0]))
}

fn run_error(error: til_core::embed::EmbedError) -> Failure {
    Failure::Run(error.to_string())
}

fn usage(message: impl Into<String>) -> Failure {
    Failure::Usage(message.into())
}
