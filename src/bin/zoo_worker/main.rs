//! The tokenizer worker: a Web Worker (its own wasm, built by Trunk from this file) that holds the
//! zoo's tokenizers — OpenAI's cl100k_base and o200k_base, Mistral's SentencePiece v1 and Tekken,
//! SmolLM2's, and a SentencePiece model file the reader opens — so their code stays out of the page's wasm and their work off its main thread.
//!
//! Messages (plain JavaScript objects; the page's side is src/worker.rs):
//! 1. to the page, once: `{ready: true}` (messages sent before it would be lost);
//! 2. from the page `{load: SLUG, bytes: Uint8Array}`: builds that tokenizer from its asset;
//! 3. from the page `{encode: SLUG, id: N, text: STRING}`: answers `{id: N, ids, starts, ends}`
//!    (Uint32Arrays: each token's id and input byte span) and `displays` (each token as its
//!    vocabulary writes it), or `{id: N, error: STRING}`.
//!
//! 4. from the page `{lengths: SLUG, id: N, texts: [STRING]}`: answers `{id: N, counts, lengths}`
//!    (Uint32Arrays: each text's token count, then every token's byte length, text after text), what
//!    the token tax and the numbers grid count;
//! 5. from the page `{count: SLUG, id: N, text: STRING}`: answers `{id: N, count}`, the text's
//!    token count (all of a long paste, without its tokens);
//! 6. from the page `{why: SLUG, id: N, text: STRING, token: N}`: answers `{id: N, html}`, why that
//!    token of the text is what it is, as markup (why_markup.rs).
//! 7. from the page `{wordpiece: TEXT, id: N}`: answers MiniLM's WordPiece encoding of TEXT, `{id: N,
//!    ids, starts, ends, words, texts, normalised}` (each token's id, byte span, word and vocabulary
//!    text, then the normalised words), for the page's MiniLM views.
//!
//! 8. from the page `{load: "layer0", bytes}`: builds SmolLM2's first attention layer
//!    (attention.rs); then `{attention: TEXT, id: N, limit: N, runOn: "faster"|"cpu"|"gpu"}`
//!    answers the logits of TEXT's first `limit` smollm2 tokens every way, with where they were
//!    computed (attention.rs), the tokens and tables as markup (first_layer_markup.rs) and
//!    `total` (how many tokens the whole text makes).
//!
//! 9. from the page `{unigram: "start", id: N, corpus: TEXT, vocab: TEXT, byteFallback: BOOL}`, then `{unigram: "step", id}`
//!    state after state, and `{unigram: "lattice", id, round: N, word: TEXT}`: a Unigram
//!    training run the page steps through (unigram.rs).
//!
//! 10. from the page `{analogies: "start", id, rows, dims, vocab, counts, questions, method, share,
//!     shares}`, then `{analogies: "step", id, ms}` slice after slice and `{analogies: "found", id}`:
//!     one share of the analogy benchmark (analogy.rs). The page starts several copies of this
//!     worker for it, one per core; only the first also holds the tokenizers.
//!
//! 11. from the page `{bpe: "start", id, text: TEXT, file: File, format, tie, merges}` (the file,
//!     if any, instead of the text), then `{bpe: "step", id, ms}` slice after slice and
//!     `{bpe: "finish", id}`: a BPE training run whose trace comes back as bytes (bpe.rs).
//!
//! It also holds MiniLM's WordPiece (slug `wordpiece`), which keeps its normaliser's Unicode tables
//! (20 KB of gzip) out of the page's wasm, and a copy of GPT-2 (slug `gpt2`) for "why this split"
//! alone: the page encodes GPT-2 itself. Leaves out: anything but encoding and explaining (the page decodes nothing of
//! these tokenizers).

use std::any::Any;
use std::cell::RefCell;

use js_sys::{Array, Object, Reflect, Uint32Array, Uint8Array};
use til_core::embed::benchmark::Share;
use til_core::registry::{self, Shipped};
use til_core::sentencepiece::SentencePiece;
use til_core::wordpiece::WordPiece;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

mod analogy;
mod attention;
mod bpe;
mod first_layer_markup;
#[path = "../../position/first_layer_ways.rs"]
mod first_layer_ways;
#[path = "../../widgets/markup.rs"]
mod markup;
mod unigram;
mod unigram_markup;
mod why_markup;

type Loaded = Result<Box<dyn Shipped>, String>;

thread_local! {
    /// Each name's tokenizer, or why it could not be built.
    static TOKENIZERS: RefCell<Vec<(String, Loaded)>> = const { RefCell::new(Vec::new()) };
}

/// The worker's name for a SentencePiece model file the reader opened (the page's
/// `worker::MODEL_FILE`).
const MODEL_FILE: &str = "model-file";

