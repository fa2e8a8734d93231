//! The page's side of the tokenizer worker (src/bin/zoo_worker/main.rs, its own wasm): starts it on
//! first use, holds messages until it says it is ready, and turns its replies back into
//! [`Piece`]s. A [`Remote`] stands for one tokenizer living there; the zoo's columns encode
//! through it without the page's wasm carrying those tokenizers' code or its main thread their
//! work. SmolLM2's first attention layer lives there too ([`Remote::first_layer`]), and MiniLM's WordPiece
//! ([`Remote::wordpiece`]). More copies of the worker can be started ([`ask_on`] an instance past 0):
//! the analogy benchmark runs on one per core. Leaves out: retrying a worker that failed to start
//! (the column says why).

use std::cell::RefCell;

use futures_channel::oneshot;
use js_sys::{Object, Reflect, Uint32Array, Uint8Array};
use til_core::registry;
use til_core::smollm2::first_attention::triangle_index;
use til_core::tokenizer::Piece;
use til_core::wordpiece::{Encoding, Token};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker};

/// The worker's name for a SentencePiece model file the reader opened.
pub const MODEL_FILE: &str = "model-file";
/// The worker's name for SmolLM2's first layer.
const FIRST_LAYER: &str = "layer0";

/// One tokenizer in the worker, by its name (the registry's, or [`MODEL_FILE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remote {
    slug: &'static str,
}

/// SmolLM2's first attention layer on a text, as the worker computed it (f64 on the CPU, f32 on
/// WebGPU).
#[derive(Clone, Debug, PartialEq)]
pub struct FirstLayer {
    /// The tokens as chips, markup the worker wrote.
    pub tokens: String,
    /// Every way's every head as a table (way after way), markup the worker wrote.
    pub tables: Vec<String>,
    /// How many tokens the whole text makes (only the first `len` are computed).
    pub total: usize,
    pub heads: usize,
    pub len: usize,
    /// The causal logits, head-major lower triangles, each way: interleaved on the GGUF's rows,
    /// halves on the checkpoint's rows, halves on the GGUF's rows (the bug), no rotation.
    pub ways: [Vec<f64>; 4],
    /// The largest |interleaved − half| and |interleaved − bug|.
    pub half_difference: f64,
    pub bug_difference: f64,
    /// Where the worker computed them, and why there.
    pub backend: String,
}

impl FirstLayer {
    /// Way `way`'s logit of head `h`, query `m`, key `n` ≤ m.
    pub fn logit(&self, way: usize, h: usize, m: usize, n: usize) -> f64 {
        self.ways[way][triangle_index(self.len, h, m, n)]
    }
}

type Reply = Result<JsValue, String>;

struct Channel {
    worker: Worker,
    ready: bool,
    /// Messages sent before the worker was ready, with what they hand over.
    held: Vec<(JsValue, Option<js_sys::Array>)>,
    pending: Vec<(u32, oneshot::Sender<Reply>)>,
    next_id: u32,
    /// Why the worker is unusable, once it is.
    broken: Option<String>,
}

