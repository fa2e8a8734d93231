//! The Tokenize lab in the page's link: the corpus (a preset's id, or a custom corpus short enough
//! for a link), its format, the number of merges, the tie rule and the stepper's position; the
//! "Encode a word" and GPT-2 texts bind themselves where they live (`UrlState::bind_text`). Opening
//! the page from a link trains on what the link asks for, then moves the stepper to its step; the
//! tokenizers Side by side compares are in it by name (`compare=gpt2,o200k`), and whether its
//! counts take every tokenizer (`count=every`); the Chat view's conversation (`chat=`), its models
//! (`chat_models=`) and whether it ends with the generation prompt (`chat_prompt=`).
//! Left out: playback speed and whether it plays (a link shows a still step).
use leptos::prelude::*;
use til_channel::{ChatMessage, CHAT_FILE};
use til_core::bpe::TieRule;
use til_core::link::{conversation, Kind, Param, Value};

use super::chat::models::{models, MOST_MESSAGES};
use super::compare::{sides, MOST_CHOSEN};
use super::walkthrough::presets::{self, CorpusFormat};
use super::walkthrough::state::WalkthroughState;
use super::walkthrough::training::{self, MAX_MERGES};
use crate::url::UrlState;

/// The link's keys for this lab (the address and its notes use them).
pub const CORPUS: &str = "corpus";
pub const TEXT: &str = "text";
pub const FORMAT: &str = "format";
pub const MERGES: &str = "merges";
pub const TIE: &str = "tie";
pub const STEP: &str = "step";
pub const ENCODE: &str = "encode";
pub const GPT2: &str = "gpt2";
pub const COMPARE: &str = "compare";
pub const COUNT: &str = "count";
pub const CHAT: &str = "chat";
pub const CHAT_MODELS: &str = "chat_models";
pub const CHAT_PROMPT: &str = "chat_prompt";
/// [`CHAT_PROMPT`]'s names: without and with the generation prompt.
const PROMPTS: [&str; 2] = ["off", "on"];
/// Longest conversation a link carries, in characters.
const CHAT_LINK_CHARS: usize = 4_000;
/// [`COUNT`]'s names: the counts take the columns on show, or every tokenizer.
const COUNTED: [&str; 2] = ["shown", "every"];

/// Longest custom corpus a link carries; a longer one is left out of the link, with a note.
const CORPUS_LINK_CHARS: usize = 2_000;
/// Longest "Encode a word" text and GPT-2 text a link carries.
pub const ENCODE_LINK_CHARS: usize = 200;
pub const GPT2_LINK_CHARS: usize = 2_000;

pub fn params() -> Vec<Param> {
    let text = |key, label, max_chars| Param {
        key,
        label,
        kind: Kind::Text { max_chars },
    };
    let whole = |key, label, min| Param {
        key,
        label,
        kind: Kind::Whole {
            min,
            max: MAX_MERGES,
            step: 1,
        },
    };
    let choice = |key, label, names: Vec<&str>| Param {
        key,
        label,
        kind: Kind::Choice(names.into_iter().map(String::from).collect()),
    };
    vec![
        choice(CORPUS, "corpus preset", presets::ALL.map(|p| p.id).to_vec()),
        text(TEXT, "custom corpus", CORPUS_LINK_CHARS),
        choice(
            FORMAT,
            "corpus format",
            CorpusFormat::ALL.iter().map(|f| f.name()).collect(),
        ),
        whole(MERGES, "number of merges", 1),
        choice(TIE, "tie rule", TieRule::ALL.map(TieRule::name).to_vec()),
        whole(STEP, "merge step", 0),
        text(ENCODE, "word to encode", ENCODE_LINK_CHARS),
        text(GPT2, "GPT-2 text", GPT2_LINK_CHARS),
        Param {
            key: COMPARE,
            label: "tokenizers compared",
            kind: Kind::Names {
                names: sides::link_names().into_iter().map(String::from).collect(),
                max: MOST_CHOSEN,
            },
        },
        choice(COUNT, "tokenizers counted", COUNTED.to_vec()),
        text(CHAT, "chat conversation", CHAT_LINK_CHARS),
        Param {
            key: CHAT_MODELS,
            label: "chat templates compared",
            kind: Kind::Names {
                names: models().iter().map(|e| e.name.to_string()).collect(),
                max: MOST_CHOSEN,
            },
        },
        choice(CHAT_PROMPT, "generation prompt", PROMPTS.to_vec()),
    ]
}

/// The columns of Side by side, and whether its counts take every tokenizer, in the link both
/// ways: what it says now, every change later.
pub fn bind_compare(chosen: RwSignal<Vec<&'static str>>, every: RwSignal<bool>) {
    let url = UrlState::expect();
    url.publish(COMPARE, move || Some(Value::Text(chosen.get().join(","))));
    url.publish(COUNT, move || {
        Some(Value::Text(COUNTED[usize::from(every.get())].to_string()))
    });
    if let Some(counted) = url.text(COUNT) {
        every.set(counted == COUNTED[1]);
    }
    if let Some(asked) = url.text(COMPARE) {
        // Names the link check let through are slugs or former names, in the order asked.
        let slugs = asked.split(',').filter_map(sides::slug_of).collect();
        chosen.set(slugs);
    }
}

