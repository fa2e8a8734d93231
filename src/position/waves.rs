//! The waves: the sine and cosine of a few frequency pairs across the shown positions, with the
//! cursor at p, the stretch past the training length shaded, and PE(p) written out in full (the
//! `pe-vector` text, which is also the plot's exact text alternative). Left out: the heatmap of all
//! dimensions (`tables`).
use std::sync::Arc;

use leptos::prelude::*;
use plotters::prelude::*;
use til_core::posenc::Sinusoidal;

use super::format::{fixed4_list, frequency, show_position};
use super::state::PositionState;
use crate::widgets::plot::canvas::{Plot, PlotCanvas};
use crate::widgets::plot::chart::{self, Axes};
use crate::widgets::plot::media::Palette;

/// Curve samples per position: enough for the fastest wave (2π positions long) to look round, and
/// no more than about 1200 per curve.
fn samples_per_position(count: usize) -> usize {
    (1200 / count).clamp(2, 4)
}

/// One frequency pair's two curves, sampled.
#[derive(Clone, Debug, PartialEq)]
struct Wave {
    pair: usize,
    omega: f64,
    sin: Vec<(f64, f64)>,
    cos: Vec<(f64, f64)>,
}

/// Pairs spread over the frequencies, fastest first: 0, P/8, P/4, P/2 of the P pairs.
fn shown_pairs(pairs: usize) -> Vec<usize> {
    let mut shown: Vec<usize> = [0, pairs / 8, pairs / 4, pairs / 2]
        .into_iter()
        .filter(|&i| i < pairs)
        .collect();
    shown.dedup();
    shown
}

fn sample(encoding: &Sinusoidal, count: usize) -> Vec<Wave> {
    let per = samples_per_position(count);
    let xs: Vec<f64> = (0..=(count - 1) * per)
        .map(|j| j as f64 / per as f64)
        .collect();
    let curve = |dim: usize| -> Vec<(f64, f64)> {
        xs.iter()
            .filter_map(|&x| encoding.value(x, dim).ok().map(|y| (x, y)))
            .collect()
    };
    shown_pairs(encoding.d() / 2)
        .into_iter()
        .filter_map(|pair| {
            Some(Wave {
                pair,
                omega: encoding.omega(pair)?,
                sin: curve(2 * pair),
                cos: curve(2 * pair + 1),
            })
        })
        .collect()
}

#[component]
pub fn Waves(lab: PositionState, palette: Memo<Palette>) -> impl IntoView {
    let waves = Memo::new(move |_| {
        let count = lab.count.get();
        lab.encoding
            .with(|e| e.as_ref().map(|e| Arc::new(sample(e, count))).ok())
    });
    // The curves change with d, base and the number of positions only; the cursor and the shading
    // past the training length are HTML on top, so moving p (by hand or by the animation) or the
    // training length never repaints this canvas.
    let draw = move |plot: Plot| {
        let Some(waves) = waves.get() else { return };
        draw_waves(&plot, &palette.get(), &waves, lab.count.get());
    };
    let width = chart::fit_width(1100);
    let size = (width, (width * 3 / 10 + 60).max(240));
    let at = move |p: f64, y: f64| {
        let x_range = 0.0..(lab.count.get() - 1) as f64;
        chart::percent_at(size, (&x_range, &Y_RANGE), (p, y))
    };
    view! {
        <section class="panel pe-waves" aria-labelledby="pe-waves-heading">
            <h3 id="pe-waves-heading">"Waves: each pair of dimensions is a sine and a cosine"</h3>
            <figure>
                <div class="pe-plot-holder" style=format!("width: min(100%, {width}px)")>
                    <PlotCanvas width=size.0 height=size.1 testid="pe-waves"
                        label="Sine and cosine waves of several dimension pairs across positions, with the cursor at p"
                        draw=draw/>
                    <span class="pe-wave-beyond" aria-hidden="true" style=move || {
                        let last = (lab.count.get() - 1) as f64;
                        let from = (lab.train_len.get() as f64).min(last);
                        let (left, top) = at(from, Y_RANGE.end);
                        let (right, bottom) = at(last, Y_RANGE.start);
                        format!("left: {left:.3}%; top: {top:.3}%; width: {:.3}%; height: {:.3}%", right - left, bottom - top)
                    }><span class="pe-mark-label">{crate::dynamic::dynamic(move || format!("training length {}", lab.train_len.get()))}</span></span>
                    <span class="pe-wave-cursor" aria-hidden="true" style=move || {
                        let (left, top) = at(lab.position.get(), Y_RANGE.end);
                        let (_, bottom) = at(0.0, Y_RANGE.start);
                        format!("left: {left:.3}%; top: {top:.3}%; height: {:.3}%", bottom - top)
                    }></span>
                    {crate::dynamic::dynamic(move || waves.get().map(|waves| waves.iter().enumerate().flat_map(|(n, wave)| {
                        [2 * wave.pair, 2 * wave.pair + 1].map(|dim| view! {
                            <span class=format!("pe-wave-dot pe-s{}", n + 1) aria-hidden="true" style=move || {
                                let y = lab.vector.with(|v| v.get(dim).copied().unwrap_or(0.0));
                                let (left, top) = at(lab.position.get(), y);
                                format!("left: {left:.3}%; top: {top:.3}%")
                            }></span>
                        })
                    }).collect_view()))}
                </div>
                <figcaption>
                    <ul class="pe-legend">
                        {crate::dynamic::dynamic(move || waves.get().map(|waves| waves.iter().enumerate().map(|(n, wave)| view! {
                            <li><span class=format!("pe-swatch pe-s{}", n + 1)></span>
                                {format!("dims {} (sin, thick) and {} (cos, thin): pair {}, {}",
                                    2 * wave.pair, 2 * wave.pair + 1, wave.pair, frequency(wave.omega))}</li>
                        }).collect_view()))}
                        <li><span class="pe-swatch pe-beyond"></span>
                            {crate::dynamic::dynamic(move || format!("positions from {} on: past the training length (the formula goes on regardless)", lab.train_len.get()))}</li>
                    </ul>
                </figcaption>
            </figure>
            <p class="pe-vector-line">
                <span class="pe-vector-name">{crate::dynamic::dynamic(move || format!("PE({}) =", show_position(lab.position.get())))}</span>
                <code data-testid="pe-vector" class="pe-vector">{crate::dynamic::dynamic(move || lab.vector.with(|v| fixed4_list(v)))}</code>
            </p>
        </section>
    }
}

/// The y axis: the waves' range, a little headroom above and below ±1.
const Y_RANGE: std::ops::Range<f64> = -1.15..1.15;

/// The axes, then each pair's curves: sine thick, cosine thin (both solid: plotters draws a dashed
/// line one dash at a time, too slow for a drag).
fn draw_waves(plot: &Plot, palette: &Palette, waves: &[Wave], count: usize) -> Option<()> {
    let s = plot.scale;
    let last = (count - 1) as f64;
    let axes = Axes::new("position", 0, "PE(position, dim)", 1);
    let mut chart = chart::line_chart(plot, palette, 0.0..last, Y_RANGE, &axes)?;
    // 2. One colour per pair.
    for (n, wave) in waves.iter().enumerate() {
        let color = palette.series[n % palette.series.len()];
        chart
            .draw_series(LineSeries::new(
                wave.sin.iter().copied(),
                chart::stroke(color, s, 2.2),
            ))
            .ok()?;
        chart
            .draw_series(LineSeries::new(
                wave.cos.iter().copied(),
                chart::stroke(color.mix(0.8), s, 1.0),
            ))
            .ok()?;
    }
    Some(())
}
