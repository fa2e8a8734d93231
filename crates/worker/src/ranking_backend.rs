//! Where the worker runs the under-trained ranking's two passes over SmolLM2's token table
//! (`til_compute::Backend::{covariance_pass, indicators}`): the first time each is asked for, both
//! backends are timed on the same work (`til_compute::choice::time_both`, as the neighbour scan and
//! the first layer choose) and the faster kept, per pass; without WebGPU in the worker, the CPU.
//! The timed runs are not wasted: the chosen side's product is the one the search absorbs, and its
//! indicators the ones ranked. A GPU that fails later falls back to the CPU for good, and says so.
//! The GPU is the neighbour scan's device (token_backend.rs), which holds the unit rows; the
//! ranking uploads the rows as they are. Leaves out: slices of a pass on the GPU (a pass is one
//! dispatch).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use til_compute::choice::time_both;
use til_compute::{Backend, BackendKind, ComputeError, RankingRows};
use til_core::smollm2::token_table::TokenTable;
use til_core::smollm2::undertrained::{ComponentSearch, CovarianceSums, Indicator};

use super::attention::WorkerClock;
use super::token_backend;

/// Each side's timing stops once it has spent this long (a SwiftShader GPU takes about a second
/// for a pass over 49,152 rows).
const TIMING_BUDGET_MS: f64 = 300.0;

/// The GPU backend (the neighbour scan's) with the rows prepared for the ranking.
type Ready = Rc<(token_backend::Ready, RankingRows)>;

#[derive(Default)]
struct State {
    /// The GPU side once tried (once per table): prepared, or why not.
    gpu: Option<Result<Ready, String>>,
    /// Where the covariance passes run, and where the indicators are taken, with why.
    passes: Option<(BackendKind, String)>,
    indicators: Option<(BackendKind, String)>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Drops what was prepared (a new table was loaded).
pub fn forget() {
    STATE.with(|state| *state.borrow_mut() = State::default());
}

/// The GPU side, prepared the first time it is asked for (on the neighbour scan's device, the
/// rows uploaded again as they are), or why there is none.
async fn gpu(table: &Arc<TokenTable>) -> Result<Ready, String> {
    if let Some(known) = STATE.with(|state| state.borrow().gpu.clone()) {
        return known;
    }
    let made = match token_backend::gpu(table).await {
        Err(why) => Err(why),
        Ok(scan) => match scan.0.prepare_ranking(table.clone()) {
            Ok(rows) => Ok(Rc::new((scan, rows))),
            Err(e) => Err(format!("the table could not go to WebGPU: {e}")),
        },
    };
    STATE.with(|state| state.borrow_mut().gpu = Some(made.clone()));
    made
}

/// A pass's result and where it ran, in words ("principal component: WebGPU 812.0 ms, CPU 95.1 ms
/// → CPU").
pub struct Ran<T> {
    pub result: T,
    pub why: String,
}

/// Which of the two passes.
#[derive(Clone, Copy)]
enum Kernel {
    Passes,
    Indicators,
}

impl Kernel {
    fn name(self) -> &'static str {
        match self {
            Kernel::Passes => "principal component",
            Kernel::Indicators => "indicator",
        }
    }

    fn slot(self, state: &mut State) -> &mut Option<(BackendKind, String)> {
        match self {
            Kernel::Passes => &mut state.passes,
            Kernel::Indicators => &mut state.indicators,
        }
    }
}

/// `job` on the backend chosen for `kernel` (choosing it the first time: both timed).
async fn on_chosen<T>(
    table: &Arc<TokenTable>,
    kernel: Kernel,
    job: impl AsyncFn(&Backend, &RankingRows) -> Result<T, ComputeError>,
) -> Result<Ran<T>, String> {
    let cpu_rows = Backend::Cpu
        .prepare_ranking(table.clone())
        .map_err(|e| e.to_string())?;
    let on_cpu = |why: String| async {
        STATE.with(|state| {
            *kernel.slot(&mut state.borrow_mut()) = Some((BackendKind::Cpu, why.clone()))
        });
        let result = job(&Backend::Cpu, &cpu_rows)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Ran { result, why })
    };
    let failed = |e: &dyn std::fmt::Display| {
        format!("{}: on the CPU since WebGPU failed ({e})", kernel.name())
    };
    let chosen = STATE.with(|state| kernel.slot(&mut state.borrow_mut()).clone());
    let gpu = match chosen {
        Some((BackendKind::Cpu, why)) => return on_cpu(why).await,
        _ => match gpu(table).await {
            Ok(gpu) => gpu,
            Err(e) => return on_cpu(format!("{}: on the CPU ({e})", kernel.name())).await,
        },
    };
    if let Some((_, why)) = chosen {
        return match job(&gpu.0 .0, &gpu.1).await {
            Ok(result) => Ok(Ran { result, why }),
            Err(e) => on_cpu(failed(&e)).await,
        };
    }
    let on = |kind| match kind {
        BackendKind::Gpu => job(&gpu.0 .0, &gpu.1),
        BackendKind::Cpu => job(&Backend::Cpu, &cpu_rows),
    };
    match time_both(&WorkerClock, kernel.name(), TIMING_BUDGET_MS, on).await {
        Ok(timed) => {
            let (on, why) = (timed.choice.backend, timed.choice.why.clone());
            STATE.with(|state| *kernel.slot(&mut state.borrow_mut()) = Some((on, why.clone())));
            Ok(Ran {
                result: timed.chosen(),
                why,
            })
        }
        Err(e) => on_cpu(failed(&e)).await,
    }
}

/// Whether the passes have been placed, and where.
pub fn passes_on() -> Option<BackendKind> {
    STATE.with(|state| state.borrow().passes.as_ref().map(|(kind, _)| *kind))
}

/// One whole covariance pass for `search`'s next vector, on the backend chosen for the passes.
pub async fn pass(
    table: &Arc<TokenTable>,
    search: &ComponentSearch,
) -> Result<Ran<CovarianceSums>, String> {
    on_chosen(table, Kernel::Passes, async |backend, rows| {
        backend.covariance_pass(rows, search).await
    })
    .await
}

/// Every row's indicator, the first `rescore` in the core's f64 on either backend.
pub async fn indicators(
    table: &Arc<TokenTable>,
    indicator: &Indicator,
    rescore: usize,
) -> Result<Ran<Vec<f64>>, String> {
    on_chosen(table, Kernel::Indicators, async |backend, rows| {
        backend.indicators(rows, indicator, rescore).await
    })
    .await
}
