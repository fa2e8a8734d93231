//! cos(p, p+k) across p summarised for every offset k = 1 … 511, for the learned and the sinusoidal
//! table: the core's `unit_offset_cosines` once per k and table (the rows scaled once), run a few
//! milliseconds at a time so the page stays responsive, slider drags included, while the curve
//! fills in. Leaves out: the plots (positions_panel.rs).
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::minilm::offsets::{offset_cosines, unit_offset_cosines, unit_rows, OffsetCosines};
use til_core::posenc::PositionTable;

use crate::browser::{now_ms, yield_to_event_loop};

/// Milliseconds of work between two yields to the event loop: well inside a frame.
const SLICE_MS: f64 = 3.0;

/// Mean and population standard deviation of cos(p, p+k) across p.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub mean: f64,
    pub std: f64,
}

/// One offset's spread in each table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OffsetSummary {
    pub k: usize,
    pub learned: Spread,
    pub sinusoidal: Spread,
}

pub fn spread(table: &PositionTable, k: usize) -> Spread {
    summary(offset_cosines(table, k))
}

fn summary(found: OffsetCosines) -> Spread {
    Spread {
        mean: found.mean,
        std: found.std,
    }
}

/// Fills `out` with every offset's summary, k = 1 … positions − 1, in order, [`SLICE_MS`] at a time.
pub fn summarise_all(
    learned: Arc<PositionTable>,
    sinusoidal: Arc<PositionTable>,
    out: RwSignal<Vec<OffsetSummary>>,
) {
    let last = learned
        .positions()
        .min(sinusoidal.positions())
        .saturating_sub(1);
    spawn_local(async move {
        let (learned, sinusoidal) = (unit_rows(&learned), unit_rows(&sinusoidal));
        let mut k = 1;
        while k <= last {
            let started = now_ms();
            let mut slice = Vec::new();
            while k <= last && now_ms() - started < SLICE_MS {
                slice.push(OffsetSummary {
                    k,
                    learned: summary(unit_offset_cosines(&learned, k)),
                    sinusoidal: summary(unit_offset_cosines(&sinusoidal, k)),
                });
                k += 1;
            }
            // The lab may be gone (a test tears the page down): stop quietly.
            if out.try_update(|all| all.extend(slice)).is_none() {
                return;
            }
            yield_to_event_loop().await;
        }
    });
}
