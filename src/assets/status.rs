//! One asset's loading state as a line of text: a progress bar while it downloads (against the size
//! the core computes for the asset, when known), what it cost once in, or the failure with the
//! core's sentence and a Retry button. Leaves out: cancelling (a download is short or wanted).
use leptos::prelude::*;

use super::{Asset, Load, Timing};

/// Where an asset's loading stands, without the asset: all a status line needs.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    Idle,
    Loading(usize),
    Ready(Timing),
    Failed(String),
}

fn stage<T>(load: &Load<T>) -> Stage {
    match load {
        Load::Idle => Stage::Idle,
        Load::Loading(received) => Stage::Loading(*received),
        Load::Ready(_, timing) => Stage::Ready(*timing),
        Load::Failed(why) => Stage::Failed(why.clone()),
    }
}

#[component]
pub fn AssetStatus<T: Send + Sync + 'static>(
    asset: Asset<T>,
    /// What is loading, for the text: "the token table (tokens.bin)".
    what: &'static str,
    /// The asset's size in bytes, for the bar; 0 when unknown.
    total: u64,
    /// `data-testid` of the line; the failure adds `-error`.
    testid: &'static str,
) -> impl IntoView {
    // Only this line depends on the asset's type: the line's view is built once for all of them.
    let stage = Signal::derive(move || asset.state.with(stage));
    let retry = Callback::new(move |()| asset.retry());
    view! { <StageLine stage=stage what=what total=total testid=testid retry=retry/> }
}

#[component]
fn StageLine(
    stage: Signal<Stage>,
    what: &'static str,
    total: u64,
    testid: &'static str,
    retry: Callback<()>,
) -> impl IntoView {
    let mb = |bytes: f64| bytes / 1e6;
    move || {
        match stage.get() {
        Stage::Idle => ().into_any(),
        Stage::Loading(received) => view! {
            <div class="progress minilm-progress" data-testid=testid role="status">
                {(total > 0).then(|| view! {
                    <progress max=total as f64 value=received as f64 aria-label=format!("Loading {what}")></progress>
                })}
                <span>{if total > 0 {
                    format!("Loading {what}: {:.1} of {:.1} MB", mb(received as f64), mb(total as f64))
                } else {
                    format!("Loading {what}: {:.2} MB", mb(received as f64))
                }}</span>
            </div>
        }
        .into_any(),
        Stage::Ready(timing) => view! {
            <p class="muted" data-testid=testid>
                {format!("{what}: {:.2} MB fetched in {:.0} ms, checked and decoded in {:.0} ms.",
                    mb(timing.bytes as f64), timing.fetch_ms, timing.build_ms)}
            </p>
        }
        .into_any(),
        Stage::Failed(error) => view! {
            <p class="error" role="alert" data-testid=format!("{testid}-error")>
                {format!("Could not load {what}: {error}. The rest of the page still works.")}
                " "<button type="button" class="quiet" data-testid=format!("{testid}-retry")
                    on:click=move |_| retry.run(())>"Retry"</button>
            </p>
        }
        .into_any(),
    }
    }
}
