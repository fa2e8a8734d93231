//! The speed check: every kernel at a few sizes, on the CPU and on WebGPU, in this browser. Each row
//! gives the median time of a few runs (GPU times include the per-call uploads, the dispatch and the
//! readback; the table's one-time upload has its own row) and whether the two results agree within
//! the kernel's stated tolerance. It runs only when asked: it fetches the 3 MB vectors and the
//! benchmark's questions, and the CPU side blocks the page for a second or two.
//! Leaves out: the labs (they show their own times through the badge).

use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_compute::gpu::{cosine, pe_dots, pe_table, top_k};
use til_compute::{Backend, BackendKind, ComputeError, Grid, Query, Vectors};
use til_core::embed::benchmark::{BenchmarkRun, QuestionSet};
use til_core::embed::{dot, EmbeddingTable, Method, Scored};
use til_core::posenc::{LearnedTable, PositionTable, Sinusoidal};

use super::Compute;
use crate::browser::{fetch_bytes, fetch_text, now_ms, yield_to_event_loop};

const VECTORS_URL: &str = "glove/vectors.bin";
const QUESTIONS_URL: &str = "glove/questions-words.txt";
/// Rows the benchmark searches, as the Embed lab's benchmark.
const BENCHMARK_VOCAB: usize = 30_000;
/// Runs per measurement (the median is shown); the benchmark runs once.
const RUNS: usize = 5;

/// One row of the results.
#[derive(Clone, Debug, PartialEq)]
struct Measure {
    kernel: &'static str,
    size: String,
    cpu_ms: Option<f64>,
    gpu_ms: Option<f64>,
    /// How the results compare, in words, and whether that is within tolerance.
    agreement: Option<(String, bool)>,
}

