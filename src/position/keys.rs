//! The Position lab's keyboard shortcuts (listed in `crate::shortcuts`): p by 1 or 10 or to either
//! end, k by 1, and play/pause. Moving p from the keyboard pauses the glide, as dragging does.
//! Left out: d_model, base and the range, which their sliders handle when focused.
use leptos::prelude::*;

use super::state::{PositionState, MAX_OFFSET};
use crate::shortcuts::{self, Action, Scope};

pub fn listen(lab: PositionState, active: Signal<bool>) {
    shortcuts::listen(Scope::Position, active, move |action| {
        let last = (lab.count.get_untracked() - 1) as f64;
        let p = lab.position.get_untracked().round();
        let moved_to = match action {
            Action::PositionBy(by) => p + f64::from(by),
            Action::FirstPosition => 0.0,
            Action::LastPosition => last,
            Action::OffsetBy(by) => {
                let k = lab.offset.get_untracked() as i64 + i64::from(by);
                lab.timer.start();
                lab.offset.set(k.clamp(0, MAX_OFFSET as i64) as usize);
                return;
            }
            Action::PlayCursor => return lab.playing.update(|p| *p = !*p),
            _ => return,
        };
        lab.timer.start();
        lab.playing.set(false);
        lab.set_position(moved_to);
    });
}