/// The tokenizer `name` names (a registry name, or [`MODEL_FILE`]), from its file's bytes.
fn build(name: &str, bytes: &[u8]) -> Loaded {
    if name == MODEL_FILE {
        return SentencePiece::from_model_file(bytes, "your model")
            .map(|model| Box::new(model) as Box<dyn Shipped>)
            .map_err(|e| e.to_string());
    }
    registry::find(name)
        .ok_or_else(|| format!("the worker has no tokenizer `{name}`"))?
        .build(bytes)
}

fn field(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// `object[name]` as a string; empty if it is none.
fn text_field(object: &JsValue, name: &str) -> String {
    field(object, name).as_string().unwrap_or_default()
}

pub(crate) fn set(object: &Object, name: &str, value: &JsValue) {
    // Setting a property on a plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(name), value);
}

/// Runs `f` with the tokenizer `slug` names, or says why there is none.
fn with_tokenizer<T>(slug: &str, f: impl FnOnce(&dyn Shipped) -> T) -> Result<T, String> {
    TOKENIZERS.with(|all| {
        let all = all.borrow();
        let (_, loaded) = all
            .iter()
            .find(|(s, _)| s == slug)
            .ok_or_else(|| format!("`{slug}` was never loaded"))?;
        Ok(f(loaded.as_ref().map_err(Clone::clone)?.as_ref()))
    })
}

fn lengths(slug: &str, texts: &JsValue) -> Result<Object, String> {
    with_tokenizer(slug, |tokenizer| {
        let (mut counts, mut lengths) = (Vec::new(), Vec::new());
        for text in Array::from(texts).iter() {
            let pieces = tokenizer.encode(&text.as_string().unwrap_or_default());
            counts.push(pieces.len() as u32);
            lengths.extend(pieces.iter().map(|p| p.span.len() as u32));
        }
        let reply = Object::new();
        set(&reply, "counts", &Uint32Array::from(&counts[..]));
        set(&reply, "lengths", &Uint32Array::from(&lengths[..]));
        reply
    })
}

fn encode(slug: &str, text: &str) -> Result<Object, String> {
    with_tokenizer(slug, |tokenizer| {
        let pieces = tokenizer.encode(text);
        let ids: Vec<u32> = pieces.iter().map(|p| p.id.unwrap_or(u32::MAX)).collect();
        let starts: Vec<u32> = pieces.iter().map(|p| p.span.start as u32).collect();
        let ends: Vec<u32> = pieces.iter().map(|p| p.span.end as u32).collect();
        let displays: Array = pieces
            .iter()
            .map(|p| JsValue::from_str(&p.display))
            .collect();
        let reply = Object::new();
        set(&reply, "ids", &Uint32Array::from(&ids[..]));
        set(&reply, "starts", &Uint32Array::from(&starts[..]));
        set(&reply, "ends", &Uint32Array::from(&ends[..]));
        set(&reply, "displays", &displays);
        reply
    })
}

/// MiniLM's WordPiece encoding of `text` (the page's MiniLM views): each token's id, input
/// byte span, vocabulary text and word (`u32::MAX` for `[CLS]` and `[SEP]`), and the normalised
/// words.
fn wordpiece(text: &str) -> Result<Object, String> {
    with_tokenizer(registry::WORDPIECE.name, |tokenizer| {
        let any: &dyn Any = tokenizer;
        let encoding = any
            .downcast_ref::<WordPiece>()
            .ok_or("`wordpiece` is not WordPiece")?
            .encode(text);
        let numbers = |f: fn(&til_core::wordpiece::Token) -> u32| {
            Uint32Array::from(&encoding.tokens.iter().map(f).collect::<Vec<u32>>()[..])
        };
        let strings = |all: &mut dyn Iterator<Item = &String>| -> Array {
            all.map(|s| JsValue::from_str(s)).collect()
        };
        let reply = Object::new();
        set(&reply, "ids", &numbers(|t| t.id));
        set(&reply, "starts", &numbers(|t| t.span.start as u32));
        set(&reply, "ends", &numbers(|t| t.span.end as u32));
        set(
            &reply,
            "words",
            &numbers(|t| t.word.map_or(u32::MAX, |w| w as u32)),
        );
        set(
            &reply,
            "texts",
            &strings(&mut encoding.tokens.iter().map(|t| &t.text)),
        );
        set(&reply, "normalised", &strings(&mut encoding.words.iter()));
        Ok(reply)
    })?
}

fn why(slug: &str, text: &str, token: usize) -> Result<Object, String> {
    let why = with_tokenizer(slug, |tokenizer| tokenizer.explain(text, token))?
        .ok_or_else(|| format!("the text has no token {}", token + 1))?;
    let reply = Object::new();
    set(
        &reply,
        "html",
        &JsValue::from_str(&why_markup::write(&why, text)),
    );
    Ok(reply)
}

/// The logits of `text`'s first `limit` SmolLM2 tokens, with the tokens as the vocabulary writes
/// them and the whole text's count, computed where `run_on` says (attention.rs).
async fn first_layer(text: String, limit: usize, run_on: String) -> Result<Object, String> {
    let pieces = with_tokenizer(registry::SMOLLM2.name, |tokenizer| tokenizer.encode(&text))?;
    let kept = &pieces[..pieces.len().min(limit)];
    let ids: Vec<u32> = kept.iter().map(|p| p.id.unwrap_or(0)).collect();
    let displays: Vec<String> = kept.iter().map(|p| p.display.clone()).collect();
    let reply = attention::logits(&ids, &displays, &run_on).await?;
    set(&reply, "total", &JsValue::from(pieces.len() as u32));
    Ok(reply)
}

/// Posts `reply` (or its error) to the page as the answer to question `id`.
fn answer(scope: &DedicatedWorkerGlobalScope, id: &JsValue, reply: Result<Object, String>) {
    let reply = reply.unwrap_or_else(|error| {
        let reply = Object::new();
        set(&reply, "error", &JsValue::from_str(&error));
        reply
    });
    set(&reply, "id", id);
    // A reply the page cannot take (the page is gone) has no one to tell.
    let _ = scope.post_message(&reply);
}

fn on_message(scope: &DedicatedWorkerGlobalScope, message: MessageEvent) {
    let data = message.data();
    if let Some(slug) = field(&data, "load").as_string() {
        let bytes = Uint8Array::new(&field(&data, "bytes")).to_vec();
        if slug == "layer0" {
            return attention::load(bytes);
        }
        let loaded = build(&slug, &bytes);
        TOKENIZERS.with(|all| {
            let mut all = all.borrow_mut();
            all.retain(|(s, _)| *s != slug);
            all.push((slug, loaded));
        });
        return;
    }
    let id = field(&data, "id");
    // A whole-number field of the message (0 when it has none).
    let number = |name: &str| field(&data, name).as_f64().unwrap_or(0.0) as usize;
    // A step's time budget in milliseconds (0 when it has none).
    let budget_ms = || field(&data, "ms").as_f64().unwrap_or(0.0);
    let reply = if let Some(slug) = field(&data, "encode").as_string() {
        encode(&slug, &text_field(&data, "text"))
    } else if let Some(text) = field(&data, "wordpiece").as_string() {
        wordpiece(&text)
    } else if let Some(slug) = field(&data, "lengths").as_string() {
        lengths(&slug, &field(&data, "texts"))
    } else if let Some(slug) = field(&data, "count").as_string() {
        let text = text_field(&data, "text");
        with_tokenizer(&slug, |tokenizer| {
            let reply = Object::new();
            set(
                &reply,
                "count",
                &JsValue::from(tokenizer.encode(&text).len() as u32),
            );
            reply
        })
    } else if let Some(text) = field(&data, "attention").as_string() {
        let limit = number("limit");
        let run_on = text_field(&data, "runOn");
        // The GPU answers asynchronously: this one replies when it is done.
        let scope = scope.clone();
        wasm_bindgen_futures::spawn_local(async move {
            answer(&scope, &id, first_layer(text, limit, run_on).await);
        });
        return;
    } else if let Some(ask) = field(&data, "unigram").as_string() {
        let text = |name| text_field(&data, name);
        match ask.as_str() {
            "start" => unigram::start(
                &text("corpus"),
                &text("vocab"),
                field(&data, "byteFallback").is_truthy(),
            ),
            "step" => unigram::step(),
            _ => unigram::lattice(number("round"), &text("word")),
        }
    } else if let Some(ask) = field(&data, "analogies").as_string() {
        match ask.as_str() {
            "start" => analogy::start(analogy::Start {
                rows: js_sys::Float32Array::new(&field(&data, "rows")).to_vec(),
                dims: number("dims"),
                vocab: number("vocab"),
                counts: Uint32Array::new(&field(&data, "counts")).to_vec(),
                questions: Uint32Array::new(&field(&data, "questions")).to_vec(),
                method: text_field(&data, "method"),
                share: Share {
                    index: number("share"),
                    count: number("shares"),
                },
            }),
            "step" => analogy::step(budget_ms()),
            _ => analogy::found(),
        }
    } else if let Some(ask) = field(&data, "bpe").as_string() {
        match ask.as_str() {
            "start" => bpe::start(bpe::Start {
                text: text_field(&data, "text"),
                file: field(&data, "file"),
                format: text_field(&data, "format"),
                tie_rule: text_field(&data, "tie"),
                merges: number("merges"),
            }),
            "step" => bpe::step(budget_ms()),
            _ => bpe::finish(),
        }
    } else if let Some(slug) = field(&data, "why").as_string() {
        why(&slug, &text_field(&data, "text"), number("token"))
    } else {
        return;
    };
    answer(scope, &id, reply);
}

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let handler = Closure::<dyn Fn(MessageEvent)>::new(move |m| on_message(&replies, m));
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The worker lives as long as the page: so does its handler.
    handler.forget();
    let ready = Object::new();
    set(&ready, "ready", &JsValue::TRUE);
    let _ = scope.post_message(&ready);
}
