//! The offset k under the chosen scheme: P(p)·P(p+k) across every p (for the sinusoidal scheme a
//! flat line, plotted with its spread; for a learned table it wanders), and over k beside it the
//! scheme's closed form (Σᵢ cos(k·ωᵢ)) or, where it has none, the mean over p, the current k marked
//! on both. The readouts give the dot product at the cursor (`pe-dot`) and the closed form or mean
//! (`pe-kernel`). Left out: the rotation behind the sinusoidal case (`rotation`).
use std::sync::Arc;

use leptos::prelude::*;
use plotters::prelude::*;
use til_core::posenc::{dot_at, dots_at_offset, mean_dot_at_offset};

use super::format::{short, show_position};
use super::state::{PositionState, MAX_OFFSET};
use crate::widgets::plot::canvas::{Plot, PlotCanvas};
use crate::widgets::plot::chart::{self, Axes};
use crate::widgets::plot::media::Palette;

#[component]
pub fn OffsetPanel(lab: PositionState, palette: Memo<Palette>) -> impl IntoView {
    // P(p)·P(p+k) for every shown p, each the long way from the chosen scheme's rows.
    let curve = Memo::new(move |_| {
        let (k, count) = (lab.offset.get(), lab.count.get());
        lab.scheme_table
            .get()
            .map(|t| Arc::new(dots_at_offset(&t, k, count)))
    });
    // Over k = 0..=MAX_OFFSET: the closed form where the scheme has one (Σᵢ cos(k·ωᵢ)), else the
    // mean over p of the products (as far as the table reaches).
    let kernel = Memo::new(move |_| {
        let scheme = lab.scheme.get()?;
        let closed = scheme.offset_kernel(0.0).is_some();
        let values: Vec<f64> = if closed {
            (0..=MAX_OFFSET)
                .filter_map(|k| scheme.offset_kernel(k as f64))
                .collect()
        } else {
            let (table, count) = (lab.scheme_table.get()?, lab.count.get());
            (0..=MAX_OFFSET)
                .map_while(|k| mean_dot_at_offset(&table, k, count))
                .collect()
        };
        Some(Kernel {
            values: Arc::new(values),
            closed,
        })
    });
    let dot_here = Memo::new(move |_| {
        let (p, k) = (lab.position.get(), lab.offset.get() as f64);
        lab.scheme.get().and_then(|s| dot_at(&*s, p, k).ok())
    });
    let kernel_here = move || {
        kernel
            .get()
            .and_then(|k| k.values.get(lab.offset.get()).copied())
    };
    let closed = move || kernel.get().is_some_and(|k| k.closed);
    let sym = move || lab.choice.get().symbol();
    let spread = move || {
        curve.get().map(|c| {
            let (lo, hi) = c
                .iter()
                .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
            (lo, hi)
        })
    };
    // The y axis: ±d/2 (the sinusoidal products' reach), wider when a scheme's products go further.
    let reach = move || {
        let widest = |values: &[f64]| values.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let curve = curve.get().map_or(0.0, |c| widest(&c));
        let kernel = kernel.get().map_or(0.0, |k| widest(&k.values));
        ((lab.d.get() / 2) as f64).max(curve).max(kernel)
    };

    let draw_flat = move |plot: Plot| {
        let Some(curve) = curve.get() else { return };
        let marker = (lab.position.get(), dot_here.get());
        draw_flat(&plot, &palette.get(), &curve, reach(), marker);
    };
    let draw_kernel = move |plot: Plot| {
        let Some(kernel) = kernel.get() else { return };
        draw_kernel(
            &plot,
            &palette.get(),
            &kernel.values,
            reach(),
            lab.offset.get(),
        );
    };
    let width = chart::fit_width(540);
    view! {
        <section class="panel pe-offset" aria-labelledby="pe-offset-heading">
            <h3 id="pe-offset-heading">"Offset k: the similarity depends only on the distance"</h3>
            <p class="pe-readout">
                <span>{crate::dynamic::dynamic(move || format!("{s}({})·{s}({} + {}) = ", show_position(lab.position.get()), show_position(lab.position.get()), lab.offset.get(), s = sym()))}</span>
                <strong data-testid="pe-dot">{crate::dynamic::dynamic(move || dot_here.get().map(|v| format!("{v:.4}")).unwrap_or_default())}</strong>
                <span class="muted">{crate::dynamic::dynamic(move || if closed() { " · closed form Σᵢ cos(k·ωᵢ) = " } else { " · mean over p = " })}</span>
                <strong data-testid="pe-kernel">{crate::dynamic::dynamic(move || kernel_here().map(|v| format!("{v:.4}")).unwrap_or_default())}</strong>
            </p>
            <div class="pe-columns">
                <figure>
                    <PlotCanvas width=width height=width * 11 / 20 testid="pe-flat"
                        label=Signal::derive(move || if closed() {
                            "PE(p)·PE(p+k) across positions p: a flat line".to_string()
                        } else {
                            format!("{s}(p)·{s}(p+k) across positions p: it wanders with p", s = sym())
                        }) draw=draw_flat/>
                    <figcaption data-testid="pe-flat-summary">
                        {crate::dynamic::dynamic(move || {
                            let (k, last) = (lab.offset.get(), curve.get().map_or(0, |c| c.len()).saturating_sub(1));
                            let (lo, hi) = spread().unwrap_or_default();
                            if closed() {
                                format!(
                                    "Across p = 0…{last}, PE(p)·PE(p+{k}) stays at {} (largest minus smallest: {:.1e}). Drag p or k: the line only moves when k does.",
                                    kernel_here().map(short).unwrap_or_default(), hi - lo)
                            } else {
                                format!(
                                    "Across p = 0…{last}, {s}(p)·{s}(p+{k}) runs from {} to {}: a learned table's similarity depends on where the positions are, not only on how far apart. Training would have to make it depend on k.",
                                    short(lo), short(hi), s = sym())
                            }
                        })}
                    </figcaption>
                </figure>
                <figure>
                    <PlotCanvas width=width height=width * 11 / 20 testid="pe-kernel-plot"
                        label="The similarity kernel: PE(p)·PE(p+k) as a function of the offset k" draw=draw_kernel/>
                    <figcaption>
                        {crate::dynamic::dynamic(move || kernel.get().map(|k| {
                            let at = |i: usize| k.values.get(i).map_or_else(|| "—".to_string(), |&v| short(v));
                            if k.closed {
                                format!(
                                    "The kernel over k = 0…{MAX_OFFSET}: {} at k = 0 (|PE|² = d/2), {} at k = 1, {} at k = 8, {} at k = 64: near positions are more alike than far ones.",
                                    at(0), at(1), at(8), at(64))
                            } else {
                                format!(
                                    "The mean over p for k = 0…{}: {} at k = 0 (|W|² ≈ d), {} at k = 1, {} at k = 8: apart from k = 0, random rows are about equally (un)alike at every distance.",
                                    k.values.len().saturating_sub(1), at(0), at(1), at(8))
                            }
                        }))}
                    </figcaption>
                </figure>
            </div>
        </section>
    }
}

