//! A real RoPE model: SmolLM2-135M-Instruct's first attention layer on the reader's sentence. The
//! tokenizer worker computes the causal logits on the compute engine (WebGPU in f32, or the core's
//! f64 on the CPU: the faster when timed, or the one the reader picks) four ways: RoPE as
//! llama.cpp applies it to the GGUF's rows, as transformers applies it to the checkpoint's rows
//! (the same numbers), rotating halves of the GGUF's rows (the classic conversion bug), and no
//! rotation (content alone). The page draws each head's logits as a heatmap and one
//! head's as a table. Left out: the softmax and everything after the logits.
use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::registry;

use super::rope_state::FIRST_SENTENCE;
use crate::assets::status::AssetStatus;
use crate::assets::{asset, urls, Asset};
use crate::widgets::plot::heatmap::{Heatmap, Raster};
use crate::widgets::plot::media::Palette;
use crate::worker::Remote;
use til_channel::first_layer::WAYS;
use til_channel::{FirstLayer, RunOn};

/// Tokens the page computes: 9 heatmaps of 48² cells and a readable table.
pub const LIMIT: usize = 48;
/// The layer's asset size, for the progress bar.
const LAYER0_BYTES: u64 = 30_359_860;
/// Where the worker runs the layer (in the order of `RunOn::ALL`), as the menu names and says it.
const RUN_ON: [(&str, &str); 3] = [
    (RunOn::Faster.name(), RunOn::Faster.label()),
    (RunOn::Cpu.name(), RunOn::Cpu.label()),
    (RunOn::Gpu.name(), RunOn::Gpu.label()),
];
const PRESETS: [(&str, &str); 3] = [
    (FIRST_SENTENCE, "dog bit man"),
    ("The man bit the dog.", "man bit dog"),
    (
        "the the the the the the the the the the the the the the the the",
        "one token repeated: positions only",
    ),
];

fn layer_asset() -> Asset<()> {
    asset(urls::SMOLLM2_LAYER0, LAYER0_BYTES, |_, bytes| {
        Remote::load_first_layer(bytes)
    })
}

fn tokenizer_asset() -> Asset<Remote> {
    asset(registry::SMOLLM2.asset, 0, Remote::load_shipped)
}

#[component]
pub fn FirstLayerPanel(
    /// The sentence, held by the lab (it is in the link).
    text: RwSignal<String>,
    palette: Memo<Palette>,
) -> impl IntoView {
    let (layer, tokenizer) = (layer_asset(), tokenizer_asset());
    let way = RwSignal::new(0usize);
    let run_on = RwSignal::new(0usize);
    let head = RwSignal::new(0usize);
    let result = RwSignal::new(None::<Result<FirstLayer, String>>);
    let asked = StoredValue::new(0u32);
    // Ask again whenever the text changes once both files are in; the latest question wins.
    crate::effect::effect(move || {
        let (text, run_on) = (text.get(), RunOn::ALL[run_on.get()]);
        if layer.ready().is_none() || tokenizer.ready().is_none() {
            return;
        }
        asked.update_value(|n| *n += 1);
        if text.trim().is_empty() {
            result.set(Some(Err(
                "Type a sentence: an empty one has no tokens to attend to.".to_string(),
            )));
            return;
        }
        let question = asked.get_value();
        spawn_local(async move {
            let answer = Remote::first_layer(&text, LIMIT, run_on).await;
            // The panel may be gone by now (another scheme was chosen).
            if asked.try_get_value() == Some(question) {
                let _ = result.try_set(Some(answer));
            }
        });
    });
    let ready = move || result.with(|r| matches!(r, Some(Ok(_))));
    view! {
        <section class="panel first-layer" aria-labelledby="first-layer-heading">
            <h3 id="first-layer-heading">"A real RoPE model: SmolLM2's first attention layer"</h3>
            <p class="muted">
                "SmolLM2-135M-Instruct (Apache-2.0), as llama.cpp's GGUF ships it: each token's row of the Q8_0 table, RMSNorm, the Q4_1 projections to 9 query heads and 3 key heads of 64, RoPE with base 100,000, and q"<sub>"m"</sub>"·k"<sub>"n"</sub>"/√64 for every key n ≤ m, computed in the lab's worker: by WGSL kernels on WebGPU (float32) or in float64 on the CPU. The tests check both against numpy."
            </p>
            <button type="button" data-testid="first-layer-load" on:click=move |_| { tokenizer.want(); layer.want(); }
                disabled=move || layer.ready().is_some()>
                "Load SmolLM2's first layer (30 MB)"
            </button>
            <AssetStatus asset=tokenizer what="SmolLM2's tokenizer (smollm2.bin)" total=0 testid="first-layer-tokenizer-status"/>
            <AssetStatus asset=layer what="SmolLM2's first layer (layer0.bin)" total=LAYER0_BYTES testid="first-layer-status"/>
            <label class="first-layer-text">"Sentence "
                <input type="text" data-testid="first-layer-text" prop:value=move || text.get()
                    on:change=move |ev| text.set(event_target_value(&ev))/>
            </label>
            <div class="first-layer-presets" role="group" aria-label="Example sentences">
                {PRESETS.map(|(sentence, label)| view! {
                    <button type="button" class="quiet" on:click=move |_| text.set(sentence.to_string())>{label}</button>
                }).collect_view()}
            </div>
            <label>"Rotation " {choice("first-layer-way", &WAYS, way)}</label>
            <label>"Run on " {choice("first-layer-run-on", &RUN_ON, run_on)}</label>
            {crate::dynamic::dynamic(move || result.get().map(|r| match r {
                Err(error) => view! { <p class="error" role="alert" data-testid="first-layer-error">{error}</p> }.into_any(),
                Ok(layer) => view! { <Logits layer=layer way=way head=head palette=palette/> }.into_any(),
            }))}
            <p class="muted" hidden=ready>"Load the layer to see its logits."</p>
        </section>
    }
}

