//! A forward pass's shapes, step by step, as the seed labels them: each PyTorch expression, its
//! shape in brackets and a note. Shared by the GloVe batch and MiniLM's pipeline; the steps come
//! from the core (`embed::lookup::Batch::shapes`, `minilm::shapes::shapes`).
use leptos::prelude::*;
use til_core::embed::lookup::ShapeStep;

/// `(1, 7, 384)`.
pub fn shape_text(shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    format!("({})", dims.join(", "))
}

#[component]
pub fn ShapeSteps(steps: Vec<ShapeStep>, testid: &'static str) -> impl IntoView {
    view! {
        <ol class="shape-steps" data-testid=testid>
            {steps.into_iter().map(|step| view! {
                <li data-testid="shape-step">
                    <code>{step.expression}</code>" "
                    <strong><code>{shape_text(&step.shape)}</code></strong>
                    <br/><span class="muted">{step.note}</span>
                </li>
            }).collect_view()}
        </ol>
    }
}
