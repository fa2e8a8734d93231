//! Reactive parts of views through one closure type. Leptos renders a `move || …` child with a
//! copy of its reactive machinery per closure, about 0.7 KB of wasm each, so the page's reactive
//! children are boxed into one kind (the wasm budget is 600 KB gzip). Leaves out: attributes.
use std::sync::Arc;

use leptos::prelude::*;

/// A child that `f` rebuilds whenever a signal it read changes.
pub fn dynamic<V: IntoAny>(f: impl Fn() -> V + Send + Sync + 'static) -> impl IntoView {
    boxed(Arc::new(move || f().into_any()))
}

fn boxed(f: Arc<dyn Fn() -> AnyView + Send + Sync>) -> impl IntoView {
    move || f()
}