/// The Chat view's conversation, generation prompt and models in the link both ways; whether the
/// link held any of them.
pub fn bind_chat(
    messages: RwSignal<Vec<ChatMessage>>,
    prompt: RwSignal<bool>,
    chosen: RwSignal<Vec<&'static str>>,
) -> bool {
    let url = UrlState::expect();
    let pairs = |m: &Vec<ChatMessage>| -> Vec<(String, String)> {
        m.iter()
            .map(|m| (m.role.clone(), m.content.clone()))
            .collect()
    };
    url.publish(CHAT, move || {
        Some(Value::Text(
            messages.with(|m| conversation::write(&pairs(m))),
        ))
    });
    // The reader's own files cannot travel in a link: only the shipped models do.
    let shipped = move || {
        chosen
            .get()
            .into_iter()
            .filter(|n| *n != CHAT_FILE)
            .collect::<Vec<_>>()
    };
    url.publish(CHAT_MODELS, move || Some(Value::Text(shipped().join(","))));
    url.publish(CHAT_PROMPT, move || {
        Some(Value::Text(PROMPTS[usize::from(prompt.get())].to_string()))
    });
    if let Some(text) = url.text(CHAT) {
        let asked = conversation::read(&text)
            .into_iter()
            .take(MOST_MESSAGES)
            .map(|(role, content)| ChatMessage { role, content })
            .collect();
        messages.set(asked);
    }
    if let Some(asked) = url.text(CHAT_MODELS) {
        let models = models();
        chosen.set(
            asked
                .split(',')
                .filter_map(|n| models.iter().find(|e| e.name == n).map(|e| e.name))
                .collect(),
        );
    }
    if let Some(asked) = url.text(CHAT_PROMPT) {
        prompt.set(asked == PROMPTS[1]);
    }
    [CHAT, CHAT_MODELS, CHAT_PROMPT]
        .iter()
        .any(|key| url.text(key).is_some())
}

/// Publishes the lab's state to the address, applies what the link asks for, and starts the first
/// training run (on the link's corpus, or the seed's).
pub fn restore_and_train(lab: WalkthroughState) {
    let url = UrlState::expect();
    // Until the first run lands, the link keeps the step it asked for.
    let pending_step = RwSignal::new(url.whole(STEP));
    // 1. Publish: what the lab holds now is the default.
    url.publish(CORPUS, move || {
        let id = lab.preset.get();
        (id != "custom").then(|| Value::Text(id.to_string()))
    });
    url.publish(TEXT, move || {
        (lab.preset.get() == "custom").then(|| lab.corpus.with(|c| Value::Text(c.clone())))
    });
    url.publish(FORMAT, move || {
        Some(Value::Text(lab.format.get().name().to_string()))
    });
    url.publish(MERGES, move || Some(Value::Whole(lab.merges_wanted.get())));
    url.publish(TIE, move || {
        Some(Value::Text(lab.tie_rule.get().name().to_string()))
    });
    url.publish(STEP, move || {
        Some(Value::Whole(
            pending_step.get().unwrap_or_else(|| lab.position.get()),
        ))
    });
    // 2. The corpus, then the settings (a preset brings its own merge count), then the first run.
    let settle = move || {
        if let Some(format) = url.text(FORMAT) {
            let format = CorpusFormat::ALL.iter().find(|f| f.name() == format);
            lab.format
                .set(format.copied().unwrap_or(CorpusFormat::FreeText));
        }
        if let Some(merges) = url.whole(MERGES) {
            lab.merges_wanted.set(merges);
        }
        if let Some(rule) = url.text(TIE).and_then(|name| name.parse().ok()) {
            lab.tie_rule.set(rule);
        }
        training::start(lab);
    };
    let preset = url.text(CORPUS).and_then(|id| presets::by_id(&id));
    match (url.text(TEXT), preset) {
        (Some(text), preset) => {
            if preset.is_some() {
                url.note(
                    "The link names a corpus preset and carries a custom corpus: the custom corpus is used."
                        .to_string(),
                );
            }
            lab.corpus.set(text);
            lab.preset.set("custom");
            settle();
        }
        (None, Some(preset)) => {
            lab.preset.set(preset.id);
            lab.choose_preset(preset, settle);
        }
        (None, None) => settle(),
    }
    // 3. The step, once the first run has landed.
    crate::effect::effect(move || {
        let Some(step) = pending_step.get() else {
            return;
        };
        if lab.trace.with(Option::is_none) || lab.progress.get().is_some() {
            return;
        }
        let total = lab.total_steps();
        lab.go_to(step);
        if step > total {
            url.note(format!(
                "merge step (step={step}) is past this run's last merge, {total}: showing step {total}."
            ));
        }
        pending_step.set(None);
    });
}