/// A menu of `options` (value, label) whose chosen index is `chosen`.
fn choice(
    testid: &'static str,
    options: &'static [(&'static str, &'static str)],
    chosen: RwSignal<usize>,
) -> impl IntoView {
    view! {
        <select data-testid=testid prop:value=move || options[chosen.get()].0
            on:change=move |ev| { let v = event_target_value(&ev); chosen.set(options.iter().position(|o| o.0 == v).unwrap_or(0)) }>
            {options.iter().map(|&(value, label)| view! { <option value=value>{label}</option> }).collect_view()}
        </select>
    }
}

#[component]
fn Logits(
    layer: FirstLayer,
    way: RwSignal<usize>,
    head: RwSignal<usize>,
    palette: Memo<Palette>,
) -> impl IntoView {
    let len = layer.len;
    let layer = StoredValue::new(layer);
    let tokens = layer.with_value(|l| l.tokens.clone());
    let note = layer.with_value(|l| (l.total > l.len).then(|| format!(
        "The sentence makes {} tokens; the first {} are shown (the model itself reads up to 8,192).", l.total, l.len)));
    let heads = layer.with_value(|l| l.heads);
    let maps = (0..heads).map(|h| {
        let raster = Signal::derive(move || {
            let w = way.get();
            layer.with_value(|l| {
                let scale = (0..len).flat_map(|m| (0..=m).map(move |n| (m, n)))
                    .fold(f64::MIN_POSITIVE, |s, (m, n)| s.max(l.logit(w, h, m, n).abs()));
                Some(Raster::paint(len, len, &palette.get(), scale, &|n, m| (n <= m).then(|| l.logit(w, h, m, n))))
            })
        });
        view! {
            <figure class="first-layer-head" class:chosen=move || head.get() == h>
                <button type="button" class="quiet" on:click=move |_| head.set(h)
                    aria-pressed=move || (head.get() == h).to_string()>{format!("head {h}")}</button>
                <Heatmap testid=format!("first-layer-head-{h}") shape="pe-square" raster=raster
                    label=format!("Head {h}'s causal logits: query position down, key position across")/>
            </figure>
        }
    }).collect_view();
    let differences = layer.with_value(|l| format!(
        "The two correct layouts agree to {:.1e} on every logit: the GGUF's rows were permuted so that llama.cpp's interleaved pairs rotate the coordinates transformers pairs as halves. Rotating halves of the GGUF's rows moves logits by up to {:.2}: converted weights that \"give garbage\" are often this.",
        l.half_difference, l.bug_difference));
    view! {
        <div class="first-layer-tokens" data-testid="first-layer-tokens" inner_html=tokens></div>
        {note.map(|n| view! { <p class="muted" data-testid="first-layer-cut">{n}</p> })}
        <p data-testid="first-layer-layouts">{differences}</p>
        <p class="muted" data-testid="first-layer-backend">{layer.with_value(|l| l.backend.clone())}</p>
        <div class="first-layer-heads">{maps}</div>
        <div class="first-layer-table-wrap" inner_html=move || layer.with_value(|l| l.tables.get(way.get() * l.heads + head.get()).cloned())></div>
    }
}
