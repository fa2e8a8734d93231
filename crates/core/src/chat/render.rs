//! A conversation through a model's chat template, as `transformers`' `apply_chat_template(…,
//! tokenize=False)` renders it: the same environment (see the module's notes), the messages as
//! written, `add_generation_prompt`, `tools` and `documents` (none unless given) and the special-token
//! strings the config sets. Also found: where each message's content landed in the text, so a view
//! can tell the template's own text from the messages'.
use std::ops::Range;
use std::sync::{Arc, Mutex};

use minijinja::{Environment, Error, ErrorKind, Value};

use super::config::ChatConfig;
use super::conversation::Message;
use super::ordered_json::Json;
use super::ChatError;

/// What a rendering takes besides the messages.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// End with the header that asks the model for the next assistant turn.
    pub add_generation_prompt: bool,
    /// Now, in seconds since the Unix epoch, for `strftime_now`.
    pub now: i64,
    /// Tool schemas (a JSON list), when the conversation offers tools.
    pub tools: Option<Json>,
    /// Documents for retrieval templates (a JSON list).
    pub documents: Option<Json>,
}

/// The rendered text and where each message's content is in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub text: String,
    /// For each message, the byte span of its content in `text` (found in order; its trimmed
    /// content if the template trimmed it), or None: empty, or changed beyond finding.
    pub spans: Vec<Option<Range<usize>>>,
}

/// Work a template may do before it is stopped: a template that loops for ever is refused.
const FUEL: u64 = 5_000_000;

/// `messages` through `config`'s template.
pub fn render(
    config: &ChatConfig,
    messages: &[Message],
    options: &Options,
) -> Result<Rendered, ChatError> {
    // What raise_exception and strftime_now reported, told apart from the engine's own errors.
    let raised = Arc::new(Mutex::new(None::<ChatError>));
    let env = environment(options.now, raised.clone());
    let fail = |e: Error| {
        raised
            .lock()
            .unwrap()
            .take()
            .unwrap_or_else(|| engine_error(&e))
    };
    let template = env.template_from_str(&config.template).map_err(fail)?;
    let mut context: Vec<(&str, Value)> = vec![
        (
            "messages",
            messages.iter().map(|m| m.fields.to_value()).collect(),
        ),
        (
            "add_generation_prompt",
            Value::from(options.add_generation_prompt),
        ),
        (
            "tools",
            options
                .tools
                .as_ref()
                .map_or(Value::from(()), Json::to_value),
        ),
        (
            "documents",
            options
                .documents
                .as_ref()
                .map_or(Value::from(()), Json::to_value),
        ),
    ];
    context.extend(
        config
            .specials
            .iter()
            .map(|(name, text)| (*name, Value::from(text.as_str()))),
    );
    let text = template
        .render(Value::from(
            context
                .into_iter()
                .map(|(k, v)| (Value::from(k), v))
                .collect::<indexmap::IndexMap<Value, Value>>(),
        ))
        .map_err(fail)?;
    let spans = spans(&text, messages);
    Ok(Rendered { text, spans })
}

fn environment(now: i64, raised: Arc<Mutex<Option<ChatError>>>) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .build()
            .expect("the default delimiters"),
    );
    env.set_fuel(Some(FUEL));
    env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
    env.add_filter("tojson", super::python_json::tojson);
    let raise = raised.clone();
    env.add_function(
        "raise_exception",
        move |message: String| -> Result<Value, Error> {
            *raise.lock().unwrap() = Some(ChatError::Raised(message.clone()));
            Err(Error::new(ErrorKind::InvalidOperation, message))
        },
    );
    env.add_function(
        "strftime_now",
        move |format: String| -> Result<Value, Error> {
            super::strftime::strftime(&format, now)
                .map(Value::from)
                .map_err(|what| {
                    *raised.lock().unwrap() = Some(ChatError::Unsupported(what.clone()));
                    Error::new(ErrorKind::InvalidOperation, what)
                })
        },
    );
    env
}

/// The engine's error as one line: what is not supported, by name, or what went wrong where.
fn engine_error(e: &Error) -> ChatError {
    let detail = e.detail().map(str::to_string);
    let line = e.line().map(|l| format!(" (line {l})")).unwrap_or_default();
    match e.kind() {
        ErrorKind::UnknownFilter
        | ErrorKind::UnknownTest
        | ErrorKind::UnknownFunction
        | ErrorKind::UnknownMethod => ChatError::Unsupported(format!(
            "{}{line}",
            detail.unwrap_or_else(|| e.kind().to_string())
        )),
        ErrorKind::OutOfFuel => {
            ChatError::Template("the template ran too long and was stopped".into())
        }
        kind => ChatError::Template(match detail {
            Some(detail) => format!("{kind}: {detail}{line}"),
            None => format!("{kind}{line}"),
        }),
    }
}

