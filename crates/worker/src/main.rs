//! The lab's worker: a Web Worker (its own wasm, built by Trunk from this crate) that keeps the
//! heavy work off the page's thread and its code out of the page's wasm. It holds the shipped
//! tokenizers of `til_core::registry` and a SentencePiece model file the reader opens (encoding,
//! counting, "why this split", chat templates), trains BPE and Unigram runs the page steps through, scores shares
//! of the analogy benchmark, computes SmolLM2's first attention layer and reads its token table.
//!
//! Every message is a `til_channel` [`Question`] in, an [`Answer`] out, as bytes: one handler per
//! [`Request`] variant below, checked by the compiler. The page's side is src/worker.rs. Leaves
//! out: decoding (the page decodes nothing of these tokenizers).

use std::any::Any;
use std::cell::RefCell;

use js_sys::Uint8Array;
use til_channel::{Answer, Question, Reply, Request, Wire, CHAT_FILE, MODEL_FILE};
use til_core::embed::benchmark::Share;
use til_core::registry::{self, Shipped};
use til_core::sentencepiece::SentencePiece;
use til_core::tokenizer::Piece;
use til_core::tokenizer_json::TokenizerJson;
use til_core::wordpiece::WordPiece;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

mod analogy;
mod attention;
mod bpe;
mod chat;
mod chat_markup;
mod count_file;
mod first_layer_markup;
mod loaded_table;
mod ranking_backend;
mod speed_check;
mod token_analogy_gpu;
mod token_backend;
mod token_table;
mod token_table_markup;
mod unigram;
mod unigram_markup;
mod why_markup;

type Loaded = Result<Box<dyn Shipped>, String>;

thread_local! {
    /// Each name's tokenizer, or why it could not be built.
    static TOKENIZERS: RefCell<Vec<(String, Loaded)>> = const { RefCell::new(Vec::new()) };
}

/// The tokenizer `name` names (a registry name, or [`MODEL_FILE`]), from its file's bytes.
fn build(name: &str, bytes: &[u8]) -> Loaded {
    if name == MODEL_FILE || name == CHAT_FILE {
        return model_file(bytes);
    }
    registry::find(name)
        .ok_or_else(|| format!("the worker has no tokenizer `{name}`"))?
        .build(bytes)
}

/// The reader's file: a tokenizer.json (JSON, so it opens with `{`) or a SentencePiece model
/// (protobuf, which never starts with that byte).
fn model_file(bytes: &[u8]) -> Loaded {
    if bytes.trim_ascii_start().starts_with(b"{") {
        let text = std::str::from_utf8(bytes).map_err(|_| "the tokenizer.json is not UTF-8")?;
        return TokenizerJson::from_str(text, "your tokenizer.json")
            .map(|t| Box::new(t) as Box<dyn Shipped>)
            .map_err(|e| format!("this tokenizer.json cannot be read: {e}"));
    }
    SentencePiece::from_model_file(bytes, "your model")
        .map(|model| Box::new(model) as Box<dyn Shipped>)
        .map_err(|e| e.to_string())
}

/// Things the worker keeps by name (tokenizers, chat templates), each or why it could not be built.
type Store<T> = RefCell<Vec<(String, Result<T, String>)>>;

/// Keeps `value` (a tokenizer or template, or why it could not be built) under `name` in
/// `store`, replacing what was there; answers Done, or the error, for the page.
fn keep<T>(
    store: &'static std::thread::LocalKey<Store<T>>,
    name: String,
    value: Result<T, String>,
) -> Result<Reply, String> {
    let answer = value.as_ref().map(|_| Reply::Done {}).map_err(Clone::clone);
    store.with(|all| {
        let mut all = all.borrow_mut();
        all.retain(|(n, _)| *n != name);
        all.push((name, value));
    });
    answer
}

/// Builds `name` and keeps it (or why it failed, for every later use).
fn load(name: String, bytes: &[u8]) -> Result<Reply, String> {
    let loaded = build(&name, bytes);
    keep(&TOKENIZERS, name, loaded)
}

/// Runs `f` with the tokenizer `name` names, or says why there is none.
fn with_tokenizer<T>(name: &str, f: impl FnOnce(&dyn Shipped) -> T) -> Result<T, String> {
    TOKENIZERS.with(|all| {
        let all = all.borrow();
        let (_, loaded) = all
            .iter()
            .find(|(n, _)| n == name)
            .ok_or_else(|| format!("`{name}` was never loaded"))?;
        Ok(f(loaded.as_ref().map_err(Clone::clone)?.as_ref()))
    })
}

fn encode(name: &str, text: &str) -> Result<Vec<Piece>, String> {
    with_tokenizer(name, |tokenizer| tokenizer.encode(text))
}

/// For each text, the byte length of each of its tokens: what the token tax and the numbers
/// grid count.
fn lengths(name: &str, texts: &[String]) -> Result<Reply, String> {
    with_tokenizer(name, |tokenizer| Reply::Lengths {
        lengths: texts
            .iter()
            .map(|text| {
                let pieces = tokenizer.encode(text);
                pieces.iter().map(|p| p.span.len() as u32).collect()
            })
            .collect(),
    })
}

/// MiniLM's WordPiece encoding of `text`, words and all.
fn wordpiece(text: &str) -> Result<Reply, String> {
    with_tokenizer(registry::WORDPIECE.name, |tokenizer| {
        let any: &dyn Any = tokenizer;
        let wordpiece = any
            .downcast_ref::<WordPiece>()
            .ok_or("the WordPiece tokenizer is not WordPiece")?;
        Ok(Reply::WordPiece {
            encoding: wordpiece.encode(text),
        })
    })?
}