thread_local! {
    /// Each started copy of the worker, by instance number (0: the one holding the tokenizers).
    static CHANNELS: RefCell<Vec<Option<Channel>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with instance `instance`'s channel slot.
fn with_channel<T>(instance: usize, f: impl FnOnce(&mut Option<Channel>) -> T) -> T {
    CHANNELS.with(|all| {
        let mut all = all.borrow_mut();
        if all.len() <= instance {
            all.resize_with(instance + 1, || None);
        }
        f(&mut all[instance])
    })
}

pub fn field(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// `object[name]` as a string; empty if it is none.
pub fn text_field(object: &JsValue, name: &str) -> String {
    field(object, name).as_string().unwrap_or_default()
}

fn object(fields: &[(&str, &JsValue)]) -> JsValue {
    let object = Object::new();
    for (name, value) in fields {
        // Setting a property on a plain object cannot fail.
        let _ = Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object.into()
}

/// A worker running zoo_worker.js next to the page (a Blob script, so the wasm-bindgen glue can
/// be loaded with `importScripts` wherever the page is hosted).
fn spawn() -> Result<Worker, String> {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .ok_or("the page has no address")?;
    let beside = |file: &str| {
        Url::new_with_base(file, &href)
            .map(|u| u.href())
            .map_err(|_| format!("cannot place {file} beside the page"))
    };
    let script = format!(
        "importScripts({:?}); wasm_bindgen({:?});",
        beside("zoo_worker.js")?,
        beside("zoo_worker_bg.wasm")?
    );
    let options = BlobPropertyBag::new();
    options.set_type("text/javascript");
    let parts = js_sys::Array::of1(&JsValue::from_str(&script));
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "cannot make the worker's script")?;
    let url = Url::create_object_url_with_blob(&blob)
        .map_err(|_| "cannot address the worker's script")?;
    Worker::new(&url).map_err(|_| "this browser cannot start a Web Worker".to_string())
}

fn on_message(instance: usize, message: MessageEvent) {
    let data = message.data();
    with_channel(instance, |channel| {
        let Some(channel) = channel.as_mut() else {
            return;
        };
        if field(&data, "ready").is_truthy() {
            channel.ready = true;
            for (held, transfer) in channel.held.drain(..) {
                let _ = send(&channel.worker, &held, transfer.as_ref());
            }
            return;
        }
        let Some(id) = field(&data, "id").as_f64().map(|id| id as u32) else {
            return;
        };
        if let Some(at) = channel.pending.iter().position(|(p, _)| *p == id) {
            let (_, answer) = channel.pending.swap_remove(at);
            let reply = match field(&data, "error").as_string() {
                Some(error) => Err(error),
                None => Ok(data),
            };
            let _ = answer.send(reply);
        }
    });
}

/// Every pending question fails with `why`, and so does every later one.
fn on_error(instance: usize, why: String) {
    with_channel(instance, |channel| {
        if let Some(channel) = channel.as_mut() {
            for (_, answer) in channel.pending.drain(..) {
                let _ = answer.send(Err(why.clone()));
            }
            channel.broken = Some(why);
        }
    });
}

/// Posts `message`, its `transfer` list's buffers moved rather than copied.
fn send(
    worker: &Worker,
    message: &JsValue,
    transfer: Option<&js_sys::Array>,
) -> Result<(), JsValue> {
    match transfer {
        Some(transfer) => worker.post_message_with_transfer(message, transfer),
        None => worker.post_message(message),
    }
}

/// Instance `instance`'s channel, the worker started first if need be.
fn started(instance: usize, channel: &mut Option<Channel>) -> Result<&mut Channel, String> {
    if channel.is_none() {
        let worker = spawn()?;
        let message_handler =
            Closure::<dyn Fn(MessageEvent)>::new(move |m| on_message(instance, m));
        worker.set_onmessage(Some(message_handler.as_ref().unchecked_ref()));
        let error_handler =
            Closure::<dyn Fn(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                on_error(instance, format!("the worker stopped: {}", e.message()));
            });
        worker.set_onerror(Some(error_handler.as_ref().unchecked_ref()));
        // The worker lives as long as the page: so do its handlers.
        message_handler.forget();
        error_handler.forget();
        *channel = Some(Channel {
            worker,
            ready: false,
            held: Vec::new(),
            pending: Vec::new(),
            next_id: 0,
            broken: None,
        });
    }
    Ok(channel.as_mut().expect("made above"))
}

/// Posts `message` to instance `instance`, starting it first if need be; held until it is ready.
fn post(instance: usize, message: JsValue, transfer: Option<js_sys::Array>) -> Result<(), String> {
    with_channel(instance, |channel| {
        let channel = started(instance, channel)?;
        if let Some(why) = &channel.broken {
            return Err(why.clone());
        }
        if channel.ready {
            send(&channel.worker, &message, transfer.as_ref())
                .map_err(|_| "cannot reach the tokenizer worker".to_string())
        } else {
            channel.held.push((message, transfer));
            Ok(())
        }
    })
}

/// Moves `bytes` to the worker as `{key: name, bytes}` (moved, not copied: the first layer is
/// 30 MB).
fn hand_over(key: &str, name: &str, bytes: &[u8]) -> Result<(), String> {
    let bytes = Uint8Array::from(bytes);
    let transfer = js_sys::Array::of1(&bytes.buffer());
    post(
        0,
        object(&[(key, &JsValue::from_str(name)), ("bytes", &bytes)]),
        Some(transfer),
    )
}

/// Asks the worker `fields` plus a fresh `id`; its answer, or why there is none.
pub async fn ask(fields: &[(&str, &JsValue)]) -> Result<JsValue, String> {
    ask_on(0, fields, None).await
}

/// Asks instance `instance` of the worker `fields` plus a fresh `id`, handing over `transfer`'s
/// buffers; its answer, or why there is none. The question is posted before the first await, so
/// questions to several instances made together run together.
pub fn ask_on(
    instance: usize,
    fields: &[(&str, &JsValue)],
    transfer: Option<js_sys::Array>,
) -> impl std::future::Future<Output = Result<JsValue, String>> {
    let asked = post_question(instance, fields, transfer);
    async move {
        asked?
            .await
            .map_err(|_| "the worker went away".to_string())?
    }
}

/// Posts a question; the receiver its answer comes to.
fn post_question(
    instance: usize,
    fields: &[(&str, &JsValue)],
    transfer: Option<js_sys::Array>,
) -> Result<oneshot::Receiver<Reply>, String> {
    let (answer, reply) = oneshot::channel();
    let id = with_channel(instance, |channel| {
        started(instance, channel).map(|c| {
            c.next_id = c.next_id.wrapping_add(1);
            c.pending.push((c.next_id, answer));
            c.next_id
        })
    })?;
    let id_value = JsValue::from(id);
    let question = object(&[fields, &[("id", &id_value)]].concat());
    if let Err(why) = post(instance, question, transfer) {
        // Unsent, it will never be answered: forget it.
        with_channel(instance, |channel| {
            if let Some(channel) = channel.as_mut() {
                channel.pending.retain(|(p, _)| *p != id);
            }
        });
        return Err(why);
    }
    Ok(reply)
}

impl Remote {
    /// Hands the bytes of tokenizer `name` (a registry name, or [`MODEL_FILE`]) to the worker,
    /// which builds it there; a damaged file is reported by the first [`Remote::encode`].
    pub fn load(name: &'static str, bytes: &[u8]) -> Result<Remote, String> {
        hand_over("load", name, bytes)?;
        Ok(Remote { slug: name })
    }

    /// The shipped tokenizer whose registry asset is `url`, from its bytes (an asset's builder).
    pub fn load_shipped(url: &'static str, bytes: &[u8]) -> Result<Remote, String> {
        let entry = registry::ALL
            .iter()
            .find(|entry| entry.asset == url)
            .ok_or_else(|| format!("{url} is no shipped tokenizer's file"))?;
        Remote::load(entry.name, bytes)
    }

    /// Hands SmolLM2's first layer (`smollm2/layer0.bin`) to the worker, for
    /// [`Remote::first_layer`].
    pub fn load_first_layer(bytes: &[u8]) -> Result<Remote, String> {
        hand_over("load", FIRST_LAYER, bytes)?;
        Ok(Remote { slug: FIRST_LAYER })
    }

    /// The tokens of `text`, as the tokenizer's own `encode` gives them.
    pub async fn encode(self, text: &str) -> Result<Vec<Piece>, String> {
        let slug = JsValue::from_str(self.slug);
        let data = ask(&[("encode", &slug), ("text", &JsValue::from_str(text))]).await?;
        let numbers = |name| Uint32Array::new(&field(&data, name)).to_vec();
        let (ids, starts, ends) = (numbers("ids"), numbers("starts"), numbers("ends"));
        let displays = js_sys::Array::from(&field(&data, "displays"));
        Ok((0..ids.len())
            .map(|i| Piece {
                id: (ids[i] != u32::MAX).then_some(ids[i]),
                span: starts[i] as usize..ends[i] as usize,
                display: displays.get(i as u32).as_string().unwrap_or_default(),
            })
            .collect())
    }

    /// MiniLM's WordPiece encoding of `text`, words and all (the worker's `wordpiece` tokenizer).
    pub async fn wordpiece(text: &str) -> Result<Encoding, String> {
        let data = ask(&[("wordpiece", &JsValue::from_str(text))]).await?;
        let numbers = |name| Uint32Array::new(&field(&data, name)).to_vec();
        let strings = |name| {
            js_sys::Array::from(&field(&data, name))
                .iter()
                .map(|s| s.as_string().unwrap_or_default())
                .collect::<Vec<_>>()
        };
        let (ids, starts, ends, words) = (
            numbers("ids"),
            numbers("starts"),
            numbers("ends"),
            numbers("words"),
        );
        Ok(Encoding {
            tokens: strings("texts")
                .into_iter()
                .enumerate()
                .map(|(i, text)| Token {
                    id: ids[i],
                    text,
                    word: (words[i] != u32::MAX).then_some(words[i] as usize),
                    span: starts[i] as usize..ends[i] as usize,
                })
                .collect(),
            words: strings("normalised"),
        })
    }

    /// For each of `texts`, the byte length of each of its tokens: what counting needs, without
    /// the tokens themselves.
    pub async fn lengths(self, texts: &[String]) -> Result<Vec<Vec<u32>>, String> {
        let slug = JsValue::from_str(self.slug);
        let texts: js_sys::Array = texts.iter().map(|t| JsValue::from_str(t)).collect();
        let data = ask(&[("lengths", &slug), ("texts", &texts)]).await?;
        let counts = Uint32Array::new(&field(&data, "counts")).to_vec();
        let lengths = Uint32Array::new(&field(&data, "lengths")).to_vec();
        let mut at = 0;
        Ok(counts
            .iter()
            .map(|&n| {
                let one = lengths[at..at + n as usize].to_vec();
                at += n as usize;
                one
            })
            .collect())
    }

    /// How many tokens `text` makes (a long text's count, without its tokens crossing back).
    pub async fn count(self, text: &str) -> Result<usize, String> {
        let slug = JsValue::from_str(self.slug);
        let data = ask(&[("count", &slug), ("text", &JsValue::from_str(text))]).await?;
        Ok(field(&data, "count").as_f64().unwrap_or(0.0) as usize)
    }

    /// SmolLM2's first-layer logits for the first `limit` tokens of `text` (the worker holds the
    /// `smollm2` tokenizer and the `layer0` layer), run on `"faster"`, `"cpu"` or `"gpu"`.
    pub async fn first_layer(text: &str, limit: usize, run_on: &str) -> Result<FirstLayer, String> {
        let data = ask(&[
            ("attention", &JsValue::from_str(text)),
            ("limit", &JsValue::from(limit as u32)),
            ("runOn", &JsValue::from_str(run_on)),
        ])
        .await?;
        let whole = |name| field(&data, name).as_f64().unwrap_or(0.0);
        let way = |name| js_sys::Float64Array::new(&field(&data, name)).to_vec();
        Ok(FirstLayer {
            tokens: text_field(&data, "tokens"),
            tables: js_sys::Array::from(&field(&data, "tables"))
                .iter()
                .map(|t| t.as_string().unwrap_or_default())
                .collect(),
            total: whole("total") as usize,
            heads: whole("heads") as usize,
            len: whole("len") as usize,
            ways: [way("interleaved"), way("half"), way("bug"), way("off")],
            half_difference: whole("halfDifference"),
            bug_difference: whole("bugDifference"),
            backend: text_field(&data, "backend"),
        })
    }

    /// Why token `token` of `text` is what it is, as markup the worker wrote.
    pub async fn why(self, text: &str, token: usize) -> Result<String, String> {
        let slug = JsValue::from_str(self.slug);
        let data = ask(&[
            ("why", &slug),
            ("text", &JsValue::from_str(text)),
            ("token", &JsValue::from(token as u32)),
        ])
        .await?;
        Ok(text_field(&data, "html"))
    }
}
