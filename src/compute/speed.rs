//! The speed check: `til_compute::speed` (every kernel at a few sizes, on the CPU and on WebGPU, each
//! row the median of a few runs and whether the two results agree within the kernel's stated
//! tolerance) in this browser, as a table. It runs only when asked: it needs the 3 MB vectors and the
//! benchmark's questions (the same page-wide assets the Embed lab uses), and the CPU side blocks the
//! page for a second or two.
//! Leaves out: the labs (they show their own times through the badge).

use std::future::Future;
use std::rc::Rc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_compute::speed::{self, Clock, Measure, BENCHMARK_VOCAB, PAGE_SIZES};
use til_compute::{Backend, BackendKind};
use til_core::embed::benchmark::QuestionSet;

use super::{Compute, Kernel};
use crate::assets::glove::vectors;
use crate::assets::{self, urls};
use crate::browser::{now_ms, yield_to_event_loop};

/// The page's clock; between runs the browser paints and handles input.
struct PageClock;

impl Clock for PageClock {
    fn now_ms(&self) -> f64 {
        now_ms()
    }

    fn pause(&self) -> impl Future<Output = ()> {
        yield_to_event_loop()
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
                {crate::dynamic::dynamic(move || if running.get() { "Measuring…" } else { "Run the speed check" })}
            </button>
            {crate::dynamic::dynamic(move || (error.get().is_some()).then(|| view! {
                <p class="error" role="alert" data-testid="compute-speed-error">{crate::dynamic::dynamic(move || error.get())}</p>
            }))}
            <div class="table-scroll">
                <table>
                    <thead><tr><th>"kernel"</th><th>"size"</th><th class="num">"CPU ms"</th><th class="num">"WebGPU ms"</th><th>"results"</th></tr></thead>
                    <tbody>
                        {crate::dynamic::dynamic(move || results.get().into_iter().map(|m| {
                            let (said, agree) = m.agreement.clone().map(|a| (a.said, a.within)).unzip();
                            view! {
                                <tr data-testid="compute-speed-row" data-measure=m.line()
                                    data-agree=agree.map(|a| a.to_string())>
                                    <td>{m.kernel}</td><td>{m.size.clone()}</td>
                                    <td class="num">{cell(m.cpu_ms)}</td><td class="num">{cell(m.gpu_ms)}</td>
                                    <td class="muted">{said}</td>
                                </tr>
                            }
                        }).collect_view())}
                    </tbody>
                </table>
            </div>
        </details>
    }
}

/// Fetches the inputs and runs the suite on both backends (whatever the force-CPU switch says; no
/// GPU, CPU only), each row shown as soon as it is measured and its times in the badge.
async fn measure(compute: Compute, results: RwSignal<Vec<Measure>>) -> Result<(), String> {
    let gpu: Option<Rc<Backend>> = compute
        .gpu
        .get_value()
        .filter(|_| untrack(|| compute.gpu_ready()));
    let table = vectors().load().await?;
    let text = assets::text(urls::GLOVE_QUESTIONS).load().await?;
    let questions =
        QuestionSet::parse(&text, &table, BENCHMARK_VOCAB).map_err(|e| e.to_string())?;
    let report = |m: Measure| {
        if let Some(ms) = m.cpu_ms {
            compute.record(Kernel::speed_check(m.kernel), BackendKind::Cpu, ms);
        }
        if let Some(ms) = m.gpu_ms {
            compute.record(Kernel::speed_check(m.kernel), BackendKind::Gpu, ms);
        }
        results.update(|r| r.push(m));
    };
    speed::run(
        table,
        &questions,
        gpu.as_deref(),
        &PAGE_SIZES,
        &PageClock,
        report,
    )
    .await
}
