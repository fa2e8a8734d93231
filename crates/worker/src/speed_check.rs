//! The settings menu's speed check, run in the lab's worker: `til_compute::speed` (every kernel at
//! the page's sizes on the CPU and on WebGPU, each row the median of a few runs and whether the two
//! results agree within the kernel's stated tolerance), written as the table's rows. In the worker,
//! the page's thread stays free while the CPU side runs, and the page's wasm carries neither the
//! suite nor its kernels' second copies. The worker's WebGPU device is its own, on the same adapter
//! the page's is. Leaves out: the labs' own times (the page's badge shows those).

use std::sync::Arc;

use til_channel::markup::Escaped;
use til_channel::Reply;
use til_compute::speed::{self, Measure, BENCHMARK_VOCAB, PAGE_SIZES};
use til_compute::{Backend, GpuContext};
use til_core::embed::benchmark::QuestionSet;
use til_core::embed::EmbeddingTable;

use super::attention::WorkerClock;

/// Runs the suite on GloVe's vectors (`glove/vectors.bin`) and the analogy questions' text; the
/// rows as markup, and a line saying which GPU ran (or why none did).
pub async fn run(vectors: &[u8], questions: &str) -> Result<Reply, String> {
    let table = Arc::new(EmbeddingTable::from_asset(vectors).map_err(|e| e.to_string())?);
    let set = QuestionSet::parse(questions, &table, BENCHMARK_VOCAB).map_err(|e| e.to_string())?;
    let (gpu, said) = match GpuContext::new().await {
        Ok(context) => {
            let said = format!("WebGPU adapter: {}", context.adapter());
            (Some(Backend::Gpu(context)), said)
        }
        Err(why) => (None, format!("No WebGPU in the worker, CPU only ({why})")),
    };
    let mut rows = Vec::new();
    speed::run(table, &set, gpu.as_ref(), &PAGE_SIZES, &WorkerClock, |m| {
        rows.push(m)
    })
    .await?;
    let mut html = format!(
        r#"<p class="muted" data-testid="compute-speed-adapter">{}</p><div class="table-scroll"><table><thead><tr><th>kernel</th><th>size</th><th class="num">CPU ms</th><th class="num">WebGPU ms</th><th>results</th></tr></thead><tbody>"#,
        Escaped(&said)
    );
    rows.iter().for_each(|m| row(&mut html, m));
    html.push_str("</tbody></table></div>");
    Ok(Reply::Markup { html })
}

fn row(html: &mut String, m: &Measure) {
    let cell = |t: Option<f64>| t.map_or("—".to_string(), |t| format!("{t:.2}"));
    let agree = m
        .agreement
        .as_ref()
        .map(|a| format!(r#" data-agree="{}""#, a.within))
        .unwrap_or_default();
    let said = m.agreement.as_ref().map_or("", |a| a.said.as_str());
    html.push_str(&format!(
        r#"<tr data-testid="compute-speed-row" data-measure="{}"{agree}><td>{}</td><td>{}</td><td class="num">{}</td><td class="num">{}</td><td class="muted">{}</td></tr>"#,
        Escaped(&m.line()),
        m.kernel,
        Escaped(&m.size),
        cell(m.cpu_ms),
        cell(m.gpu_ms),
        Escaped(said)
    ));
}
