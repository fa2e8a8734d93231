//! The analogy form: X − Y + Z with the seed's four analogies as presets, the switch that lets the
//! inputs answer (and king win), the method (3CosAdd or 3CosMul), and for every candidate its score
//! and its cosine to X, Y and Z. Leaves out: restricting the vocabulary (all 50,000 rows compete;
//! the benchmark panel uses the first 30,000).
use leptos::prelude::*;
use til_core::embed::{Analogy, Candidate, EmbedError, Method};

use super::state::{EmbedState, PRESETS};
use crate::browser::now_ms;
use crate::compute::{Compute, Kernel};

/// Candidates listed.
const ANSWERS: usize = 10;

#[derive(Clone, Debug, PartialEq)]
struct Row {
    word: String,
    candidate: Candidate,
    /// Whether this candidate is X, Y or Z itself (possible with the inputs included).
    is_input: bool,
}

#[derive(Clone, Debug, PartialEq)]
struct Solved {
    /// X, Y and Z as the table spells them.
    inputs: [String; 3],
    rows: Vec<Row>,
    millis: f64,
}

#[component]
pub fn AnalogyPanel(lab: EmbedState) -> impl IntoView {
    let compute = Compute::expect();
    let inputs = move || {
        Some((
            lab.table()?,
            lab.analogy.get(),
            lab.method.get(),
            !lab.exclude_inputs.get(),
        ))
    };
    let solved = compute.derived(inputs, async |compute, (table, words, method, include)| {
        // The words are looked up here (as `analogy::of_words` does); the scoring runs on the backend.
        let rows = table.rows();
        let question = Analogy {
            x: table.lookup(&words[0], rows)?,
            y: table.lookup(&words[1], rows)?,
            z: table.lookup(&words[2], rows)?,
        };
        let started = now_ms();
        let vectors = compute.vectors(&table);
        let candidates = compute
            .run(Kernel::ANALOGY, async |b| {
                b.analogy(&vectors, question, method, ANSWERS, include, rows)
                    .await
            })
            .await
            // Only a request both backends refuse fails here (never with these arguments).
            .map_err(|_| EmbedError::Empty("the analogy failed"))?;
        let millis = now_ms() - started;
        let inputs = [question.x, question.y, question.z];
        Ok(Solved {
            inputs: inputs.map(|id| table.word(id).to_string()),
            rows: candidates
                .into_iter()
                .map(|candidate| Row {
                    word: table.word(candidate.id).to_string(),
                    is_input: inputs.contains(&candidate.id),
                    candidate,
                })
                .collect(),
            millis,
        })
    });
    let word_input = move |slot: usize, testid: &'static str, label: &'static str| {
        view! {
            <input type="text" data-testid=testid aria-label=label spellcheck="false" autocomplete="off" list="embed-completions"
                prop:value=move || lab.analogy.with(|a| a[slot].clone())
                on:input=move |ev| lab.analogy.update(|a| a[slot] = event_target_value(&ev))/>
        }
    };
    view! {
        <section class="panel" aria-labelledby="embed-analogy-heading">
            <h3 id="embed-analogy-heading">"Analogies: X − Y + Z"</h3>
            <p class="muted">"Subtract the direction of Y, add the direction of Z, and look for the nearest word. The nearest vector to king − man + woman is usually king itself: the arithmetic only nudges the point. Benchmarks therefore leave the three inputs out; untick the box to see what they hide."</p>
            <div class="row" role="group" aria-label="Seed analogies">
                {PRESETS.map(|preset| view! {
                    <button type="button" class="chip-button" data-testid="analogy-preset"
                        on:click=move |_| lab.analogy.set(preset.map(String::from))>
                        {format!("{} − {} + {}", preset[0], preset[1], preset[2])}
                    </button>
                }).collect_view()}
            </div>
            <div class="row analogy-form">
                {word_input(0, "analogy-x", "X")} <span aria-hidden="true">"−"</span>
                {word_input(1, "analogy-y", "Y")} <span aria-hidden="true">"+"</span>
                {word_input(2, "analogy-z", "Z")}
            </div>
            <div class="row">
                <label>
                    <input type="checkbox" data-testid="analogy-exclude" prop:checked=move || lab.exclude_inputs.get()
                        on:change=move |ev| lab.exclude_inputs.set(event_target_checked(&ev))/>
                    " leave X, Y and Z out of the answers"
                </label>
                <label>"Method "
                    <select data-testid="analogy-method" prop:value=move || lab.method.get().name()
                        on:change=move |ev| { if let Ok(m) = event_target_value(&ev).parse::<Method>() { lab.method.set(m) } }>
                        {Method::ALL.map(|m| view! { <option value=m.name()>{m.label()}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <p class="muted">{crate::dynamic::dynamic(move || match lab.method.get() {
                Method::Add => "3CosAdd: the cosine of each word with unit(X̂ − Ŷ + Ẑ).",
                Method::Mul => "3CosMul (Levy & Goldberg 2014): cos′(w, X) · cos′(w, Z) / (cos′(w, Y) + 0.000001), with cos′ = (1 + cos) / 2, so one large similarity cannot drown the others.",
            })}</p>
            {crate::dynamic::dynamic(move || match solved.get() {
                None => view! { <p class="muted">"Loading the vectors…"</p> }.into_any(),
                Some(Err(error)) => view! { <Problem error=error/> }.into_any(),
                Some(Ok(solved)) => view! { <Answers solved=solved/> }.into_any(),
            })}
        </section>
    }
}

#[component]
fn Problem(error: EmbedError) -> impl IntoView {
    view! { <p class="error" role="alert" data-testid="analogy-error">{error.to_string()}</p> }
}

#[component]
fn Answers(solved: Solved) -> impl IntoView {
    let [x, y, z] = solved.inputs.clone();
    view! {
        <p class="muted" data-testid="analogy-time">
            {format!("Scored all 50,000 rows in {:.2} ms. Each answer's cosine with X, Y and Z shows where its score comes from; rows in italics are the inputs themselves.", solved.millis)}
        </p>
        <div class="table-scroll">
            <table data-testid="analogy-result">
                <thead><tr>
                    <th>"answer and score"</th>
                    <th class="num">{format!("cos · {x}")}</th>
                    <th class="num">{format!("cos · {y}")}</th>
                    <th class="num">{format!("cos · {z}")}</th>
                </tr></thead>
                <tbody>
                    {solved.rows.into_iter().enumerate().map(|(rank, row)| {
                        let c = row.candidate;
                        view! {
                            <tr class:winner=rank == 0 class:input=row.is_input title=row.is_input.then_some("one of X, Y, Z")>
                                <td data-testid="analogy-candidate">{format!("{} {:.4}", row.word, c.score)}</td>
                                <td class="num">{format!("{:.4}", c.cos_x)}</td>
                                <td class="num">{format!("{:.4}", c.cos_y)}</td>
                                <td class="num">{format!("{:.4}", c.cos_z)}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}
