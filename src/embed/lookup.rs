//! Seed 000's embedding layer on real vectors: a word is a token id, the id picks a row of W, and
//! `one_hot × W` gives the same row at the cost of a full matrix product; then a batch of sentences
//! through `TransformerEmbeddings.forward`, shape by shape, with the context-window guard.
//! Leaves out: position vectors' values (the Position lab shows those) and padding of ragged batches.
use leptos::prelude::*;
use til_core::embed::lookup::Batch;

use super::state::EmbedState;
use crate::browser::now_ms;
use crate::journey::CarryButton;
use crate::lab::Lab;
use crate::widgets::shape_steps::ShapeSteps;

/// Values of the row shown before "… more".
const SHOWN_VALUES: usize = 8;

#[derive(Clone, Debug, PartialEq)]
struct RowLookup {
    word: String,
    id: u32,
    rows: usize,
    dims: usize,
    row: Vec<f32>,
    /// The product `one_hot(id) × W` equals the row, value for value.
    product_equal: bool,
    lookup_ms: f64,
    product_ms: f64,
}

#[component]
pub fn LookupPanel(lab: EmbedState) -> impl IntoView {
    let lookup = Memo::new(move |_| {
        let table = lab.table()?;
        let id = lab.query.with(|q| table.lookup(q, table.rows())).ok()?;
        let started = now_ms();
        let row = table.raw_row(id).to_vec();
        let looked_up = now_ms();
        let product = table.one_hot_product(id);
        let done = now_ms();
        Some(RowLookup {
            word: table.word(id).to_string(),
            id,
            rows: table.rows(),
            dims: table.dims(),
            product_equal: product == row,
            row,
            lookup_ms: looked_up - started,
            product_ms: done - looked_up,
        })
    });
    view! {
        <section class="panel" aria-labelledby="embed-lookup-heading">
            <h3 id="embed-lookup-heading">"An embedding is a lookup table"</h3>
            <p>"The tokenizer turns text into ids; " <code>"nn.Embedding"</code> " holds a matrix W of shape (vocabulary × d) and replaces each id by its row. Mathematically that is a one-hot vector times W; in practice it is a row lookup, with no large sparse one-hot tensor built."</p>
            {crate::dynamic::dynamic(move || lookup.get().map(|l| view! { <RowView lookup=l/> }))}
            <BatchShapes lab=lab/>
        </section>
    }
}

#[component]
fn RowView(lookup: RowLookup) -> impl IntoView {
    let shown: Vec<String> = lookup
        .row
        .iter()
        .take(SHOWN_VALUES)
        .map(|v| format!("{v:.3}"))
        .collect();
    let more = lookup.dims.saturating_sub(SHOWN_VALUES);
    view! {
        <ol class="lookup-steps" data-testid="embed-lookup">
            <li>"word " <strong>{format!("\"{}\"", lookup.word)}</strong> " → token id " <strong data-testid="embed-lookup-id">{lookup.id}</strong>
                " (its rank in GloVe's frequency order)"</li>
            <li>"id " {lookup.id} {format!(" → row {} of W, shape ({} × {}):", lookup.id, lookup.rows, lookup.dims)}
                <code class="vector" data-testid="embed-lookup-row">{format!("[{}, … {more} more]", shown.join(", "))}</code></li>
            <li data-testid="embed-onehot">
                {format!("one_hot({}) × W, computed as the full product over all {} rows, {} the row ({:.3} ms against {:.3} ms for the lookup).",
                    lookup.id, lookup.rows, if lookup.product_equal { "equals" } else { "differs from" }, lookup.product_ms, lookup.lookup_ms)}
            </li>
        </ol>
    }
}

/// A batch of sentences through token and position embeddings, with the seed's guard.
#[component]
fn BatchShapes(lab: EmbedState) -> impl IntoView {
    let text = lab.batch;
    let max_positions = RwSignal::new(8usize);
    let batch = Memo::new(move |_| {
        let table = lab.table()?;
        let text = text.get();
        let sentences: Vec<&str> = text.lines().collect();
        Some(Batch::new(
            &table,
            &sentences,
            table.rows(),
            max_positions.get(),
        ))
    });
    view! {
        <h4>"A batch, shape by shape"</h4>
        <p class="muted">"One sentence per line, all the same length (a tensor is rectangular). Positions 0 … T − 1 have their own table W_p with max_seq_len rows; its (1, T, d) rows are added to every sequence of the batch by broadcasting, so the result keeps the shape (batch, T, d)."</p>
        <div class="row">
            <textarea rows="3" data-testid="embed-batch" aria-label="Sentences of the batch, one per line" spellcheck="false" autocomplete="off"
                prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev))></textarea>
        </div>
        <CarryButton text=Signal::derive(move || text.with(|t| t.lines().next().unwrap_or_default().to_string()))
            to=Lab::Position label="Add positions to these words in Position →" testid="carry-to-position"/>
        <div class="row">
            <label>"max_seq_len "
                <input type="number" min="1" max="512" data-testid="embed-max-positions" prop:value=move || max_positions.get().to_string()
                    on:input=move |ev| { if let Ok(n) = event_target_value(&ev).trim().parse::<usize>() { max_positions.set(n.clamp(1, 512)) } }/>
            </label>
        </div>
        {crate::dynamic::dynamic(move || match batch.get() {
            None => view! { <p class="muted">"Loading the vectors…"</p> }.into_any(),
            Some(Err(error)) => view! { <p class="error" role="alert" data-testid="embed-shape-error">{format!("ValueError: {error}")}</p> }.into_any(),
            Some(Ok(batch)) => view! {
                <ShapeSteps steps=batch.shapes() testid="embed-shapes"/>
                <p class="muted" data-testid="embed-batch-ids">{format!("input_ids = {:?}", batch.ids)}</p>
            }.into_any(),
        })}
    }
}
