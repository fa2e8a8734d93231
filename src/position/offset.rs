//! The offset k: PE(p)·PE(p+k) across every p is a flat line (plotted, with its spread), and the
//! similarity kernel Σᵢ cos(k·ωᵢ) over k beside it, the current k marked on both. The readouts give
//! the dot product at the cursor (`pe-dot`) and the closed form (`pe-kernel`). Left out: the rotation
//! behind it (`rotation`).
use std::sync::Arc;

use leptos::prelude::*;
use plotters::prelude::*;
use til_core::posenc::{direct_dot, dots_at_offset, offset_kernel};

use super::chart::{self, Axes};
use super::format::{short, show_position};
use super::media::Palette;
use super::state::{PeLab, MAX_OFFSET};
use crate::widgets::plot_canvas::{Plot, PlotCanvas};

#[component]
pub fn OffsetPanel(lab: PeLab, palette: Memo<Palette>) -> impl IntoView {
    // PE(p)·PE(p+k) for every shown p, each the long way from the table's rows.
    let curve = Memo::new(move |_| {
        let (k, count) = (lab.offset.get(), lab.count.get());
        lab.table
            .get()
            .map(|t| Arc::new(dots_at_offset(&t, k, count)))
    });
    // Σᵢ cos(k·ωᵢ) for k = 0..=MAX_OFFSET: the closed form, independent of p.
    let kernel = Memo::new(move |_| {
        lab.encoding.with(|e| {
            e.as_ref().ok().map(|e| {
                Arc::new(
                    (0..=MAX_OFFSET)
                        .map(|k| offset_kernel(e, k as f64))
                        .collect::<Vec<_>>(),
                )
            })
        })
    });
    let dot_here = Memo::new(move |_| {
        let (p, k) = (lab.position.get(), lab.offset.get() as f64);
        lab.encoding
            .with(|e| e.as_ref().ok().and_then(|e| direct_dot(e, p, k).ok()))
    });
    let kernel_here = move || kernel.get().and_then(|k| k.get(lab.offset.get()).copied());
    let spread = move || {
        curve.get().map(|c| {
            let (lo, hi) = c
                .iter()
                .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
            hi - lo
        })
    };
    let half_d = move || (lab.d.get() / 2) as f64;

    let draw_flat = move |plot: Plot| {
        let Some(curve) = curve.get() else { return };
        let marker = (lab.position.get(), dot_here.get());
        draw_flat(&plot, &palette.get(), &curve, half_d(), marker);
    };
    let draw_kernel = move |plot: Plot| {
        let Some(kernel) = kernel.get() else { return };
        draw_kernel(&plot, &palette.get(), &kernel, half_d(), lab.offset.get());
    };
    let width = chart::fit_width(540);
    view! {
        <section class="panel pe-offset" aria-labelledby="pe-offset-heading">
            <h3 id="pe-offset-heading">"Offset k: the similarity depends only on the distance"</h3>
            <p class="pe-readout">
                <span>{move || format!("PE({})·PE({} + {}) = ", show_position(lab.position.get()), show_position(lab.position.get()), lab.offset.get())}</span>
                <strong data-testid="pe-dot">{move || dot_here.get().map(|v| format!("{v:.4}")).unwrap_or_default()}</strong>
                <span class="muted">" · closed form Σᵢ cos(k·ωᵢ) = "</span>
                <strong data-testid="pe-kernel">{move || kernel_here().map(|v| format!("{v:.4}")).unwrap_or_default()}</strong>
            </p>
            <div class="pe-columns">
                <figure>
                    <PlotCanvas width=width height=width * 11 / 20 testid="pe-flat"
                        label="PE(p)·PE(p+k) across positions p: a flat line" draw=draw_flat/>
                    <figcaption data-testid="pe-flat-summary">
                        {move || format!(
                            "Across p = 0…{}, PE(p)·PE(p+{}) stays at {} (largest minus smallest: {}). Drag p or k: the line only moves when k does.",
                            lab.count.get() - 1, lab.offset.get(),
                            kernel_here().map(short).unwrap_or_default(),
                            spread().map(|s| format!("{s:.1e}")).unwrap_or_default())}
                    </figcaption>
                </figure>
                <figure>
                    <PlotCanvas width=width height=width * 11 / 20 testid="pe-kernel-plot"
                        label="The similarity kernel: PE(p)·PE(p+k) as a function of the offset k" draw=draw_kernel/>
                    <figcaption>
                        {move || kernel.get().map(|k| format!(
                            "The kernel over k = 0…{MAX_OFFSET}: {} at k = 0 (|PE|² = d/2), {} at k = 1, {} at k = 8, {} at k = 64: near positions are more alike than far ones.",
                            short(k[0]), short(k[1]), short(k[8]), short(k[64])))}
                    </figcaption>
                </figure>
            </div>
        </section>
    }
}

/// 1. axes over ±d/2 (the largest a dot product can be), so a flat line looks flat honestly;
/// 2. the curve; 3. the cursor's point.
fn draw_flat(
    plot: &Plot,
    palette: &Palette,
    curve: &[f64],
    half_d: f64,
    (p, at_p): (f64, Option<f64>),
) -> Option<()> {
    let s = plot.scale;
    let last = curve.len().saturating_sub(1).max(1) as f64;
    let axes = Axes {
        x: "position p",
        y: "PE(p)·PE(p+k)",
        x_decimals: 0,
        y_decimals: 0,
    };
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
    let axes = Axes {
        x: "offset k",
        y: "Σᵢ cos(k·ωᵢ)",
        x_decimals: 0,
        y_decimals: 0,
    };
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
