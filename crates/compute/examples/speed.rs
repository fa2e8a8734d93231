//! Measures every kernel on both backends natively and prints one line per size:
//! `cargo run --release -p til-compute --example speed`. The suite is `til_compute::speed`, the same
//! one the page's "Speed check" runs, here with its larger native sizes. On Mesa's lavapipe (a CPU
//! rasteriser) the "GPU" is the same CPU cores through Vulkan, so these numbers say little about real
//! GPUs; the browser's are in the e2e specs' `[measure]` lines. Leaves out: asserting any speed.

use std::path::Path;
use std::sync::Arc;

use til_compute::speed::{self, Measure, WallClock, BENCHMARK_VOCAB, NATIVE_SIZES};
use til_compute::{Backend, GpuContext};
use til_core::embed::benchmark::QuestionSet;
use til_core::embed::EmbeddingTable;

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
    Ok(())
}