/// Each message's content in `text`, looked for in order after the previous one's.
fn spans(text: &str, messages: &[Message]) -> Vec<Option<Range<usize>>> {
    let mut from = 0;
    messages
        .iter()
        .map(|message| {
            let content = message.content();
            let span = [content, content.trim()]
                .into_iter()
                .filter(|c| !c.is_empty())
                .find_map(|c| {
                    text[from..]
                        .find(c)
                        .map(|at| from + at..from + at + c.len())
                })?;
            from = span.end;
            Some(span)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{render, Options};
    use crate::chat::config::ChatConfig;
    use crate::chat::conversation::{parse, Message};
    use crate::chat::ChatError;

    fn config(template: &str) -> ChatConfig {
        ChatConfig {
            template: template.into(),
            specials: vec![("bos_token", "<s>".into())],
            special_tokens: vec![],
        }
    }

    #[test]
    fn blocks_are_trimmed_as_transformers_sets_jinja_up() {
        let template = "{{ bos_token }}\n{% for m in messages %}\n  {% if loop.first %}[{{ m.role }}]{% endif %}\n{{ m['content'] | trim }}|\n{% endfor %}\n{% if add_generation_prompt %}>{% endif %}\n";
        let messages = [
            Message::new("user", " Hi "),
            Message::new("assistant", "Yo"),
        ];
        let rendered = render(
            &config(template),
            &messages,
            &Options {
                add_generation_prompt: true,
                ..Options::default()
            },
        )
        .unwrap();
        // jinja2 (trim_blocks, lstrip_blocks, keep_trailing_newline off) gives this.
        assert_eq!(rendered.text, "<s>\n[user]Hi|\nYo|\n>");
        assert_eq!(rendered.spans, [Some(10..12), Some(14..16)]);
    }

    #[test]
    fn tojson_and_python_string_methods_behave_as_in_python() {
        let messages =
            parse(r#"[{"role":"user","content":"<b>é</b> a,b","extra":{"z":1,"a":[1.5,null]}}]"#)
                .unwrap();
        let template = "{{ messages[0] | tojson }}|{{ messages[0].extra | tojson(indent=2) }}|{{ messages[0].content.split(',')[-1].upper() }}|{{ messages[0].content.startswith('<b>') }}";
        let text = render(&config(template), &messages, &Options::default())
            .unwrap()
            .text;
        assert_eq!(
            text,
            "{\"role\": \"user\", \"content\": \"<b>é</b> a,b\", \"extra\": {\"z\": 1, \"a\": [1.5, null]}}|{\n  \"z\": 1,\n  \"a\": [\n    1.5,\n    null\n  ]\n}|B|True"
        );
    }

    #[test]
    fn a_raised_exception_gives_its_message_and_unknown_things_are_named() {
        let raise = "{% for m in messages %}{% if m.role not in ['user', 'assistant'] %}{{ raise_exception('Roles must be user or assistant') }}{% endif %}{% endfor %}";
        let messages = [Message::new("robot", "x")];
        assert_eq!(
            render(&config(raise), &messages, &Options::default()),
            Err(ChatError::Raised("Roles must be user or assistant".into()))
        );
        let unknown = render(
            &config("{{ messages | frobnicate }}"),
            &messages,
            &Options::default(),
        )
        .unwrap_err();
        assert!(
            matches!(unknown, ChatError::Unsupported(ref what) if what.contains("frobnicate")),
            "{unknown}"
        );
        let date = render(
            &config("{{ strftime_now('%d %b %Y') }} {{ strftime_now('%Z') }}"),
            &messages,
            &Options::default(),
        );
        assert_eq!(
            date.unwrap_err().to_string(),
            "the chat template uses strftime_now's %Z, which is not supported"
        );
        let endless = render(
            &config(
                "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
            ),
            &messages,
            &Options::default(),
        );
        assert!(
            matches!(endless, Err(ChatError::Template(_))),
            "{endless:?}"
        );
        let syntax = render(&config("{% if %}"), &messages, &Options::default()).unwrap_err();
        assert!(
            syntax
                .to_string()
                .starts_with("chat template: syntax error"),
            "{syntax}"
        );
    }
}
