//! The page's side of the lab's worker (crates/worker, its own wasm): starts it on first use, holds
//! questions until it says it is ready, and hands each answer to the one who asked. Questions and
//! answers are `til_channel`'s typed [`Request`] and [`Reply`], crossing as bytes.
//!
//! A [`Remote`] stands for one tokenizer living there; the zoo's columns encode through it without
//! the page's wasm carrying those tokenizers' code or its main thread their work. SmolLM2's first
//! attention layer lives there too ([`Remote::first_layer`]), and MiniLM's WordPiece
//! ([`Remote::wordpiece`]). More copies of the worker can be started ([`ask_on`] an instance past
//! 0): the analogy benchmark runs on one per core. Leaves out: retrying a worker that failed to
//! start (the column says why).

use std::cell::RefCell;

use futures_channel::oneshot;
use js_sys::Uint8Array;
use til_channel::{
    Answer, ChatMessage, FirstLayer, Question, Reply, Request, RunOn, Wire, CHAT_FILE, MODEL_FILE,
};
use til_core::registry;
use til_core::tokenizer::Piece;
use til_core::wordpiece::Encoding;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker};

/// One tokenizer in the worker, by its name (the registry's, or [`MODEL_FILE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remote {
    name: &'static str,
}

type Answered = Result<Reply, String>;

struct Channel {
    worker: Worker,
    ready: bool,
    /// Questions posted before the worker was ready, as posted.
    held: Vec<JsValue>,
    pending: Vec<(u32, oneshot::Sender<Answered>)>,
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

/// A worker running lab_worker.js next to the page (a Blob script, so the wasm-bindgen glue can
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
        beside("lab_worker.js")?,
        beside("lab_worker_bg.wasm")?
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
    let answer = Answer::from_bytes(&Uint8Array::new(&message.data()).to_vec());
    with_channel(instance, |channel| {
        let Some(channel) = channel.as_mut() else {
            return;
        };
        let (id, answered) = match answer {
            Ok(Answer::Ready {}) => {
                channel.ready = true;
                for held in channel.held.drain(..) {
                    let _ = send(&channel.worker, &held);
                }
                return;
            }
            Ok(Answer::Replied { id, reply }) => (id, Ok(reply)),
            Ok(Answer::Failed { id, error }) => (id, Err(error)),
            // The worker only sends what it wrote: a damaged answer means a broken worker.
            Err(error) => return fail_all(channel, error.to_string()),
        };
        if let Some(at) = channel.pending.iter().position(|(p, _)| *p == id) {
            let (_, asker) = channel.pending.swap_remove(at);
            let _ = asker.send(answered);
        }
    });
}

/// Every pending question fails with `why`, and so does every later one.
fn fail_all(channel: &mut Channel, why: String) {
    for (_, asker) in channel.pending.drain(..) {
        let _ = asker.send(Err(why.clone()));
    }
    channel.broken = Some(why);
}

fn on_error(instance: usize, why: String) {
    with_channel(instance, |channel| {
        if let Some(channel) = channel.as_mut() {
            fail_all(channel, why);
        }
    });
}

