//! `til rope inv-freq`, `til rope rotate` and `til rope score`: rotary position embedding on the
//! command line, in f64 (`til_core::posenc::rope`). Values print in Rust's shortest round-trip
//! form, so reading one back gives the same bits. Vectors are read from stdin as whitespace-
//! separated numbers. Leaves out: ALiBi (no command yet) and f32 output.

use std::ffi::OsString;
use std::io::{Read, Write};

use til_core::posenc::rope::{self, Layout, Scaling};
use til_core::posenc::DEFAULT_BASE;

use crate::options::{invalid, usage, utf8_args, Given, NUMBER, WHOLE};
use crate::Failure;

pub const ROPE_USAGE: &str = "\
usage: til rope inv-freq --d D [--base B] [--scaling linear|ntk|llama3] [--factor F]
                         [--low-freq-factor L] [--high-freq-factor H] [--original-max N]
       til rope rotate --d D --pos P [--base B] [--layout half|interleaved]
       til rope score --d D --m M --n N [--base B] [--layout half|interleaved]

inv-freq: the D/2 inverse frequencies theta_i = B^(-2i/D), scaled:
          linear (theta_i / F), ntk (base B * F^(D/(D-2))), or llama3 (Llama 3.1's bands:
          wavelengths above N/L divided by F, below N/H kept, blended between).
          Defaults: B 10000, L 1, H 4, N 8192.
rotate:   reads D numbers from stdin and prints them rotated to position P (pair i turned by
          P * theta_i); pairs are (i, i + D/2) in the half layout (the default, Hugging Face's)
          and (2i, 2i + 1) in the interleaved one (RoFormer, llama.cpp).
score:    reads q, then k (D numbers each) from stdin and prints R(M)q . R(N)k.
Values are f64 in shortest round-trip form.
";

/// Runs `til rope ARGS…` (ARGS without the leading `rope`).
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let args = utf8_args(args)?;
    const SCALING: [&str; 6] = [
        "--scaling",
        "--factor",
        "--low-freq-factor",
        "--high-freq-factor",
        "--original-max",
        "--base",
    ];
    let given = match args.split_first() {
        None | Some((&("-h" | "--help" | "help"), _)) => None,
        Some((&"inv-freq", rest)) => {
            Given::parse("rope", "inv-freq", rest, &[&["--d"][..], &SCALING].concat())?
        }
        Some((&"rotate", rest)) => Given::parse(
            "rope",
            "rotate",
            rest,
            &["--d", "--pos", "--base", "--layout"],
        )?,
        Some((&"score", rest)) => Given::parse(
            "rope",
            "score",
            rest,
            &["--d", "--m", "--n", "--base", "--layout"],
        )?,
        Some((other, _)) => {
            return Err(usage(format!(
                "unknown command `rope {other}`; try `til rope --help`"
            )))
        }
    };
    let Some(given) = given else {
        return Ok(out.write_all(ROPE_USAGE.as_bytes())?);
    };
    let theta = inv_freq(&given)?;
    let line = |values: &[f64]| {
        let text: Vec<String> = values.iter().map(f64::to_string).collect();
        text.join(" ") + "\n"
    };
    match given.command {
        "inv-freq" => Ok(out.write_all(line(&theta).as_bytes())?),
        "rotate" => {
            let p: f64 = given.required("--pos", NUMBER)?;
            let x = vectors(theta.len() * 2, 1)?;
            let rotated = rope::rotate(&x[0], p, &theta, layout(&given)?).map_err(invalid)?;
            Ok(out.write_all(line(&rotated).as_bytes())?)
        }
        _ => {
            let (m, n): (f64, f64) = (
                given.required("--m", NUMBER)?,
                given.required("--n", NUMBER)?,
            );
            let qk = vectors(theta.len() * 2, 2)?;
            let value =
                rope::score(&qk[0], &qk[1], m, n, &theta, layout(&given)?).map_err(invalid)?;
            Ok(writeln!(out, "{value}")?)
        }
    }
}

/// The inverse frequencies the options name, validated by the core.
fn inv_freq(given: &Given) -> Result<Vec<f64>, Failure> {
    let d: usize = given.required("--d", WHOLE)?;
    let base = given.optional("--base", NUMBER)?.unwrap_or(DEFAULT_BASE);
    let factor = || -> Result<f64, Failure> {
        given
            .optional("--factor", NUMBER)?
            .ok_or_else(|| usage("--scaling needs --factor F".to_string()))
    };
    let scaling = match given
        .optional::<String>("--scaling", "a scaling name")?
        .as_deref()
    {
        None => Scaling::None,
        Some("linear") => Scaling::Linear { factor: factor()? },
        Some("ntk") => Scaling::Ntk { factor: factor()? },
        Some("llama3") => Scaling::Llama3 {
            factor: factor()?,
            low_freq_factor: given.optional("--low-freq-factor", NUMBER)?.unwrap_or(1.0),
            high_freq_factor: given.optional("--high-freq-factor", NUMBER)?.unwrap_or(4.0),
            original_max: given.optional("--original-max", NUMBER)?.unwrap_or(8192.0),
        },
        Some(other) => {
            return Err(usage(format!(
                "unknown scaling `{other}`: linear, ntk or llama3"
            )))
        }
    };
    rope::inv_freq(d, base, scaling).map_err(invalid)
}

fn layout(given: &Given) -> Result<Layout, Failure> {
    match given
        .optional::<String>("--layout", "a layout name")?
        .as_deref()
    {
        None | Some("half") => Ok(Layout::Half),
        Some("interleaved") => Ok(Layout::Interleaved),
        Some(other) => Err(usage(format!(
            "unknown layout `{other}`: half or interleaved"
        ))),
    }
}

/// `count` vectors of `d` numbers from stdin, one after the other.
fn vectors(d: usize, count: usize) -> Result<Vec<Vec<f64>>, Failure> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Failure::Run(format!("cannot read stdin: {e}")))?;
    let numbers = text
        .split_whitespace()
        .map(|t| {
            t.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| Failure::Run(format!("stdin: `{t}` is not a finite number")))
        })
        .collect::<Result<Vec<f64>, Failure>>()?;
    if numbers.len() != d * count {
        return Err(Failure::Run(format!(
            "stdin holds {} numbers; expected {} ({count} × d = {d})",
            numbers.len(),
            d * count
        )));
    }
    Ok(numbers.chunks(d).map(<[f64]>::to_vec).collect())
}
