//! Every RoPE score at once: R(m)q·R(n)k over m, n < 64 as a heatmap, one colour along each
//! diagonal (the caption gives the largest spread any diagonal has, from the core); RoFormer's
//! long-term decay bound over the relative distance; and each pair's wavelength 2π/θᵢ against the
//! number of positions shown, which says which pairs ever complete a turn inside the context. Left
//! out: scaled frequencies (`context_scaling`).
use leptos::prelude::*;
use plotters::prelude::*;
use til_core::posenc::rope;
use til_core::posenc::rope_analysis::{largest_diagonal_spread, wavelengths};

use super::rope_state::{RopeState, GRID};
use super::state::PositionState;
use crate::widgets::plot::canvas::{DrawFn, Plot, PlotCanvas};
use crate::widgets::plot::chart::{self, Axes};
use crate::widgets::plot::heatmap::{Heatmap, Raster};
use crate::widgets::plot::media::Palette;

#[component]
pub fn RopeScores(lab: PositionState, rope: RopeState, palette: Memo<Palette>) -> impl IntoView {
    let raster = Signal::derive(move || {
        let grid = rope.grid.get()?;
        let scale = grid.iter().fold(f64::MIN_POSITIVE, |m, v| m.max(v.abs()));
        Some(Raster::paint(GRID, GRID, &palette.get(), scale, &|n, m| {
            Some(grid[m * GRID + n])
        }))
    });
    // Each of these is cheap next to drawing it: no memo of its own.
    let spread = move || rope.grid.get().map(|g| largest_diagonal_spread(&g, GRID));
    let waves = move || rope.inv_freq.get().ok().map(|t| wavelengths(&t));
    let draw_decay = move |plot: Plot| {
        if let Ok(theta) = rope.inv_freq.get() {
            let points: Vec<(f64, f64)> = (0..lab.count.get())
                .map(|r| (r as f64, rope::decay_bound(&theta, r as f64)))
                .collect();
            draw_line(
                &plot,
                &palette.get(),
                &points,
                "relative distance n − m",
                "bound",
                None,
            );
        }
    };
    let draw_waves = move |plot: Plot| {
        if let Some(waves) = waves() {
            let points: Vec<(f64, f64)> = waves
                .iter()
                .enumerate()
                .map(|(i, w)| (i as f64, w.log10()))
                .collect();
            let context = (lab.count.get() as f64).log10();
            draw_line(
                &plot,
                &palette.get(),
                &points,
                "pair i",
                "log10 wavelength (positions)",
                Some(context),
            );
        }
    };
    let turning = move || {
        let count = lab.count.get() as f64;
        waves().map(|w| w.iter().filter(|&&w| w <= count).count())
    };
    let width = chart::fit_width(420);
    view! {
        <section class="panel rope-scores" aria-labelledby="rope-scores-heading">
            <h3 id="rope-scores-heading">"Every score at once: constant along each diagonal"</h3>
            <div class="pe-columns">
                <figure>
                    <h4>"R(m)q·R(n)k for m, n < 64"</h4>
                    <Heatmap testid="rope-grid" shape="pe-square" raster=raster
                        label="Heatmap of the RoPE scores of one q and k: query position m down, key position n across"/>
                    <figcaption class="muted" data-testid="rope-grid-caption">
                        {crate::dynamic::dynamic(move || spread().map(|s| format!(
                            "m down, n across. Each diagonal n − m = const is one colour: the largest spread along any diagonal is {s:.1e}, rounding alone. The same q and k at any pair of positions the same distance apart score the same.")))}
                    </figcaption>
                </figure>
                <LineFigure title="RoFormer's long-term decay" width=width testid="rope-decay"
                    label="RoFormer's upper bound on the score's size over the relative distance: it falls as the distance grows"
                    draw=draw_decay>
                    "The mean over j of |Σ"<sub>"i<j"</sub>" e"<sup>"i·r·θᵢ"</sup>"| (RoFormer §3.4.3): the score's size is bounded by a constant times this, which shrinks as r grows, so far tokens weigh less unless q and k insist."
                </LineFigure>
                <LineFigure title="Wavelength of each pair" width=width testid="rope-wavelengths"
                    label="Each pair's wavelength in positions, on a log scale, against the number of positions shown"
                    draw=draw_waves>
                    <span data-testid="rope-wavelength-caption">
                        {crate::dynamic::dynamic(move || turning().map(|t| format!(
                            "2π/θᵢ, from 2π for pair 0 to 2π·base^((d−2)/d) for the last. The line is the {} positions shown: {t} of {} pairs complete a turn inside them; the slower ones only ever turn part way, which is why a bigger base reaches further.",
                            lab.count.get(), lab.pairs())))}
                    </span>
                </LineFigure>
            </div>
        </section>
    }
}

/// One of the two line plots beside the heatmap, titled, its caption the children.
#[component]
fn LineFigure(
    title: &'static str,
    width: u32,
    testid: &'static str,
    label: &'static str,
    #[prop(into)] draw: DrawFn,
    children: Children,
) -> impl IntoView {
    view! {
        <figure>
            <h4>{title}</h4>
            <PlotCanvas width=width height=220 testid=testid label=label draw=draw/>
            <figcaption class="muted">{children()}</figcaption>
        </figure>
    }
}

/// A line through `points`, with a level line at `level` if given.
fn draw_line(
    plot: &Plot,
    palette: &Palette,
    points: &[(f64, f64)],
    x: &str,
    y: &str,
    level: Option<f64>,
) -> Option<()> {
    let s = plot.scale;
    let x_end = points.last()?.0.max(1.0);
    let (lo, hi) = points
        .iter()
        .map(|p| p.1)
        .chain(level)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    let pad = ((hi - lo) * 0.08).max(1e-9);
    let axes = Axes::new(x, 0, y, 1);
    let mut chart = chart::line_chart(
        plot,
        palette,
        0.0..x_end,
        (lo - pad).min(0.0)..hi + pad,
        &axes,
    )?;
    chart
        .draw_series(LineSeries::new(
            points.to_vec(),
            chart::stroke(palette.accent, s, 2.0),
        ))
        .ok()?;
    if let Some(level) = level {
        chart
            .draw_series(LineSeries::new(
                vec![(0.0, level), (x_end, level)],
                chart::stroke(palette.series[1], s, 1.5),
            ))
            .ok()?;
    }
    Some(())
}
