//! The whole embedding layer of a real model on a sentence the reader types: text → WordPiece tokens
//! → ids → token rows + position rows + the type row → raw sum → LayerNorm, each (1, T, 384) tensor
//! a heatmap, the shapes labelled as seed 000 labels them, the chosen token's values read out, and
//! the seed's guard tripping past 512 tokens. The tokens come from the lab's worker. Tokens, ids, shapes and the guard need only the
//! vocabulary; the rows need the token table (23 MB), fetched when the reader opens the view.
//! Leaves out: batches (the GloVe lookup panel shows broadcasting) and the layers after this one.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::minilm::asset::{asset_len, LAYER_TENSORS, TOKEN_TENSORS};
use til_core::minilm::shapes::shapes;
use til_core::minilm::{check_length, forward, Embedded, MAX_POSITIONS};

use super::tensor_heatmap::TensorHeatmap;
use super::token_values::TokenValues;
use crate::assets::minilm::MiniLm;
use crate::assets::status::AssetStatus;
use crate::async_derived::async_derived;
use crate::widgets::plot::media::palette_memo;
use crate::widgets::shape_steps::{shape_text, ShapeSteps};
use crate::widgets::wordpiece_chips::WordPieceChips;
use crate::worker::Remote;

/// What the view starts with: a capital, an apostrophe, punctuation and a `##` piece.
const DEFAULT_TEXT: &str = "Transformers don't read words: they read token ids.";
/// Longest input tokenized: far past the 512 positions already, so a huge paste stays quick.
const MAX_CHARS: usize = 20_000;
/// Chips drawn; the ids line and the heatmaps cover every token.
const CHIP_LIMIT: usize = 200;
/// Ids listed in `input_ids = [...]`.
const IDS_SHOWN: usize = 64;
/// Colour scale ends: the token, position and type rows and their sum share one, so the sum's
/// colours are the parts' added (99% of token values lie within ±0.15); LayerNorm's output is
/// about unit variance.
const ROWS_SCALE: f64 = 0.15;
const NORMALISED_SCALE: f64 = 1.5;

#[component]
pub fn PipelinePanel() -> impl IntoView {
    let minilm = MiniLm::expect();
    let opened = RwSignal::new(false);
    crate::effect::effect(move || {
        if opened.get() {
            minilm.want_vocab();
            minilm.want_layer();
            minilm.want_tokens();
        }
    });
    view! {
        <section class="panel minilm-pipeline" aria-labelledby="minilm-pipeline-heading" data-testid="minilm-pipeline">
            <h3 id="minilm-pipeline-heading">"A real embedding layer, end to end: MiniLM"</h3>
            <p class="lede">
                "Seed 000's "<code>"TransformerEmbeddings"</code>" with real weights: all-MiniLM-L6-v2 (a small BERT) looks up each token's row, \
                 adds the row of its position, as the seed does, then, as BERT does, a token-type row (sentence A) and a LayerNorm. \
                 The result, (1, T, 384), is exactly what its first attention layer reads."
            </p>
            {crate::dynamic::dynamic(move || if opened.get() { view! {
                <Pipeline minilm=minilm/>
            }.into_any() } else { view! {
                <button type="button" data-testid="minilm-pipeline-open" on:click=move |_| opened.set(true)>
                    "Open the pipeline (loads MiniLM's 23 MB token table)"
                </button>
            }.into_any() })}
        </section>
    }
}