/// The curve over k beside the flat line, and whether it is a closed form or a mean over p.
#[derive(Clone, Debug, PartialEq)]
struct Kernel {
    values: Arc<Vec<f64>>,
    closed: bool,
}

/// The steps: axes over ±reach (at least ±d/2, the largest a sinusoidal dot product can be, so a
/// flat line looks flat honestly); the curve; the cursor's point.
fn draw_flat(
    plot: &Plot,
    palette: &Palette,
    curve: &[f64],
    half_d: f64,
    (p, at_p): (f64, Option<f64>),
) -> Option<()> {
    let s = plot.scale;
    let last = curve.len().saturating_sub(1).max(1) as f64;
    let axes = Axes::new("position p", 0, "P(p)·P(p+k)", 0);
    let mut chart = chart::line_chart(
        plot,
        palette,
        0.0..last,
        -half_d * 1.05..half_d * 1.05,
        &axes,
    )?;
    let points = curve.iter().enumerate().map(|(p, &v)| (p as f64, v));
    chart
        .draw_series(LineSeries::new(
            points,
            chart::stroke(palette.series[0], s, 2.5),
        ))
        .ok()?;
    if let Some(v) = at_p {
        chart
            .draw_series(std::iter::once(Circle::new(
                (p, v),
                chart::px(5.0, s),
                palette.accent.filled(),
            )))
            .ok()?;
    }
    Some(())
}

/// 1. axes; 2. the kernel over k; 3. the current k.
fn draw_kernel(
    plot: &Plot,
    palette: &Palette,
    kernel: &[f64],
    half_d: f64,
    k: usize,
) -> Option<()> {
    let s = plot.scale;
    let axes = Axes::new("offset k", 0, "over k", 0);
    let mut chart = chart::line_chart(
        plot,
        palette,
        0.0..MAX_OFFSET as f64,
        -half_d * 1.05..half_d * 1.05,
        &axes,
    )?;
    let points = kernel.iter().enumerate().map(|(k, &v)| (k as f64, v));
    chart
        .draw_series(LineSeries::new(
            points,
            chart::stroke(palette.series[1], s, 2.0),
        ))
        .ok()?;
    let &at_k = kernel.get(k)?;
    let k = k as f64;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(k, -half_d * 1.05), (k, half_d * 1.05)],
            chart::stroke(palette.accent, s, 1.0),
        )))
        .ok()?;
    chart
        .draw_series(std::iter::once(Circle::new(
            (k, at_k),
            chart::px(5.0, s),
            palette.accent.filled(),
        )))
        .ok()?;
    Some(())
}
