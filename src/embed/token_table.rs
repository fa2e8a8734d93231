//! SmolLM2's own token table W_e (49,152 × 576, tied to its output layer) in the Embed lab: a
//! word's rows and their neighbours, one token's card, Google's analogy set on the token table, and
//! the under-trained ("glitch") tokens. Everything runs in the lab's workers
//! (crates/worker/src/token_table.rs), which answer with markup; the page fetches the three files
//! (30 MB, with progress), hands them to each worker that needs them, steps the long runs (progress
//! and Cancel) and shows what comes back. Leaves out: the maths (the core, in the workers).

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_channel::{Reply, Request};
use til_core::registry;
use wasm_bindgen::JsCast;

use super::bench_shares::{worker_count, Shares};
use crate::assets::status::AssetStatus;
use crate::assets::{self, asset, urls, Asset};
use crate::worker::{ask_on, markup, OUT_OF_TURN};

/// The layer's asset size, for the progress bar.
const LAYER0_BYTES: u64 = 30_359_860;
/// Neighbours a lookup lists.
const NEIGHBOURS: usize = 10;
/// Tokens the ranking lists.
const RANKED: usize = 100;
/// How long a worker works before it reports progress (and Cancel can stop it).
const SLICE_MS: f64 = 40.0;

type Bytes = Asset<Vec<u8>>;
type Job = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), String>>>>;

fn bytes(url: &'static str, expected: u64) -> Bytes {
    asset(url, expected, |_, bytes| Ok(bytes.to_vec()))
}

/// The panel's state; `Copy`, so handlers capture it freely.
#[derive(Clone, Copy)]
struct Panel {
    layer: Bytes,
    /// Which copies of the worker hold the table.
    loaded: StoredValue<Vec<bool>>,
    rows: RwSignal<String>,
    card: RwSignal<String>,
    analogies: RwSignal<String>,
    ranking: RwSignal<String>,
    /// The long run under way: what it is, and its progress.
    running: RwSignal<Option<(&'static str, usize, usize)>>,
    cancel: RwSignal<bool>,
    /// Where the run stands, in the worker's words.
    note: RwSignal<String>,
    error: RwSignal<Option<String>>,
}

impl Panel {
    /// Every copy of the worker below `count` holding the table (the first call loads the files).
    async fn ready(self, count: usize) -> Result<(), String> {
        let layer = self.layer.load().await?;
        let vocab = bytes(registry::SMOLLM2.asset, 0).load().await?;
        // Its chat template's asset lists the control tokens.
        let chat = registry::SMOLLM2
            .chat_template
            .ok_or("SmolLM2 has no chat asset")?;
        let chat = bytes(chat, 0).load().await?;
        let asked: Vec<_> = (0..count)
            .filter(|&i| {
                !self
                    .loaded
                    .with_value(|l| l.get(i).copied().unwrap_or(false))
            })
            .map(|i| {
                let load = Request::LoadTokenTable {
                    layer0: layer.to_vec(),
                    vocab: vocab.to_vec(),
                    chat: chat.to_vec(),
                };
                (i, ask_on(i, load, None))
            })
            .collect();
        for (i, reply) in asked {
            let Reply::Done {} = reply.await? else {
                return Err(OUT_OF_TURN.to_string());
            };
            self.loaded.update_value(|l| {
                l.resize(l.len().max(i + 1), false);
                l[i] = true;
            });
        }
        Ok(())
    }

    /// Runs `job` as the panel's one long run, its error shown. Boxed: one copy of this in the
    /// wasm for the three jobs.
    fn run(self, what: &'static str, job: Job) {
        if self.running.get_untracked().is_some() {
            return;
        }
        self.error.set(None);
        self.cancel.set(false);
        self.running.set(Some((what, 0, 1)));
        self.note.set(String::new());
        spawn_local(async move {
            if let Err(e) = job.await {
                self.error.set(Some(e));
            }
            self.running.set(None);
        });
    }

