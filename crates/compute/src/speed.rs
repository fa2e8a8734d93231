//! The speed suite: every kernel at a few sizes on the CPU and, when there is one, on the GPU, each
//! with the median of a few runs and whether the two results agree within the kernel's stated
//! tolerance. One suite for every caller: the native example (`examples/speed.rs`), its test, and
//! the page's "Speed check", which differ only in their [`Sizes`] and their [`Clock`].
//!
//! GPU times include the per-call buffers, the uploads, the dispatch and the readback; the table's
//! one-time upload is a row of its own. Leaves out: asserting any speed (reported, never asserted)
//! and loading the inputs (callers pass the GloVe table and the analogy questions).

use std::future::Future;
use std::sync::Arc;

use til_core::embed::analogy::{mul_score, shifted};
use til_core::embed::benchmark::{BenchmarkRun, Question, QuestionSet};
use til_core::embed::{dot, EmbeddingTable, Method, Scored};
use til_core::posenc::{LearnedTable, Sinusoidal};

use crate::gpu::{cosine, pe_dots, pe_table, top_k};
use crate::{Backend, BackendKind, ComputeError, Eligible, Grid, Query, Vectors};

/// The caller's clock, and what happens between two runs (the page lets the browser paint there).
pub trait Clock {
    fn now_ms(&self) -> f64;
    fn pause(&self) -> impl Future<Output = ()>;
}

/// Wall-clock time for native callers (the example, the tests); nothing to do between runs.
#[cfg(not(target_arch = "wasm32"))]
pub struct WallClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl WallClock {
    pub fn start() -> WallClock {
        WallClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for WallClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1e3
    }

    fn pause(&self) -> impl Future<Output = ()> {
        std::future::ready(())
    }
}

/// The runs of one measurement: a warm-up first or not, then timed runs until `most` are done or
/// they have taken `budget_ms` in all (one at least).
#[derive(Clone, Copy, Debug)]
pub struct Runs {
    pub warm_up: bool,
    pub most: usize,
    pub budget_ms: f64,
}

/// The median time in milliseconds of `run`'s timed runs on `clock` (which pauses before each),
/// and the last result. Every caller that times a kernel goes through this: the suite, the page's
/// per-kernel choice and the lab's worker's first layer.
pub async fn median_ms<T, E, F: Future<Output = Result<T, E>>>(
    clock: &impl Clock,
    runs: Runs,
    run: impl Fn() -> F,
) -> Result<(f64, T), E> {
    let mut last = match runs.warm_up {
        true => Some(run().await?),
        false => None,
    };
    let mut times = Vec::with_capacity(runs.most);
    while times.is_empty()
        || (times.len() < runs.most && times.iter().sum::<f64>() < runs.budget_ms)
    {
        clock.pause().await;
        let started = clock.now_ms();
        last = Some(run().await?);
        times.push(clock.now_ms() - started);
    }
    til_core::order::sort_by(&mut times, f64::total_cmp);
    let last = last.expect("one timed run at least");
    Ok((times[times.len() / 2], last))
}

/// What to measure.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Queries per neighbour search (k = 10 over every row).
    pub neighbour_batches: &'static [usize],
    /// Whether to run the whole analogy benchmark, once per method.
    pub benchmark: bool,
    /// (positions, d) of the sinusoidal tables.
    pub pe_tables: &'static [(usize, usize)],
    /// n of the n × n dot-product matrices of a learned table (d 128).
    pub dot_matrices: &'static [usize],
    /// Runs per measurement; the median is reported (the benchmark runs once).
    pub runs: usize,
}

/// The page's sizes: a second or two of work on the CPU.
pub const PAGE_SIZES: Sizes = Sizes {
    neighbour_batches: &[1, 16],
    benchmark: true,
    pe_tables: &[(640, 128), (8_192, 512)],
    dot_matrices: &[128, 1_024],
    runs: 5,
};

/// The native example's sizes, larger and more of them.
pub const NATIVE_SIZES: Sizes = Sizes {
    neighbour_batches: &[1, 4, 16, 64, 256],
    benchmark: true,
    pe_tables: &[(640, 128), (4_096, 512), (32_768, 512)],
    dot_matrices: &[64, 128, 512, 2_048],
    runs: 7,
};

/// Rows the analogy benchmark searches, as the Embed lab's benchmark.
pub const BENCHMARK_VOCAB: usize = 30_000;
/// The learned table's seed and width for the dot-product matrices.
const LEARNED_SEED: u64 = 2019;
const LEARNED_D: usize = 128;

/// One row of the results.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    pub kernel: &'static str,
    pub size: String,
    pub cpu_ms: Option<f64>,
    pub gpu_ms: Option<f64>,
    /// How the two results compare, when both ran.
    pub agreement: Option<Agreement>,
}

/// How the GPU's result compares with the CPU's.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    /// In words: "same rows, max |Δ score| 3.0e-8".
    pub said: String,
    /// Whether every value is within the kernel's tolerance.
    pub within: bool,
}

