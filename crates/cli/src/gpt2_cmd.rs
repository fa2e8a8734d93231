//! `til gpt2 encode [FILE]` and `til gpt2 decode`: GPT-2 token ids on the command line.
//!
//! encode reads UTF-8 text (FILE, or stdin without one, or with `-`) and prints its
//! GPT-2 ids on one line, separated by single spaces. decode reads whitespace-separated
//! ids from stdin and writes the bytes they stand for, exactly (no newline added,
//! partial UTF-8 left as is). The merges are built in (assets/gpt2/merges.bin) and
//! validated at start. Leaves out: special tokens on encode (`<|endoftext|>` is plain
//! text), other vocabularies, token detail and traces (the page shows those).

use std::ffi::OsString;
use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

use til_core::gpt2::Gpt2Tokenizer;

use crate::Failure;

/// GPT-2's merges, compiled in so `til` works from any directory.
const ASSET: &[u8] = include_bytes!("../../../assets/gpt2/merges.bin");

pub const GPT2_USAGE: &str = "\
usage: til gpt2 encode [FILE]
       til gpt2 decode

encode: prints the GPT-2 token ids of FILE (or stdin; `-` also means stdin)
        on one line, separated by single spaces. The text must be UTF-8;
        `<|endoftext|>` in it is encoded as ordinary text.
decode: reads whitespace-separated token ids (0..=50256) from stdin and
        writes the text they stand for.
";

/// Runs `til gpt2 ARGS…` (ARGS without the leading `gpt2`).
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let words: Vec<Option<&str>> = args.iter().map(|a| a.to_str()).collect();
    match words[..] {
        [] | [Some("-h" | "--help" | "help"), ..] => Ok(out.write_all(GPT2_USAGE.as_bytes())?),
        [Some("encode" | "decode"), Some("-h" | "--help")] => {
            Ok(out.write_all(GPT2_USAGE.as_bytes())?)
        }
        [Some("encode")] | [Some("encode"), Some("-")] => encode(&read_stdin()?, "stdin", out),
        [Some("encode"), _] => {
            let path = Path::new(&args[1]);
            encode(&read_file(path)?, &path.display().to_string(), out)
        }
        [Some("decode")] => decode(&read_stdin()?, out),
        [Some(command @ ("encode" | "decode")), ..] => Err(Failure::Usage(format!(
            "too many arguments for `til gpt2 {command}`; try `til gpt2 --help`"
        ))),
        [first, ..] => Err(Failure::Usage(format!(
            "unknown command `gpt2 {}`; try `til gpt2 --help`",
            first.unwrap_or("(not UTF-8)")
        ))),
    }
}

fn tokenizer() -> Result<Gpt2Tokenizer, Failure> {
    Gpt2Tokenizer::from_asset(ASSET).map_err(|e| Failure::Run(e.to_string()))
}

fn encode(bytes: &[u8], source: &str, out: &mut impl Write) -> Result<(), Failure> {
    // 1. Text must be UTF-8: GPT-2 tokenizes characters' bytes, but the pattern needs characters.
    let text = std::str::from_utf8(bytes).map_err(|e| {
        Failure::Run(format!(
            "{source} is not valid UTF-8 (at byte {})",
            e.valid_up_to()
        ))
    })?;
    // 2. Encode and print in one write: a line can hold millions of ids.
    let ids = tokenizer()?.encode(text);
    let mut line = Vec::with_capacity(ids.len() * 6 + 1);
    for (i, &id) in ids.iter().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        push_decimal(&mut line, id);
    }
    line.push(b'\n');
    Ok(out.write_all(&line)?)
}

/// Appends `n` in decimal; formatting machinery costs more than encoding here.
fn push_decimal(line: &mut Vec<u8>, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    line.extend_from_slice(&digits[start..]);
}

fn decode(input: &[u8], out: &mut impl Write) -> Result<(), Failure> {
    // 1. Parse every id first, so bad input prints nothing.
    let text = String::from_utf8_lossy(input);
    let ids = text
        .split_whitespace()
        .enumerate()
        .map(|(position, word)| {
            word.parse::<u32>().map_err(|_| {
                Failure::Run(format!(
                    "`{word}` at position {position} is not a token id (0..=50256)"
                ))
            })
        })
        .collect::<Result<Vec<u32>, Failure>>()?;
    // 2. Decode to bytes and write them as they are.
    let bytes = tokenizer()?
        .decode_bytes(&ids)
        .map_err(|e| Failure::Run(e.to_string()))?;
    Ok(out.write_all(&bytes)?)
}

fn read_stdin() -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Run(format!("cannot read stdin: {e}")))?;
    Ok(bytes)
}

fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    fs::read(path).map_err(|e| Failure::Run(format!("cannot read `{}`: {e}", path.display())))
}
