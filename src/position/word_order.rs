//! "dog bit man" vs "man bit dog" with the Embed lab's GloVe 50-d vectors: without positions the two
//! sentences are one bag of rows and plain self-attention gives each word the same output in both;
//! with PE(p) added each word's output moves. `til_core::posenc::compare_orders` does the sums; this
//! panel loads the vectors (the first time the lab is shown), looks the words up and lays out the
//! result. Left out: learned attention weights (the core's attention has none, on purpose).

use leptos::prelude::*;

use super::format::short;
use super::order_comparison::{compare, Outcome};
use super::state::PositionState;
use crate::assets::glove;
use crate::assets::Load;

#[component]
pub fn WordOrder(lab: PositionState, active: Signal<bool>) -> impl IntoView {
    // The same table the Embed lab uses: fetched and decoded once for the whole page.
    let glove = glove::vectors();
    crate::effect::effect(move || {
        if active.get() {
            glove.want();
        }
    });
    let first = RwSignal::new("dog bit man".to_string());
    let second = RwSignal::new("man bit dog".to_string());
    super::link::bind_order(first, second);
    super::journey::follow(lab, first, second);
    let outcome = move || -> Option<Result<Outcome, String>> {
        let Load::Ready(table, _) = glove.state.get() else {
            return None;
        };
        Some(compare(&table, &first.get(), &second.get(), lab.base()))
    };
    view! {
        <section class="panel pe-order" aria-labelledby="pe-order-heading">
            <h3 id="pe-order-heading">"Word order: “dog bit man” vs “man bit dog”"</h3>
            <div class="pe-order-inputs">
                <label>"First " <input type="text" data-testid="pe-order-first" prop:value=move || first.get()
                    on:input=move |ev| first.set(event_target_value(&ev))/></label>
                <label>"Second " <input type="text" data-testid="pe-order-second" prop:value=move || second.get()
                    on:input=move |ev| second.set(event_target_value(&ev))/></label>
            </div>
            {crate::dynamic::dynamic(move || match glove.state.get() {
                Load::Idle | Load::Loading(_) => view! { <p class="muted" data-testid="pe-order-status">"Loading GloVe vectors…"</p> }.into_any(),
                Load::Failed(error) => view! { <p class="error" data-testid="pe-order-status">{error}</p> }.into_any(),
                Load::Ready(..) => match outcome() {
                    Some(Ok(outcome)) => show(outcome).into_any(),
                    Some(Err(error)) => view! { <p class="error" role="status" data-testid="pe-order-error">{error}</p> }.into_any(),
                    None => ().into_any(),
                },
            })}
        </section>
    }
}

fn show(outcome: Outcome) -> impl IntoView {
    let Outcome {
        first,
        second,
        d,
        comparison: c,
    } = outcome;
    let largest = |gaps: &[f64]| gaps.iter().copied().fold(0.0, f64::max);
    view! {
        <p class="muted">"Each word: the length of its row of W (GloVe, 50 values), its slot in the first and in the second sentence, and how far (L2) plain self-attention's output for it moves between the two orders, without and with positions."</p>
        <div class="pe-scroll"><table class="pe-order-table">
            <thead><tr>
                <th scope="col">"word"</th><th scope="col" class="num pe-roomy">"|row|"</th><th scope="col">"slots"</th>
                <th scope="col" class="num">"no PE"</th><th scope="col" class="num">"with PE"</th>
            </tr></thead>
            <tbody>
                {first.iter().enumerate().map(|(i, word)| view! {
                    <tr data-testid="pe-order-row">
                        <td><code>{word.clone()}</code></td>
                        <td class="num pe-roomy">{format!("{:.2}", c.row_lengths[i])}</td>
                        <td>{format!("{i} → {}", c.pairing[i])}</td>
                        <td class="num">{format!("{:.1e}", c.word_gaps_without[i])}</td>
                        <td class="num">{format!("{:.4}", c.word_gaps_with[i])}</td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table></div>
        <p data-testid="pe-order-without">
            <strong>"Without positions: "</strong>
            {format!("the same multiset of {} rows. Attention treats them as a set, so every word gets the same output in both orders (largest difference {:.1e}, rounding) and the mean of the outputs is the same too (differs by {:.1e}).",
                first.len(), largest(&c.word_gaps_without), c.pooled_gap_without)}
        </p>
        <p data-testid="pe-order-with">
            <strong>{format!("With PE(p) added (d = {d}): ")}</strong>
            {format!("“{}” and “{}” are different inputs now: the outputs move by up to {}, and their mean differs by {}.",
                first.join(" "), second.join(" "), short(largest(&c.word_gaps_with)), short(c.pooled_gap_with))}
        </p>
        <p class="muted">
            {format!("Adding alone is not the point: the plain sum of the inputs is still the same for both orders (differs by {:.1e}), since both get PE(0) + PE(1) + … in total. What changes is which word sits with which position, and attention's dot products see that.",
                c.summed_gap_with)}
        </p>
    }
}