impl Measure {
    /// One line for logs: "neighbours 1 × 50000 rows, k = 10: CPU 1.02 ms, GPU 9.70 ms".
    pub fn line(&self) -> String {
        let ms = |t: Option<f64>| t.map_or("—".to_string(), |t| format!("{t:.2} ms"));
        format!(
            "{} {}: CPU {}, GPU {}",
            self.kernel,
            self.size,
            ms(self.cpu_ms),
            ms(self.gpu_ms)
        )
    }
}

/// Runs the suite, handing each row to `report` as soon as it is measured. With no `gpu`, only the
/// CPU side runs. An error is one sentence.
pub async fn run(
    table: Arc<EmbeddingTable>,
    questions: &QuestionSet,
    gpu: Option<&Backend>,
    sizes: &Sizes,
    clock: &impl Clock,
    mut report: impl FnMut(Measure),
) -> Result<(), String> {
    let cpu = Backend::Cpu;
    let suite = Suite {
        cpu: &cpu,
        gpu,
        clock,
    };
    let text = |e: ComputeError| e.to_string();

    // 1. The table, uploaded once.
    let on_cpu = Vectors::cpu_only(table.clone());
    let on_gpu = match gpu {
        Some(gpu) => {
            let started = clock.now_ms();
            let vectors = gpu.prepare(table.clone()).map_err(text)?;
            report(Measure {
                kernel: "table upload",
                size: format!("{} × {} f32", table.rows(), table.dims()),
                cpu_ms: None,
                gpu_ms: Some(clock.now_ms() - started),
                agreement: None,
            });
            vectors
        }
        None => Vectors::cpu_only(table.clone()),
    };
    let vectors = |backend: &Backend| match backend.kind() {
        BackendKind::Gpu => &on_gpu,
        BackendKind::Cpu => &on_cpu,
    };

    // 2. Neighbours, k = 10 over every row.
    for &batch in sizes.neighbour_batches {
        let ids: Vec<u32> = (0..batch as u32).map(|i| i * 97 + 3).collect();
        let queries: Vec<Query<'_>> = ids.iter().map(|id| Query::row(&table, id)).collect();
        let size = format!("{batch} × {} rows, k = 10", table.rows());
        let (times, cpu_result, gpu_result) = suite
            .both(sizes.runs, async |b: &Backend| {
                b.nearest(vectors(b), &queries, 10, Eligible::first(table.rows()))
                    .await
            })
            .await?;
        let agreement =
            gpu_result.map(|g| compare_lists(&cpu_result, &g, cosine::tolerance(table.dims())));
        report(times.measure("neighbours", size, agreement));
    }

    // 3. The analogy benchmark, Google's questions on the first BENCHMARK_VOCAB rows.
    let all: Vec<Question> = questions
        .sections
        .iter()
        .flat_map(|s| s.questions.iter().copied())
        .collect();
    for method in Method::ALL.into_iter().filter(|_| sizes.benchmark) {
        let (times, cpu_result, gpu_result) = suite
            .both(1, async |b: &Backend| match b {
                // The CPU path is the core's blocked run, as the Embed lab runs it.
                Backend::Cpu => {
                    let mut run = BenchmarkRun::new(&table, questions, method);
                    run.finish();
                    Ok((0..questions.sections.len())
                        .flat_map(|s| run.answers(s).unwrap_or_default())
                        .collect::<Vec<u32>>())
                }
                Backend::Gpu(_) => {
                    b.analogy_answers(vectors(b), &all, method, BENCHMARK_VOCAB)
                        .await
                }
            })
            .await?;
        let agreement = gpu_result.map(|g| compare_answers(&table, &all, method, &cpu_result, &g));
        let size = format!("{} questions, {}", all.len(), method.label());
        report(times.measure("analogy benchmark", size, agreement));
    }

    // 4. The sinusoidal table, f64 on the CPU and f32 on the GPU.
    for &(positions, d) in sizes.pe_tables {
        let encoding = Sinusoidal::new(d, 10_000.0).map_err(|e| e.to_string())?;
        let (times, cpu_result, gpu_result) = suite
            .both(sizes.runs, async |b: &Backend| {
                b.pe_table(&encoding, positions).await
            })
            .await?;
        let agreement = gpu_result
            .map(|g| compare_grids(&cpu_result, &g, |pos, _| pe_table::tolerance(pos as f64)));
        let size = format!("{positions} positions × d {d}");
        report(times.measure("PE table", size, agreement));
    }

    // 5. PE·PEᵀ of a learned table.
    for &n in sizes.dot_matrices {
        let learned = LearnedTable::new(n, LEARNED_D, LEARNED_SEED).map_err(|e| e.to_string())?;
        let positions = learned.table();
        let (times, cpu_result, gpu_result) = suite
            .both(sizes.runs, async |b: &Backend| {
                b.pe_dot_matrix(positions, n).await
            })
            .await?;
        let row = |p: usize| positions.row(p).unwrap_or_default();
        let agreement = gpu_result
            .map(|g| compare_grids(&cpu_result, &g, |p, q| pe_dots::tolerance(row(p), row(q))));
        let size = format!("n {n}, d {LEARNED_D}");
        report(times.measure("PE dot matrix", size, agreement));
    }
    Ok(())
}

