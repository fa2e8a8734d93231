//! Where the worker scans SmolLM2's token table for a row's neighbours
//! (`til_compute::Backend::token_neighbours`): on the first query both backends are timed
//! (`til_compute::choice::time_both`, as the page's kernels and the first layer are) and the faster
//! answers that query and every later one; without WebGPU in the worker, the CPU. Both give the
//! core's f64 cosines (the GPU's short list is scored again by the core), and the first query checks
//! that they gave the same rows. A GPU that fails later falls back to the CPU for good, and says so.
//! Leaves out: a second GPU device (this one is the token table's own, as the first layer has its).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use til_compute::choice::time_both;
use til_compute::{Backend, BackendKind, GpuContext, TokenVectors};
use til_core::smollm2::token_table::TokenTable;

use super::attention::WorkerClock;

/// The timing stops once a side has spent this long (a SwiftShader GPU takes hundreds of ms).
const TIMING_BUDGET_MS: f64 = 300.0;

/// A backend with the table prepared for it.
pub type Ready = Rc<(Backend, TokenVectors)>;

#[derive(Default)]
struct State {
    cpu: Option<Ready>,
    /// The GPU side once tried: prepared, or why not.
    gpu: Option<Result<Ready, String>>,
    /// The backend kept, and the sentence that says why.
    chosen: Option<(BackendKind, String)>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Drops what was prepared (a new table was loaded).
pub fn forget() {
    STATE.with(|state| *state.borrow_mut() = State::default());
}

/// The CPU side, prepared once.
pub fn cpu(table: &Arc<TokenTable>) -> Result<Ready, String> {
    if let Some(ready) = STATE.with(|state| state.borrow().cpu.clone()) {
        return Ok(ready);
    }
    let vectors = Backend::Cpu
        .prepare_tokens(table.clone())
        .map_err(|e| e.to_string())?;
    let ready = Rc::new((Backend::Cpu, vectors));
    STATE.with(|state| state.borrow_mut().cpu = Some(ready.clone()));
    Ok(ready)
}

async fn run(ready: &Ready, id: u32, k: usize) -> Result<Vec<(u32, f64)>, String> {
    ready
        .0
        .token_neighbours(&ready.1, id, k)
        .await
        .map_err(|e| e.to_string())
}

/// Keeps the CPU from now on, for `why`.
fn keep_cpu(why: String) -> String {
    STATE.with(|state| state.borrow_mut().chosen = Some((BackendKind::Cpu, why.clone())));
    why
}

/// Row `id`'s `k` nearest rows, and where they were found, in words.
pub async fn neighbours(
    table: &Arc<TokenTable>,
    id: u32,
    k: usize,
) -> Result<(Vec<(u32, f64)>, String), String> {
    let chosen = STATE.with(|state| state.borrow().chosen.clone());
    let gpu = STATE.with(|state| state.borrow().gpu.clone());
    match (chosen, gpu) {
        (Some((BackendKind::Gpu, why)), Some(Ok(gpu))) => match run(&gpu, id, k).await {
            Ok(near) => Ok((near, why)),
            Err(e) => {
                let why = keep_cpu(format!("on the CPU since WebGPU failed ({e})"));
                Ok((run(&cpu(table)?, id, k).await?, why))
            }
        },
        (Some((_, why)), _) => Ok((run(&cpu(table)?, id, k).await?, why)),
        (None, _) => choose(table, id, k).await,
    }
}

/// The GPU side, prepared the first time it is asked for (the table's unit rows uploaded), or
/// why there is none.
pub async fn gpu(table: &Arc<TokenTable>) -> Result<Ready, String> {
    if let Some(known) = STATE.with(|state| state.borrow().gpu.clone()) {
        return known;
    }
    let made = match GpuContext::new().await {
        Err(why) => Err(format!("no WebGPU in the worker: {why}")),
        Ok(context) => {
            let backend = Backend::Gpu(context);
            match backend.prepare_tokens(table.clone()) {
                Ok(vectors) => Ok(Rc::new((backend, vectors))),
                Err(e) => Err(format!("the table could not go to WebGPU: {e}")),
            }
        }
    };
    STATE.with(|state| state.borrow_mut().gpu = Some(made.clone()));
    made
}

/// The first query: WebGPU if the worker has it, both timed, the faster kept.
async fn choose(
    table: &Arc<TokenTable>,
    id: u32,
    k: usize,
) -> Result<(Vec<(u32, f64)>, String), String> {
    let cpu = cpu(table)?;
    let gpu = match gpu(table).await {
        Ok(gpu) => gpu,
        Err(why) => {
            let why = keep_cpu(format!("on the CPU ({why})"));
            return Ok((run(&cpu, id, k).await?, why));
        }
    };
    let on = |kind| match kind {
        BackendKind::Gpu => run(&gpu, id, k),
        BackendKind::Cpu => run(&cpu, id, k),
    };
    let timed = match time_both(&WorkerClock, "token neighbours", TIMING_BUDGET_MS, on).await {
        Ok(timed) => timed,
        Err(e) => {
            let why = keep_cpu(format!("on the CPU since WebGPU failed ({e})"));
            return Ok((run(&cpu, id, k).await?, why));
        }
    };
    if timed.on_gpu != timed.on_cpu {
        let why = keep_cpu(format!(
            "on the CPU: WebGPU's rows differed from the CPU's ({})",
            timed.choice.why
        ));
        return Ok((timed.on_cpu, why));
    }
    let why = format!("{} (the same rows and cosines on both)", timed.choice.why);
    STATE.with(|state| state.borrow_mut().chosen = Some((timed.choice.backend, why.clone())));
    Ok((timed.chosen(), why))
}
