//! Learned vs sinusoidal, side by side: each table as a heatmap (positions across, dimensions down),
//! and each table's dot-product matrix. Past the training length the learned table has no rows (the
//! seed's guard refuses them), while the formula goes on; and only the sinusoidal matrix is constant
//! along its diagonals. The tables are the lab's own; the matrices are computed on the page's
//! compute backend (WebGPU when there is one). Left out: training the learned table (it stays random).
use std::sync::Arc;

use leptos::prelude::*;
use til_compute::Grid;
use til_core::posenc::PositionTable;

use super::format::{fixed4_list, frequency};
use super::state::{PositionState, LEARNED_SEED, MATRIX_POSITIONS};
use crate::compute::{Compute, Kernel};
use crate::widgets::plot::heatmap::{Heatmap, Raster};
use crate::widgets::plot::media::Palette;

/// Learned values are N(0, 1): ±2.5 covers 99% of them.
const LEARNED_SCALE: f64 = 2.5;
/// How many values of the learned row the readout lists.
const ROW_PREVIEW: usize = 6;

#[component]
pub fn Tables(lab: PositionState, palette: Memo<Palette>) -> impl IntoView {
    // Both tables are the lab's own (each computed once); both dot-product matrices come from the
    // compute backend (WebGPU or the CPU).
    let compute = Compute::expect();
    let sin_raster = Signal::derive(move || {
        let (palette, count) = (palette.get(), lab.count.get());
        lab.table
            .get()
            .map(|t| table_raster(t.d(), |p| t.row(p), count, &palette, 1.0))
    });
    let learned_raster = Signal::derive(move || {
        let count = lab.count.get();
        let palette = palette.get();
        lab.learned.with(|l| {
            l.as_ref().ok().map(|l| {
                let table = l.table();
                table_raster(table.d(), |p| table.row(p), count, &palette, LEARNED_SCALE)
            })
        })
    });
    let matrix_size = move || lab.count.get().min(MATRIX_POSITIONS);
    let dot_matrix = move |table: Memo<Option<Arc<PositionTable>>>| {
        compute.derived(
            move || Some((table.get()?, matrix_size())),
            async |compute, (table, n)| {
                compute
                    .run(Kernel::POSITION_DOTS, async |b| {
                        b.pe_dot_matrix(&table, n).await
                    })
                    .await
                    .ok()
                    .map(Arc::new)
            },
        )
    };
    let sin_matrix = dot_matrix(lab.table);
    let learned_matrix = dot_matrix(lab.learned_table);
    let matrix_raster = move |matrix: Memo<Option<Option<Arc<Grid>>>>| {
        Signal::derive(move || {
            matrix
                .get()
                .flatten()
                .map(|m| matrix_raster(&m, matrix_size(), &palette.get()))
        })
    };
    let cursor = Signal::derive(move || Some((lab.position.get() + 0.5) / lab.count.get() as f64));
    let limit = Signal::derive(move || {
        let (count, train) = (lab.count.get(), lab.train_len.get());
        (train < count).then(|| {
            (
                train as f64 / count as f64,
                format!("training length {train}"),
            )
        })
    });
    let slowest = move || {
        lab.encoding.with(|e| {
            e.as_ref()
                .ok()
                .and_then(|e| e.omega(e.pairs() - 1))
                .map(frequency)
        })
    };
    view! {
        <section class="panel pe-tables" aria-labelledby="pe-tables-heading">
            <h3 id="pe-tables-heading">"Learned vs sinusoidal: the whole table at once"</h3>
            <div class="pe-columns">
                <figure>
                    <h4>"Sinusoidal (a formula)"</h4>
                    <Heatmap testid="pe-heatmap" shape="pe-wide" raster=sin_raster cursor=cursor limit=limit
                        label="Heatmap of the sinusoidal table: positions across, dimensions down"/>
                    <figcaption class="muted">
                        {crate::dynamic::dynamic(move || format!(
                            "Positions 0–{} across, dimensions 0–{} down (fastest at the top, {}; slowest at the bottom, {}). Blue −1, orange +1. The formula fills every column, also past the training length.",
                            lab.count.get() - 1, lab.d.get() - 1,
                            frequency(1.0), slowest().unwrap_or_default()))}
                    </figcaption>
                </figure>
                <figure>
                    <h4>{format!("Learned (nn.Embedding, random init, seed {LEARNED_SEED})")}</h4>
                    <Heatmap testid="pe-learned-heatmap" shape="pe-wide" raster=learned_raster cursor=cursor limit=limit
                        label="Heatmap of the learned table: random values up to the training length, nothing after"/>
                    <figcaption class="muted">
                        {crate::dynamic::dynamic(move || format!(
                            "Rows 0–{} hold N(0, 1) noise (blue −2.5, orange +2.5); hatched: positions {} and later have no row at all.",
                            lab.train_len.get() - 1, lab.train_len.get()))}
                    </figcaption>
                    <LearnedRow lab=lab/>
                </figure>
                <MatrixFigure title="PE·PEᵀ: constant along every diagonal" testid="pe-matrix"
                    raster=matrix_raster(sin_matrix) label="Dot-product matrix of the sinusoidal table"
                    caption=Signal::derive(move || format!(
                        "PE(p)·PE(q) for p, q < {}: each diagonal is one colour, because the product depends only on q − p. The main diagonal is |PE(p)|² = d/2 = {}.",
                        matrix_size(), lab.d.get() / 2))/>
                <MatrixFigure title="W·Wᵀ of the learned table: no distance in it" testid="pe-learned-matrix"
                    raster=matrix_raster(learned_matrix) label="Dot-product matrix of the learned table"
                    caption=Signal::derive(move || format!(
                        "W(p)·W(q): a bright diagonal (|W(p)|² ≈ d = {}) and noise elsewhere: random rows know nothing of how far apart two positions are. Training would have to learn that.",
                        lab.d.get()))/>
            </div>
        </section>
    }
}

