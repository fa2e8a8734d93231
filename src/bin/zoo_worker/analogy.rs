//! One share of the analogy benchmark, held in a worker: the page starts the same run in several
//! workers, each scoring its share of the units (`til_core::embed::benchmark::Share`), steps them
//! all a slice at a time (so it shows progress, and Cancel acts within a slice), then merges what
//! each found. The page sends the candidate rows and the questions as numbers; the section names,
//! and the report, stay with it. Leaves out: more than one run per worker (a new start replaces the
//! last).

use std::cell::RefCell;

use js_sys::{Float32Array, Object, Uint32Array};
use til_core::embed::benchmark::{BenchmarkRun, QuestionSet, Share};
use til_core::embed::{Method, UnitRows};
use wasm_bindgen::JsValue;

use crate::set;

thread_local! {
    static RUN: RefCell<Option<BenchmarkRun>> = const { RefCell::new(None) };
}

/// What a start message carries.
pub struct Start {
    /// The first `vocab` unit rows, `dims` values each.
    pub rows: Vec<f32>,
    pub dims: usize,
    pub vocab: usize,
    /// `QuestionSet::to_rows`'s numbers.
    pub counts: Vec<u32>,
    pub questions: Vec<u32>,
    pub method: String,
    pub share: Share,
}

/// Starts this worker's share; answers `{units}`, how many units it holds.
pub fn start(start: Start) -> Result<Object, String> {
    let method: Method = start.method.parse()?;
    let set = QuestionSet::from_rows(&start.counts, &start.questions, start.vocab)
        .map_err(|e| e.to_string())?;
    let rows = UnitRows::new(&start.rows, start.dims).map_err(|e| e.to_string())?;
    let run = BenchmarkRun::on_rows(rows, set, method, start.share).map_err(|e| e.to_string())?;
    let reply = progress(&run);
    RUN.with(|slot| *slot.borrow_mut() = Some(run));
    Ok(reply)
}

/// Scores units for about `budget_ms`; answers `{done, units}`.
pub fn step(budget_ms: f64) -> Result<Object, String> {
    with_run(|run| {
        let started = js_sys::Date::now();
        while js_sys::Date::now() - started < budget_ms && run.step() {}
        progress(run)
    })
}

/// What the share has found: `{done, ids, scores}` (every question's best row and its score).
pub fn found() -> Result<Object, String> {
    with_run(|run| {
        let found = run.found();
        let ids: Vec<u32> = found.best.iter().map(|b| b.id).collect();
        let scores: Vec<f32> = found.best.iter().map(|b| b.score).collect();
        let reply = Object::new();
        set(&reply, "done", &JsValue::from(found.done as u32));
        set(&reply, "ids", &Uint32Array::from(&ids[..]));
        set(&reply, "scores", &Float32Array::from(&scores[..]));
        reply
    })
}

fn progress(run: &BenchmarkRun) -> Object {
    let reply = Object::new();
    set(&reply, "done", &JsValue::from(run.units_done() as u32));
    set(&reply, "units", &JsValue::from(run.units() as u32));
    reply
}

fn with_run(f: impl FnOnce(&mut BenchmarkRun) -> Object) -> Result<Object, String> {
    RUN.with(|slot| {
        slot.borrow_mut()
            .as_mut()
            .map(f)
            .ok_or_else(|| "no benchmark was started in this worker".to_string())
    })
}