#[component]
fn Pipeline(minilm: MiniLm) -> impl IntoView {
    let input = RwSignal::new(DEFAULT_TEXT.to_string());
    let selected = RwSignal::new(1usize);
    let palette = palette_memo(crate::theme::Theme::get().dark);
    // 1. Text → tokens (the first MAX_CHARS characters).
    let cut_from = Memo::new(move |_| {
        input.with(|text| {
            text.char_indices()
                .nth(MAX_CHARS)
                .map(|_| text.chars().count())
        })
    });
    let encoded = async_derived(
        move || {
            minilm.vocab.ready()?;
            Some(input.with(|text| {
                let end = text
                    .char_indices()
                    .nth(MAX_CHARS)
                    .map_or(text.len(), |(at, _)| at);
                text[..end].to_string()
            }))
        },
        async |text| Remote::wordpiece(&text).await,
    );
    let encoding = Memo::new(move |_| encoded.get().and_then(Result::ok));
    let tokens = Signal::derive(move || {
        encoding.with(|e| e.as_ref().map(|e| e.tokens.clone()).unwrap_or_default())
    });
    let seq = move || encoding.with(|e| e.as_ref().map_or(0, |e| e.len()));
    // 2. The guard, which needs only T.
    let guard = Memo::new(move |_| {
        encoding
            .get()
            .and_then(|e| check_length(e.len()).err())
            .map(|e| e.to_string())
    });
    // 3. The layer, once both tables are in.
    let embedded = Memo::new(move |_| {
        let (tokens, layer) = (minilm.tokens.ready()?, minilm.layer.ready()?);
        let ids = encoding.with(|e| e.as_ref().map(|e| e.ids()))?;
        forward(&tokens, &layer, &ids).ok().map(Arc::new)
    });
    let fill = move |t: usize| input.set(vec!["a"; t - 2].join(" "));
    // Each heatmap is titled with its step of the core's shapes (found by the expression's start).
    let heatmap = move |prefix: &'static str,
                        pick: fn(&Embedded) -> &[f32],
                        scale: f64,
                        testid: &'static str,
                        caption: String| {
        let step = move |seq| {
            shapes(seq)
                .into_iter()
                .find(|s| s.expression.starts_with(prefix))
        };
        let title = step(1).map_or(prefix, |s| s.expression);
        view! {
            <figure class="minilm-figure">
                <h4><code>{title}</code>" "
                    <strong data-testid=format!("{testid}-shape")>{crate::dynamic::dynamic(move || step(seq()).map(|s| shape_text(&s.shape)))}</strong></h4>
                <TensorHeatmap embedded=embedded pick=pick scale=scale palette=palette selected=selected testid=testid
                    label=format!("Heatmap of {title}: one row per token, 384 values across")/>
                <figcaption class="muted">{caption}</figcaption>
            </figure>
        }
    };
    view! {
        <label class="gpt2-label" for="minilm-input">"Sentence"</label>
        <textarea id="minilm-input" data-testid="minilm-input" rows="2" spellcheck="false" autocomplete="off"
            prop:value=move || input.get() on:input=move |ev| input.set(event_target_value(&ev))></textarea>
        <div class="row">
            <span class="muted">"Try the context window: "</span>
            <button type="button" class="chip-button" data-testid="minilm-fill-512" on:click=move |_| fill(MAX_POSITIONS)>"512 tokens"</button>
            <button type="button" class="chip-button" data-testid="minilm-fill-513" on:click=move |_| fill(MAX_POSITIONS + 1)>"513 tokens"</button>
            <button type="button" class="chip-button" data-testid="minilm-reset" on:click=move |_| input.set(DEFAULT_TEXT.to_string())>"the example"</button>
        </div>
        {crate::dynamic::dynamic(move || cut_from.get().map(|total| view! {
            <p class="notice" role="status" data-testid="minilm-cut">
                {format!("Your text has {total} characters; only the first {MAX_CHARS} are tokenized (already far past the 512 positions).")}
            </p>
        }))}
        <AssetStatus asset=minilm.vocab what="MiniLM's vocabulary (vocab.txt)" total=0 testid="minilm-pipeline-vocab-status"/>
        {crate::dynamic::dynamic(move || encoded.get().and_then(Result::err).map(|why| view! { <p class="error">{why}</p> }))}
        {crate::dynamic::dynamic(move || encoding.get().map(|e| {
            let ids = e.ids();
            let listed: Vec<String> = ids.iter().take(IDS_SHOWN).map(u32::to_string).collect();
            let more = ids.len().saturating_sub(IDS_SHOWN);
            view! {
                <h4>"1. Tokens: " <strong data-testid="minilm-seq">{e.len()}</strong> " (T, with [CLS] and [SEP])"</h4>
                <div class="chips minilm-chips" data-testid="minilm-chips">
                    <WordPieceChips tokens=e.tokens.clone() limit=CHIP_LIMIT selected=selected/>
                </div>
                {(e.len() > CHIP_LIMIT).then(|| view! { <p class="muted">{format!("… and {} more tokens.", e.len() - CHIP_LIMIT)}</p> })}
                <h4>"2. Ids"</h4>
                <p><code class="vector" data-testid="minilm-ids">
                    {format!("input_ids = [{}{}]", listed.join(", "), if more > 0 { format!(", … {more} more") } else { String::new() })}
                </code></p>
            }
        }))}
        {crate::dynamic::dynamic(move || match guard.get() {
            Some(message) => view! {
                <p class="error" role="alert">"ValueError: "<span data-testid="minilm-guard">{message}</span></p>
                <p class="muted">"The position table has 512 rows, so position 512 has no row to look up: the layer refuses the sequence before any work, as the seed's guard clause does. Make the text shorter."</p>
            }.into_any(),
            None => view! {
                <h4>"3. Shapes"</h4>
                {move || (seq() > 0).then(|| view! { <ShapeSteps steps=shapes(seq()) testid="minilm-shapes"/> })}
                <AssetStatus asset=minilm.layer what="the position and type rows and LayerNorm (layer.bin)" total=asset_len(&LAYER_TENSORS) testid="minilm-layer-status"/>
                <AssetStatus asset=minilm.tokens what="MiniLM's token table (tokens.bin)" total=asset_len(&TOKEN_TENSORS) testid="minilm-tokens-status"/>
                <h4>"4. Rows, summed, normalised"</h4>
                <div class="minilm-heatmaps">
                    {heatmap("tok_emb", |e| &e.token_rows, ROWS_SCALE, "minilm-heat-token",
                        format!("Each token's row of the 30,522 × 384 token table, one row per token (down), dimensions 0–383 across. Blue −{ROWS_SCALE}, orange +{ROWS_SCALE}."))}
                    {heatmap("pos_emb", |e| &e.position_rows, ROWS_SCALE, "minilm-heat-position",
                        "The learned rows of positions 0, 1, 2, …: the same at every sentence, whatever the tokens. Same colours.".to_string())}
                    {heatmap("type_emb", |e| &e.type_row, ROWS_SCALE, "minilm-heat-type",
                        "Row 0 of the 2 × 384 type table (sentence A), drawn once: the same row is added at every position (BERT's addition to the seed; a second sentence would get row 1).".to_string())}
                    {heatmap("x = ", |e| &e.sum, ROWS_SCALE, "minilm-heat-sum",
                        "The raw sum, seed 000's output plus the type row: each value is the three above added. Same colours.".to_string())}
                    {heatmap("LayerNorm", |e| &e.normalised, NORMALISED_SCALE, "minilm-heat-normalised",
                        format!("Each row rescaled to mean 0 and variance 1, then times γ plus β: what the first attention layer reads. Blue −{NORMALISED_SCALE}, orange +{NORMALISED_SCALE}."))}
                </div>
                <TokenValues embedded=embedded tokens=tokens selected=selected/>
            }.into_any(),
        })}
    }
}
