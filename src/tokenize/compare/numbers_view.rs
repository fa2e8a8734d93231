//! "How numbers split": 0–999 and the years 1900–2100 under each compared tokenizer, as a grid
//! of cells shaded by how many tokens each number takes, each cell titled with its split
//! (`til_core::compare::numbers`). Leaves out: numbers inside text (a leading space changes them).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::compare::numbers::{self, SMALL};

use super::counting;
use super::side::Side;
use crate::download::DownloadButton;

#[component]
pub fn NumbersGrid(
    /// The columns on show: a grid each.
    #[prop(into)]
    sides: Signal<Vec<Side>>,
) -> impl IntoView {
    let texts = Arc::new(numbers::texts());
    let grids = move || {
        sides
            .get()
            .into_iter()
            .map(|side| view! { <SideNumbers side=side texts=texts.clone()/> })
            .collect_view()
    };
    view! {
        <div class="numbers" data-testid="numbers">
            <h4>"How numbers split"</h4>
            <p class="muted">"Each number written alone, under each column's tokenizer; darker cells take more \
                tokens. Hover a cell for its split."</p>
            <div class="numbers-sides">{grids}</div>
        </div>
    }
}

/// One tokenizer's grids, counted once it is ready.
#[component]
fn SideNumbers(side: Side, texts: Arc<Vec<String>>) -> impl IntoView {
    let counted = RwSignal::new(None::<Result<Vec<Vec<u32>>, String>>);
    let (state, for_texts) = (side.state, texts.clone());
    crate::effect::effect(move || {
        let (state, texts) = (state.get(), for_texts.clone());
        leptos::task::spawn_local(async move {
            let answer = counting::lengths(state, texts).await;
            let _ = counted.try_set(answer);
        });
    });
    let body = move || match counted.get() {
        None => view! { <p class="muted">"Waiting for the tokenizer…"</p> }.into_any(),
        Some(Err(why)) => view! { <p class="error">{why}</p> }.into_any(),
        Some(Ok(lengths)) => {
            let small = SMALL.count().min(lengths.len());
            let (first, years) = lengths.split_at(small);
            let (all, every, slug) = (texts.clone(), lengths.clone(), side.slug);
            let csv = move || Some(numbers::csv(&all, &every));
            view! {
                <Grid label="0 to 999" testid="numbers-small" texts=texts.clone() from=0 lengths=first.to_vec()/>
                <Grid label="1900 to 2100" testid="numbers-years" texts=texts.clone() from=small lengths=years.to_vec()/>
                <DownloadButton name=format!("numbers-{slug}.csv") mime="text/csv" testid="numbers-csv"
                    contents=Box::new(csv)/>
            }
            .into_any()
        }
    };
    view! {
        <div class="numbers-side" data-testid=format!("numbers-{}", side.slug)>
            <h5>{side.title}</h5>
            {body}
        </div>
    }
}

/// One block of numbers: a line of how many take 1, 2, 3 tokens, then a cell each. The cells are
/// written as markup (numbers and `·` only, nothing to escape): 1,201 of them as views would cost
/// the page's wasm and the first paint far more.
#[component]
fn Grid(
    label: &'static str,
    testid: &'static str,
    texts: Arc<Vec<String>>,
    /// Where this block's numbers start in `texts`.
    from: usize,
    lengths: Vec<Vec<u32>>,
) -> impl IntoView {
    let summary = numbers::by_count(&lengths)
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{n} in {} token{}", k + 1, if k == 0 { "" } else { "s" }))
        .collect::<Vec<_>>()
        .join(" · ");
    let cells: String = lengths
        .iter()
        .enumerate()
        .map(|(i, one)| {
            let text = &texts[from + i];
            format!(
                r#"<span class="n-cell t{}" data-count="{}" title="{text} → {}"></span>"#,
                one.len().clamp(1, 4),
                one.len(),
                numbers::split(text, one)
            )
        })
        .collect();
    view! {
        <p><strong>{label}</strong>": "<span data-testid=format!("{testid}-summary")>{summary}</span></p>
        <div class="n-grid" data-testid=testid role="img" aria-label=format!("{label}: how many tokens each number takes")
            inner_html=cells></div>
    }
}