    fn look_up(self, query: String) {
        let panel = self;
        self.run(
            "Loading the table",
            Box::pin(async move {
                panel.ready(1).await?;
                let rows = markup(
                    0,
                    Request::TokenRows {
                        query,
                        k: NEIGHBOURS,
                    },
                )
                .await?;
                panel.rows.set(rows);
                Ok(())
            }),
        );
    }

    /// Opens the card of the token button clicked (markup from the worker carries its id).
    fn open_card(self, event: web_sys::MouseEvent) {
        let id = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-token]").ok().flatten())
            .and_then(|e| e.get_attribute("data-token"))
            .and_then(|id| id.parse::<u32>().ok());
        if let Some(id) = id {
            spawn_local(async move {
                match markup(0, Request::TokenDetails { id }).await {
                    Ok(card) => self.card.set(card),
                    Err(e) => self.error.set(Some(e)),
                }
            });
        }
    }

    fn analogies(self) {
        let panel = self;
        self.run(
            "The analogy set",
            Box::pin(async move {
                let questions = assets::text(urls::GLOVE_QUESTIONS).load().await?;
                // The first worker times both backends: all of it on its WebGPU, or every core.
                panel.ready(1).await?;
                let place = Request::TokenAnalogiesPlace {
                    questions: questions.to_string(),
                    shares: worker_count(),
                };
                let count = match ask_on(0, place, None).await? {
                    Reply::Placed { on_gpu: true, .. } => 1,
                    Reply::Placed { .. } => worker_count(),
                    _ => return Err(OUT_OF_TURN.to_string()),
                };
                panel.ready(count).await?;
                let start = |share| Request::TokenAnalogiesStart {
                    questions: questions.to_string(),
                    share,
                    shares: count,
                };
                let (shares, mut progress) = Shares::start_with(count, start).await?;
                while progress.done < progress.units && !panel.cancel.get_untracked() {
                    panel
                        .running
                        .set(Some(("The analogy set", progress.done, progress.units)));
                    progress = shares.step().await?;
                }
                let found = shares.found_as_sent().await?;
                let glove = bytes(urls::GLOVE_VECTORS, 0).load().await?;
                let report = Request::TokenAnalogiesReport {
                    questions: questions.to_string(),
                    found,
                    glove: glove.to_vec(),
                };
                panel.analogies.set(markup(0, report).await?);
                Ok(())
            }),
        );
    }

    fn rank(self, reference: String) {
        let panel = self;
        self.run(
            "Ranking",
            Box::pin(async move {
                panel.ready(1).await?;
                let mut request = Request::UndertrainedStart {
                    reference,
                    k: RANKED,
                };
                loop {
                    match ask_on(0, request, None).await? {
                        Reply::Progress { done, total, note } => {
                            panel.running.set(Some(("Ranking", done, total)));
                            panel.note.set(note);
                            if panel.cancel.get_untracked() {
                                return Err("Ranking cancelled.".to_string());
                            }
                        }
                        Reply::Markup { html } => {
                            panel.ranking.set(html);
                            return Ok(());
                        }
                        _ => return Err(OUT_OF_TURN.to_string()),
                    }
                    request = Request::UndertrainedStep { ms: SLICE_MS };
                }
            }),
        );
    }
}

