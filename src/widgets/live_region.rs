//! One polite live region for the whole page: what changed without a visible focus change (a BPE
//! step, a slider's effect) is written here and screen readers read it out when the reader pauses.
//! [`LiveRegion::announce`] says something now; [`LiveRegion::announce_settled`] waits until a burst
//! of changes (a slider drag) has settled, so the reader hears one summary instead of every frame.
//! Left out: assertive announcements (errors use `role="alert"` where they appear).
use std::time::Duration;

use leptos::prelude::*;

/// How long a burst of changes must pause before its summary is read.
const SETTLE: Duration = Duration::from_millis(500);

#[derive(Clone, Copy)]
pub struct LiveRegion {
    text: RwSignal<String>,
    /// Each settled announcement gets a number; only the latest one is spoken.
    pending: StoredValue<u32>,
}

impl LiveRegion {
    /// Makes the page's live region available to every component below.
    pub fn provide() -> LiveRegion {
        let region = LiveRegion {
            text: RwSignal::new(String::new()),
            pending: StoredValue::new(0),
        };
        provide_context(region);
        region
    }

    /// The page's live region, provided by `App`.
    pub fn get() -> LiveRegion {
        expect_context()
    }

    pub fn announce(&self, text: impl Into<String>) {
        self.pending.update_value(|n| *n += 1);
        self.text.set(text.into());
    }

    /// Announces `text()` once nothing else has been announced for [`SETTLE`].
    pub fn announce_settled(&self, text: impl Fn() -> String + 'static) {
        let region = *self;
        self.pending.update_value(|n| *n += 1);
        let mine = self.pending.get_value();
        set_timeout(
            move || {
                if region.pending.try_get_value() == Some(mine) {
                    region.text.set(text());
                }
            },
            SETTLE,
        );
    }
}

/// The region itself: visually hidden, present from the start so screen readers watch it.
#[component]
pub fn LiveRegionView(region: LiveRegion) -> impl IntoView {
    view! {
        <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"
            data-testid="live-region">{crate::dynamic::dynamic(move || region.text.get())}</div>
    }
}
