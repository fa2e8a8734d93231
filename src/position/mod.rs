//! The Position lab: sinusoidal positional encoding you can see and drag, and why PE(p)·PE(p+k)
//! depends only on k. Waves with a gliding cursor, the table as a heatmap beside a learned table,
//! the offset curves, the rotation behind them, "dog bit man" with and without positions, and what f32
//! would change. The scheme switch also offers the schemes that act inside attention: RoPE (one
//! pair turning, the score grid, context scaling, SmolLM2's first layer) and ALiBi. All numbers come
//! from `til_core::posenc` and `til_core::smollm2`; the views only lay them out.
mod alibi_panel;
mod animation;
mod context_scaling;
mod cursor_bar;
mod first_layer;
mod format;
mod journey;
mod keys;
pub mod link;
mod minilm;
mod offset;
mod order_comparison;
mod precision;
mod rope_pairs;
mod rope_scores;
mod rope_state;
mod rotation;
mod scheme;
mod settings;
mod spoken;
mod state;
mod tables;
mod waves;
mod word_order;

use leptos::prelude::*;

use crate::widgets::plot::media::palette_memo;
use alibi_panel::AlibiPanel;
use context_scaling::ContextScaling;
use cursor_bar::CursorBar;
use first_layer::FirstLayerPanel;
use minilm::LearnedPositions;
use offset::OffsetPanel;
use precision::PrecisionNote;
use rope_pairs::RopePairs;
use rope_scores::RopeScores;
use rope_state::RopeState;
use rotation::RotationPanel;
use scheme::SchemeChoice;
use settings::Settings;
use state::PositionState;
use tables::Tables;
use waves::Waves;
use word_order::WordOrder;

#[component]
pub fn PositionLab(
    /// Whether the lab is on show: the cursor glides only then.
    active: Signal<bool>,
) -> impl IntoView {
    let lab = PositionState::new();
    let theme = crate::theme::Theme::get();
    let reduced = theme.reduced_motion;
    let palette = palette_memo(theme.dark);
    animation::run(lab, active, reduced);
    link::restore(lab);
    keys::listen(lab, active);
    spoken::summarise_changes(lab);
    let rope = RopeState::new(lab);
    link::bind_rope(rope);
    // The additive schemes share one set of views: 0 for them, 1 for RoPE, 2 for ALiBi (a memo of
    // a type the page already has memos of costs the wasm less).
    let family = Memo::new(move |_| match lab.choice.get() {
        SchemeChoice::Sinusoidal | SchemeChoice::Learned => 0usize,
        SchemeChoice::Rope => 1,
        SchemeChoice::Alibi => 2,
    });
    view! {
        <section class="lab position-lab" aria-labelledby="position-heading">
            <h2 id="position-heading" data-testid="lab-title">"Position: where each token sits"</h2>
            <p class="lede">
                "Attention on its own sees a bag of vectors: “dog bit man” and “man bit dog” look the same. "
                "So before the first layer each token gets a position vector added. The sinusoidal one is a formula, "
                <code>"PE(pos, 2i) = sin(pos / base"<sup>"2i/d"</sup>")"</code>" and "
                <code>"PE(pos, 2i+1) = cos(pos / base"<sup>"2i/d"</sup>")"</code>
                ", and the dot product of two positions depends only on how far apart they are."
            </p>
            <Settings lab=lab/>
            // Rebuilt only when the family changes: switching between the additive schemes keeps
            // their views (and the timers and tasks those have on their way).
            {crate::dynamic::dynamic(move || match family.get() {
                1 => view! {
                    <RopePairs lab=lab rope=rope palette=palette/>
                    <RopeScores lab=lab rope=rope palette=palette/>
                    <ContextScaling lab=lab palette=palette/>
                    <FirstLayerPanel text=rope.sentence palette=palette/>
                }.into_any(),
                2 => view! { <AlibiPanel lab=lab palette=palette/> }.into_any(),
                _ => view! {
                    <CursorBar lab=lab reduced=reduced/>
                    <Waves lab=lab palette=palette/>
                    <Tables lab=lab palette=palette/>
                    <OffsetPanel lab=lab palette=palette/>
                    <LearnedPositions active=active palette=palette timer=lab.timer/>
                    <RotationPanel lab=lab palette=palette/>
                    <WordOrder lab=lab active=active/>
                    <PrecisionNote lab=lab/>
                }.into_any(),
            })}
        </section>
    }
}
