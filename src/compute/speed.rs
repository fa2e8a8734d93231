//! The speed check: `til_compute::speed` (every kernel at a few sizes, on the CPU and on WebGPU, each
//! row the median of a few runs and whether the two results agree within the kernel's stated
//! tolerance) in this browser, as a table. It runs only when asked, in the lab's worker
//! (crates/worker/src/speed_check.rs), so the page stays responsive while the CPU side runs: the
//! page fetches GloVe's vectors and the analogy questions (the Embed lab's files) and hands them
//! over. Leaves out: the labs (they show their own times through the badge).

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_channel::Request;

use crate::assets::{self, asset, urls};

#[component]
pub fn SpeedCheck() -> impl IntoView {
    let table = RwSignal::new(String::new());
    let running = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let start = move |_| {
        if running.get_untracked() {
            return;
        }
        running.set(true);
        table.set(String::new());
        error.set(None);
        spawn_local(async move {
            match measure().await {
                Ok(html) => table.set(html),
                Err(e) => error.set(Some(e)),
            }
            running.set(false);
        });
    };
    view! {
        <details class="compute-speed" data-testid="compute-speed">
            <summary>"Speed check"</summary>
            <p class="muted">"Every kernel on the CPU and on WebGPU in this browser, in the lab's worker: median of a few runs, WebGPU times with their uploads and readback. Where the GPU is SwiftShader (a CPU emulation of Vulkan), it is the CPU again, through more layers."</p>
            <button type="button" data-testid="compute-speed-run" disabled=move || running.get() on:click=start>
                {crate::dynamic::dynamic(move || if running.get() { "Measuring…" } else { "Run the speed check" })}
            </button>
            {crate::dynamic::dynamic(move || (error.get().is_some()).then(|| view! {
                <p class="error" role="alert" data-testid="compute-speed-error">{crate::dynamic::dynamic(move || error.get())}</p>
            }))}
            <div inner_html=table></div>
        </details>
    }
}

/// Fetches the inputs and runs the suite in the worker; the table's markup.
async fn measure() -> Result<String, String> {
    let vectors = asset(urls::GLOVE_VECTORS, 0, |_, bytes| Ok(bytes.to_vec()))
        .load()
        .await?;
    let questions = assets::text(urls::GLOVE_QUESTIONS).load().await?;
    let request = Request::SpeedCheck {
        vectors: vectors.to_vec(),
        questions: questions.to_string(),
    };
    crate::worker::markup(0, request).await
}
