//! A 2-D picture of the searched word and its neighbours: their unit vectors projected on the first
//! two principal axes (`til_core::embed::pca`), drawn with plotters, with the same numbers in a table
//! beside it for screen readers and for reading exact values. Left out: axes with units (principal
//! axes have none; only distances and directions in the picture mean something).
use std::iter::once;

use leptos::prelude::*;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use til_core::embed::pca::project_2d;
use til_core::embed::EmbedError;

use super::found::Found;
use super::state::EmbedState;
use crate::widgets::plot::canvas::{Plot, PlotCanvas};

/// Mid-tones that read on the light and the dark theme alike.
const QUERY: RGBColor = RGBColor(224, 122, 47);
const NEIGHBOUR: RGBColor = RGBColor(74, 120, 224);
const LABEL: RGBColor = RGBColor(128, 128, 128);
/// Widest drawing, in CSS pixels.
const PLOT_WIDTH: u32 = 520;

#[derive(Clone, Debug, PartialEq)]
struct Picture {
    /// Word and coordinates; the query first.
    points: Vec<(String, [f64; 2])>,
    explained: [f64; 2],
}

#[component]
pub fn PcaPanel(lab: EmbedState, found: Memo<Option<Result<Found, EmbedError>>>) -> impl IntoView {
    let picture = Memo::new(move |_| {
        let table = lab.table()?;
        let found = found.get()?.ok()?;
        let rows = table.unit_rows();
        let ids: Vec<u32> = once(found.id)
            .chain(found.neighbours.iter().map(|n| n.0))
            .collect();
        let vectors: Vec<&[f32]> = ids.iter().map(|&id| rows.row(id)).collect();
        let projection = project_2d(&vectors).ok()?;
        let words = ids.iter().map(|&id| table.word(id).to_string());
        Some(Picture {
            points: words.zip(projection.points).collect(),
            explained: projection.explained,
        })
    });
    let draw = move |plot: Plot| {
        if let Some(picture) = picture.get() {
            draw_points(&plot, &picture);
        }
    };
    // Drawn at the size it is shown, so labels keep their size on a phone.
    let width = web_sys::window()
        .and_then(|w| w.inner_width().ok()?.as_f64())
        .map_or(PLOT_WIDTH, |screen| {
            (screen as u32).saturating_sub(72).clamp(240, PLOT_WIDTH)
        });
    view! {
        <section class="panel" aria-labelledby="embed-pca-heading">
            <h3 id="embed-pca-heading">"The neighbourhood in two dimensions"</h3>
            <p class="muted">"Fifty dimensions do not fit on a screen: these are the query and its neighbours projected on their two directions of greatest spread (principal component analysis of the unit vectors). Close points have similar directions; the table holds the exact coordinates."</p>
            <div class="embed-pca">
                <PlotCanvas width=width height=width * 3 / 4 testid="embed-pca" label="The query word and its neighbours on their first two principal axes" draw=draw/>
                <div class="embed-pca-table">
                    {crate::dynamic::dynamic(move || picture.get().map(|p| view! {
                        <table data-testid="embed-pca-table">
                            <caption class="muted">{format!("Axis 1 holds {:.0} % of the spread, axis 2 {:.0} %.", p.explained[0] * 100.0, p.explained[1] * 100.0)}</caption>
                            <thead><tr><th>"word"</th><th class="num">"axis 1"</th><th class="num">"axis 2"</th></tr></thead>
                            <tbody>
                                {p.points.into_iter().enumerate().map(|(i, (word, [x, y]))| view! {
                                    <tr class:query=i == 0><td>{word}</td><td class="num">{format!("{x:.3}")}</td><td class="num">{format!("{y:.3}")}</td></tr>
                                }).collect_view()}
                            </tbody>
                        </table>
                    }))}
                </div>
            </div>
        </section>
    }
}

/// 1. a chart fitted to the points with a margin for labels; 2. the neighbours; 3. the query on top.
fn draw_points(plot: &Plot, picture: &Picture) -> Option<()> {
    let s = plot.scale;
    let px = |v: f64| (v * s).round() as i32;
    let span = |k: usize| {
        let values = picture.points.iter().map(|(_, p)| p[k]);
        let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
            (l.min(v), h.max(v))
        });
        let pad = ((high - low) * 0.12).max(1e-3);
        low - pad..high + pad
    };
    // 1. Room on the right for the last label.
    let mut chart = ChartBuilder::on(&plot.area)
        .margin(px(12.0))
        .margin_right(px(70.0))
        .build_cartesian_2d(span(0), span(1))
        .ok()?;
    let label = ("sans-serif", 13.0 * s)
        .into_font()
        .color(&LABEL)
        .pos(Pos::new(HPos::Left, VPos::Center));
    // 2. and 3. Each point with its word beside it.
    for (i, (word, [x, y])) in picture.points.iter().enumerate().rev() {
        let colour = if i == 0 { QUERY } else { NEIGHBOUR };
        let radius = px(if i == 0 { 7.0 } else { 4.5 });
        chart
            .draw_series(once(Circle::new((*x, *y), radius, colour.filled())))
            .ok()?;
        let (cx, cy) = chart.backend_coord(&(*x, *y));
        plot.area
            .draw_text(word, &label, (cx + radius + px(3.0), cy))
            .ok()?;
    }
    Some(())
}
