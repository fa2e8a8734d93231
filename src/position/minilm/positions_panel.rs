//! The Position lab's real learned table: MiniLM's 512 × 384 position rows (float32 as trained)
//! beside the sinusoidal table of the same size (d = 384, base 10,000), as heatmaps, and whether
//! each knows about distance: cos(p, p+k) across p for a chosen k, and its mean ± spread for every
//! k. The sinusoidal cosine is the same at every p; the learned one only roughly depends on k alone
//! (k = 1: 0.851 ± 0.04, k = 10: 0.32 ± 0.17, k = 200: 0.00 ± 0.19), computed here from layer.bin
//! (0.8 MB), fetched the first time the lab opens. Leaves out: the token table (not needed here).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::minilm::asset::{asset_len, LAYER_TENSORS};
use til_core::minilm::offsets::offset_cosines;
use til_core::minilm::{D_MODEL, MAX_POSITIONS};
use til_core::posenc::{PositionTable, Sinusoidal, DEFAULT_BASE};

use super::offset_plots::{draw_across_p, draw_spread};
use super::offset_stats::{spread, summarise_all, OffsetSummary, Spread};
use crate::assets::minilm::MiniLm;
use crate::assets::status::AssetStatus;
use crate::widgets::plot::canvas::{Plot, PlotCanvas};
use crate::widgets::plot::chart::fit_width;
use crate::widgets::plot::heatmap::{Heatmap, Raster};
use crate::widgets::plot::media::Palette;
use crate::widgets::plot::redraw::RedrawTimer;
use crate::widgets::plot::slider::WholeSlider;

/// The offsets the issue quotes, always listed.
const QUOTED_OFFSETS: [usize; 3] = [1, 10, 200];
/// 99% of the learned values lie within ±0.065; a few reach 1.9.
const LEARNED_SCALE: f64 = 0.1;

/// `0.851 ± 0.04`: the mean to three decimals, the spread to two (as the issue quotes them).
fn spread_text(s: Spread) -> String {
    format!("{:.3} ± {:.2}", s.mean, s.std)
}

/// Positions across, dimensions down, as the lab's other tables.
fn table_raster(table: &PositionTable, palette: &Palette, scale: f64) -> Raster {
    Raster::paint(table.positions(), table.d(), palette, scale, &|p, d| {
        table.row(p).map(|row| row[d])
    })
}

