//! How long the page takes to redraw after a slider moves, measured in the page with `now_ms`.
//!
//! A slider's input handler calls [`RedrawTimer::start`]. Leptos applies the change in microtasks
//! (memos, text, and every canvas whose draw reads a changed signal), so a message posted to ourselves
//! runs only after all of that: the time from the handler to that message is the redraw's cost.
//! It holds the wasm and canvas calls and, since Chrome dispatches drag input at the start of a frame
//! and renders that frame before taking the next task, usually the style, layout, paint and commit of
//! the frame as well: an upper bound on one frame's work. Left out: timing the animation's frames,
//! which move only the cursor.
use std::collections::VecDeque;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::browser::{now_ms, yield_to_event_loop};

/// How many recent redraws "slowest" looks back over: about one drag.
const WINDOW: usize = 60;

#[derive(Clone, Copy)]
pub struct RedrawTimer {
    /// The last redraw's duration in milliseconds; None before the first input.
    pub last_ms: RwSignal<Option<f64>>,
    /// The slowest of the last [`WINDOW`] redraws.
    pub slowest_ms: RwSignal<f64>,
    recent: StoredValue<VecDeque<f64>>,
}

impl RedrawTimer {
    pub fn new() -> RedrawTimer {
        RedrawTimer {
            last_ms: RwSignal::new(None),
            slowest_ms: RwSignal::new(0.0),
            recent: StoredValue::new(VecDeque::with_capacity(WINDOW)),
        }
    }

    /// Call first in an input handler, before changing any signal.
    pub fn start(self) {
        let started = now_ms();
        spawn_local(async move {
            yield_to_event_loop().await;
            self.record(now_ms() - started);
        });
    }

    fn record(self, ms: f64) {
        self.recent.update_value(|recent| {
            if recent.len() == WINDOW {
                recent.pop_front();
            }
            recent.push_back(ms);
        });
        let slowest = self
            .recent
            .with_value(|r| r.iter().copied().fold(0.0, f64::max));
        self.last_ms.set(Some(ms));
        self.slowest_ms.set(slowest);
    }
}
