//! ALiBi: no position vector and no rotation, only a bias −slopeₕ·(m − n) added to head h's logit
//! for query m and key n ≤ m, with the paper's geometric slopes (from `til_core::posenc::rope`).
//! One head's bias as a causal heatmap (future keys hatched) and every head's slope. Left out: a
//! model trained with it (SmolLM2 uses RoPE).
use leptos::prelude::*;
use til_core::posenc::alibi::{alibi_bias, alibi_slopes};

use super::state::PositionState;
use crate::widgets::plot::heatmap::{Heatmap, Raster};
use crate::widgets::plot::media::Palette;
use crate::widgets::plot::slider::WholeSlider;

/// Query and key positions the heatmap covers.
const SIZE: usize = 32;
const MAX_HEADS: usize = 16;

#[component]
pub fn AlibiPanel(lab: PositionState, palette: Memo<Palette>) -> impl IntoView {
    let heads = RwSignal::new(8usize);
    let head = RwSignal::new(0usize);
    // At most 16 powers of two: recomputed where read.
    let slopes = move || alibi_slopes(heads.get());
    let chosen = move || head.get().min(heads.get() - 1);
    let raster = Signal::derive(move || {
        let slope = slopes()[chosen()];
        let scale = slope * (SIZE - 1) as f64;
        Some(Raster::paint(
            SIZE,
            SIZE,
            &palette.get(),
            scale.max(f64::MIN_POSITIVE),
            &|n, m| (n <= m).then(|| alibi_bias(slope, m as f64, n as f64)),
        ))
    });
    let list = move || {
        slopes()
            .iter()
            .map(|v| format!("{v:.4}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    view! {
        <section class="panel alibi" aria-labelledby="alibi-heading">
            <h3 id="alibi-heading">"ALiBi: a penalty for distance, added to the logits"</h3>
            <p class="muted">
                "ALiBi (Press et al.) adds nothing to the tokens and turns nothing. Each head h adds −slopeₕ·(m − n) to the logit of query m and key n: "
                "the further back the key, the larger the penalty. Slopes fall geometrically, 2"<sup>"−8h/H"</sup>", so some heads look far and some only at their neighbours."
            </p>
            <div class="rope-sliders">
                <WholeSlider label="heads H" testid="alibi-heads" min=1 max=MAX_HEADS step=1 value=heads timer=lab.timer
                    set=move |h: usize| heads.set(h.clamp(1, MAX_HEADS))/>
                <WholeSlider label="head h" testid="alibi-head" min=0 max=Signal::derive(move || heads.get() - 1) step=1
                    value=Signal::derive(chosen) timer=lab.timer set=move |h: usize| head.set(h)/>
            </div>
            <figure>
                <Heatmap testid="alibi-bias" shape="pe-square" raster=raster
                    label="Heatmap of one ALiBi head's bias: query position down, key position across; future keys hatched"/>
                <figcaption class="muted" data-testid="alibi-caption">
                    {crate::dynamic::dynamic(move || format!(
                        "Head {} of {}: slope {:.6}. Query m down, key n across (0–{}); 0 on the diagonal, −slope·(m − n) below it, blue the most negative; above it the causal mask.",
                        chosen(), heads.get(), slopes()[chosen()], SIZE - 1))}
                </figcaption>
            </figure>
            <p data-testid="alibi-slopes">"Slopes: "{crate::dynamic::dynamic(list)}</p>
        </section>
    }
}
