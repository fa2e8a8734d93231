//! The analogy set on SmolLM2's token table on WebGPU: where it runs ([`place`]: its first
//! questions timed on both backends, the CPU's time shared among the workers that would run it),
//! and the run itself when WebGPU wins ([`GpuRun`]): the whole set in this one worker, a section per
//! dispatch (`til_compute::Backend::token_analogies`, the batched product and selection GloVe's
//! benchmark runs), its findings in the form the CPU shares' take, so the same report merges them.
//! Leaves out: splitting the set among several workers' GPUs (one device does it all).

use std::cell::RefCell;
use std::sync::Arc;

use til_compute::choice::{label, Choice};
use til_compute::speed::{median_ms, Runs};
use til_compute::BackendKind;
use til_core::embed::benchmark::{Found, QuestionSet, NO_ANSWER};
use til_core::embed::Scored;
use til_core::smollm2::token_table::TokenTable;

use super::attention::WorkerClock;
use super::token_backend::{self, Ready};

/// Questions in the call timed on both backends (the first section's first few).
const PROBE_QUESTIONS: usize = 4;

thread_local! {
    /// The choice once made: WebGPU or not, and why.
    static PLACED: RefCell<Option<(bool, String)>> = const { RefCell::new(None) };
}

/// Forgets the choice (a new table was loaded, or WebGPU failed).
pub fn forget() {
    PLACED.with(|placed| *placed.borrow_mut() = None);
}

/// Whether the set goes to WebGPU, and why: the first time, its first questions answered on both
/// (one warm-up, then the median of up to three runs), the CPU's time divided among `shares`
/// workers; then that choice.
pub async fn place(
    table: &Arc<TokenTable>,
    set: &QuestionSet,
    shares: usize,
) -> Result<(bool, String), String> {
    if let Some(placed) = PLACED.with(|placed| placed.borrow().clone()) {
        return Ok(placed);
    }
    let placed = timed(table, set, shares).await?;
    PLACED.with(|slot| *slot.borrow_mut() = Some(placed.clone()));
    Ok(placed)
}

async fn timed(
    table: &Arc<TokenTable>,
    set: &QuestionSet,
    shares: usize,
) -> Result<(bool, String), String> {
    let kernel = "analogy set";
    let gpu = match token_backend::gpu(table).await {
        Ok(gpu) => gpu,
        Err(why) => return Ok((false, format!("{kernel}: on the CPU's workers ({why})"))),
    };
    let cpu = token_backend::cpu(table)?;
    let probe: Vec<_> = set
        .sections
        .iter()
        .flat_map(|s| &s.questions)
        .take(PROBE_QUESTIONS)
        .copied()
        .collect();
    let runs = Runs {
        warm_up: true,
        most: 3,
        budget_ms: 300.0,
    };
    let time = |ready: Ready| {
        let probe = &probe;
        median_ms(&WorkerClock, runs, move || {
            let ready = ready.clone();
            async move { ready.0.token_analogies(&ready.1, probe).await }
        })
    };
    let gpu_ms = match time(gpu).await {
        Ok((ms, _)) => ms,
        Err(e) => {
            let why = format!("{kernel}: on the CPU's workers since WebGPU failed ({e})");
            return Ok((false, why));
        }
    };
    let (cpu_ms, _) = time(cpu).await.map_err(|e| e.to_string())?;
    let shares = shares.max(1);
    let choice = Choice::between(kernel, gpu_ms, cpu_ms / shares as f64);
    let on_gpu = choice.backend == BackendKind::Gpu;
    let why = format!(
        "{kernel}, {} questions: WebGPU {gpu_ms:.1} ms, CPU {cpu_ms:.1} ms on one worker ({:.1} ms on {shares}) → {}",
        probe.len(),
        cpu_ms / shares as f64,
        label(choice.backend)
    );
    Ok((on_gpu, why))
}

/// Where [`place`] put the set, in words (empty before it has).
pub fn why() -> String {
    PLACED.with(|placed| {
        placed
            .borrow()
            .as_ref()
            .map(|(_, why)| why.clone())
            .unwrap_or_default()
    })
}

/// Whether [`place`] chose WebGPU.
pub fn placed_on_gpu() -> bool {
    PLACED.with(|placed| matches!(*placed.borrow(), Some((true, _))))
}

/// The whole set on WebGPU, a section per step.
pub struct GpuRun {
    ready: Ready,
    set: QuestionSet,
    sections_done: usize,
    /// Every question's best, sections one after another.
    best: Vec<Scored>,
}

impl GpuRun {
    pub async fn new(table: &Arc<TokenTable>, set: QuestionSet) -> Result<GpuRun, String> {
        let ready = token_backend::gpu(table).await?;
        let best = vec![NO_ANSWER; set.asked()];
        Ok(GpuRun {
            ready,
            set,
            sections_done: 0,
            best,
        })
    }

    /// Answers the next section; false once every section is done.
    pub async fn step(&mut self) -> Result<bool, String> {
        let Some(section) = self.set.sections.get(self.sections_done) else {
            return Ok(false);
        };
        let found = self
            .ready
            .0
            .token_analogies(&self.ready.1, &section.questions)
            .await
            .map_err(|e| e.to_string())?;
        let start: usize = self.set.sections[..self.sections_done]
            .iter()
            .map(|s| s.questions.len())
            .sum();
        self.best[start..start + found.len()].copy_from_slice(&found);
        self.sections_done += 1;
        Ok(self.sections_done < self.set.sections.len())
    }

    /// Sections done, of all.
    pub fn progress(&self) -> (usize, usize) {
        (self.sections_done, self.set.sections.len())
    }

    pub fn found(&self) -> Found {
        Found::whole_sections(&self.set, self.sections_done, self.best.clone())
    }
}
