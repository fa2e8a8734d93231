//! What the live region says when a slider moves: one summary of the settings and PE(p)·PE(p+k),
//! read once the reader stops dragging (the gliding cursor is not read out).
//! Left out: the canvases' own text alternatives, which sit beside each plot.
use leptos::prelude::*;
use til_core::posenc::dot_at;

use super::format::show_position;
use super::state::PositionState;
use crate::widgets::live_region::LiveRegion;

/// Announces [`summary`] after each settled change of a slider (not on opening the lab).
pub fn summarise_changes(lab: PositionState) {
    let region = LiveRegion::get();
    Effect::new(move |opened: Option<()>| {
        lab.offset.track();
        lab.d.track();
        lab.base_exponent.track();
        lab.count.track();
        lab.train_len.track();
        lab.pair.track();
        // While the cursor glides, p changes every frame: only a paused p is news.
        let moved_by_hand = lab.position.with(|_| !lab.playing.get_untracked());
        if opened.is_some() && moved_by_hand {
            region.announce_settled(move || summary(lab));
        }
    });
}

/// "p = 12, k = 4: PE(p)·PE(p+k) = 13.2345; d_model 32, base 10000, 128 positions, training
/// length 64, rotation pair 1."
fn summary(lab: PositionState) -> String {
    untrack(|| {
        let (p, k) = (lab.position.get(), lab.offset.get());
        let dot = match lab.scheme.get() {
            Some(scheme) => {
                dot_at(&*scheme, p, k as f64).map_or_else(|e| e.to_string(), |v| format!("{v:.4}"))
            }
            None => lab.encoding.with(|e| match e {
                Err(e) => e.to_string(),
                Ok(_) => "no table".to_string(),
            }),
        };
        format!(
            "p = {}, k = {k}: {s}(p)·{s}(p+k) = {dot}; d_model {}, base {}, {} positions, training length {}, rotation pair {}.",
            show_position(p),
            lab.d.get(),
            lab.base(),
            lab.count.get(),
            lab.train_len.get(),
            lab.pair_index(),
            s = lab.choice.get().symbol()
        )
    })
}
