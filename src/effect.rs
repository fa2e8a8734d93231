//! The page's one kind of effect. Leptos builds an effect's machinery once per closure type, about
//! 1.2 KB of wasm each, so the page's effects all run a boxed closure through this single one (the
//! wasm budget is 600 KB gzip). Leaves out: effects that read their previous value, which keep
//! `Effect::new`.
use leptos::prelude::*;

/// Runs `f` now and again whenever a signal it read changes, for as long as its owner lives.
pub fn effect(f: impl Fn() + 'static) {
    boxed(Box::new(f));
}

fn boxed(f: Box<dyn Fn()>) {
    Effect::new(move |_| f());
}
