//! The analogy benchmark on every core: the page's side of the workers' shares
//! (src/bin/zoo_worker/analogy.rs). Each of `navigator.hardwareConcurrency` copies of the worker
//! gets the candidate rows and the questions as numbers, scores its share of the units slice by
//! slice, and hands back its best answers, which the core merges into what one run would have
//! found. Leaves out: SharedArrayBuffer (each worker gets its own copy of the 6 MB of rows, so the
//! page needs no cross-origin isolation and works on any static host).

use js_sys::{Array, Float32Array, Uint32Array};
use til_core::embed::benchmark::{Found, QuestionSet, Share};
use til_core::embed::{Method, Scored, UnitRows};
use wasm_bindgen::JsValue;

use crate::worker::{ask_on, field};

/// Workers for one run at most, whatever the browser reports.
const MOST_WORKERS: usize = 16;

/// How long a worker scores before it reports progress (and Cancel can stop it).
const SLICE_MS: f64 = 40.0;

/// One worker per logical core the browser reports (1 where it reports none).
pub fn worker_count() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(1)
        .clamp(1, MOST_WORKERS)
}

/// A benchmark started in `count` workers, share `i` in worker `i`.
pub struct Shares {
    count: usize,
}

/// Progress over every share: units done and units in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub units: usize,
}

fn number(reply: &JsValue, name: &str) -> usize {
    field(reply, name).as_f64().unwrap_or(0.0) as usize
}

impl Shares {
    /// Starts share `i` of `count` in worker `i`, each with its own copy of `rows`.
    pub async fn start(
        rows: UnitRows<'_>,
        set: &QuestionSet,
        method: Method,
        count: usize,
    ) -> Result<(Shares, Progress), String> {
        let (counts, questions) = set.to_rows();
        let (counts, questions) = (
            Uint32Array::from(&counts[..]),
            Uint32Array::from(&questions[..]),
        );
        let asked: Vec<_> = (0..count)
            .map(|index| {
                let values = Float32Array::from(rows.as_slice());
                // Moved, not copied again: each worker's rows are its own.
                let transfer = Array::of1(&values.buffer());
                ask_on(
                    index,
                    &[
                        ("analogies", &JsValue::from_str("start")),
                        ("rows", &values),
                        ("dims", &JsValue::from(rows.dims() as u32)),
                        ("vocab", &JsValue::from(set.vocab as u32)),
                        ("counts", &counts),
                        ("questions", &questions),
                        ("method", &JsValue::from_str(method.name())),
                        ("share", &JsValue::from(index as u32)),
                        ("shares", &JsValue::from(count as u32)),
                    ],
                    Some(transfer),
                )
            })
            .collect();
        let shares = Shares { count };
        let progress = shares.gather(asked).await?;
        Ok((shares, progress))
    }

    pub fn count(&self) -> usize {
        self.count
    }

    /// One slice of work in every worker at once.
    pub async fn step(&self) -> Result<Progress, String> {
        let asked: Vec<_> = (0..self.count)
            .map(|index| {
                ask_on(
                    index,
                    &[
                        ("analogies", &JsValue::from_str("step")),
                        ("ms", &JsValue::from(SLICE_MS)),
                    ],
                    None,
                )
            })
            .collect();
        self.gather(asked).await
    }

    /// Every share's answers so far.
    pub async fn found(&self) -> Result<Vec<Found>, String> {
        let asked: Vec<_> = (0..self.count)
            .map(|index| ask_on(index, &[("analogies", &JsValue::from_str("found"))], None))
            .collect();
        let mut found = Vec::with_capacity(self.count);
        for (index, reply) in asked.into_iter().enumerate() {
            let reply = reply.await?;
            let ids = Uint32Array::new(&field(&reply, "ids")).to_vec();
            let scores = Float32Array::new(&field(&reply, "scores")).to_vec();
            found.push(Found {
                share: Share {
                    index,
                    count: self.count,
                },
                done: number(&reply, "done"),
                best: ids
                    .into_iter()
                    .zip(scores)
                    .map(|(id, score)| Scored { id, score })
                    .collect(),
            });
        }
        Ok(found)
    }

    /// The summed progress of replies already asked for (all posted, so they run together).
    async fn gather(
        &self,
        asked: Vec<impl std::future::Future<Output = Result<JsValue, String>>>,
    ) -> Result<Progress, String> {
        let mut progress = Progress { done: 0, units: 0 };
        for reply in asked {
            let reply = reply.await?;
            progress.done += number(&reply, "done");
            progress.units += number(&reply, "units");
        }
        Ok(progress)
    }
}
