//! The two offset plots of the learned-positions panel, drawn with the Position lab's chart look:
//! cos(p, p+k) across p for one k (the learned table wanders, the sinusoidal one is flat), and its
//! mean ± standard deviation across p for every k (a band for the learned table, a line for the
//! sinusoidal one). Leaves out: computing the cosines (offset_stats.rs and the core).
use plotters::prelude::*;

use super::offset_stats::OffsetSummary;
use crate::widgets::plot::canvas::Plot;
use crate::widgets::plot::chart::{self, Axes};
use crate::widgets::plot::media::Palette;

/// 1. axes over cos ∈ [−1, 1]; 2. the sinusoidal line; 3. the learned line.
pub fn draw_across_p(
    plot: &Plot,
    palette: &Palette,
    learned: &[f64],
    sinusoidal: &[f64],
) -> Option<()> {
    let s = plot.scale;
    let last = learned.len().max(sinusoidal.len()).saturating_sub(1).max(1) as f64;
    let axes = Axes::new("position p", 0, "cos(p, p+k)", 1);
    let mut chart = chart::line_chart(plot, palette, 0.0..last, -1.05..1.05, &axes)?;
    for (values, color, width) in [
        (sinusoidal, palette.series[1], 2.5),
        (learned, palette.series[0], 1.5),
    ] {
        let points = values.iter().enumerate().map(|(p, &c)| (p as f64, c));
        chart
            .draw_series(LineSeries::new(points, chart::stroke(color, s, width)))
            .ok()?;
    }
    Some(())
}

/// The steps: axes over k and cos; the learned mean ± std as a band, its mean as a line; the
/// sinusoidal mean; the chosen k.
pub fn draw_spread(
    plot: &Plot,
    palette: &Palette,
    all: &[OffsetSummary],
    last_k: usize,
    k: usize,
) -> Option<()> {
    let s = plot.scale;
    let axes = Axes::new("offset k", 0, "mean cos across p", 1);
    let mut chart = chart::line_chart(plot, palette, 0.0..last_k as f64, -1.05..1.05, &axes)?;
    let learned = palette.series[0];
    let upper = all
        .iter()
        .map(|o| (o.k as f64, o.learned.mean + o.learned.std));
    let lower = all
        .iter()
        .rev()
        .map(|o| (o.k as f64, o.learned.mean - o.learned.std));
    chart
        .draw_series(std::iter::once(Polygon::new(
            upper.chain(lower).collect::<Vec<_>>(),
            learned.mix(0.25).filled(),
        )))
        .ok()?;
    let means = all.iter().map(|o| (o.k as f64, o.learned.mean));
    chart
        .draw_series(LineSeries::new(means, chart::stroke(learned, s, 1.5)))
        .ok()?;
    let exact = all.iter().map(|o| (o.k as f64, o.sinusoidal.mean));
    chart
        .draw_series(LineSeries::new(
            exact,
            chart::stroke(palette.series[1], s, 2.0),
        ))
        .ok()?;
    let at = k as f64;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(at, -1.05), (at, 1.05)],
            chart::stroke(palette.accent, s, 1.0),
        )))
        .ok()?;
    Some(())
}