#[component]
pub fn LearnedPositions(
    /// Whether the Position lab is on show: layer.bin is fetched the first time it is.
    active: Signal<bool>,
    palette: Memo<Palette>,
    timer: RedrawTimer,
) -> impl IntoView {
    let minilm = MiniLm::expect();
    crate::effect::effect(move || {
        if active.get() {
            minilm.want_layer();
        }
    });
    let learned = Memo::new(move |_| minilm.layer.ready().map(|l| Arc::new(l.position_table())));
    let sinusoidal = Memo::new(move |_| {
        learned.track();
        let encoding = Sinusoidal::new(D_MODEL, DEFAULT_BASE).ok()?;
        encoding.table(MAX_POSITIONS).ok().map(Arc::new)
    });
    let k = RwSignal::new(10usize);
    // Every k's summary, filled in the background once the table is in.
    let all = RwSignal::new(Vec::<OffsetSummary>::new());
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) {
            return true;
        }
        match (learned.get(), sinusoidal.get()) {
            (Some(learned), Some(sinusoidal)) => {
                summarise_all(learned, sinusoidal, all);
                true
            }
            _ => false,
        }
    });
    let at = move |table: Memo<Option<Arc<PositionTable>>>, k: usize| {
        table.with(|t| t.as_ref().map(|t| spread(t, k)))
    };
    let chosen_cosines = Memo::new(move |_| {
        let k = k.get();
        Some((
            offset_cosines(learned.get()?.as_ref(), k).cosines,
            offset_cosines(sinusoidal.get()?.as_ref(), k).cosines,
        ))
    });
    let learned_raster = Signal::derive(move || {
        learned
            .get()
            .map(|t| table_raster(&t, &palette.get(), LEARNED_SCALE))
    });
    let sinusoidal_raster = Signal::derive(move || {
        sinusoidal
            .get()
            .map(|t| table_raster(&t, &palette.get(), 1.0))
    });
    let draw_chosen = move |plot: Plot| {
        if let Some((learned, sinusoidal)) = chosen_cosines.get() {
            draw_across_p(&plot, &palette.get(), &learned, &sinusoidal);
        }
    };
    let draw_all = move |plot: Plot| {
        all.with(|all| draw_spread(&plot, &palette.get(), all, MAX_POSITIONS - 1, k.get()));
    };
    let width = fit_width(540);
    let row = move |k: usize, testid: String| {
        view! {
            <tr>
                <th scope="row">{format!("k = {k}")}</th>
                <td class="num" data-testid=format!("{testid}-learned")>{crate::dynamic::dynamic(move || at(learned, k).map(spread_text))}</td>
                <td class="num" data-testid=format!("{testid}-sinusoidal")>{crate::dynamic::dynamic(move || at(sinusoidal, k).map(spread_text))}</td>
            </tr>
        }
    };
    view! {
        <section class="panel minilm-positions" aria-labelledby="minilm-positions-heading" data-testid="minilm-positions">
            <h3 id="minilm-positions-heading">"A trained learned table: MiniLM's 512 positions"</h3>
            <p class="lede">
                "The learned table above is random, as before training. Here is one after training: all-MiniLM-L6-v2's position rows, \
                 512 × 384, beside the sinusoidal table of the same size. Does training teach it that nearby positions are alike, \
                 the property the formula has exactly?"
            </p>
            <AssetStatus asset=minilm.layer what="MiniLM's position table (layer.bin)" total=asset_len(&LAYER_TENSORS) testid="minilm-layer-status"/>
            <div class="pe-columns">
                <figure>
                    <h4>"Learned (MiniLM, trained)"</h4>
                    <Heatmap testid="minilm-learned-heatmap" shape="pe-wide" raster=learned_raster
                        label="Heatmap of MiniLM's learned position table: 512 positions across, 384 dimensions down"/>
                    <figcaption class="muted">
                        {format!("Positions 0–511 across, dimensions 0–383 down; blue −{LEARNED_SCALE}, orange +{LEARNED_SCALE}. \
                                  Smooth stripes: neighbouring positions got similar rows, although nothing in training asked for it directly.")}
                    </figcaption>
                </figure>
                <figure>
                    <h4>"Sinusoidal (the formula, d = 384)"</h4>
                    <Heatmap testid="minilm-sinusoidal-heatmap" shape="pe-wide" raster=sinusoidal_raster
                        label="Heatmap of the sinusoidal table with d = 384: 512 positions across, 384 dimensions down"/>
                    <figcaption class="muted">
                        "Positions 0–511 across, dimensions 0–383 down (fastest waves at the top); blue −1, orange +1."
                    </figcaption>
                </figure>
            </div>
            <WholeSlider label="offset k" testid="minilm-offset-k" min=1 max=MAX_POSITIONS - 1 step=1 value=k timer=timer
                set=move |v: usize| k.set(v.clamp(1, MAX_POSITIONS - 1))/>
            <table class="minilm-offset-table" data-testid="minilm-offset-table">
                <caption class="muted">"cos(p, p+k) across every p with both rows: mean ± standard deviation"</caption>
                <thead><tr><th scope="col">"offset"</th><th scope="col">"learned (MiniLM)"</th><th scope="col">"sinusoidal"</th></tr></thead>
                <tbody>
                    {QUOTED_OFFSETS.map(|k| row(k, format!("minilm-offset-{k}"))).collect_view()}
                    {crate::dynamic::dynamic(move || row(k.get(), "minilm-offset-chosen".to_string()))}
                </tbody>
            </table>
            <div class="pe-columns">
                <figure>
                    <PlotCanvas width=width height=width * 11 / 20 testid="minilm-offset-plot"
                        label="cos(p, p+k) across positions p for the chosen k, learned and sinusoidal" draw=draw_chosen/>
                    <figcaption data-testid="minilm-offset-summary">
                        {crate::dynamic::dynamic(move || format!("k = {}: the sinusoidal cosine (green) is {} at every p; the learned one (orange) wanders around {}.",
                            k.get(),
                            at(sinusoidal, k.get()).map(|s| format!("{:.3}", s.mean)).unwrap_or_default(),
                            at(learned, k.get()).map(spread_text).unwrap_or_default()))}
                    </figcaption>
                </figure>
                <figure>
                    <PlotCanvas width=width height=width * 11 / 20 testid="minilm-offset-spread"
                        label="Mean cos(p, p+k) across p for every offset k, with the learned table's spread as a band" draw=draw_all/>
                    <figcaption data-testid="minilm-offset-spread-summary">
                        {crate::dynamic::dynamic(move || {
                            let done = all.with(Vec::len);
                            let progress = if done < MAX_POSITIONS - 1 { format!(" (computing: k = 1…{done} so far)") } else { String::new() };
                            format!("Every k = 1…511{progress}: the learned mean (orange line, band ± one standard deviation) falls with k but not smoothly, \
                                     and its band is wide: the learned table only roughly has the relative-offset property. The sinusoidal mean (green) \
                                     has no band: the formula gives one cosine per k.")
                        })}
                    </figcaption>
                </figure>
            </div>
        </section>
    }
}
