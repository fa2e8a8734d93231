//! The rotation behind the offset-only property: pair i of PE(p) is the point (sin pωᵢ, cos pωᵢ) on
//! the unit circle, and each step of k turns it by the same angle ωᵢ wherever it starts. The plot
//! shows the point at p, the steps to p+k and the angle between; the caption checks the core's
//! rotation against PE(p+k), and a button leads on to RoPE, which rotates queries and keys instead
//! (its own views).
use leptos::prelude::*;
use plotters::prelude::*;
use til_core::posenc::rotate_pair;

use super::format::{short, show_position};
use super::scheme::SchemeChoice;
use super::state::PositionState;
use crate::widgets::plot::canvas::{Plot, PlotCanvas};
use crate::widgets::plot::chart::{self, Axes};
use crate::widgets::plot::media::Palette;
use crate::widgets::plot::slider::WholeSlider;

/// Where pair i stands at p and at each step up to p+k.
#[derive(Clone, Debug, PartialEq)]
struct Turn {
    omega: f64,
    /// (sin, cos) at p, p+1, …, p+k, read from PE.
    steps: Vec<(f64, f64)>,
    /// The point at p turned by k·ω with `rotate_pair`: it should land on the last step.
    rotated: (f64, f64),
}

#[component]
pub fn RotationPanel(lab: PositionState, palette: Memo<Palette>) -> impl IntoView {
    let turn = Memo::new(move |_| {
        let (p, k, i) = (lab.position.get(), lab.offset.get(), lab.pair_index());
        lab.encoding.with(|e| {
            let e = e.as_ref().ok()?;
            let omega = e.omega(i)?;
            let steps = (0..=k)
                .map(|j| {
                    let at = p + j as f64;
                    Some((e.value(at, 2 * i).ok()?, e.value(at, 2 * i + 1).ok()?))
                })
                .collect::<Option<Vec<_>>>()?;
            let rotated = rotate_pair(steps[0], k as f64 * omega);
            Some(Turn {
                omega,
                steps,
                rotated,
            })
        })
    });
    let draw = move |plot: Plot| {
        if let Some(turn) = turn.get() {
            draw_turn(&plot, &palette.get(), &turn);
        }
    };
    let width = chart::fit_width(420);
    view! {
        <section class="panel pe-rotation" aria-labelledby="pe-rotation-heading">
            <h3 id="pe-rotation-heading">"Rotation: each step of k turns a pair by the same angle"</h3>
            <WholeSlider label="pair i" testid="pe-pair" min=0 max=Signal::derive(move || lab.pairs() - 1) step=1
                value=Signal::derive(move || lab.pair_index()) timer=lab.timer set=move |i: usize| lab.pair.set(i)/>
            <div class="pe-rotation-body">
                <PlotCanvas width=width height=width - 12 testid="pe-rotation"
                    label="The point (sin, cos) of one frequency pair on the unit circle, at p and after k steps" draw=draw/>
                <div class="pe-rotation-text" data-testid="pe-rotation-summary">
                    {crate::dynamic::dynamic(move || turn.get().map(|t| describe(&t, lab.position.get(), lab.offset.get(), lab.pair_index())))}
                    <p>"RoPE takes this turn into attention itself: it rotates q and k instead of adding PE. "
                        <button type="button" class="quiet" data-testid="pe-to-rope" on:click=move |_| lab.choice.set(SchemeChoice::Rope)>"Next: RoPE →"</button></p>
                </div>
            </div>
        </section>
    }
}

fn describe(turn: &Turn, p: f64, k: usize, i: usize) -> impl IntoView {
    let angle = k as f64 * turn.omega;
    let degrees = angle.to_degrees() % 360.0;
    let (start, end) = (turn.steps[0], turn.steps[turn.steps.len() - 1]);
    let pair = |(s, c): (f64, f64)| format!("({s:.4}, {c:.4})");
    view! {
        <p>{format!("Pair {i} is dimensions {} and {}; it turns {} rad = {:.2}° per position.",
            2 * i, 2 * i + 1, short(turn.omega), turn.omega.to_degrees())}</p>
        <p>{format!("From p = {} to p + {k}: a turn of k·ωᵢ = {} rad ({degrees:.1}° after whole turns). The angle has no p in it, so it is the same turn at every position.", show_position(p), short(angle))}</p>
        <p>{format!("At p the point is {}. Turned by k·ωᵢ it lands at {}; PE(p + k) has {}.", pair(start), pair(turn.rotated), pair(end))}</p>
        <p class="muted">"So the dot product of the two pairs is cos(k·ωᵢ), and PE(p)·PE(p+k) is the sum of these over i."</p>
    }
}

/// 1. the unit circle; 2. the steps from p to p+k; 3. the arc of the turn; 4. the two radii and points.
fn draw_turn(plot: &Plot, palette: &Palette, turn: &Turn) -> Option<()> {
    let s = plot.scale;
    let axes = Axes::new("sin(p·ωᵢ)", 1, "cos(p·ωᵢ)", 1);
    let mut chart = chart::line_chart(plot, palette, -1.25..1.25, -1.25..1.25, &axes)?;
    let on_circle = |theta: f64, r: f64| (r * theta.sin(), r * theta.cos());
    // 1. The circle every pair lives on.
    let circle: Vec<(f64, f64)> = (0..=180)
        .map(|j| on_circle(j as f64 * std::f64::consts::TAU / 180.0, 1.0))
        .collect();
    chart
        .draw_series(LineSeries::new(
            circle,
            chart::stroke(palette.muted, s, 1.0),
        ))
        .ok()?;
    // 2. Each step of k: the same turn every time.
    let steps = turn
        .steps
        .iter()
        .map(|&p| Circle::new(p, chart::px(3.0, s), palette.series[2].filled()));
    chart.draw_series(steps).ok()?;
    // 3. The turn's arc near the centre (one full turn at most).
    let (start, end) = (turn.steps[0], turn.steps[turn.steps.len() - 1]);
    let from = start.0.atan2(start.1);
    let sweep = ((turn.steps.len() - 1) as f64 * turn.omega).min(std::f64::consts::TAU);
    let arc: Vec<(f64, f64)> = (0..=60)
        .map(|j| on_circle(from + sweep * j as f64 / 60.0, 0.35))
        .collect();
    chart
        .draw_series(LineSeries::new(
            arc,
            chart::stroke(palette.series[1], s, 2.0),
        ))
        .ok()?;
    // 4. Radii to p (accent) and to p+k, and the two points.
    for (point, color) in [(start, palette.accent), (end, palette.series[1])] {
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.0, 0.0), point],
                chart::stroke(color, s, 2.0),
            )))
            .ok()?;
    }
    chart
        .draw_series(std::iter::once(Circle::new(
            start,
            chart::px(6.0, s),
            palette.accent.filled(),
        )))
        .ok()?;
    chart
        .draw_series(std::iter::once(Circle::new(
            end,
            chart::px(7.0, s),
            chart::stroke(palette.series[1], s, 2.5),
        )))
        .ok()?;
    Some(())
}
