//! The page's clock for timing kernels (`til_compute::choice::time_both`, which picks each
//! kernel's backend on its first call): it gives the browser a turn between timed runs, so timing
//! a longer kernel never makes a task past 50 ms. On a software adapter (SwiftShader) one neighbour
//! query takes 134 ms on WebGPU against 1 ms on the CPU: hence timing rather than assuming.

use std::cell::Cell;
use std::future::Future;

use til_compute::speed::Clock;

use crate::browser::{now_ms, yield_to_event_loop};

/// Timed runs stop once a side has spent this long (the first use must stay quick).
pub const BUDGET_MS: f64 = 100.0;

/// Work between turns for the browser while timing: runs go back to back until this much has
/// gone by (a neighbour query's timing stays one quick task), then the page gets a turn, so timing
/// a longer kernel never makes a task past 50 ms.
const TURN_AFTER_MS: f64 = 10.0;

/// The page's clock, giving the browser a turn between runs every [`TURN_AFTER_MS`].
pub struct Timer {
    /// When the browser last had a turn.
    since: Cell<f64>,
}

impl Timer {
    pub fn start() -> Timer {
        Timer {
            since: Cell::new(now_ms()),
        }
    }
}

impl Clock for Timer {
    fn now_ms(&self) -> f64 {
        now_ms()
    }

    fn pause(&self) -> impl Future<Output = ()> {
        let due = now_ms() - self.since.get() > TURN_AFTER_MS;
        async move {
            if due {
                yield_to_event_loop().await;
                self.since.set(now_ms());
            }
        }
    }
}
