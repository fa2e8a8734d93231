//! `til smollm neighbours | analogies | undertrained`: SmolLM2-135M's own token table W_e (49,152
//! × 576, Q8_0 in the GGUF, tied to its output layer) read as vectors (`til_core::smollm2::
//! token_table` and `undertrained`). Tokens print in GPT-2's printable form (`Ġ` is a leading
//! space). Leaves out: the page's GPU kernels (the CLI runs the core, in f64 where it ranks).

use std::io::Write;

use til_core::chat::config::ChatConfig;
use til_core::embed::benchmark::Share;
use til_core::embed::{BenchmarkRun, Method, QuestionSet, UnitRows};
use til_core::gpt2::byte_table::printable;
use til_core::smollm2::token_table::{spaced_word_ids, TokenTable};
use til_core::smollm2::undertrained::{indicator, ranked, untrained_controls};
use til_core::smollm2::{asset, Smollm2Error};

use crate::embed_cmd::read_text;
use crate::options::usage;
use crate::shipped;
use crate::Failure;

pub const TABLE_USAGE: &str = "\
usage: til smollm neighbours ID [-k K]
       til smollm analogies QUESTIONS_FILE
       til smollm undertrained [-k K] [--reference ID,ID,...]

neighbours:   the K (default 10) rows most similar to token ID's by cosine, the query left out:
              `ID<TAB>COSINE<TAB>TOKEN` lines, most similar first.
analogies:    Google's analogy set on the token table: the questions whose four words, as
              written, are single tokens with a leading space; 3CosAdd over every row, the inputs
              excluded. A line per section, then `correct / total`.
undertrained: Land & Bartolo's indicator for tied embeddings (rows mean-centred, first principal
              component removed, cosine to the mean of the reference rows; by default the control
              tokens whose rows equal another control token's): the K (default 20) normal tokens
              with the highest, `ID<TAB>INDICATOR<TAB>TOKEN` lines.
";

const LAYER0: &[u8] = include_bytes!("../../../assets/smollm2/layer0.bin");

/// Runs `til smollm SUBCOMMAND ARGS…` for the three table subcommands.
pub fn run(subcommand: &str, args: &[&str], out: &mut impl Write) -> Result<(), Failure> {
    let mut k = None;
    let mut reference = None;
    let mut positional = Vec::new();
    let mut words = args.iter();
    while let Some(&arg) = words.next() {
        match arg {
            "-h" | "--help" => return Ok(out.write_all(TABLE_USAGE.as_bytes())?),
            "-k" | "--k" => k = Some(value(arg, words.next())?),
            "--reference" if subcommand == "undertrained" => {
                reference = Some(value(arg, words.next())?)
            }
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(usage(format!(
                    "unknown option `{arg}` for `til smollm {subcommand}`; try `til smollm --help`"
                )))
            }
            _ => positional.push(arg),
        }
    }
    let k = match k {
        None => None,
        Some(text) => Some(
            text.parse::<usize>()
                .ok()
                .filter(|&k| k > 0)
                .ok_or_else(|| usage(format!("-k expects a count above 0, got `{text}`")))?,
        ),
    };
    let table = table()?;
    // The vocabulary, read once: its bytes find the analogy words, its printable form is printed.
    let (words, _) = asset::parse(shipped::asset(&til_core::registry::SMOLLM2)).map_err(failed)?;
    let tokens: Vec<String> = words.iter().map(|bytes| printable(bytes)).collect();
    match (subcommand, positional.as_slice()) {
        ("neighbours", [id]) => {
            let id = token_id(id, &table)?;
            for (other, cosine) in table.neighbours(id, k.unwrap_or(10)).map_err(failed)? {
                writeln!(out, "{other}\t{cosine:.9}\t{}", tokens[other as usize])?;
            }
            Ok(())
        }
        ("analogies", [path]) => analogies(&table, &words, path, out),
        ("undertrained", []) => {
            let controls = controls()?;
            let reference = match reference {
                Some(list) => list
                    .split(',')
                    .filter(|id| !id.trim().is_empty())
                    .map(|id| token_id(id.trim(), &table))
                    .collect::<Result<Vec<_>, _>>()?,
                None => untrained_controls(&table, &controls),
            };
            let values = indicator(&table, &reference, threads()).map_err(failed)?;
            for (id, value) in ranked(&values, k.unwrap_or(20), |id| !controls.contains(&id)) {
                writeln!(out, "{id}\t{value:.9}\t{}", tokens[id as usize])?;
            }
            Ok(())
        }
        ("neighbours", _) => Err(usage("give one token ID: til smollm neighbours ID [-k K]")),
        ("analogies", _) => Err(usage("give one QUESTIONS_FILE: til smollm analogies FILE")),
        _ => Err(usage(format!(
            "`til smollm {subcommand}` takes no positional argument; try `til smollm --help`"
        ))),
    }
}

fn analogies(
    table: &TokenTable,
    words: &[&[u8]],
    path: &str,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let text = read_text(path)?;
    let rows = spaced_word_ids(words.iter().copied());
    let set = QuestionSet::parse_with(&text, table.vocab, |word| {
        rows.get(word.as_bytes()).copied()
    })
    .map_err(|e| Failure::Run(format!("{path}: {e}")))?;
    let unit = table.unit_rows(threads());
    let unit = UnitRows::new(&unit, table.dims).map_err(|e| Failure::Run(e.to_string()))?;
    let report = BenchmarkRun::on_rows(unit, set, Method::Add, Share::ALL, threads())
        .map_err(|e| Failure::Run(e.to_string()))?
        .finish_on(threads());
    for section in &report.sections {
        let score = section.score;
        writeln!(
            out,
            "{}: {} / {} = {:.2} % ({} skipped)",
            section.name,
            score.correct,
            score.asked,
            score.percent(),
            section.skipped
        )?;
    }
    let total = report.total();
    writeln!(out, "{} / {}", total.correct, total.asked)?;
    Ok(())
}

fn table() -> Result<TokenTable, Failure> {
    TokenTable::from_asset(LAYER0, threads()).map_err(failed)
}

/// The control tokens' ids (GGUF token type 3), as the chat asset keeps them.
fn controls() -> Result<Vec<u32>, Failure> {
    let config = ChatConfig::read(shipped::file("smollm2/chat.bin"))
        .map_err(|e| Failure::Run(e.to_string()))?;
    Ok(config.special_tokens.iter().map(|&(_, id)| id).collect())
}

fn token_id(text: &str, table: &TokenTable) -> Result<u32, Failure> {
    let id = text
        .parse::<u32>()
        .map_err(|_| Failure::Run(format!("`{text}` is not a token id (a whole number)")))?;
    table.check(id).map_err(failed)
}

fn value<'a>(flag: &str, next: Option<&&'a str>) -> Result<&'a str, Failure> {
    next.copied()
        .ok_or_else(|| usage(format!("{flag} needs a value")))
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

fn failed(error: Smollm2Error) -> Failure {
    Failure::Run(error.to_string())
}