/// One dot-product matrix as a square heatmap with its heading and caption.
#[component]
fn MatrixFigure(
    title: &'static str,
    testid: &'static str,
    raster: Signal<Option<Raster>>,
    label: &'static str,
    caption: Signal<String>,
) -> impl IntoView {
    view! {
        <figure>
            <h4>{title}</h4>
            <Heatmap testid=testid shape="pe-square" raster=raster label=label/>
            <figcaption class="muted">{crate::dynamic::dynamic(move || caption.get())}</figcaption>
        </figure>
    }
}

/// The learned table at the cursor: its row, or the seed's refusal past the training length.
#[component]
fn LearnedRow(lab: PositionState) -> impl IntoView {
    move || {
        let p = lab.position.get().round() as usize;
        lab.learned.with(|learned| match learned.clone().and_then(|l| l.row(p).map(<[f64]>::to_vec)) {
            Ok(row) => view! {
                <p class="pe-learned-row" data-testid="pe-learned-row">
                    {format!("Row {p}: {}, … ({} values)", fixed4_list(&row[..ROW_PREVIEW.min(row.len())]), row.len())}
                </p>
            }.into_any(),
            Err(error) => view! {
                <p class="pe-learned-row error" data-testid="pe-learned-error" role="status">{error.to_string()}</p>
            }.into_any(),
        })
    }
}

/// Positions across (the first `count` rows of `d` values), dimensions down; rows the table lacks
/// are hatched.
fn table_raster<'a>(
    d: usize,
    row: impl Fn(usize) -> Option<&'a [f64]>,
    count: usize,
    palette: &Palette,
    scale: f64,
) -> Raster {
    Raster::paint(count, d, palette, scale, &|pos, dim| {
        row(pos).map(|row| row[dim])
    })
}

/// An n × n matrix image; cells past the matrix (a learned table shorter than n) are hatched.
fn matrix_raster(matrix: &Grid, n: usize, palette: &Palette) -> Raster {
    let scale = matrix
        .as_slice()
        .iter()
        .fold(0.0f64, |m, v| m.max(v.abs()))
        .max(f64::MIN_POSITIVE);
    Raster::paint(n, n, palette, scale, &|q, p| matrix.get(p, q))
}
