//! One share of the analogy benchmark, held in a worker: the page starts the same run in several
//! workers, each scoring its share of the units (`til_core::embed::benchmark::Share`), steps them
//! all a slice at a time (so it shows progress, and Cancel acts within a slice), then merges what
//! each found. The page sends the candidate rows and the questions as numbers; the section names,
//! and the report, stay with it. SmolLM2's token-table set may instead run whole in one worker on
//! WebGPU (token_analogy_gpu.rs), stepped and read back the same way. Leaves out: more than one
//! run per worker (a new start replaces the last).

use std::cell::RefCell;

use til_channel::{AnalogyShare, Reply};
use til_core::embed::benchmark::{BenchmarkRun, QuestionSet, Share};
use til_core::embed::{Method, UnitRows};

use super::token_analogy_gpu::{self, GpuRun};

/// The run this worker holds: a share on the CPU, or the whole token-table set on WebGPU.
pub enum Run {
    Cpu(BenchmarkRun),
    Gpu(GpuRun),
}

thread_local! {
    static RUN: RefCell<Option<Run>> = const { RefCell::new(None) };
}

/// Starts this worker's share; answers its progress (how many units it holds).
pub fn start(start: AnalogyShare) -> Result<Reply, String> {
    let method: Method = start.method.parse()?;
    let set = QuestionSet::from_rows(&start.counts, &start.questions, start.vocab)
        .map_err(|e| e.to_string())?;
    let rows = UnitRows::new(&start.rows, start.dims).map_err(|e| e.to_string())?;
    let share = Share {
        index: start.share,
        count: start.shares,
    };
    let run = BenchmarkRun::on_rows(rows, set, method, share, 1).map_err(|e| e.to_string())?;
    Ok(keep(Run::Cpu(run)))
}

/// Keeps `run` as this worker's share (GloVe's, or SmolLM2's token table's: token_table.rs);
/// answers its progress.
pub fn keep(run: Run) -> Reply {
    let reply = progress(&run);
    RUN.with(|slot| *slot.borrow_mut() = Some(run));
    reply
}

/// Scores units (on WebGPU: sections) for about `budget_ms`, one at least; answers the progress.
pub async fn step(budget_ms: f64) -> Result<Reply, String> {
    let mut run = RUN
        .with(|slot| slot.borrow_mut().take())
        .ok_or_else(|| "no benchmark was started in this worker".to_string())?;
    let started = js_sys::Date::now();
    let stepped = match &mut run {
        Run::Cpu(cpu) => {
            while js_sys::Date::now() - started < budget_ms && cpu.step() {}
            Ok(())
        }
        Run::Gpu(gpu) => loop {
            match gpu.step().await {
                Ok(true) if js_sys::Date::now() - started < budget_ms => {}
                Ok(_) => break Ok(()),
                Err(e) => {
                    token_analogy_gpu::forget();
                    break Err(format!(
                        "WebGPU failed in the analogy set ({e}); run it again for the CPU"
                    ));
                }
            }
        },
    };
    let reply = progress(&run);
    RUN.with(|slot| *slot.borrow_mut() = Some(run));
    stepped.map(|()| reply)
}

/// What the share has found: every question's best row and its score.
pub fn found() -> Result<Reply, String> {
    RUN.with(|slot| {
        let run = slot.borrow();
        let found = match run.as_ref() {
            Some(Run::Cpu(cpu)) => cpu.found(),
            Some(Run::Gpu(gpu)) => gpu.found(),
            None => return Err("no benchmark was started in this worker".to_string()),
        };
        Ok(Reply::AnalogiesFound {
            done: found.done,
            ids: found.best.iter().map(|b| b.id).collect(),
            scores: found.best.iter().map(|b| b.score).collect(),
        })
    })
}

fn progress(run: &Run) -> Reply {
    let (done, units) = match run {
        Run::Cpu(cpu) => (cpu.units_done(), cpu.units()),
        Run::Gpu(gpu) => gpu.progress(),
    };
    Reply::AnalogiesProgress { done, units }
}
