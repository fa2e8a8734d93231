//! `til minilm embed TEXT [--no-layernorm]`: MiniLM's embedding layer on a text, one line per token,
//! `TOKEN<TAB>ID<TAB>v0,…,v383`.
//!
//! The text is tokenized as `til wordpiece encode` does it; each line holds the LayerNorm output at
//! that position (what the first attention layer reads), or with `--no-layernorm` the raw sum of the
//! token, position and token-type rows. Values print in full precision: the shortest decimal that
//! reads back as the same f32. More than 512 tokens fails with seed 000's guard message. The assets
//! are built in (assets/minilm/tokens.bin, layer.bin) and checked at start. This file parses and
//! prints; the layer is `til_core::minilm`. Leaves out: sentence pairs, batches, the attention layers.

use std::ffi::OsString;
use std::io::Write;

use til_core::minilm::{forward, LayerWeights, TokenEmbeddings};

use crate::wordpiece_cmd::{text_command, tokenizer};
use crate::Failure;

/// MiniLM's token table (float16) and the rest of its embedding layer, compiled in.
const TOKENS: &[u8] = include_bytes!("../../../assets/minilm/tokens.bin");
const LAYER: &[u8] = include_bytes!("../../../assets/minilm/layer.bin");
const NO_LAYERNORM: &str = "--no-layernorm";

pub const MINILM_USAGE: &str = "\
usage: til minilm embed TEXT [--no-layernorm]

embed: all-MiniLM-L6-v2's embedding layer on the WordPiece tokens of TEXT (as
       `til wordpiece encode` gives them): one `TOKEN<TAB>ID<TAB>v0,…,v383` line per token,
       the LayerNorm output, full precision (shortest decimal that reads back as the f32).
       At most 512 tokens, [CLS] and [SEP] included.

options:
  --no-layernorm  print the raw sum instead: token row + position row + token-type row 0
";

/// Runs `til minilm ARGS…` (ARGS without the leading `minilm`).
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let command = args.first().and_then(|a| a.to_str());
    match command {
        None | Some("-h" | "--help" | "help") => Ok(out.write_all(MINILM_USAGE.as_bytes())?),
        Some("embed") => match text_command("minilm embed", &args[1..], &[NO_LAYERNORM])? {
            None => Ok(out.write_all(MINILM_USAGE.as_bytes())?),
            Some(request) => embed(&request.text, request.flags.contains(&NO_LAYERNORM), out),
        },
        Some(other) => Err(Failure::Usage(format!(
            "unknown command `minilm {other}`; try `til minilm --help`"
        ))),
    }
}

fn embed(text: &str, raw: bool, out: &mut impl Write) -> Result<(), Failure> {
    // 1. Tokens, then the guard and the layer, before anything is printed.
    let encoding = tokenizer()?.encode(text);
    let built_in = |e: til_core::minilm::MiniLmError| Failure::Run(format!("built-in MiniLM: {e}"));
    let tokens = TokenEmbeddings::from_asset(TOKENS).map_err(built_in)?;
    let weights = LayerWeights::from_asset(LAYER).map_err(built_in)?;
    let embedded =
        forward(&tokens, &weights, &encoding.ids()).map_err(|e| Failure::Run(e.to_string()))?;
    // 2. One line per token.
    for (t, token) in encoding.tokens.iter().enumerate() {
        let row = if raw {
            embedded.sum_row(t)
        } else {
            embedded.normalised_row(t)
        };
        write!(out, "{}\t{}\t", token.text, token.id)?;
        for (i, v) in row.iter().enumerate() {
            let separator = if i == 0 { "" } else { "," };
            write!(out, "{separator}{v}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