/// Posts a question as posted: its bytes, or `[bytes, file]`; the bytes' buffer is moved.
fn send(worker: &Worker, message: &JsValue) -> Result<(), JsValue> {
    let bytes = match message.dyn_ref::<js_sys::Array>() {
        Some(parts) => parts.get(0),
        None => message.clone(),
    };
    let transfer = js_sys::Array::of1(&Uint8Array::new(&bytes).buffer());
    worker.post_message_with_transfer(message, &transfer)
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

/// Asks instance 0 of the worker; its reply, or why there is none.
pub async fn ask(request: Request) -> Result<Reply, String> {
    ask_on(0, request, None).await
}

/// Asks instance `instance` of the worker, with `attached` (a file handle) beside the request;
/// its reply, or why there is none. The question is posted before the first await, so questions
/// to several instances made together run together.
pub fn ask_on(
    instance: usize,
    request: Request,
    attached: Option<JsValue>,
) -> impl std::future::Future<Output = Result<Reply, String>> {
    let asked = post_question(instance, request, attached);
    async move {
        asked?
            .await
            .map_err(|_| "the worker went away".to_string())?
    }
}

/// Posts a question; the receiver its answer comes to.
fn post_question(
    instance: usize,
    request: Request,
    attached: Option<JsValue>,
) -> Result<oneshot::Receiver<Answered>, String> {
    let (asker, answer) = oneshot::channel();
    with_channel(instance, |channel| {
        let channel = started(instance, channel)?;
        if let Some(why) = &channel.broken {
            return Err(why.clone());
        }
        channel.next_id = channel.next_id.wrapping_add(1);
        let id = channel.next_id;
        let bytes: JsValue = Uint8Array::from(&Question { id, request }.to_bytes()[..]).into();
        let message = match attached {
            Some(attached) => js_sys::Array::of2(&bytes, &attached).into(),
            None => bytes,
        };
        if channel.ready {
            send(&channel.worker, &message)
                .map_err(|_| "cannot reach the lab's worker".to_string())?;
        } else {
            channel.held.push(message);
        }
        channel.pending.push((id, asker));
        Ok(answer)
    })
}

/// What a reply of another kind than the question's says (a worker from another build of the page).
pub const OUT_OF_TURN: &str = "the worker answered with the wrong kind of reply (reload the page)";

fn unexpected<T>(_: Reply) -> Result<T, String> {
    Err(OUT_OF_TURN.to_string())
}

/// Asks instance `instance` something answered with markup (the speed check, the token table).
pub async fn markup(instance: usize, request: Request) -> Result<String, String> {
    match ask_on(instance, request, None).await? {
        Reply::Markup { html } => Ok(html),
        other => unexpected(other),
    }
}

impl Remote {
    /// Hands the bytes of tokenizer `name` (a registry name, or [`MODEL_FILE`]) to the worker,
    /// which builds it there; a damaged file is reported by the first [`Remote::encode`].
    pub fn load(name: &'static str, bytes: &[u8]) -> Result<Remote, String> {
        hand_over(Request::Load {
            name: name.to_string(),
            bytes: bytes.to_vec(),
        })?;
        Ok(Remote { name })
    }

    /// The shipped tokenizer whose registry asset is `url`, from its bytes (an asset's builder).
    pub fn load_shipped(url: &'static str, bytes: &[u8]) -> Result<Remote, String> {
        let entry = registry::ALL
            .iter()
            .find(|entry| entry.asset == url)
            .ok_or_else(|| format!("{url} is no shipped tokenizer's file"))?;
        Remote::load(entry.name, bytes)
    }

    /// The reader's SentencePiece model file, built in the worker.
    pub fn load_model_file(bytes: &[u8]) -> Result<Remote, String> {
        Remote::load(MODEL_FILE, bytes)
    }

    /// Hands a chat template asset (a registry entry's `chat_template`, at `url`) to the worker,
    /// for [`Remote::chat`] with the tokenizer of the same entry.
    pub fn load_chat_template(url: &'static str, bytes: &[u8]) -> Result<Remote, String> {
        let entry = registry::ALL
            .iter()
            .find(|entry| entry.chat_template == Some(url))
            .ok_or_else(|| format!("{url} is no shipped chat template"))?;
        hand_over(Request::LoadChat {
            name: entry.name.to_string(),
            bytes: bytes.to_vec(),
        })?;
        Ok(Remote { name: entry.name })
    }

    /// The reader's tokenizer file and `tokenizer_config.json` for the Chat view, built in the
    /// worker; a damaged one is reported by the first [`Remote::chat`].
    pub fn load_chat_files(tokenizer: &[u8], config: &[u8]) -> Result<Remote, String> {
        let remote = Remote::load(CHAT_FILE, tokenizer)?;
        hand_over(Request::LoadChat {
            name: CHAT_FILE.to_string(),
            bytes: config.to_vec(),
        })?;
        Ok(remote)
    }

    /// The Chat view's own files, once [`Remote::load_chat_files`] has handed them over.
    pub fn chat_file() -> Remote {
        Remote { name: CHAT_FILE }
    }

    /// Hands SmolLM2's first layer (`smollm2/layer0.bin`) to the worker, for
    /// [`Remote::first_layer`].
    pub fn load_first_layer(bytes: &[u8]) -> Result<(), String> {
        hand_over(Request::LoadFirstLayer {
            bytes: bytes.to_vec(),
        })
    }

    /// The tokens of `text`, as the tokenizer's own `encode` gives them.
    pub async fn encode(self, text: &str) -> Result<Vec<Piece>, String> {
        match ask(Request::Encode {
            tokenizer: self.name.to_string(),
            text: text.to_string(),
        })
        .await?
        {
            Reply::Pieces { pieces } => Ok(pieces),
            other => unexpected(other),
        }
    }

    /// MiniLM's WordPiece encoding of `text`, words and all (the worker's WordPiece tokenizer).
    pub async fn wordpiece(text: &str) -> Result<Encoding, String> {
        match ask(Request::WordPiece {
            text: text.to_string(),
        })
        .await?
        {
            Reply::WordPiece { encoding } => Ok(encoding),
            other => unexpected(other),
        }
    }

    /// For each of `texts`, the byte length of each of its tokens: what counting needs, without
    /// the tokens themselves.
    pub async fn lengths(self, texts: &[String]) -> Result<Vec<Vec<u32>>, String> {
        match ask(Request::Lengths {
            tokenizer: self.name.to_string(),
            texts: texts.to_vec(),
        })
        .await?
        {
            Reply::Lengths { lengths } => Ok(lengths),
            other => unexpected(other),
        }
    }

    /// How many tokens `text` makes (a long text's count, without its tokens crossing back).
    pub async fn count(self, text: &str) -> Result<usize, String> {
        match ask(Request::Count {
            tokenizer: self.name.to_string(),
            text: text.to_string(),
        })
        .await?
        {
            Reply::Count { count } => Ok(count),
            other => unexpected(other),
        }
    }

    /// SmolLM2's first-layer logits for the first `limit` tokens of `text` (the worker holds the
    /// SmolLM2 tokenizer and the first layer), run where `run_on` says.
    pub async fn first_layer(
        text: &str,
        limit: usize,
        run_on: RunOn,
    ) -> Result<FirstLayer, String> {
        match ask(Request::FirstLayer {
            text: text.to_string(),
            limit,
            run_on,
        })
        .await?
        {
            Reply::FirstLayer { layer } => Ok(layer),
            other => unexpected(other),
        }
    }

    /// `messages` through this tokenizer's chat template: the worker's markup, its CSV rows and
    /// the token count.
    pub async fn chat(
        self,
        messages: Vec<ChatMessage>,
        generation_prompt: bool,
    ) -> Result<(String, String, usize), String> {
        match ask(Request::Chat {
            tokenizer: self.name.to_string(),
            messages,
            generation_prompt,
        })
        .await?
        {
            Reply::Chat { html, csv, total } => Ok((html, csv, total)),
            other => unexpected(other),
        }
    }

    /// How many tokens the text in `file` makes, read and counted in the worker.
    pub async fn count_file(self, file: web_sys::File) -> Result<usize, String> {
        let request = Request::CountFile {
            tokenizer: self.name.to_string(),
        };
        match ask_on(0, request, Some(file.into())).await? {
            Reply::Count { count } => Ok(count),
            other => unexpected(other),
        }
    }

    /// Why token `token` of `text` is what it is, as markup the worker wrote.
    pub async fn why(self, text: &str, token: usize) -> Result<String, String> {
        markup(
            0,
            Request::Why {
                tokenizer: self.name.to_string(),
                text: text.to_string(),
                token,
            },
        )
        .await
    }
}

/// Posts a load to instance 0 without waiting for its answer: what it built, or why not, is the
/// worker's to say when the tokenizer is next used.
fn hand_over(request: Request) -> Result<(), String> {
    post_question(0, request, None).map(drop)
}
