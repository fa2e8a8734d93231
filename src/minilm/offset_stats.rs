//! cos(p, p+k) across p summarised for every offset k = 1 … 511, for the learned and the sinusoidal
//! table: the core's `offset_cosines` once per k and table, run a slice of offsets at a time so the
//! page stays responsive while the curve fills in. Leaves out: the plots (positions_panel.rs).
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::minilm::offsets::offset_cosines;
use til_core::posenc::PositionTable;

use crate::browser::yield_to_event_loop;

/// Offsets computed between two yields to the event loop (a few milliseconds of work).
const SLICE: usize = 8;

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
    let found = offset_cosines(table, k);
    Spread {
        mean: found.mean,
        std: found.std,
    }
}

/// Fills `out` with every offset's summary, k = 1 … positions − 1, in order, a slice at a time.
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
        for start in (1..=last).step_by(SLICE) {
            let slice: Vec<OffsetSummary> = (start..=(start + SLICE - 1).min(last))
                .map(|k| OffsetSummary {
                    k,
                    learned: spread(&learned, k),
                    sinusoidal: spread(&sinusoidal, k),
                })
                .collect();
            // The lab may be gone (a test tears the page down): stop quietly.
            if out.try_update(|all| all.extend(slice)).is_none() {
                return;
            }
            yield_to_event_loop().await;
        }
    });
}
