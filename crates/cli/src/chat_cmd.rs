//! `til chat`: a conversation through a model's chat template (`til_core::chat`), as
//! `transformers`' `apply_chat_template` renders it, then its tokens as the model's own tokenizer
//! gives them for `encode(rendered, add_special_tokens=False)` — the template writes its special
//! tokens itself. `--text` prints the rendered text exactly; `--counts` what each message, each role
//! and the template itself cost. The templates of the shipped models are compiled in; any
//! `tokenizer.json` with its `tokenizer_config.json` works too.
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;

use til_core::chat::config::ChatConfig;
use til_core::chat::conversation::{self, Message};
use til_core::chat::count::{count, encode_with_special_tokens, Counts};
use til_core::chat::render::{render, Options};

use crate::ids::{read_input, utf8, write_ids};
use crate::model::{chosen, Model};
use crate::{shipped, Failure};

pub const CHAT_USAGE: &str = "\
usage: til chat --model NAME CONVERSATION.json [--generation-prompt] [--text | --counts]
       til chat --tokenizer-json PATH --config PATH CONVERSATION.json [...]

Renders the conversation (a JSON array of {\"role\", \"content\"} messages; - reads
stdin) with the model's chat template and prints the ids of the rendered text
(no special tokens added: the template writes them), on one line.

--model NAME:      a shipped model with a template: llama3.1, qwen3, deepseek-v3,
                   gemma3, smollm2 (--config gives the others one).
--tokenizer-json:  any tokenizer.json, with --config its tokenizer_config.json.
--generation-prompt: end with the header that asks for the assistant's turn.
--text:            print the rendered text exactly (nothing added).
--counts:          print the tokens of each message's content alone, of each role,
                   the template's overhead (the rest) and the total, a line each.
";

/// Runs `til chat ARGS…`.
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let usage = |message: &str| Failure::Usage(format!("{message}; try `til chat --help`"));
    let words: Vec<&str> = args
        .iter()
        .map(|a| a.to_str().ok_or_else(|| usage("arguments must be UTF-8")))
        .collect::<Result<_, _>>()?;
    if words.is_empty() || words.iter().any(|w| matches!(*w, "-h" | "--help")) {
        return Ok(out.write_all(CHAT_USAGE.as_bytes())?);
    }
    let mut model = None;
    let mut config_path = None;
    let mut conversation_path = None;
    let (mut generation_prompt, mut text, mut counts) = (false, false, false);
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        match *word {
            flag @ ("--model" | "--tokenizer-json") => {
                let value = rest
                    .next()
                    .ok_or_else(|| usage(&format!("{flag} needs a value")))?;
                if model.replace((flag, *value)).is_some() {
                    return Err(usage("one --model or --tokenizer-json"));
                }
            }
            "--config" => {
                config_path = Some(*rest.next().ok_or_else(|| usage("--config needs a file"))?)
            }
            "--generation-prompt" => generation_prompt = true,
            "--text" => text = true,
            "--counts" => counts = true,
            flag if flag.starts_with("--") => return Err(usage(&format!("unknown option {flag}"))),
            path if conversation_path.is_none() => conversation_path = Some(path),
            _ => return Err(usage("one CONVERSATION file")),
        }
    }
    let (flag, name) =
        model.ok_or_else(|| usage("--model NAME or --tokenizer-json PATH is needed"))?;
    let conversation_path =
        conversation_path.ok_or_else(|| usage("a CONVERSATION file is needed"))?;
    if text && counts {
        return Err(usage("--text or --counts, not both"));
    }
    let config = chat_config(flag, name, config_path)?;
    let source = if conversation_path == "-" {
        "stdin"
    } else {
        conversation_path
    };
    let input = read_input((conversation_path != "-").then(|| Path::new(conversation_path)))?;
    let messages = conversation::parse(utf8(&input, source)?)
        .map_err(|e| Failure::Run(format!("{source}: {e}")))?;
    let options = Options {
        add_generation_prompt: generation_prompt,
        now: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64),
        ..Options::default()
    };
    let rendered = render(&config, &messages, &options).map_err(|e| Failure::Run(e.to_string()))?;
    if text {
        return Ok(out.write_all(rendered.text.as_bytes())?);
    }
    let tokenizer = chosen(flag, name)?;
    let ids = encode(&tokenizer, &config, &rendered.text)?;
    if counts {
        let counts = count(ids.len(), &messages, |content| {
            encode(&tokenizer, &config, content).map(|ids| ids.len())
        })?;
        return write_counts(out, &messages, &counts);
    }
    write_ids(out, &ids)
}

/// `--config`'s file, or the shipped model's template.
fn chat_config(flag: &str, name: &str, config_path: Option<&str>) -> Result<ChatConfig, Failure> {
    if let Some(path) = config_path {
        let bytes = read_input(Some(Path::new(path)))?;
        return ChatConfig::from_tokenizer_config(utf8(&bytes, path)?)
            .map_err(|e| Failure::Run(format!("{path}: {e}")));
    }
    if flag != "--model" {
        return Err(Failure::Usage(
            "--tokenizer-json needs --config PATH (its tokenizer_config.json); try `til chat --help`".into(),
        ));
    }
    let entry = shipped::named(name)?;
    let asset = entry.chat_template.ok_or_else(|| {
        Failure::Run(format!(
            "{name} ships no chat template (its package's tokenizer_config.json has none); give one with --config PATH"
        ))
    })?;
    ChatConfig::read(shipped::file(asset)).map_err(|e| Failure::Run(e.to_string()))
}

/// The rendered text's ids: the template's special tokens one each, the rest as the model reads it.
fn encode(tokenizer: &Model, config: &ChatConfig, text: &str) -> Result<Vec<u32>, Failure> {
    encode_with_special_tokens(text, &config.special_tokens, |part| {
        tokenizer.encode(part, false)
    })
}

fn write_counts(
    out: &mut impl Write,
    messages: &[Message],
    counts: &Counts,
) -> Result<(), Failure> {
    for (i, (message, n)) in messages.iter().zip(&counts.per_message).enumerate() {
        writeln!(out, "{n}\tmessage {} ({})", i + 1, message.role())?;
    }
    for (role, n) in &counts.per_role {
        writeln!(out, "{n}\trole {role}")?;
    }
    writeln!(out, "{}\ttemplate overhead", counts.overhead)?;
    writeln!(out, "{}\ttotal", counts.total)?;
    Ok(())
}
