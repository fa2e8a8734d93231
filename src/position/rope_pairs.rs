//! RoPE on one pair: q at position m and k at position n, pair i of each turned by mθᵢ and nθᵢ on
//! its circle. Their angle apart changes by (n − m)θᵢ only, so R(m)q·R(n)k = q·R(n − m)k: the
//! readout shows both (from `til_core::posenc::rope`), and beside them the additive scheme's score
//! split into its four terms, of which only position·position is purely relative. Left out: the
//! whole grid of scores (`rope_scores`).
use leptos::prelude::*;
use plotters::prelude::*;
use til_core::posenc::rope::{self, Layout};
use til_core::posenc::rope_analysis::additive_terms;

use super::format::short;
use super::rope_state::{RopeState, GRID};
use super::state::PositionState;
use crate::widgets::plot::canvas::{Plot, PlotCanvas};
use crate::widgets::plot::chart::{self, Axes};
use crate::widgets::plot::media::Palette;
use crate::widgets::plot::slider::WholeSlider;

/// What the panel shows for the current m, n and pair.
#[derive(Clone, Debug, PartialEq)]
struct PairView {
    theta: f64,
    /// Pair i of q and k, as given and rotated: (q, R(m)q, k, R(n)k).
    points: [(f64, f64); 4],
    score: f64,
    relative: f64,
    /// The additive scheme's four terms at (m, n) and at (m + SHIFT, n + SHIFT).
    terms: [[f64; 4]; 2],
}

/// How far the four-term comparison shifts both positions.
const SHIFT: usize = 10;

#[component]
pub fn RopePairs(lab: PositionState, rope: RopeState, palette: Memo<Palette>) -> impl IntoView {
    let view_of = Memo::new(move |_| {
        let (m, n, i) = (rope.m.get(), rope.n.get(), lab.pair_index());
        let theta = rope.inv_freq.get().ok()?;
        let example = rope.example.get()?;
        let (q, k) = (&example.0, &example.1);
        let d = q.len();
        let turned = |x: &[f64], p: usize| rope::rotate(x, p as f64, &theta, Layout::Half).ok();
        let (rq, rk) = (turned(q, m)?, turned(k, n)?);
        let pair = |x: &[f64]| (x[i], x[i + d / 2]);
        let terms = lab.encoding.with(|e| {
            let e = e.as_ref().ok()?;
            let at = |shift: usize| -> Option<[f64; 4]> {
                let (pm, pn) = (
                    e.encode((m + shift) as f64).ok()?,
                    e.encode((n + shift) as f64).ok()?,
                );
                Some(additive_terms(q, k, &pm, &pn))
            };
            Some([at(0)?, at(SHIFT)?])
        })?;
        Some(PairView {
            theta: theta[i],
            points: [pair(q), pair(&rq), pair(k), pair(&rk)],
            score: rope::score(q, k, m as f64, n as f64, &theta, Layout::Half).ok()?,
            relative: rope::relative_score(q, k, n as f64 - m as f64, &theta, Layout::Half).ok()?,
            terms,
        })
    });
    let draw = move |plot: Plot| {
        if let Some(view) = view_of.get() {
            draw_pairs(&plot, &palette.get(), &view);
        }
    };
    let width = chart::fit_width(380);
    let last = GRID - 1;
    view! {
        <section class="panel rope-pairs" aria-labelledby="rope-pairs-heading">
            <h3 id="rope-pairs-heading">"RoPE: q and k turn, and only their angle apart counts"</h3>
            <p class="muted">
                "Rotary embedding adds nothing to the token. Inside attention it turns each pair of q's coordinates by m·θᵢ and each pair of k's by n·θᵢ, "
                "θᵢ = base"<sup>"−2i/d"</sup>" (pairs (i, i + d/2), Hugging Face's layout). A turn keeps lengths, and two turns' difference is (n − m)·θᵢ, so the score q·k sees only the distance."
            </p>
            <div class="rope-sliders">
                <WholeSlider label="query position m" testid="rope-m" min=0 max=last step=1 value=rope.m timer=lab.timer
                    set=move |m: usize| rope.m.set(m.min(last))/>
                <WholeSlider label="key position n" testid="rope-n" min=0 max=last step=1 value=rope.n timer=lab.timer
                    set=move |n: usize| rope.n.set(n.min(last))/>
                <WholeSlider label="pair i" testid="rope-pair" min=0 max=Signal::derive(move || lab.pairs() - 1) step=1
                    value=Signal::derive(move || lab.pair_index()) timer=lab.timer set=move |i: usize| lab.pair.set(i)/>
            </div>
            <div class="pe-rotation-body">
                <PlotCanvas width=width height=width - 12 testid="rope-pairs-plot"
                    label=Signal::derive(move || format!("Pair {} of q turned to position {} and of k turned to position {}", lab.pair_index(), rope.m.get(), rope.n.get()))
                    draw=draw/>
                <div class="pe-rotation-text" data-testid="rope-pairs-summary">
                    {crate::dynamic::dynamic(move || view_of.get().map(|v| describe(&v, rope.m.get(), rope.n.get(), lab.pair_index())))}
                </div>
            </div>
        </section>
    }
}

