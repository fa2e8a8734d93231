//! The gliding cursor: while playing, each animation frame moves the position on by the time since
//! the last frame, so the cursor sweeps across the waves at an even speed whatever the frame rate.
//! It runs only while the lab is on show, and stops when the reader's system asks for reduced motion
//! (Play still starts it on request). Left out: easing, and animating anything but the cursor.
use leptos::prelude::*;

use super::state::PositionState;
use crate::browser::now_ms;

/// Positions per second.
const SPEED: f64 = 6.0;
/// A frame late by more than this (a background tab, a breakpoint) moves the cursor only this far.
const MAX_STEP_S: f64 = 0.1;

/// Starts the loop's bookkeeping: plays from the start unless reduced motion is asked for.
pub fn run(lab: PositionState, active: Signal<bool>, reduced: Signal<bool>) {
    lab.playing.set(!reduced.get_untracked());
    crate::effect::effect(move || {
        if reduced.get() {
            lab.playing.set(false);
        }
    });
    // Each start gets a new generation, so a quick pause-and-play never leaves two loops running.
    let generation = StoredValue::new(0u32);
    crate::effect::effect(move || {
        if active.get() && lab.playing.get() {
            generation.update_value(|g| *g += 1);
            frame(lab, active, generation, generation.get_value(), None);
        }
    });
}

fn frame(
    lab: PositionState,
    active: Signal<bool>,
    generation: StoredValue<u32>,
    mine: u32,
    last: Option<f64>,
) {
    request_animation_frame(move || {
        let running = lab.playing.try_get_untracked().unwrap_or(false)
            && active.try_get_untracked().unwrap_or(false)
            && generation.try_get_value() == Some(mine);
        if !running {
            return;
        }
        let now = now_ms();
        if let Some(last) = last {
            let seconds = ((now - last) / 1000.0).clamp(0.0, MAX_STEP_S);
            advance(lab, seconds * SPEED);
        }
        frame(lab, active, generation, mine, Some(now));
    });
}

/// Moves the cursor on, wrapping from the last shown position back to 0.
fn advance(lab: PositionState, by: f64) {
    let span = (lab.count.get_untracked() - 1) as f64;
    let next = lab.position.get_untracked() + by;
    lab.position.set(if next > span { 0.0 } else { next });
}