impl Measure {
    fn log(&self) -> String {
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

#[component]
pub fn SpeedCheck() -> impl IntoView {
    let compute = Compute::expect();
    let results = RwSignal::new(Vec::<Measure>::new());
    let running = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let start = move |_| {
        if running.get_untracked() {
            return;
        }
        running.set(true);
        results.set(Vec::new());
        error.set(None);
        spawn_local(async move {
            if let Err(e) = measure(compute, results).await {
                error.set(Some(e));
            }
            running.set(false);
        });
    };
    let cell = |t: Option<f64>| t.map_or("—".to_string(), |t| format!("{t:.2}"));
    view! {
        <details class="compute-speed" data-testid="compute-speed">
            <summary>"Speed check"</summary>
            <p class="muted">"Every kernel on the CPU and on WebGPU in this browser: median of a few runs, WebGPU times with their uploads and readback. Where the GPU is SwiftShader (a CPU emulation of Vulkan), it is the CPU again, through more layers."</p>
            <button type="button" data-testid="compute-speed-run" disabled=move || running.get() on:click=start>
                {move || if running.get() { "Measuring…" } else { "Run the speed check" }}
            </button>
            <Show when=move || error.get().is_some()>
                <p class="error" role="alert" data-testid="compute-speed-error">{move || error.get()}</p>
            </Show>
            <div class="table-scroll">
                <table>
                    <thead><tr><th>"kernel"</th><th>"size"</th><th class="num">"CPU ms"</th><th class="num">"WebGPU ms"</th><th>"results"</th></tr></thead>
                    <tbody>
                        {move || results.get().into_iter().map(|m| {
                            let (said, agree) = m.agreement.clone().unzip();
                            view! {
                                <tr data-testid="compute-speed-row" data-measure=m.log()
                                    data-agree=agree.map(|a| a.to_string())>
                                    <td>{m.kernel}</td><td>{m.size.clone()}</td>
                                    <td class="num">{cell(m.cpu_ms)}</td><td class="num">{cell(m.gpu_ms)}</td>
                                    <td class="muted">{said}</td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </details>
    }
}

/// Median milliseconds of `runs` calls of `job`, and its last result; the page paints between runs.
async fn time<T>(
    runs: usize,
    job: impl AsyncFn() -> Result<T, ComputeError>,
) -> Result<(f64, T), String> {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        yield_to_event_loop().await;
        let started = now_ms();
        last = Some(job().await.map_err(|e| e.to_string())?);
        times.push(now_ms() - started);
    }
    times.sort_by(f64::total_cmp);
    Ok((times[runs / 2], last.ok_or("no run")?))
}

/// Times `job` on the CPU and, when there is one, on the GPU; returns both results for comparing.
async fn both<T>(
    compute: Compute,
    gpu: Option<&Backend>,
    kernel: &'static str,
    runs: usize,
    job: impl AsyncFn(&Backend) -> Result<T, ComputeError>,
) -> Result<(Measure, T, Option<T>), String> {
    let (cpu_ms, cpu) = time(runs, async || job(&Backend::Cpu).await).await?;
    compute.record(kernel, BackendKind::Cpu, cpu_ms);
    let (gpu_ms, on_gpu) = match gpu {
        Some(gpu) => {
            let (ms, result) = time(runs, async || job(gpu).await).await?;
            compute.record(kernel, BackendKind::Gpu, ms);
            (Some(ms), Some(result))
        }
        None => (None, None),
    };
    let measure = Measure {
        kernel,
        size: String::new(),
        cpu_ms: Some(cpu_ms),
        gpu_ms,
        agreement: None,
    };
    Ok((measure, cpu, on_gpu))
}

async fn measure(compute: Compute, results: RwSignal<Vec<Measure>>) -> Result<(), String> {
    let push = |m: Measure| results.update(|r| r.push(m));
    // Both backends are measured whatever the force-CPU switch says; no GPU, CPU only.
    let gpu: Option<Rc<Backend>> = compute
        .gpu
        .get_value()
        .filter(|_| untrack(|| compute.gpu_ready()));
    let gpu = gpu.as_deref();

    // 1. The table, uploaded once.
    let bytes = fetch_bytes(VECTORS_URL)
        .await
        .map_err(|e| format!("{VECTORS_URL}: {e}"))?;
    let table = Arc::new(EmbeddingTable::from_asset(&bytes).map_err(|e| e.to_string())?);
    let on_cpu = Vectors::cpu_only(table.clone());
    let on_gpu = match gpu {
        Some(gpu) => {
            let started = now_ms();
            let vectors = gpu.prepare(table.clone()).map_err(|e| e.to_string())?;
            let size = format!("{} × {} f32", table.rows(), table.dims());
            push(Measure {
                kernel: "table upload",
                size,
                cpu_ms: None,
                gpu_ms: Some(now_ms() - started),
                agreement: None,
            });
            vectors
        }
        None => Vectors::cpu_only(table.clone()),
    };
    let vectors = |backend: &Backend| {
        if matches!(backend, Backend::Gpu(_)) {
            &on_gpu
        } else {
            &on_cpu
        }
    };

    // 2. Neighbours, k = 10 over every row.
    for batch in [1usize, 16] {
        let ids: Vec<u32> = (0..batch as u32).map(|i| i * 97 + 3).collect();
        let queries: Vec<Query<'_>> = ids.iter().map(|id| Query::row(&table, id)).collect();
        let (mut m, cpu, on_gpu) = both(compute, gpu, "neighbours", RUNS, async |b: &Backend| {
            b.nearest(vectors(b), &queries, 10, table.rows(), None)
                .await
        })
        .await?;
        m.size = format!("{batch} × {} rows, k = 10", table.rows());
        m.agreement = on_gpu.map(|g| compare_lists(&cpu, &g, cosine::tolerance(table.dims())));
        push(m);
    }

    // 3. The analogy benchmark, Google's questions on the first 30,000 rows.
    let text = fetch_text(QUESTIONS_URL)
        .await
        .map_err(|e| format!("{QUESTIONS_URL}: {e}"))?;
    let set = QuestionSet::parse(&text, &table, BENCHMARK_VOCAB).map_err(|e| e.to_string())?;
    let questions: Vec<_> = set
        .sections
        .iter()
        .flat_map(|s| s.questions.iter().copied())
        .collect();
    for method in Method::ALL {
        let (mut m, cpu, on_gpu) = both(
            compute,
            gpu,
            "analogy benchmark",
            1,
            async |b: &Backend| match b {
                // The CPU path is the core's blocked run, as the Embed lab runs it.
                Backend::Cpu => {
                    let mut run = BenchmarkRun::new(&table, &set, method);
                    run.finish();
                    Ok((0..set.sections.len())
                        .flat_map(|s| run.answers(s).unwrap_or_default())
                        .collect::<Vec<u32>>())
                }
                Backend::Gpu(_) => {
                    b.analogy_answers(vectors(b), &questions, method, BENCHMARK_VOCAB)
                        .await
                }
            },
        )
        .await?;
        m.size = format!("{} questions, {}", questions.len(), method.label());
        m.agreement = on_gpu.map(|g| {
            let correct = |answers: &[u32]| {
                questions
                    .iter()
                    .zip(answers)
                    .filter(|(q, &a)| q.expected == a)
                    .count()
            };
            let differ = cpu.iter().zip(&g).filter(|(c, g)| c != g).count();
            let near_ties = questions
                .iter()
                .zip(cpu.iter().zip(&g))
                .filter(|(_, (c, g))| c != g)
                .all(|(q, (&c, &g))| {
                    let score = |row: u32| {
                        let rows = table.unit_rows();
                        let [a, b, c] = [q.a, q.b, q.c].map(|id| dot(rows.row(id), rows.row(row)));
                        let shift = |x: f32| (1.0 + x) / 2.0;
                        let (value, mode) = match method {
                            Method::Add => (b + c - a, top_k::Mode::Add3),
                            Method::Mul => (
                                shift(b) * shift(c)
                                    / (shift(a) + til_core::embed::analogy::EPSILON),
                                top_k::Mode::Mul3,
                            ),
                        };
                        (value, top_k::tolerance(mode, [b, a, c], table.dims()))
                    };
                    let ((best, tolerance), (other, _)) = (score(c), score(g));
                    (best - other).abs() <= 2.0 * tolerance
                });
            (
                format!(
                    "correct: CPU {}, GPU {}; {differ} answers differ",
                    correct(&cpu),
                    correct(&g)
                ),
                near_ties,
            )
        });
        push(m);
    }

    // 4. The sinusoidal table, f64 on the CPU and f32 on the GPU.
    for (positions, d) in [(640, 128), (8_192, 512)] {
        let encoding = Sinusoidal::new(d, 10_000.0).map_err(|e| e.to_string())?;
        let (mut m, cpu, on_gpu) = both(compute, gpu, "PE table", RUNS, async |b: &Backend| {
            b.pe_table(&encoding, positions).await
        })
        .await?;
        m.size = format!("{positions} positions × d {d}");
        m.agreement =
            on_gpu.map(|g| compare_grids(&cpu, &g, |pos, _| pe_table::tolerance(pos as f64)));
        push(m);
    }

    // 5. PE·PEᵀ of the learned table.
    for n in [128, 1_024] {
        let learned = LearnedTable::new(n, 128, 2019).map_err(|e| e.to_string())?;
        let table: &PositionTable = learned.table();
        let (mut m, cpu, on_gpu) =
            both(compute, gpu, "PE dot matrix", RUNS, async |b: &Backend| {
                b.pe_dot_matrix(table, n).await
            })
            .await?;
        m.size = format!("n {n}, d 128");
        let row = |p: usize| table.row(p).unwrap_or_default();
        m.agreement =
            on_gpu.map(|g| compare_grids(&cpu, &g, |p, q| pe_dots::tolerance(row(p), row(q))));
        push(m);
    }
    Ok(())
}

/// Neighbour lists: the same rows in the same order, scores within `tolerance`.
fn compare_lists(cpu: &[Vec<Scored>], gpu: &[Vec<Scored>], tolerance: f32) -> (String, bool) {
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
    (
        format!("{rows}, max |Δ score| {worst:.1e}"),
        same_rows && worst <= tolerance,
    )
}

/// Grids cell by cell, each within `tolerance(row, col)`.
fn compare_grids(
    cpu: &Grid,
    gpu: &Grid,
    tolerance: impl Fn(usize, usize) -> f64,
) -> (String, bool) {
    let mut worst: f64 = 0.0;
    let mut within = cpu.rows() == gpu.rows() && cpu.cols() == gpu.cols();
    for (i, (c, g)) in cpu.as_slice().iter().zip(gpu.as_slice()).enumerate() {
        let error = (c - g).abs();
        worst = worst.max(error);
        within &= error <= tolerance(i / cpu.cols().max(1), i % cpu.cols().max(1));
    }
    (format!("max |Δ| {worst:.1e}"), within)
}
