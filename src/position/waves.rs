//! The waves: the sine and cosine of a few frequency pairs across the shown positions, with the
//! cursor at p, the stretch past the training length shaded, and PE(p) written out in full (the
//! `pe-vector` text, which is also the plot's exact text alternative). Left out: the heatmap of all
//! dimensions (`tables`).
use std::sync::Arc;

use leptos::prelude::*;
use plotters::prelude::*;
use til_core::posenc::Sinusoidal;

use super::chart::{self, Axes};
use super::cursor_bar::show_position;
use super::format::{fixed4_list, frequency};
use super::media::Palette;
use super::state::PeLab;
use crate::widgets::plot_canvas::{Plot, PlotCanvas};

/// Curve samples per position: enough for the fastest wave (2π positions long) to look round.
const SAMPLES_PER_POSITION: usize = 3;

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
    let xs: Vec<f64> = (0..=(count - 1) * SAMPLES_PER_POSITION)
        .map(|j| j as f64 / SAMPLES_PER_POSITION as f64)
        .collect();
    let curve = |dim: usize| -> Vec<(f64, f64)> {
        xs.iter()
            .filter_map(|&x| encoding.value(x, dim).ok().map(|y| (x, y)))
            .collect()
    };
    shown_pairs(encoding.d() / 2)
        .into_iter()
        .filter_map(|pair| {
            Some(Wave { pair, omega: encoding.omega(pair)?, sin: curve(2 * pair), cos: curve(2 * pair + 1) })
        })
        .collect()
}

#[component]
pub fn Waves(lab: PeLab, palette: Memo<Palette>) -> impl IntoView {
    let waves = Memo::new(move |_| {
        let count = lab.count.get();
        lab.encoding.with(|e| e.as_ref().map(|e| Arc::new(sample(e, count))).ok())
    });
    let draw = move |plot: Plot| {
        let Some(waves) = waves.get() else { return };
        let frame = Frame {
            count: lab.count.get(),
            train_len: lab.train_len.get(),
            cursor: lab.position.get(),
        };
        super::redraw::probe("waves", || lab.vector.with(|vector| draw_waves(&plot, &palette.get(), &waves, frame, vector)));
    };
    let width = chart::fit_width(1100);
    view! {
        <section class="panel pe-waves" aria-labelledby="pe-waves-heading">
            <h3 id="pe-waves-heading">"Waves: each pair of dimensions is a sine and a cosine"</h3>
            <figure>
                <PlotCanvas width=width height=(width * 3 / 10 + 60).max(240) testid="pe-waves"
                    label="Sine and cosine waves of several dimension pairs across positions, with the cursor at p"
                    draw=draw/>
                <figcaption>
                    <ul class="pe-legend">
                        {move || waves.get().map(|waves| waves.iter().enumerate().map(|(n, wave)| view! {
                            <li><span class=format!("pe-swatch pe-s{}", n + 1)></span>
                                {format!("dims {} (sin, solid) and {} (cos, dashed): pair {}, {}",
                                    2 * wave.pair, 2 * wave.pair + 1, wave.pair, frequency(wave.omega))}</li>
                        }).collect_view())}
                        <li><span class="pe-swatch pe-beyond"></span>
                            {move || format!("positions from {} on: past the training length (the formula goes on regardless)", lab.train_len.get())}</li>
                    </ul>
                </figcaption>
            </figure>
            <p class="pe-vector-line">
                <span class="pe-vector-name">{move || format!("PE({}) =", show_position(lab.position.get()))}</span>
                <code data-testid="pe-vector" class="pe-vector">{move || lab.vector.with(|v| fixed4_list(v))}</code>
            </p>
        </section>
    }
}

/// What changes from frame to frame.
#[derive(Clone, Copy)]
struct Frame {
    count: usize,
    train_len: usize,
    cursor: f64,
}

/// 1. axes; 2. the stretch past the training length; 3. each pair's curves; 4. the cursor and its dots.
fn draw_waves(plot: &Plot, palette: &Palette, waves: &[Wave], frame: Frame, vector: &[f64]) -> Option<()> {
    let s = plot.scale;
    let last = (frame.count - 1) as f64;
    let axes = Axes { x: "position", y: "PE(position, dim)", x_decimals: 0, y_decimals: 1 };
    let mut chart = chart::line_chart(plot, palette, 0.0..last, -1.15..1.15, &axes)?;
    // 2. Shade from the training length on.
    let train = frame.train_len as f64;
    if train < last {
        chart
            .draw_series(std::iter::once(Rectangle::new([(train, -1.15), (last, 1.15)], palette.beyond.mix(0.75).filled())))
            .ok()?;
    }
    // 3. Sine solid, cosine dashed, one colour per pair.
    for (n, wave) in waves.iter().enumerate() {
        let color = palette.series[n % palette.series.len()];
        chart.draw_series(LineSeries::new(wave.sin.iter().copied(), chart::stroke(color, s, 1.8))).ok()?;
        chart
            .draw_series(DashedLineSeries::new(
                wave.cos.iter().copied(),
                chart::px(5.0, s),
                chart::px(4.0, s),
                chart::stroke(color, s, 1.8),
            ))
            .ok()?;
    }
    // 4. The cursor, and where each shown curve crosses it.
    let p = frame.cursor;
    chart
        .draw_series(std::iter::once(PathElement::new(vec![(p, -1.15), (p, 1.15)], chart::stroke(palette.accent, s, 1.5))))
        .ok()?;
    for (n, wave) in waves.iter().enumerate() {
        let color = palette.series[n % palette.series.len()];
        for dim in [2 * wave.pair, 2 * wave.pair + 1] {
            let Some(&y) = vector.get(dim) else { continue };
            chart
                .draw_series(std::iter::once(Circle::new((p, y), chart::px(4.0, s), color.filled())))
                .ok()?;
        }
    }
    Some(())
}
