//! What every tokenizer command shares: reading its input (a file, or stdin), checking the text is
//! UTF-8, printing ids on one line, and reading ids back, with one clear line for anything wrong.

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

use crate::Failure;

/// The bytes of `path`, or of stdin without one (or with `-`).
pub fn read_input(path: Option<&Path>) -> Result<Vec<u8>, Failure> {
    match path.filter(|p| p.as_os_str() != "-") {
        Some(path) => fs::read(path)
            .map_err(|e| Failure::Run(format!("cannot read `{}`: {e}", path.display()))),
        None => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| Failure::Run(format!("cannot read stdin: {e}")))?;
            Ok(bytes)
        }
    }
}

/// `bytes` as text; byte-level tokenizers split characters' bytes, but their patterns need characters.
pub fn utf8<'a>(bytes: &'a [u8], source: &str) -> Result<&'a str, Failure> {
    std::str::from_utf8(bytes).map_err(|e| {
        Failure::Run(format!(
            "{source} is not valid UTF-8 (at byte {})",
            e.valid_up_to()
        ))
    })
}

/// Prints `ids` on one line, separated by single spaces, in 64 KB writes: a line can hold millions,
/// and one buffer for all of them would cost more in fresh pages than the printing itself.
pub fn write_ids(out: &mut impl Write, ids: &[u32]) -> Result<(), Failure> {
    const CHUNK: usize = 1 << 16;
    let mut line = Vec::with_capacity(CHUNK + 16);
    for (i, &id) in ids.iter().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        push_decimal(&mut line, id);
        if line.len() >= CHUNK {
            out.write_all(&line)?;
            line.clear();
        }
    }
    line.push(b'\n');
    Ok(out.write_all(&line)?)
}

/// Appends `n` in decimal; formatting machinery costs more than encoding here, and so does a
/// copy call per id, so the digits are pushed one by one.
fn push_decimal(line: &mut Vec<u8>, n: u32) {
    let mut place = 1;
    while place <= n / 10 {
        place *= 10;
    }
    while place > 0 {
        line.push(b'0' + (n / place % 10) as u8);
        place /= 10;
    }
}

/// Whitespace-separated ids, every one parsed before any is used, so bad input prints nothing;
/// `range` says in the message which ids exist ("0..=50256").
pub fn parse_ids(input: &[u8], range: &str) -> Result<Vec<u32>, Failure> {
    String::from_utf8_lossy(input)
        .split_whitespace()
        .enumerate()
        .map(|(position, word)| {
            word.parse::<u32>().map_err(|_| {
                Failure::Run(format!(
                    "`{word}` at position {position} is not a token id ({range})"
                ))
            })
        })
        .collect()
}
