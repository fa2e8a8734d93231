//! Measures every kernel on both backends natively and prints one line per size:
//! `cargo run --release -p til-compute --example speed`. GPU times include creating the per-call
//! buffers, the upload of queries and parameters, the dispatch and the readback; the GloVe table's
//! one-time upload is timed apart. On Mesa's lavapipe (a CPU rasteriser) the "GPU" is the same CPU
//! cores through Vulkan, so these numbers say little about real GPUs; the browser's are in the e2e
//! specs' `[measure]` lines. Also checks that the full Google benchmark gives the same accuracy on
//! both backends. Leaves out: asserting any speed (reported, never asserted).

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use til_compute::{Backend, GpuContext, Query, Vectors};
use til_core::embed::benchmark::{BenchmarkRun, QuestionSet};
use til_core::embed::{EmbeddingTable, Method};
use til_core::posenc::{LearnedTable, Sinusoidal};

/// Median milliseconds of `runs` calls.
fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

fn line(kernel: &str, size: &str, cpu: f64, gpu: f64) {
    let faster = if gpu < cpu { "GPU" } else { "CPU" };
    println!("{kernel:<22} {size:<28} CPU {cpu:>9.3} ms   GPU {gpu:>9.3} ms   {faster} faster");
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = pollster::block_on(GpuContext::new())?;
    println!("GPU: {}", context.adapter());
    let gpu = Backend::Gpu(context);
    let cpu = Backend::Cpu;
    let glove = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/glove");
    let table = Arc::new(EmbeddingTable::from_asset(&std::fs::read(
        glove.join("vectors.bin"),
    )?)?);
    let started = Instant::now();
    let on_gpu = gpu.prepare(table.clone())?;
    println!(
        "table upload ({} × {}): {:.2} ms",
        table.rows(),
        table.dims(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let on_cpu = cpu.prepare(table.clone())?;

    // 1. Neighbours: k = 10 over all 50,000 rows, for batches of queries.
    for batch in [1, 4, 16, 64, 256] {
        let ids: Vec<u32> = (0..batch as u32).map(|i| i * 37 + 11).collect();
        let queries: Vec<Query<'_>> = ids.iter().map(|id| Query::row(&table, id)).collect();
        let run = |backend: &Backend, vectors: &Vectors| {
            time(7, || {
                pollster::block_on(backend.nearest(vectors, &queries, 10, table.rows(), None))
            })
        };
        line(
            "neighbours k=10",
            &format!("{batch} queries × 50,000 rows"),
            run(&cpu, &on_cpu),
            run(&gpu, &on_gpu),
        );
    }

    // 2. The analogy benchmark: Google's set on the first 30,000 rows, the whole set in one call per
    //    backend (the core's blocked run on the CPU).
    let text = std::fs::read_to_string(glove.join("questions-words.txt"))?;
    let set = QuestionSet::parse(&text, &table, 30_000)?;
    let questions: Vec<_> = set
        .sections
        .iter()
        .flat_map(|s| s.questions.iter().copied())
        .collect();
    for method in Method::ALL {
        let mut correct = [0usize; 2];
        let cpu_ms = time(3, || {
            let report = BenchmarkRun::new(&table, &set, method).finish();
            correct[0] = report.total().correct;
        });
        let gpu_ms = time(3, || {
            let answers =
                pollster::block_on(gpu.analogy_answers(&on_gpu, &questions, method, 30_000))
                    .expect("GPU answers");
            correct[1] = questions
                .iter()
                .zip(&answers)
                .filter(|(q, &a)| q.expected == a)
                .count();
        });
        line(
            &format!("benchmark {}", method.label()),
            &format!("{} questions × 30,000", questions.len()),
            cpu_ms,
            gpu_ms,
        );
        println!(
            "    correct: CPU {}, GPU {} of {}",
            correct[0],
            correct[1],
            questions.len()
        );
    }

    // 3. The sinusoidal table (f64 on the CPU, f32 on the GPU).
    for (positions, d) in [(640, 128), (4_096, 512), (32_768, 512)] {
        let encoding = Sinusoidal::new(d, 10_000.0)?;
        let run = |backend: &Backend| {
            time(5, || {
                pollster::block_on(backend.pe_table(&encoding, positions))
            })
        };
        line(
            "PE table",
            &format!("{positions} positions × d {d}"),
            run(&cpu),
            run(&gpu),
        );
    }

    // 4. PE·PEᵀ of a learned table.
    for (n, d) in [(64, 128), (128, 128), (512, 128), (2_048, 128)] {
        let table = LearnedTable::new(n, d, 2019)?;
        let run = |backend: &Backend| {
            time(5, || {
                pollster::block_on(backend.pe_dot_matrix(table.table(), n))
            })
        };
        line(
            "PE dot matrix",
            &format!("n {n}, d {d}"),
            run(&cpu),
            run(&gpu),
        );
    }
    Ok(())
}
