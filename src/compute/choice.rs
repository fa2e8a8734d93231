//! The faster backend per kernel. WebGPU is not always the faster: on a software adapter
//! (SwiftShader) one neighbour query takes 134 ms against 1 ms on the CPU. So the first time a kernel
//! runs with an adapter in play, [`Compute::run`](super::Compute::run) times it on both (one
//! warm-up, then the median of up to three runs, fewer once a side has spent 100 ms) and keeps the
//! faster for every later call; each choice says what it measured. A long job made of many calls
//! (the analogy benchmark) is chosen for by timing a small call of it first
//! ([`Compute::backend_by_probe`](super::Compute::backend_by_probe)).

use std::cell::Cell;
use std::future::Future;

use til_compute::speed::{median_ms, Clock, Runs};
use til_compute::{BackendKind, ComputeError};

use crate::browser::{now_ms, yield_to_event_loop};

/// The analogy benchmark's kernel name.
pub const BENCHMARK: &str = "analogy benchmark";

/// Timed runs stop once a side has spent this long (the first use must stay quick).
const BUDGET_MS: f64 = 100.0;

/// One kernel's backend and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub kernel: &'static str,
    pub backend: BackendKind,
    /// "neighbours: WebGPU 134.0 ms, CPU 1.1 ms → CPU".
    pub why: String,
}

impl Choice {
    /// The faster of two measured backends (the CPU on a tie).
    pub fn between(kernel: &'static str, gpu_ms: f64, cpu_ms: f64) -> Choice {
        let backend = if gpu_ms < cpu_ms {
            BackendKind::Gpu
        } else {
            BackendKind::Cpu
        };
        Choice {
            kernel,
            backend,
            why: format!(
                "{kernel}: WebGPU {gpu_ms:.1} ms, CPU {cpu_ms:.1} ms → {}",
                super::label(backend)
            ),
        }
    }
}

/// One warm-up, then the median of up to three runs of `run` (fewer past [`BUDGET_MS`]): the time
/// in milliseconds and the last result.
pub async fn timed<T, F: Future<Output = Result<T, ComputeError>>>(
    run: impl Fn() -> F,
) -> Result<(f64, T), ComputeError> {
    let runs = Runs {
        warm_up: true,
        most: 3,
        budget_ms: BUDGET_MS,
    };
    let timer = Timer {
        since: Cell::new(now_ms()),
    };
    median_ms(&timer, runs, run).await
}

/// Work between turns for the browser while timing: runs go back to back until this much has
/// gone by (a neighbour query's timing stays one quick task), then the page gets a turn, so timing
/// a longer kernel never makes a task past 50 ms.
const TURN_AFTER_MS: f64 = 10.0;

/// The page's clock, giving the browser a turn between runs every [`TURN_AFTER_MS`].
struct Timer {
    /// When the browser last had a turn.
    since: Cell<f64>,
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
