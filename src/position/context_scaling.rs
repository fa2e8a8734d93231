//! Context scaling: how linear interpolation, NTK-aware scaling and Llama 3's banded scaling change
//! RoPE's inverse frequencies, drawn before and after on a log scale for the lab's d and base, with
//! Llama 3's three bands marked (from `til_core::posenc::rope`). The text says what a position past
//! the original context becomes. Left out: YaRN and dynamic scaling (the core has neither).
use leptos::prelude::*;
use plotters::prelude::*;
use til_core::posenc::rope::{self, Scaling};
use til_core::posenc::rope_analysis::{llama3_band, wavelengths, Band};

use super::state::PositionState;
use crate::widgets::plot::canvas::{Plot, PlotCanvas};
use crate::widgets::plot::chart::{self, Axes};
use crate::widgets::plot::media::Palette;

/// The scalings a reader can pick, as models ship them.
const CHOICES: [(&str, &str); 4] = [
    ("linear", "Linear (position interpolation), factor 8"),
    ("ntk", "NTK-aware, factor 8"),
    (
        "llama3",
        "Llama 3.1: factor 8, low 1, high 4, original 8192",
    ),
    (
        "llama32",
        "Llama 3.2: factor 32, low 1, high 4, original 8192",
    ),
];
const ORIGINAL: f64 = 8192.0;

fn scaling(name: &str) -> Scaling {
    let llama = |factor| Scaling::Llama3 {
        factor,
        low_freq_factor: 1.0,
        high_freq_factor: 4.0,
        original_max: ORIGINAL,
    };
    match name {
        "linear" => Scaling::Linear { factor: 8.0 },
        "ntk" => Scaling::Ntk { factor: 8.0 },
        "llama32" => llama(32.0),
        _ => llama(8.0),
    }
}

fn factor(scaling: Scaling) -> f64 {
    match scaling {
        Scaling::None => 1.0,
        Scaling::Linear { factor } | Scaling::Ntk { factor } | Scaling::Llama3 { factor, .. } => {
            factor
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Curves {
    before: Vec<f64>,
    after: Vec<f64>,
    /// Llama 3's band of each pair; None for the other scalings.
    bands: Option<Vec<Band>>,
}

#[component]
pub fn ContextScaling(lab: PositionState, palette: Memo<Palette>) -> impl IntoView {
    let choice = RwSignal::new("llama3".to_string());
    let curves = Memo::new(move |_| {
        let (d, base) = (lab.d.get(), lab.base());
        let chosen = scaling(&choice.get());
        let before = rope::inv_freq(d, base, Scaling::None).ok()?;
        let after = rope::inv_freq(d, base, chosen).ok()?;
        // The bands of the very parameters the curve was scaled with.
        let bands = match chosen {
            Scaling::Llama3 {
                low_freq_factor,
                high_freq_factor,
                original_max,
                ..
            } => Some(
                wavelengths(&before)
                    .iter()
                    .map(|&w| llama3_band(w, low_freq_factor, high_freq_factor, original_max))
                    .collect(),
            ),
            _ => None,
        };
        Some(Curves {
            before,
            after,
            bands,
        })
    });
    let draw = move |plot: Plot| {
        if let Some(curves) = curves.get() {
            draw_curves(&plot, &palette.get(), &curves);
        }
    };
    let summary = move || {
        let curves = curves.get()?;
        let chosen = scaling(&choice.get());
        let f = factor(chosen);
        let count = |band| {
            curves
                .bands
                .as_ref()
                .map_or(0, |b| b.iter().filter(|&&x| x == band).count())
        };
        let last = curves.before.len() - 1;
        let slowest = curves.before[last] / curves.after[last];
        let fastest = curves.before[0] / curves.after[0];
        Some(match chosen {
            Scaling::Llama3 { .. } => format!(
                "{} pairs kept (wavelength under {:.0}), {} blended, {} divided by {f} (wavelength over {ORIGINAL:.0}). The fast pairs that tell neighbours apart stay as trained; only the slow ones, which never turned a full circle in {ORIGINAL:.0} positions, are stretched so that position {:.0} turns them as {ORIGINAL:.0} did.",
                count(Band::Kept), ORIGINAL / 4.0, count(Band::Blended), count(Band::Divided), ORIGINAL * f),
            Scaling::Linear { .. } => format!(
                "Every θᵢ divided by {f}: position {:.0} now turns every pair as position {ORIGINAL:.0} did, so nothing is ever out of range, but neighbours are {f}× closer in angle than in training (the fastest pair slowed {fastest:.1}×).",
                ORIGINAL * f),
            _ => format!(
                "The base times {f}^(d/(d−2)): the fastest pair is untouched ({fastest:.2}×) and the slowest slowed {slowest:.2}× (the factor), so neighbours stay as sharp as in training while the longest wavelengths stretch."),
        })
    };
    let width = chart::fit_width(560);
    view! {
        <section class="panel rope-scaling" aria-labelledby="rope-scaling-heading">
            <h3 id="rope-scaling-heading">"Context scaling: stretching RoPE past its training length"</h3>
            <label>"Scaling "
                <select data-testid="rope-scaling" prop:value=move || choice.get()
                    on:change=move |ev| choice.set(event_target_value(&ev))>
                    {CHOICES.map(|(value, label)| view! { <option value=value>{label}</option> }).collect_view()}
                </select>
            </label>
            <PlotCanvas width=width height=240 testid="rope-scaling-plot"
                label=Signal::derive(move || format!("Inverse frequencies before and after {} scaling, log scale, by pair", choice.get()))
                draw=draw/>
            <p class="muted" data-testid="rope-scaling-summary">{crate::dynamic::dynamic(summary)}</p>
        </section>
    }
}

/// log10 θᵢ before (muted) and after (accent), Llama 3's bands as coloured points.
fn draw_curves(plot: &Plot, palette: &Palette, curves: &Curves) -> Option<()> {
    let s = plot.scale;
    let log = |v: &[f64]| -> Vec<(f64, f64)> {
        v.iter()
            .enumerate()
            .map(|(i, t)| (i as f64, t.log10()))
            .collect()
    };
    let (before, after) = (log(&curves.before), log(&curves.after));
    let lo = after.iter().chain(&before).map(|p| p.1).fold(0.0, f64::min);
    let axes = Axes::new("pair i", 0, "log10 θᵢ", 1);
    let x_end = (before.len().max(2) - 1) as f64;
    let mut chart = chart::line_chart(plot, palette, 0.0..x_end, lo - 0.3..0.3, &axes)?;
    chart
        .draw_series(LineSeries::new(
            before,
            chart::stroke(palette.muted, s, 2.0),
        ))
        .ok()?;
    chart
        .draw_series(LineSeries::new(
            after.clone(),
            chart::stroke(palette.accent, s, 2.0),
        ))
        .ok()?;
    if let Some(bands) = &curves.bands {
        let color = |band: &Band| match band {
            Band::Kept => palette.series[2],
            Band::Blended => palette.series[1],
            Band::Divided => palette.accent,
        };
        for (&p, band) in after.iter().zip(bands) {
            chart
                .draw_series(std::iter::once(Circle::new(
                    p,
                    chart::px(3.5, s),
                    color(band).filled(),
                )))
                .ok()?;
        }
    }
    Some(())
}
