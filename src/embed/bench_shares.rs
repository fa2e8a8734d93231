//! The analogy benchmark on every core: the page's side of the workers' shares
//! (crates/worker/src/analogy.rs). Each of `navigator.hardwareConcurrency` copies of the worker
//! gets the candidate rows and the questions as numbers, scores its share of the units slice by
//! slice, and hands back its best answers, which the core merges into what one run would have
//! found. Leaves out: SharedArrayBuffer (each worker gets its own copy of the 6 MB of rows, so the
//! page needs no cross-origin isolation and works on any static host).

use til_channel::{AnalogyShare, Reply, Request};
use til_core::embed::benchmark::{Found, QuestionSet, Share};
use til_core::embed::{Method, Scored, UnitRows};

use crate::worker::{ask_on, OUT_OF_TURN};

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

impl Shares {
    /// Starts share `i` of `count` in worker `i`, each with its own copy of `rows`.
    pub async fn start(
        rows: UnitRows<'_>,
        set: &QuestionSet,
        method: Method,
        count: usize,
    ) -> Result<(Shares, Progress), String> {
        let (counts, questions) = set.to_rows();
        let asked: Vec<_> = (0..count)
            .map(|index| {
                let share = AnalogyShare {
                    rows: rows.as_slice().to_vec(),
                    dims: rows.dims(),
                    vocab: set.vocab,
                    counts: counts.clone(),
                    questions: questions.clone(),
                    method: method.name().to_string(),
                    share: index,
                    shares: count,
                };
                let start = Request::AnalogiesStart { share };
                ask_on(index, start, None)
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
            .map(|index| ask_on(index, Request::AnalogiesStep { ms: SLICE_MS }, None))
            .collect();
        self.gather(asked).await
    }

    /// Every share's answers so far.
    pub async fn found(&self) -> Result<Vec<Found>, String> {
        let asked: Vec<_> = (0..self.count)
            .map(|index| ask_on(index, Request::AnalogiesFound {}, None))
            .collect();
        let mut found = Vec::with_capacity(self.count);
        for (index, reply) in asked.into_iter().enumerate() {
            let Reply::AnalogiesFound { done, ids, scores } = reply.await? else {
                return Err(OUT_OF_TURN.to_string());
            };
            found.push(Found {
                share: Share {
                    index,
                    count: self.count,
                },
                done,
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
        asked: Vec<impl std::future::Future<Output = Result<Reply, String>>>,
    ) -> Result<Progress, String> {
        let mut progress = Progress { done: 0, units: 0 };
        for reply in asked {
            let Reply::AnalogiesProgress { done, units } = reply.await? else {
                return Err(OUT_OF_TURN.to_string());
            };
            progress.done += done;
            progress.units += units;
        }
        Ok(progress)
    }
}
