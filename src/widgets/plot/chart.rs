//! The lab's line plots share one look: a panel-coloured background, a light grid, labels in the
//! theme's muted colour, all scaled for the device pixel ratio. `line_chart` sets that up on a
//! `PlotCanvas`; each plot then draws only its own series. Also the plot width that fits the screen.
//! Left out: the heatmaps (raster images, see `heatmap`).
use std::ops::Range;

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_canvas::CanvasBackend;

use super::media::Palette;
use crate::widgets::plot::canvas::Plot;

pub type Chart<'a> = ChartContext<'a, CanvasBackend, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Where the plotting area sits inside the canvas, in CSS pixels: the label areas and margins.
/// HTML overlays (the waves' cursor) use it to line up with the data.
pub const INSET_LEFT: f64 = 46.0;
pub const INSET_RIGHT: f64 = 14.0;
pub const INSET_TOP: f64 = 10.0;
pub const INSET_BOTTOM: f64 = 38.0;
/// Of INSET_BOTTOM, the part below the x labels.
const MARGIN_BOTTOM: f64 = 4.0;

/// The point (x, y) in a `width` × `height` chart over `x_range` × `y_range`, as percentages of the
/// canvas from its left and top edges.
pub fn percent_at(
    (width, height): (u32, u32),
    (x_range, y_range): (&Range<f64>, &Range<f64>),
    (x, y): (f64, f64),
) -> (f64, f64) {
    let (w, h) = (f64::from(width), f64::from(height));
    let fx = (x - x_range.start) / (x_range.end - x_range.start);
    let fy = (y_range.end - y) / (y_range.end - y_range.start);
    let left = INSET_LEFT + (w - INSET_LEFT - INSET_RIGHT) * fx;
    let top = INSET_TOP + (h - INSET_TOP - INSET_BOTTOM) * fy;
    (100.0 * left / w, 100.0 * top / h)
}

/// What the axes say.
pub struct Axes<'a> {
    pub x: &'a str,
    pub y: &'a str,
    /// Decimals on the x and y labels.
    pub x_decimals: usize,
    pub y_decimals: usize,
}

impl<'a> Axes<'a> {
    /// The x axis's name and label decimals, then the y axis's.
    pub fn new(x: &'a str, x_decimals: usize, y: &'a str, y_decimals: usize) -> Axes<'a> {
        Axes {
            x,
            y,
            x_decimals,
            y_decimals,
        }
    }
}

/// A chart over `x` × `y`, its background, grid and labels drawn; None if the canvas refused.
///
/// The grid and labels are drawn here rather than by plotters' `configure_mesh`: on a canvas, plotters
/// sizes every label by adding a `<span>` to the page and reading its size, a forced layout per label,
/// which alone took longer than a frame while dragging. `fillText` with the canvas's own alignment
/// needs no measuring.
pub fn line_chart<'a>(
    plot: &'a Plot,
    palette: &Palette,
    x: Range<f64>,
    y: Range<f64>,
    axes: &Axes,
) -> Option<Chart<'a>> {
    let s = plot.scale;
    plot.area.fill(&palette.panel).ok()?;
    let mut chart = ChartBuilder::on(&plot.area)
        .margin_top(px(INSET_TOP, s))
        .margin_right(px(INSET_RIGHT, s))
        .margin_bottom(px(MARGIN_BOTTOM, s))
        .x_label_area_size(px(INSET_BOTTOM - MARGIN_BOTTOM, s))
        .y_label_area_size(px(INSET_LEFT, s))
        .build_cartesian_2d(x.clone(), y.clone())
        .ok()?;
    let (x_ticks, y_ticks) = {
        let spec = chart.as_coord_spec();
        (
            spec.x_spec().key_points(8usize),
            spec.y_spec().key_points(5usize),
        )
    };
    // 1. Grid lines at the ticks, then the two axes.
    let grid = stroke(palette.line, s, 1.0);
    let vertical = x_ticks
        .iter()
        .map(|&t| PathElement::new(vec![(t, y.start), (t, y.end)], grid));
    let horizontal = y_ticks
        .iter()
        .map(|&t| PathElement::new(vec![(x.start, t), (x.end, t)], grid));
    chart.draw_series(vertical.chain(horizontal)).ok()?;
    let axis = stroke(palette.muted, s, 1.0);
    let corner = (x.start, y.start);
    chart
        .draw_series([
            PathElement::new(vec![corner, (x.end, y.start)], axis),
            PathElement::new(vec![corner, (x.start, y.end)], axis),
        ])
        .ok()?;
    // 2. Tick labels, anchored by the canvas itself.
    let label = font(s, 11.0).color(&palette.muted);
    let gap = px(5.0, s) as i32;
    for &t in &x_ticks {
        let (px_x, px_y) = chart.backend_coord(&(t, y.start));
        let style = label.pos(Pos::new(HPos::Center, VPos::Top));
        plot.area
            .draw_text(
                &format!("{t:.0$}", axes.x_decimals),
                &style,
                (px_x, px_y + gap),
            )
            .ok()?;
    }
    for &t in &y_ticks {
        let (left, px_y) = chart.backend_coord(&(x.start, t));
        let style = label.pos(Pos::new(HPos::Right, VPos::Center));
        plot.area
            .draw_text(
                &format!("{t:.0$}", axes.y_decimals),
                &style,
                (left - gap, px_y),
            )
            .ok()?;
    }
    // 3. What the axes measure: x under its labels, y turned up along the left edge.
    let (left, bottom) = chart.backend_coord(&(x.start, y.start));
    let (right, top) = chart.backend_coord(&(x.end, y.end));
    let desc = font(s, 11.0).color(&palette.fg);
    let x_desc = desc.pos(Pos::new(HPos::Center, VPos::Bottom));
    plot.area
        .draw_text(
            axes.x,
            &x_desc,
            (
                (left + right) / 2,
                plot.area.dim_in_pixel().1 as i32 - gap / 2,
            ),
        )
        .ok()?;
    let y_desc = desc
        .transform(FontTransform::Rotate270)
        .pos(Pos::new(HPos::Center, VPos::Top));
    plot.area
        .draw_text(axes.y, &y_desc, (gap / 2, (top + bottom) / 2))
        .ok()?;
    Some(chart)
}

/// The sans-serif font at `size` CSS pixels.
pub fn font(scale: f64, size: f64) -> FontDesc<'static> {
    ("sans-serif", size * scale).into_font()
}

/// A stroke `width` CSS pixels wide.
pub fn stroke(color: impl Color, scale: f64, width: f64) -> ShapeStyle {
    color.stroke_width(px(width, scale))
}

/// CSS pixels to device pixels, at least one.
pub fn px(css: f64, scale: f64) -> u32 {
    (css * scale).round().max(1.0) as u32
}

/// A plot's width in CSS pixels: `max`, or the window's width less the page's padding on a phone,
/// so labels keep their size instead of shrinking with the canvas.
pub fn fit_width(max: u32) -> u32 {
    let window = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|w| w.as_f64())
        .unwrap_or(f64::from(max));
    (window as u32).saturating_sub(72).clamp(240, max)
}
