//! `til posenc table` and `til posenc dot`: the sinusoidal positional encoding on the command line,
//! computed on the f64 CPU reference path (`til_core::posenc`).
//!
//! Both print f64 values in Rust's shortest round-trip form (`{}`): reading a printed value back gives
//! the same bits. Options take their value as the next argument or after `=`. Left out: the learned
//! table, f32 output, other number formats, and positions given as a list.

use std::ffi::OsString;
use std::io::Write;

use til_core::posenc::{direct_dot, PosEncError, Sinusoidal, DEFAULT_BASE};

use crate::options::{invalid, usage, utf8_args, Given, NUMBER, WHOLE};
use crate::Failure;

pub const POSENC_USAGE: &str = "\
usage: til posenc table --positions N --d D [--base B]
       til posenc dot --p P --k K --d D [--base B]

table: N lines, one per position 0..N-1, each the D comma-separated values
       PE(pos, 2i) = sin(pos / B^(2i/D)), PE(pos, 2i+1) = cos(pos / B^(2i/D)).
dot:   one number, PE(P)·PE(P+K), computed by encoding both positions
       (for even D it equals the sum over i of cos(K / B^(2i/D)), whatever P is).
  --positions N   how many positions (0 or more)
  --d D           d_model, 1 or more (an odd D ends with a lone sine)
  --base B        a number above 1 (default 10000)
  --p P           a position: a number, 0 or more
  --k K           an offset: a number, negative allowed while P + K >= 0
Values are f64 in shortest round-trip form.
";

/// Runs `til posenc ARGS…` (ARGS without the leading `posenc`).
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let args = utf8_args(args)?;
    // `None` below means help was asked for.
    let given = match args.split_first() {
        None | Some((&("-h" | "--help" | "help"), _)) => None,
        Some((&"table", rest)) => {
            Given::parse("posenc", "table", rest, &["--positions", "--d", "--base"])?
        }
        Some((&"dot", rest)) => {
            Given::parse("posenc", "dot", rest, &["--p", "--k", "--d", "--base"])?
        }
        Some((other, _)) => {
            return Err(usage(format!(
                "unknown command `posenc {other}`; try `til posenc --help`"
            )))
        }
    };
    match given {
        None => write(out, POSENC_USAGE),
        Some(given) if given.command == "table" => table(&given, out),
        Some(given) => dot(&given, out),
    }
}

fn write(out: &mut impl Write, text: &str) -> Result<(), Failure> {
    Ok(out.write_all(text.as_bytes())?)
}

/// `til posenc table`: one line per position, written as it is computed (no table in memory).
fn table(given: &Given, out: &mut impl Write) -> Result<(), Failure> {
    let positions: usize = given.required("--positions", WHOLE)?;
    let encoding = encoding(given)?;
    let mut row = vec![0.0; encoding.d()];
    let mut line = String::new();
    for pos in 0..positions {
        encoding
            .encode_into(pos as f64, &mut row)
            .map_err(invalid)?;
        line.clear();
        for (dim, value) in row.iter().enumerate() {
            if dim > 0 {
                line.push(',');
            }
            line.push_str(&value.to_string());
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// `til posenc dot`: PE(p)·PE(p+k), the long way.
fn dot(given: &Given, out: &mut impl Write) -> Result<(), Failure> {
    let p: f64 = given.required("--p", NUMBER)?;
    let k: f64 = given.required("--k", NUMBER)?;
    let encoding = encoding(given)?;
    let value = direct_dot(&encoding, p, k).map_err(|e| match e {
        PosEncError::BadPosition(at) if at != p => usage(format!(
            "P + K = {at} is not a position (it must be a finite number ≥ 0)"
        )),
        other => invalid(other),
    })?;
    Ok(writeln!(out, "{value}")?)
}

/// The encoding named by `--d` and `--base`, validated by the core.
fn encoding(given: &Given) -> Result<Sinusoidal, Failure> {
    let d: usize = given.required("--d", WHOLE)?;
    let base = given.optional("--base", NUMBER)?.unwrap_or(DEFAULT_BASE);
    Sinusoidal::new(d, base).map_err(invalid)
}
