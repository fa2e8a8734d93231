//! What float32 would do to these numbers: the page computes in f64 (the CPU reference), the GPU path
//! in f32. A small table gives the measured max |f32 − f64| over the dimensions at the cursor and at
//! long-context positions, next to the core's bound. The numbers model an f32 kernel in the core
//! (`f32_deviation`); the WebGPU kernel's own tolerance is checked by the speed check and the parity
//! tests. Left out: running the GPU here (this note is about what precision costs, not where).
use leptos::prelude::*;
use til_core::posenc::{f32_deviation, f32_deviation_bound};

use super::format::show_position;
use super::state::PositionState;

/// Positions a long context reaches, beyond anything the plots show.
const FAR: [f64; 4] = [1024.0, 10_000.0, 100_000.0, 1_000_000.0];

#[component]
pub fn PrecisionNote(lab: PositionState) -> impl IntoView {
    let rows = move || {
        let p = lab.position.get();
        lab.encoding.with(|e| {
            let Ok(e) = e.as_ref() else { return Vec::new() };
            std::iter::once(p)
                .chain(FAR)
                .filter_map(|pos| {
                    Some((pos, f32_deviation(e, pos).ok()?, f32_deviation_bound(pos)))
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="panel pe-precision" aria-labelledby="pe-precision-heading">
            <h3 id="pe-precision-heading">"Precision: f64 here, f32 on a GPU"</h3>
            <p class="lede">
                "Every number on this page is computed in f64 and equals the formula to 1e-6 or better. "
                "In f32 the angle pos / base"<sup>"2i/d"</sup>" keeps only 24 significant bits, so its error grows with the position: "
                "past position 20 or so the fastest dimensions are already off by more than 1e-6."
            </p>
            <table data-testid="pe-f32">
                <caption class="muted">"Largest |f32 − f64| over the dimensions of PE(position), with the current d and base"</caption>
                <thead><tr><th scope="col">"position"</th><th scope="col" class="num">"measured"</th><th scope="col" class="num">"bound"</th></tr></thead>
                <tbody>
                    {crate::dynamic::dynamic(move || rows().into_iter().enumerate().map(|(n, (pos, measured, bound))| view! {
                        <tr>
                            <td>{if n == 0 { format!("p = {}", show_position(pos)) } else { format!("{pos:.0}") }}</td>
                            <td class="num">{format!("{measured:.1e}")}</td>
                            <td class="num">{format!("{bound:.1e}")}</td>
                        </tr>
                    }).collect_view())}
                </tbody>
            </table>
        </section>
    }
}
