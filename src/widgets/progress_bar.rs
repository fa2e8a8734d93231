//! A labelled progress bar with a Cancel button, for long work that runs in slices.
use leptos::prelude::*;

#[component]
pub fn ProgressBar(
    /// `(done, total)` while work is under way.
    progress: Signal<Option<(usize, usize)>>,
    label: &'static str,
    on_cancel: Callback<()>,
) -> impl IntoView {
    view! {
        {crate::dynamic::dynamic(move || (progress.get().is_some()).then(|| view! {
            <div class="progress" data-testid="progress">
                <progress
                    max=move || progress.get().map_or(1, |(_, total)| total.max(1))
                    value=move || progress.get().map_or(0, |(done, _)| done)
                    aria-label=label
                ></progress>
                <span>{crate::dynamic::dynamic(move || progress.get().map(|(done, total)| format!("{label}: {done} / {total}")))}</span>
                <button data-testid="progress-cancel" on:click=move |_| on_cancel.run(())>"Cancel"</button>
            </div>
        }))}
    }
}