#[component]
pub fn TokenTablePanel(
    /// Whether the panel is on show: the first time it is, the table loads and "king" is looked up.
    shown: Signal<bool>,
) -> impl IntoView {
    let panel = Panel {
        layer: bytes(urls::SMOLLM2_LAYER0, LAYER0_BYTES),
        loaded: StoredValue::new(Vec::new()),
        rows: RwSignal::new(String::new()),
        card: RwSignal::new(String::new()),
        analogies: RwSignal::new(String::new()),
        ranking: RwSignal::new(String::new()),
        running: RwSignal::new(None),
        cancel: RwSignal::new(false),
        note: RwSignal::new(String::new()),
        error: RwSignal::new(None),
    };
    let query = RwSignal::new("king".to_string());
    let reference = RwSignal::new(String::new());
    crate::effect::effect(move || {
        if shown.get() && panel.rows.with_untracked(String::is_empty) {
            panel.look_up(query.get_untracked());
        }
    });
    let busy = move || panel.running.get().is_some();
    let card = move |ev| panel.open_card(ev);
    view! {
        <section class="panel token-table-panel" id="token-table" data-testid="token-table-panel" aria-labelledby="token-table-heading">
            <h3 id="token-table-heading">"SmolLM2's own token table: 49,152 tokens × 576"</h3>
            <p class="muted">"The decoder of the Position lab looks each token up in W_e, the same matrix its output layer uses to score the next token (tied). Its rows are byte-level BPE tokens, not words: \" king\" (Ġking: Ġ stands for the leading space), \"King\" and \" kings\" are rows of their own, and tokens that are part of a character's bytes show as GPT-2's stand-in characters. So a word can have several rows, or none (several tokens), and its neighbours include its own spellings."</p>
            <AssetStatus asset=panel.layer what="SmolLM2's token table (layer0.bin)" total=LAYER0_BYTES testid="token-table-status"/>
            <form class="token-query" on:submit=move |ev: leptos::ev::SubmitEvent| { ev.prevent_default(); panel.look_up(query.get_untracked()); }>
                <label>"Word or token id "
                    <input type="text" data-testid="token-query" prop:value=move || query.get()
                        on:change=move |ev| query.set(event_target_value(&ev))/>
                </label>
                <button type="submit" data-testid="token-look-up" disabled=busy>"Look up"</button>
            </form>
            <div data-testid="token-rows" inner_html=panel.rows on:click=card></div>
            <div data-testid="token-card-slot" aria-live="polite" inner_html=panel.card on:click=card></div>
            <h4>"The analogy set on the token table"</h4>
            <p class="muted">"Google's questions whose four words, as written, are single tokens with a leading space (\" king\"), answered by 3CosAdd over all 49,152 rows with the three inputs excluded, in one worker per core; beside it, GloVe's 50-d words on the same questions and on all it can ask (its first 30,000 words)."</p>
            <button type="button" data-testid="token-analogies-run" disabled=busy on:click=move |_| panel.analogies()>"Run the analogy set"</button>
            <div data-testid="token-analogies" inner_html=panel.analogies></div>
            <h4>"Under-trained (glitch) tokens"</h4>
            <p class="muted">"A tokenizer is trained before its model, on other text; tokens it made that the model's training text rarely contains get almost no gradient, so their rows stay near where they started. Prompted with one, a model can behave strangely: a glitch token. Land and Bartolo's indicator for tied tables finds them: take every row less the mean row, remove the first principal component (what all rows share), and rank each token by its cosine to the mean of rows known to be untrained (by default the control tokens whose rows equal another's). Click a token for its card: its bytes, whether any text makes it, its neighbours."</p>
            <label>"Reference ids (empty: the untrained control tokens) "
                <input type="text" data-testid="undertrained-reference-input" prop:value=move || reference.get()
                    on:change=move |ev| reference.set(event_target_value(&ev))/>
            </label>
            " "<button type="button" data-testid="undertrained-run" disabled=busy on:click=move |_| panel.rank(reference.get_untracked())>"Rank the tokens"</button>
            {crate::dynamic::dynamic(move || panel.running.get().map(|(what, done, total)| view! {
                <div class="progress" role="status" data-testid="token-table-progress">
                    <progress max=total as f64 value=done as f64 aria-label=what></progress>
                    <span>{format!("{what}: {done} of {total} ")}{move || panel.note.get()}</span>
                    " "<button type="button" class="quiet" data-testid="token-table-cancel" on:click=move |_| panel.cancel.set(true)>"Cancel"</button>
                </div>
            }))}
            {crate::dynamic::dynamic(move || panel.error.get().map(|e| view! {
                <p class="error" role="alert" data-testid="token-table-error">{e}</p>
            }))}
            <div data-testid="undertrained" inner_html=panel.ranking on:click=card></div>
        </section>
    }
}
