//! `til smollm qk`: SmolLM2-135M-Instruct's first-layer attention logits (the token-table
//! subcommands are smollm_table_cmd.rs's), in f64
//! (`til_core::smollm2::first_attention`), for a text (its `smollm2` tokens) or given ids. The
//! tokenizer and the first layer's weights (assets/smollm2/smollm2.bin, layer0.bin) are built in.
//! Values print in Rust's shortest round-trip form. Leaves out: the softmax and later layers.

use std::ffi::OsString;
use std::io::Write;

use til_core::byte_level::ByteLevel;
use til_core::smollm2::first_attention::{FirstAttention, Rotation};
use til_core::smollm2::{layer0, Smollm2};

use crate::ids::parse_ids;
use crate::options::{usage, utf8_args, Given};
use crate::smollm_table_cmd;
use crate::Failure;

const LAYER0: &[u8] = include_bytes!("../../../assets/smollm2/layer0.bin");

pub const SMOLLM_USAGE: &str = "\
usage: til smollm qk [--ids \"ID ID ...\"] [--rotation interleaved|half|half-on-gguf-rows|off] [TEXT]

qk: SmolLM2-135M-Instruct's first attention layer on TEXT (its smollm2 tokens) or on the ids:
    token rows -> RMSNorm -> q, k -> RoPE (base 100000) -> q_m . k_n / sqrt(64), n <= m.
    One line per query head h (0-8) and position m: `h m v0 v1 ... vm`.
    --rotation: interleaved (the default: the GGUF's rows, pairs 2i, 2i+1, as llama.cpp),
    half (rows put back in Hugging Face's order, pairs i, i+32; the same logits),
    half-on-gguf-rows (the conversion bug: different logits), off (content only).
";

/// Runs `til smollm ARGS…` (ARGS without the leading `smollm`).
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let args = utf8_args(args)?;
    let rest = match args.split_first() {
        None | Some((&("-h" | "--help" | "help"), _)) => {
            out.write_all(SMOLLM_USAGE.as_bytes())?;
            return Ok(out.write_all(smollm_table_cmd::TABLE_USAGE.as_bytes())?);
        }
        Some((&"qk", rest)) => rest,
        Some((&sub @ ("neighbours" | "analogies" | "undertrained"), rest)) => {
            return smollm_table_cmd::run(sub, rest, out)
        }
        Some((other, _)) => {
            return Err(usage(format!(
                "unknown command `smollm {other}`; try `til smollm --help`"
            )))
        }
    };
    // The one argument that is not an option or its value is the text.
    let mut options = Vec::new();
    let mut text = None;
    let mut words = rest.iter();
    while let Some(&arg) = words.next() {
        if arg.starts_with("--") || arg == "-h" {
            options.push(arg);
            if !arg.contains('=') && arg.starts_with("--") && arg != "--help" {
                options.extend(words.next());
            }
        } else if text.replace(arg).is_some() {
            return Err(usage("give one TEXT (quote it)"));
        }
    }
    let Some(given) = Given::parse("smollm", "qk", &options, &["--ids", "--rotation"])? else {
        return Ok(out.write_all(SMOLLM_USAGE.as_bytes())?);
    };
    let rotation = match given
        .optional::<String>("--rotation", "a rotation")?
        .as_deref()
    {
        None | Some("interleaved") => Rotation::Interleaved,
        Some("half") => Rotation::Half,
        Some("half-on-gguf-rows") => Rotation::HalfOnGgufRows,
        Some("off") => Rotation::Off,
        Some(other) => {
            return Err(usage(format!(
                "--rotation expects interleaved, half, half-on-gguf-rows or off, got `{other}`"
            )))
        }
    };
    let failed = |e: til_core::smollm2::Smollm2Error| Failure::Run(e.to_string());
    let attention = FirstAttention::new(layer0::parse(LAYER0).map_err(failed)?).map_err(failed)?;
    let vocab = attention.shape.vocab;
    let ids = match (given.optional::<String>("--ids", "ids")?, text) {
        (Some(_), Some(_)) => return Err(usage("give --ids or TEXT, not both")),
        (Some(ids), None) => parse_ids(ids.as_bytes(), &format!("0..={}", vocab - 1))?,
        (None, Some(text)) => Smollm2::from_asset(
            til_core::registry::SMOLLM2.name,
            crate::shipped::asset(&til_core::registry::SMOLLM2),
        )
        .map_err(failed)?
        .encode_ids(text),
        (None, None) => return Err(usage("give --ids \"ID ...\" or a TEXT")),
    };
    if ids.is_empty() {
        return Err(Failure::Run("no tokens: nothing to attend to".into()));
    }
    let logits = attention.logits(&ids, rotation).map_err(failed)?;
    for h in 0..logits.heads {
        for m in 0..logits.len {
            let values: Vec<String> = logits.row(h, m).iter().map(f64::to_string).collect();
            writeln!(out, "{h} {m} {}", values.join(" "))?;
        }
    }
    Ok(())
}
