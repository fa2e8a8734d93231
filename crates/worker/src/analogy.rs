//! One share of the analogy benchmark, held in a worker: the page starts the same run in several
//! workers, each scoring its share of the units (`til_core::embed::benchmark::Share`), steps them
//! all a slice at a time (so it shows progress, and Cancel acts within a slice), then merges what
//! each found. The page sends the candidate rows and the questions as numbers; the section names,
//! and the report, stay with it. Leaves out: more than one run per worker (a new start replaces the
//! last).

use std::cell::RefCell;

use til_channel::{AnalogyShare, Reply};
use til_core::embed::benchmark::{BenchmarkRun, QuestionSet, Share};
use til_core::embed::{Method, UnitRows};

thread_local! {
    static RUN: RefCell<Option<BenchmarkRun>> = const { RefCell::new(None) };
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
    Ok(keep(run))
}

/// Keeps `run` as this worker's share (GloVe's, or SmolLM2's token table's: token_table.rs);
/// answers its progress.
pub fn keep(run: BenchmarkRun) -> Reply {
    let reply = progress(&run);
    RUN.with(|slot| *slot.borrow_mut() = Some(run));
    reply
}

/// Scores units for about `budget_ms`; answers the progress.
pub fn step(budget_ms: f64) -> Result<Reply, String> {
    with_run(|run| {
        let started = js_sys::Date::now();
        while js_sys::Date::now() - started < budget_ms && run.step() {}
        progress(run)
    })
}

/// What the share has found: every question's best row and its score.
pub fn found() -> Result<Reply, String> {
    with_run(|run| {
        let found = run.found();
        Reply::AnalogiesFound {
            done: found.done,
            ids: found.best.iter().map(|b| b.id).collect(),
            scores: found.best.iter().map(|b| b.score).collect(),
        }
    })
}

fn progress(run: &BenchmarkRun) -> Reply {
    Reply::AnalogiesProgress {
        done: run.units_done(),
        units: run.units(),
    }
}

fn with_run(f: impl FnOnce(&mut BenchmarkRun) -> Reply) -> Result<Reply, String> {
    RUN.with(|slot| {
        slot.borrow_mut()
            .as_mut()
            .map(f)
            .ok_or_else(|| "no benchmark was started in this worker".to_string())
    })
}
