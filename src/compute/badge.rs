//! The compute badge in the header: which backend runs the maths ("WebGPU" or "CPU", with the adapter
//! or the reason in its tooltip), the last kernel's time and the notice after a fallback; and the
//! "force CPU" switch, which the settings menu holds. Leaves out: choosing the backend (`Compute`).

use leptos::prelude::*;

use super::{label, Compute, GpuStatus};

#[component]
pub fn ComputeBadge() -> impl IntoView {
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
    let time = move || match compute.last.get() {
        Some(last) => format!(
            "{}: {:.2} ms on {}",
            last.kernel,
            last.millis,
            label(last.backend)
        ),
        None => "no kernel run yet".to_string(),
    };
    view! {
        <div class="compute-badge" aria-label="Compute backend">
            <span class="compute-backend" data-testid="compute-backend" title=tooltip
                data-settled=move || (status.get() != GpuStatus::Probing).to_string()>
                {crate::dynamic::dynamic(move || label(compute.active()))}
            </span>
            <span class="muted" data-testid="compute-time" data-pending=move || compute.pending.get().to_string()>{time}</span>
            {crate::dynamic::dynamic(move || (compute.notice.get().is_some()).then(|| view! {
                <span class="notice" role="alert" data-testid="compute-notice">{crate::dynamic::dynamic(move || compute.notice.get())}</span>
            }))}
        </div>
    }
}

/// Runs every kernel on the CPU while checked, to compare times and numbers with WebGPU.
#[component]
pub fn ForceCpu() -> impl IntoView {
    let compute = Compute::expect();
    view! {
        <label title="Run every kernel on the CPU, to compare times and numbers">
            <input type="checkbox" data-testid="compute-force-cpu" prop:checked=move || compute.force_cpu.get()
                disabled=move || !compute.gpu_ready() && !compute.force_cpu.get()
                on:change=move |ev| compute.force_cpu.set(event_target_checked(&ev))/>
            " Force CPU"
        </label>
    }
}
