//! A real RoPE model: SmolLM2-135M-Instruct's first attention layer on the reader's sentence. The
//! tokenizer worker computes the causal logits (f64, `til_core::smollm2::first_attention`) four
//! ways: RoPE as llama.cpp applies it to the GGUF's rows, as transformers applies it to the
//! checkpoint's rows (the same numbers), rotating halves of the GGUF's rows (the classic conversion
//! bug), and no rotation (content alone). The page draws each head's logits as a heatmap and one
//! head's as a table. Left out: the softmax and everything after the logits.
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::rope_state::FIRST_SENTENCE;
use crate::assets::status::AssetStatus;
use crate::assets::{asset, urls, Asset};
use crate::widgets::markup::escaped;
use crate::widgets::plot::heatmap::{Heatmap, Raster};
use crate::widgets::plot::media::Palette;
use crate::worker::{FirstLayer, Remote};

/// Tokens the page computes: 9 heatmaps of 48² cells and a readable table.
pub const LIMIT: usize = 48;
/// Tokens the table lists (the heatmaps show all of them).
const TABLE_LIMIT: usize = 16;
/// The layer's asset size, for the progress bar.
const LAYER0_BYTES: u64 = 30_359_860;
/// The four ways, as the worker returns them, with what the menu says.
const WAYS: [(&str, &str); 4] = [
    (
        "interleaved",
        "RoPE, pairs (2i, 2i+1) on the GGUF's rows (llama.cpp)",
    ),
    (
        "half",
        "RoPE, pairs (i, i+32) on the checkpoint's rows (transformers)",
    ),
    (
        "bug",
        "Pairs (i, i+32) on the GGUF's rows: the conversion bug",
    ),
    ("off", "No rotation: content alone"),
];
const PRESETS: [(&str, &str); 3] = [
    (FIRST_SENTENCE, "dog bit man"),
    ("The man bit the dog.", "man bit dog"),
    (
        "the the the the the the the the the the the the the the the the",
        "one token repeated: positions only",
    ),
];

fn layer_asset() -> Asset<Remote> {
    asset(urls::SMOLLM2_LAYER0, LAYER0_BYTES, |bytes| {
        Remote::load("layer0", bytes)
    })
}

fn tokenizer_asset() -> Asset<Remote> {
    asset(urls::SMOLLM2, 0, |bytes| Remote::load("smollm2", bytes))
}

#[component]
pub fn FirstLayerPanel(
    /// The sentence, held by the lab (it is in the link).
    text: RwSignal<String>,
    palette: Memo<Palette>,
) -> impl IntoView {
    let (layer, tokenizer) = (layer_asset(), tokenizer_asset());
    let way = RwSignal::new(0usize);
    let head = RwSignal::new(0usize);
    let result = RwSignal::new(None::<Result<FirstLayer, String>>);
    let asked = StoredValue::new(0u32);
    // Ask again whenever the text changes once both files are in; the latest question wins.
    crate::effect::effect(move || {
        let text = text.get();
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
            let answer = Remote::first_layer(&text, LIMIT).await;
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
                "SmolLM2-135M-Instruct (Apache-2.0), as llama.cpp's GGUF ships it: each token's row of the Q8_0 table, RMSNorm, the Q4_1 projections to 9 query heads and 3 key heads of 64, RoPE with base 100,000, and q"<sub>"m"</sub>"·k"<sub>"n"</sub>"/√64 for every key n ≤ m. Computed in float64 in the tokenizer worker; the tests check it against numpy."
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
            <label>"Rotation "
                <select data-testid="first-layer-way" prop:value=move || WAYS[way.get()].0
                    on:change=move |ev| { let v = event_target_value(&ev); way.set(WAYS.iter().position(|w| w.0 == v).unwrap_or(0)) }>
                    {WAYS.map(|(value, label)| view! { <option value=value>{label}</option> }).collect_view()}
                </select>
            </label>
            {crate::dynamic::dynamic(move || result.get().map(|r| match r {
                Err(error) => view! { <p class="error" role="alert" data-testid="first-layer-error">{error}</p> }.into_any(),
                Ok(layer) => view! { <Logits layer=layer way=way head=head palette=palette/> }.into_any(),
            }))}
            <p class="muted" hidden=ready>"Load the layer to see its logits."</p>
        </section>
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
    let tokens = layer.with_value(|l| {
        let mut html = String::new();
        for (i, (d, id)) in l.displays.iter().zip(&l.ids).enumerate() {
            html += &format!("<span class=\"chip\" data-testid=\"first-layer-token\" data-id=\"{id}\" title=\"position {i}, id {id}\">{}</span>", escaped(d));
        }
        html
    });
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
        <div class="first-layer-heads">{maps}</div>
        <div class="first-layer-table-wrap" inner_html=move || layer.with_value(|l| logit_table(l, way.get(), head.get()))></div>
    }
}

/// Head `h`'s logits as a table's markup: one row per query, keys across.
fn logit_table(layer: &FirstLayer, way: usize, h: usize) -> String {
    let shown = layer.len.min(TABLE_LIMIT);
    let cut = if shown < layer.len {
        format!(" (the first {shown} tokens)")
    } else {
        String::new()
    };
    let mut html = format!(
        "<table class=\"first-layer-table\" data-testid=\"first-layer-table\"><caption>Head {h}, {}: q_m·k_n/√64, query m down, key n across{cut}</caption><thead><tr><th></th>",
        WAYS[way].1
    );
    for d in &layer.displays[..shown] {
        html += &format!("<th scope=\"col\">{}</th>", escaped(d));
    }
    html += "</tr></thead><tbody>";
    for m in 0..shown {
        html += &format!("<tr><th scope=\"row\">{}</th>", escaped(&layer.displays[m]));
        for n in 0..shown {
            html += &match n <= m {
                true => format!("<td>{:.4}</td>", layer.logit(way, h, m, n)),
                false => "<td class=\"masked\"></td>".to_string(),
            };
        }
        html += "</tr>";
    }
    html + "</tbody></table>"
}
