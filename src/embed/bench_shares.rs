//! The analogy benchmark on every core: the page's side of the workers' shares
//! (crates/worker/src/analogy.rs). Each of `navigator.hardwareConcurrency` copies of the worker
//! gets the candidate rows and the questions as numbers, scores its share of the units slice by
//! slice, and hands back its best answers, which the core merges into what one run would have
//! found. Leaves out: SharedArrayBuffer (each worker gets its own copy of the 6 MB of rows, so the
//! page needs no cross-origin isolation and works on any static host).

use til_channel::{AnalogyShare, Reply, Request, ShareFound};
use til_core::embed::benchmark::{Found, QuestionSet};
use til_core::embed::{Method, UnitRows};

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
        Shares::start_with(count, |index| Request::AnalogiesStart {
            share: AnalogyShare {
                rows: rows.as_slice().to_vec(),
                dims: rows.dims(),
                vocab: set.vocab,
                counts: counts.clone(),
                questions: questions.clone(),
                method: method.name().to_string(),
                share: index,
                shares: count,
            },
        })
        .await
    }

    /// Starts share `i` of `count` in worker `i` with `start(i)` (GloVe's rows, or SmolLM2's
    /// token table, which each worker holds itself).
    pub async fn start_with(
        count: usize,
        start: impl Fn(usize) -> Request,
    ) -> Result<(Shares, Progress), String> {
        let asked: Vec<_> = (0..count)
            .map(|index| ask_on(index, start(index), None))
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
        let found = self.found_as_sent().await?;
        let count = self.count;
        Ok(found
            .into_iter()
            .enumerate()
            .map(|(index, share)| share.into_found(index, count))
            .collect())
    }

    /// Every share's answers as the workers sent them (for a worker that merges them).
    pub async fn found_as_sent(&self) -> Result<Vec<ShareFound>, String> {
        let asked: Vec<_> = (0..self.count)
            .map(|index| ask_on(index, Request::AnalogiesFound {}, None))
            .collect();
        let mut found = Vec::with_capacity(self.count);
        for reply in asked {
            let Reply::AnalogiesFound { done, ids, scores } = reply.await? else {
                return Err(OUT_OF_TURN.to_string());
            };
            found.push(ShareFound { done, ids, scores });
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
