//! Measures every kernel on both backends natively and prints one line per size:
//! `cargo run --release -p til-compute --example speed`. The suite is `til_compute::speed`, the same
//! one the page's "Speed check" runs, here with its larger native sizes. On Mesa's lavapipe (a CPU
//! rasteriser) the "GPU" is the same CPU cores through Vulkan, so these numbers say little about real
//! GPUs; the browser's are in the e2e specs' `[measure]` lines. Last, SmolLM2's token table: its
//! neighbour scan and the under-trained ranking's two passes. Leaves out: asserting any speed.

use std::path::Path;
use std::sync::Arc;

use til_compute::choice::{time_both, Timed};
use til_compute::speed::{self, Agreement, Measure, WallClock, BENCHMARK_VOCAB, NATIVE_SIZES};
use til_compute::{Backend, BackendKind, GpuContext};
use til_core::embed::benchmark::QuestionSet;
use til_core::embed::EmbeddingTable;
use til_core::smollm2::token_table::TokenTable;
use til_core::smollm2::undertrained::ComponentSearch;

fn print(measure: Measure) {
    let ms = |t: Option<f64>| t.map_or("—".to_string(), |t| format!("{t:>9.3} ms"));
    let faster = match (measure.cpu_ms, measure.gpu_ms) {
        (Some(cpu), Some(gpu)) if gpu < cpu => "GPU faster",
        (Some(_), Some(_)) => "CPU faster",
        _ => "",
    };
    println!(
        "{:<18} {:<34} CPU {}   GPU {}   {faster}",
        measure.kernel,
        measure.size,
        ms(measure.cpu_ms),
        ms(measure.gpu_ms)
    );
    if let Some(agreement) = measure.agreement {
        let verdict = if agreement.within { "agree" } else { "DIFFER" };
        println!("    {verdict}: {}", agreement.said);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let context = pollster::block_on(GpuContext::new())?;
    println!("GPU: {}", context.adapter());
    let gpu = Backend::Gpu(context);
    let glove = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/glove");
    let table = Arc::new(EmbeddingTable::from_asset(&std::fs::read(
        glove.join("vectors.bin"),
    )?)?);
    let text = std::fs::read_to_string(glove.join("questions-words.txt"))?;
    let questions = QuestionSet::parse(&text, &table, BENCHMARK_VOCAB)?;
    let clock = WallClock::start();
    pollster::block_on(speed::run(
        table,
        &questions,
        Some(&gpu),
        &NATIVE_SIZES,
        &clock,
        print,
    ))?;
    token_table(&gpu, &clock)
}

/// SmolLM2's token table (49,152 × 576): a row's neighbours, one covariance pass of the under-trained
/// ranking, and every row's indicator, each timed on both backends (the CPU on one thread, as in
/// the page's worker) with how the results compare.
fn token_table(gpu: &Backend, clock: &WallClock) -> Result<(), Box<dyn std::error::Error>> {
    let layer0 = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/smollm2/layer0.bin");
    let table = Arc::new(TokenTable::from_asset(std::fs::read(layer0)?, 1)?);
    let size = format!("{} × {}", table.vocab, table.dims);
    let cpu = Backend::Cpu;
    let (gpu_tokens, cpu_tokens) = (
        gpu.prepare_tokens(table.clone())?,
        cpu.prepare_tokens(table.clone())?,
    );
    let timed = pollster::block_on(time_both(
        clock,
        "token neighbours",
        1e3,
        |kind| match kind {
            BackendKind::Gpu => gpu.token_neighbours(&gpu_tokens, 1_000, 10),
            BackendKind::Cpu => cpu.token_neighbours(&cpu_tokens, 1_000, 10),
        },
    ))?;
    let said = if timed.on_gpu == timed.on_cpu {
        "the same rows and cosines"
    } else {
        "other rows"
    };
    print_timed(
        "token neighbours",
        &size,
        &timed,
        said,
        timed.on_gpu == timed.on_cpu,
    );
    let (gpu_rows, cpu_rows) = (
        gpu.prepare_ranking(table.clone())?,
        cpu.prepare_ranking(table.clone())?,
    );
    let search = ComponentSearch::new(&table);
    let timed = pollster::block_on(time_both(
        clock,
        "covariance pass",
        1e3,
        |kind| match kind {
            BackendKind::Gpu => gpu.covariance_pass(&gpu_rows, &search),
            BackendKind::Cpu => cpu.covariance_pass(&cpu_rows, &search),
        },
    ))?;
    let apart = timed
        .on_gpu
        .sum
        .iter()
        .zip(&timed.on_cpu.sum)
        .map(|(g, c)| (g - c).abs() / c.abs().max(1e-300))
        .fold(0.0, f64::max);
    print_timed(
        "covariance pass",
        &size,
        &timed,
        &format!("max relative |Δ| {apart:.1e}"),
        apart < 1e-4,
    );
    let indicator = search.indicator(&table, &[0, 1])?;
    let timed = pollster::block_on(time_both(clock, "indicators", 1e3, |kind| match kind {
        BackendKind::Gpu => gpu.indicators(&gpu_rows, &indicator, 0),
        BackendKind::Cpu => cpu.indicators(&cpu_rows, &indicator, 0),
    }))?;
    let worst = timed
        .on_gpu
        .iter()
        .zip(&timed.on_cpu)
        .map(|(g, c)| (g - c).abs())
        .fold(0.0, f64::max);
    let tolerance = til_compute::gpu::undertrained::indicator_tolerance(table.dims);
    print_timed(
        "indicators",
        &size,
        &timed,
        &format!("max |Δ| {worst:.1e}"),
        worst <= tolerance,
    );
    Ok(())
}

fn print_timed<T>(kernel: &'static str, size: &str, timed: &Timed<T>, said: &str, within: bool) {
    print(Measure {
        kernel,
        size: size.to_string(),
        cpu_ms: Some(timed.cpu_ms),
        gpu_ms: Some(timed.gpu_ms),
        agreement: Some(Agreement {
            said: said.to_string(),
            within,
        }),
    });
}