fn describe(view: &PairView, m: usize, n: usize, i: usize) -> impl IntoView {
    let degrees = |p: usize| (p as f64 * view.theta).to_degrees() % 360.0;
    let apart = (n as f64 - m as f64) * view.theta;
    let [now, shifted] = view.terms;
    let names = [
        ("content·content q·k", "rope-term-cc"),
        ("content·position q·PE(n)", "rope-term-cp"),
        ("position·content PE(m)·k", "rope-term-pc"),
        ("position·position PE(m)·PE(n)", "rope-term-pp"),
    ];
    let mut table = format!(
        "<caption>The additive scheme instead: (q + PE(m))·(k + PE(n)), its four terms at (m, n) and with both moved {SHIFT} on</caption><thead><tr><th scope=\"col\">term</th><th scope=\"col\">({m}, {n})</th><th scope=\"col\">({}, {})</th></tr></thead><tbody>",
        m + SHIFT,
        n + SHIFT
    );
    for (j, (name, testid)) in names.iter().enumerate() {
        table += &format!(
            "<tr><th scope=\"row\">{name}</th><td data-testid=\"{testid}\">{}</td><td>{}</td></tr>",
            short(now[j]),
            short(shifted[j])
        );
    }
    table += "</tbody>";
    view! {
        <p>{format!("Pair {i} turns θ = {} rad per position: q by {:.1}° at m = {m}, k by {:.1}° at n = {n} (after whole turns); {} rad apart, (n − m)·θ.",
            short(view.theta), degrees(m), degrees(n), short(apart))}</p>
        <p>"R(m)q·R(n)k = "<strong data-testid="rope-score">{format!("{:.6}", view.score)}</strong>
            "; q·R(n − m)k = "<strong data-testid="rope-relative-score">{format!("{:.6}", view.relative)}</strong>
            {format!(" (they differ by {:.1e}).", (view.score - view.relative).abs())}</p>
        <table class="rope-terms" data-testid="rope-terms" inner_html=table></table>
        <p class="muted">"Moved together, the two middle terms change: the additive score knows where the pair is, not only how far apart. Only PE(m)·PE(n) is purely relative, and q·k knows no position at all."</p>
    }
}

/// 1. the circle at q's radius and k's; 2. q and k as given (faint) and turned (solid); 3. the arc
///    between the turned two.
fn draw_pairs(plot: &Plot, palette: &Palette, view: &PairView) -> Option<()> {
    let s = plot.scale;
    let [q, rq, k, rk] = view.points;
    let radius = |p: (f64, f64)| p.0.hypot(p.1);
    let reach = radius(q).max(radius(k)).max(1e-9) * 1.2;
    let axes = Axes::new("coordinate i", 1, "coordinate i + d/2", 1);
    let mut chart = chart::line_chart(plot, palette, -reach..reach, -reach..reach, &axes)?;
    // 1. Each vector's pair stays on its own circle.
    for (r, color) in [(radius(q), palette.accent), (radius(k), palette.series[1])] {
        let circle: Vec<(f64, f64)> = (0..=120)
            .map(|j| {
                let a = j as f64 * std::f64::consts::TAU / 120.0;
                (r * a.cos(), r * a.sin())
            })
            .collect();
        chart
            .draw_series(LineSeries::new(
                circle,
                chart::stroke(color.mix(0.35), s, 1.0),
            ))
            .ok()?;
    }
    // 2. Before (faint) and after (solid) the turn.
    for (before, after, color) in [(q, rq, palette.accent), (k, rk, palette.series[1])] {
        for (point, width, alpha) in [(before, 1.0, 0.4), (after, 2.5, 1.0)] {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(0.0, 0.0), point],
                    chart::stroke(color.mix(alpha), s, width),
                )))
                .ok()?;
        }
        chart
            .draw_series(std::iter::once(Circle::new(
                after,
                chart::px(5.0, s),
                color.filled(),
            )))
            .ok()?;
    }
    // 3. The angle between the turned pair, the one the score depends on.
    let (from, to) = (rq.1.atan2(rq.0), rk.1.atan2(rk.0));
    let sweep =
        (to - from + std::f64::consts::PI).rem_euclid(std::f64::consts::TAU) - std::f64::consts::PI;
    let r = reach * 0.3;
    let arc: Vec<(f64, f64)> = (0..=40)
        .map(|j| {
            let a = from + sweep * j as f64 / 40.0;
            (r * a.cos(), r * a.sin())
        })
        .collect();
    chart
        .draw_series(LineSeries::new(arc, chart::stroke(palette.fg, s, 1.5)))
        .ok()?;
    Some(())
}