fn why(name: &str, text: &str, token: usize) -> Result<Reply, String> {
    let why = with_tokenizer(name, |tokenizer| tokenizer.explain(text, token))?
        .ok_or_else(|| format!("the text has no token {}", token + 1))?;
    Ok(Reply::Markup {
        html: why_markup::write(&why, text),
    })
}

/// The answer to `request` (`attached`: the file handle posted beside it, if any). Only the first
/// layer, the speed check and the token table's neighbours await anything (the GPU).
async fn reply(request: Request, attached: JsValue) -> Result<Reply, String> {
    match request {
        Request::Load { name, bytes } => load(name, &bytes),
        Request::LoadFirstLayer { bytes } => attention::load(bytes),
        Request::Encode { tokenizer, text } => {
            encode(&tokenizer, &text).map(|pieces| Reply::Pieces { pieces })
        }
        Request::Lengths { tokenizer, texts } => lengths(&tokenizer, &texts),
        Request::Count { tokenizer, text } => with_tokenizer(&tokenizer, |t| Reply::Count {
            count: t.encode(&text).len(),
        }),
        Request::CountFile { tokenizer } => count_file::count(&tokenizer, attached),
        Request::LoadChat { name, bytes } => chat::load(name, &bytes),
        Request::Chat {
            tokenizer,
            messages,
            generation_prompt,
        } => chat::chat(&tokenizer, &messages, generation_prompt),
        Request::Why {
            tokenizer,
            text,
            token,
        } => why(&tokenizer, &text, token),
        Request::WordPiece { text } => wordpiece(&text),
        Request::FirstLayer {
            text,
            limit,
            run_on,
        } => {
            let pieces = encode(registry::SMOLLM2.name, &text)?;
            attention::logits(&pieces, limit, run_on).await
        }
        Request::UnigramStart {
            corpus,
            vocab,
            byte_fallback,
        } => unigram::start(&corpus, &vocab, byte_fallback),
        Request::UnigramStep {} => unigram::step(),
        Request::UnigramLattice { round, word } => unigram::lattice(round, &word),
        Request::AnalogiesStart { share } => analogy::start(share),
        Request::AnalogiesStep { ms } => analogy::step(ms).await,
        Request::AnalogiesFound {} => analogy::found(),
        Request::SpeedCheck { vectors, questions } => speed_check::run(&vectors, &questions).await,
        Request::LoadTokenTable {
            layer0,
            vocab,
            chat,
        } => token_table::load(layer0, &vocab, &chat),
        Request::TokenRows { query, k } => token_table::rows(&query, k).await,
        Request::TokenDetails { id } => token_table::details(id),
        Request::TokenAnalogiesStart {
            questions,
            share,
            shares,
        } => {
            let share = Share {
                index: share,
                count: shares,
            };
            token_table::analogies_start(&questions, share).await
        }
        Request::TokenAnalogiesPlace { questions, shares } => {
            token_table::analogies_place(&questions, shares).await
        }
        Request::TokenAnalogiesReport {
            questions,
            found,
            glove,
        } => token_table::analogies_report(&questions, found, &glove),
        Request::UndertrainedStart { reference, k } => {
            token_table::undertrained_start(&reference, k).await
        }
        Request::UndertrainedStep { ms } => token_table::undertrained_step(ms).await,
        Request::BpeStart { run } => bpe::start(run, attached),
        Request::BpeStep { ms } => bpe::step(ms),
        Request::BpeFinish {} => bpe::finish(),
    }
}

/// Posts `answer` to the page as bytes, moved rather than copied.
fn post(scope: &DedicatedWorkerGlobalScope, answer: &Answer) {
    let bytes = Uint8Array::from(&answer.to_bytes()[..]);
    let transfer = js_sys::Array::of1(&bytes.buffer());
    // An answer the page cannot take (the page is gone) has no one to tell.
    let _ = scope.post_message_with_transfer(&bytes, &transfer);
}

fn answer(scope: &DedicatedWorkerGlobalScope, id: u32, reply: Result<Reply, String>) {
    let answer = match reply {
        Ok(reply) => Answer::Replied { id, reply },
        Err(error) => Answer::Failed { id, error },
    };
    post(scope, &answer);
}

/// A question arrives as its bytes, or as `[bytes, file]` when a file handle comes with it.
fn on_message(scope: &DedicatedWorkerGlobalScope, message: MessageEvent) {
    let data = message.data();
    let (bytes, attached) = match data.dyn_ref::<js_sys::Array>() {
        Some(parts) => (parts.get(0), parts.get(1)),
        None => (data, JsValue::UNDEFINED),
    };
    let question = match Question::from_bytes(&Uint8Array::new(&bytes).to_vec()) {
        Ok(question) => question,
        // Nothing to answer to: the page only sends questions it wrote.
        Err(_) => return,
    };
    let Question { id, request } = question;
    // Answered in the order asked: each task runs to its end when first polled, but the first
    // layer's, the speed check's and the token table's neighbours', which wait for the GPU.
    let scope = scope.clone();
    wasm_bindgen_futures::spawn_local(async move {
        answer(&scope, id, reply(request, attached).await);
    });
}

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let handler = Closure::<dyn Fn(MessageEvent)>::new(move |m| on_message(&replies, m));
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The worker lives as long as the page: so does its handler.
    handler.forget();
    post(&scope, &Answer::Ready {});
}
