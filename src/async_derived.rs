//! A value worked out asynchronously from reactive inputs (a worker's answer, a GPU kernel's): the
//! page's one way of following a signal with an `await` in between.
use std::rc::Rc;

use leptos::prelude::*;
use leptos::task::spawn_local;

/// Whenever what `inputs` reads changes, `job` runs with the new inputs and its result replaces the
/// value. A run that finishes after a newer one started is dropped, so fast typing never ends on an
/// older answer; until the first run finishes, and while `inputs` gives None, the value is None.
pub fn async_derived<I: 'static, T: Clone + PartialEq + Send + Sync + 'static>(
    inputs: impl Fn() -> Option<I> + 'static,
    job: impl AsyncFn(I) -> T + 'static,
) -> Memo<Option<T>> {
    let value = RwSignal::new(None);
    let latest = StoredValue::new(0u64);
    let job = Rc::new(job);
    crate::effect::effect(move || {
        let run = latest.get_value() + 1;
        latest.set_value(run);
        let Some(input) = inputs() else {
            value.set(None);
            return;
        };
        let job = job.clone();
        spawn_local(async move {
            let result = job(input).await;
            // The view that asked may be gone by now (a scheme switch rebuilt it).
            if latest.try_get_value() == Some(run) {
                let _ = value.try_set(Some(result));
            }
        });
    });
    Memo::new(move |_| value.get())
}
