//! `til gpt2 encode [FILE]` and `til gpt2 decode`: GPT-2 token ids on the command line.
//!
//! encode reads UTF-8 text (FILE, or stdin without one, or with `-`) and prints its
//! GPT-2 ids on one line, separated by single spaces. decode reads whitespace-separated
//! ids from stdin and writes the bytes they stand for, exactly (no newline added,
//! partial UTF-8 left as is). The merges are built in (assets/gpt2/merges.bin) and
//! validated at start. Leaves out: special tokens on encode (`<|endoftext|>` is plain
//! text), other vocabularies, token detail and traces (the page shows those).

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;

use til_core::gpt2::Gpt2Tokenizer;

use crate::ids::{parse_ids, read_input, utf8, write_ids};
use crate::Failure;

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
        [Some("encode")] | [Some("encode"), Some("-")] => encode(&read_input(None)?, "stdin", out),
        [Some("encode"), _] => {
            let path = Path::new(&args[1]);
            encode(&read_input(Some(path))?, &path.display().to_string(), out)
        }
        [Some("decode")] => decode(&read_input(None)?, out),
        [Some(command @ ("encode" | "decode")), ..] => Err(Failure::Usage(format!(
            "too many arguments for `til gpt2 {command}`; try `til gpt2 --help`"
        ))),
        [first, ..] => Err(Failure::Usage(format!(
            "unknown command `gpt2 {}`; try `til gpt2 --help`",
            first.unwrap_or("(not UTF-8)")
        ))),
    }
}

pub fn tokenizer() -> Result<Gpt2Tokenizer, Failure> {
    Gpt2Tokenizer::from_asset(crate::shipped::asset(&til_core::registry::GPT2))
        .map_err(|e| Failure::Run(e.to_string()))
}

fn encode(bytes: &[u8], source: &str, out: &mut impl Write) -> Result<(), Failure> {
    let text = utf8(bytes, source)?;
    write_ids(out, &tokenizer()?.encode(text))
}

fn decode(input: &[u8], out: &mut impl Write) -> Result<(), Failure> {
    // Decode to bytes and write them as they are.
    let ids = parse_ids(input, "0..=50256")?;
    let bytes = tokenizer()?
        .decode_bytes(&ids)
        .map_err(|e| Failure::Run(e.to_string()))?;
    Ok(out.write_all(&bytes)?)
}
