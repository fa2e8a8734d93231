//! The compute badge in the header: which backend runs the maths ("WebGPU" or "CPU", with the adapter
//! or the reason in its tooltip), the time of the last kernel the lab on show ran (silent until it
//! runs one) and the notice after a fallback; and the "force CPU" and "force WebGPU" switches with
//! each kernel's timed choice, which the settings menu holds. Leaves out: choosing the backend
//! (`Compute`, choice.rs).

use leptos::prelude::*;

use super::{label, Compute, GpuStatus};
use crate::lab::Lab;

#[component]
pub fn ComputeBadge(
    /// The lab on show: the badge speaks of its kernels only.
    shown: Signal<Lab>,
) -> impl IntoView {
    let compute = Compute::expect();
    let status = compute.status;
    let tooltip = move || match status.get() {
        GpuStatus::Probing => "Looking for a WebGPU adapter…".to_string(),
        GpuStatus::Ready { adapter } => format!("WebGPU adapter: {adapter}"),
        GpuStatus::Unavailable(why) => format!("No WebGPU here, the maths runs on the CPU ({why})"),
        GpuStatus::Lost(why) => {
            format!("The WebGPU device was lost ({why}); the maths runs on the CPU")
        }
    };
    // Only what the reader's lab on show ran: another lab's work at start-up
    // is not news here. A memo: the text and its tooltip read it.
    let time = Memo::new(move |_| {
        let shown = shown.get();
        compute.last.with(|all| {
            all.iter()
                .rev()
                .find(|time| time.kernel.lab == shown)
                .map(|last| {
                    format!(
                        "{}: {} on {}",
                        last.kernel.name,
                        duration(last.millis),
                        label(last.backend)
                    )
                })
                .unwrap_or_default()
        })
    });
    view! {
        <div class="compute-badge" aria-label="Compute backend">
            <span class="compute-backend" data-testid="compute-backend" title=tooltip
                data-settled=move || (status.get() != GpuStatus::Probing).to_string()>
                {crate::dynamic::dynamic(move || label(compute.active()))}
            </span>
            <span class="muted" data-testid="compute-time" title=time data-pending=move || compute.pending.get().to_string()>{time}</span>
            {crate::dynamic::dynamic(move || (compute.notice.get().is_some()).then(|| view! {
                <span class="notice" role="alert" data-testid="compute-notice">{crate::dynamic::dynamic(move || compute.notice.get())}</span>
            }))}
        </div>
    }
}

/// A kernel's time as a reader says it: "0.42 ms", or "under 0.01 ms" where the clock saw nothing.
fn duration(millis: f64) -> String {
    if millis < 0.005 {
        "under 0.01 ms".to_string()
    } else {
        format!("{millis:.2} ms")
    }
}

/// The switches that force every kernel onto one backend, to compare times and numbers (each
/// unchecks the other), and each kernel's timed choice while neither is on, a line each.
#[component]
pub fn ForceBackend() -> impl IntoView {
    let compute = Compute::expect();
    let (cpu, gpu) = (compute.force_cpu, compute.force_gpu);
    let has_gpu = Signal::derive(move || compute.gpu_ready());
    view! {
        {switch("compute-force-cpu", "Run every kernel on the CPU, to compare times and numbers", " Force CPU", cpu, gpu, has_gpu)}
        {switch("compute-force-gpu", "Run every kernel on WebGPU, even where the CPU was timed faster", " Force WebGPU", gpu, cpu, has_gpu)}
        <p class="muted compute-choices" data-testid="compute-choices">
            {move || compute.choices.with(|all| all.iter().map(|c| c.why.as_str()).collect::<Vec<_>>().join("\n"))}
        </p>
    }
}

/// A checkbox for `on` that clears `other` when checked; usable only with an adapter (or to uncheck).
fn switch(
    testid: &'static str,
    title: &'static str,
    text: &'static str,
    on: RwSignal<bool>,
    other: RwSignal<bool>,
    has_gpu: Signal<bool>,
) -> impl IntoView {
    view! {
        <label title=title>
            <input type="checkbox" data-testid=testid prop:checked=move || on.get()
                disabled=move || !has_gpu.get() && !on.get()
                on:change=move |ev| { let checked = event_target_checked(&ev); on.set(checked); if checked { other.set(false) } }/>
            {text}
        </label>
    }
}
