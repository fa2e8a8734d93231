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
    // Room for one more id (ten digits) and its space past a full chunk.
    let mut line = [0u8; CHUNK + 11];
    let mut len = 0;
    for (i, &id) in ids.iter().enumerate() {
        if i > 0 {
            line[len] = b' ';
            len += 1;
        }
        len += write_decimal(&mut line[len..len + 10], id);
        if len >= CHUNK {
            out.write_all(&line[..len])?;
            len = 0;
        }
    }
    line[len] = b'\n';
    Ok(out.write_all(&line[..=len])?)
}

/// Writes `n` in decimal at the start of `digits` and says how many bytes that took. Into a fixed
/// window rather than pushed: formatting machinery, and a capacity check per byte, cost more than
/// the encoding whose ids are printed.
fn write_decimal(digits: &mut [u8], mut n: u32) -> usize {
    let mut count = 1;
    while count < 10 && n >= 10u32.pow(count as u32) {
        count += 1;
    }
    for digit in digits[..count].iter_mut().rev() {
        *digit = b'0' + (n % 10) as u8;
        n /= 10;
    }
    count
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

#[cfg(test)]
mod tests {
    use super::{parse_ids, write_ids};

    #[test]
    fn ids_print_as_one_line_and_read_back() {
        let mut ids = vec![
            0,
            9,
            10,
            99,
            100,
            199_997,
            999_999_999,
            1_000_000_000,
            u32::MAX,
        ];
        // Enough to cross several 64 KB writes.
        ids.extend((0..40_000).map(|i| i * 7919 % 1_000_003));
        let mut out = Vec::new();
        write_ids(&mut out, &ids).expect("written");
        assert_eq!(out.last(), Some(&b'\n'));
        let expected: Vec<String> = ids.iter().map(u32::to_string).collect();
        assert_eq!(out[..out.len() - 1], *expected.join(" ").as_bytes());
        assert_eq!(parse_ids(&out, "any").expect("ids"), ids);
    }

    #[test]
    fn no_ids_print_an_empty_line() {
        let mut out = Vec::new();
        write_ids(&mut out, &[]).expect("written");
        assert_eq!(out, b"\n");
    }
}