/// The backends and the clock one run of the suite uses.
struct Suite<'a, C> {
    cpu: &'a Backend,
    gpu: Option<&'a Backend>,
    clock: &'a C,
}

/// The two medians of one measurement.
struct Times {
    cpu_ms: f64,
    gpu_ms: Option<f64>,
}

impl Times {
    fn measure(self, kernel: &'static str, size: String, agreement: Option<Agreement>) -> Measure {
        Measure {
            kernel,
            size,
            cpu_ms: Some(self.cpu_ms),
            gpu_ms: self.gpu_ms,
            agreement,
        }
    }
}

impl<C: Clock> Suite<'_, C> {
    /// Median milliseconds of `runs` calls of `job` on `backend`, and its last result.
    async fn time<T>(
        &self,
        runs: usize,
        backend: &Backend,
        job: &impl AsyncFn(&Backend) -> Result<T, ComputeError>,
    ) -> Result<(f64, T), String> {
        if runs == 0 {
            return Err("a measurement needs at least one run".into());
        }
        let runs = Runs {
            warm_up: false,
            most: runs,
            budget_ms: f64::INFINITY,
        };
        median_ms(self.clock, runs, || job(backend))
            .await
            .map_err(|e| e.to_string())
    }

    /// `job` timed on the CPU and, when there is one, on the GPU, with both results.
    async fn both<T>(
        &self,
        runs: usize,
        job: impl AsyncFn(&Backend) -> Result<T, ComputeError>,
    ) -> Result<(Times, T, Option<T>), String> {
        let (cpu_ms, cpu) = self.time(runs, self.cpu, &job).await?;
        let (gpu_ms, gpu) = match self.gpu {
            Some(gpu) => {
                let (ms, result) = self.time(runs, gpu, &job).await?;
                (Some(ms), Some(result))
            }
            None => (None, None),
        };
        Ok((Times { cpu_ms, gpu_ms }, cpu, gpu))
    }
}

/// Neighbour lists: the same rows in the same order, scores within `tolerance`.
pub fn compare_lists(cpu: &[Vec<Scored>], gpu: &[Vec<Scored>], tolerance: f32) -> Agreement {
    let pairs = || cpu.iter().flatten().zip(gpu.iter().flatten());
    let same_rows = cpu.len() == gpu.len()
        && cpu.iter().zip(gpu).all(|(c, g)| c.len() == g.len())
        && pairs().all(|(c, g)| c.id == g.id);
    let worst = pairs()
        .map(|(c, g)| (c.score - g.score).abs())
        .fold(0.0f32, f32::max);
    let rows = if same_rows {
        "same rows"
    } else {
        "rows differ"
    };
    Agreement {
        said: format!("{rows}, max |Δ score| {worst:.1e}"),
        within: same_rows && worst <= tolerance,
    }
}

/// Grids cell by cell, each within `tolerance(row, col)`.
pub fn compare_grids(cpu: &Grid, gpu: &Grid, tolerance: impl Fn(usize, usize) -> f64) -> Agreement {
    let mut worst: f64 = 0.0;
    let mut within = cpu.rows() == gpu.rows() && cpu.cols() == gpu.cols();
    for (i, (c, g)) in cpu.as_slice().iter().zip(gpu.as_slice()).enumerate() {
        let error = (c - g).abs();
        worst = worst.max(error);
        within &= error <= tolerance(i / cpu.cols().max(1), i % cpu.cols().max(1));
    }
    Agreement {
        said: format!("max |Δ| {worst:.1e}"),
        within,
    }
}

/// Benchmark answers: how many each backend got right, and whether every answer that differs is a
/// near tie (the two rows' scores within twice the kernel's tolerance of each other).
pub fn compare_answers(
    table: &EmbeddingTable,
    questions: &[Question],
    method: Method,
    cpu: &[u32],
    gpu: &[u32],
) -> Agreement {
    let correct = |answers: &[u32]| {
        questions
            .iter()
            .zip(answers)
            .filter(|(q, &a)| q.expected == a)
            .count()
    };
    let rows = table.unit_rows();
    let score = |q: &Question, row: u32| {
        let [a, b, c] = [q.a, q.b, q.c].map(|id| dot(rows.row(id), rows.row(row)));
        match method {
            Method::Add => (
                b + c - a,
                top_k::tolerance(top_k::Mode::Add3, [b, a, c], table.dims()),
            ),
            Method::Mul => (
                mul_score(shifted(b), shifted(a), shifted(c)),
                top_k::tolerance(top_k::Mode::Mul3, [b, a, c], table.dims()),
            ),
        }
    };
    let mut differ = 0;
    let mut near_ties = cpu.len() == gpu.len();
    for (q, (&c, &g)) in questions.iter().zip(cpu.iter().zip(gpu)) {
        if c != g {
            differ += 1;
            let ((best, tolerance), (other, _)) = (score(q, c), score(q, g));
            near_ties &= (best - other).abs() <= 2.0 * tolerance;
        }
    }
    Agreement {
        said: format!(
            "correct: CPU {}, GPU {}; {differ} answers differ",
            correct(cpu),
            correct(gpu)
        ),
        within: near_ties,
    }
}
