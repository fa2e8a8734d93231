//! "The token tax": article 1 of the Universal Declaration of Human Rights in 45 languages under
//! every column on show, and the reader's own text beside it: tokens, tokens per character, and
//! each language's count over English's, as a chart and a table sortable by any column
//! (`til_core::compare::token_tax`); "every column" is every tokenizer when the reader ticks "Count
//! every tokenizer" (compare.rs). The texts (16 KB) load when the reader asks. Leaves out:
//! meaning (a translation can be longer or shorter than English for reasons of its own).
use std::sync::Arc;

use leptos::prelude::*;
use plotters::prelude::*;
use til_core::compare::token_tax::{self, Language};

use super::counting;
use super::side::{Side, SideState};
use crate::assets::status::AssetStatus;
use crate::assets::urls;
use crate::download::DownloadButton;
use crate::widgets::plot::canvas::{Plot, PlotCanvas};
use crate::widgets::plot::chart::{self, Axes};
use crate::widgets::plot::media::{palette_memo, Palette};
use til_channel::markup::escaped;

/// One column's counts: article 1 in each language, then the reader's text.
type Counts = Result<Vec<usize>, String>;

#[component]
pub fn TokenTax(
    #[prop(into)] sides: Signal<Vec<Side>>,
    /// The compared text: the table's last row.
    #[prop(into)]
    text: Signal<Arc<str>>,
) -> impl IntoView {
    // Loaded as text, as the page's other texts are; checked and read here.
    let file = crate::assets::text(urls::UDHR);
    let languages = Signal::derive(move || {
        file.ready().map(|t| {
            token_tax::parse(&t)
                .map(Arc::new)
                .map_err(|e| e.to_string())
        })
    });
    // The languages are counted when the columns or their tokenizers change; the reader's text,
    // also as it is typed. Each effect reads every side's state, so a tokenizer still loading is
    // counted once it is ready.
    let (by_language, by_reader) = (RwSignal::new(Vec::new()), RwSignal::new(Vec::new()));
    let states = move || {
        sides.with(|all| {
            all.iter()
                .map(|s| (s.title, s.state.get()))
                .collect::<Vec<_>>()
        })
    };
    crate::effect::effect(move || {
        if let Some(Ok(all)) = languages.get() {
            let texts = all.iter().map(|l| l.text.clone()).collect();
            count_into(by_language, states(), Arc::new(texts));
        }
    });
    crate::effect::effect(move || {
        if let Some(Ok(_)) = languages.get() {
            count_into(by_reader, states(), Arc::new(vec![text.get().to_string()]));
        }
    });
    // 0: the asset's order; k: by column k's tax, highest first.
    let sort = RwSignal::new(0usize);
    let palette = palette_memo(crate::theme::Theme::get().dark);
    let body = move || {
        let all = match languages.get() {
            Some(Ok(all)) => all,
            Some(Err(why)) => return view! { <p class="error" data-testid="token-tax-error">{why}</p> }.into_any(),
            None => {
                return view! {
                    <button type="button" data-testid="token-tax-load" on:click=move |_| file.want()>
                        "Measure the token tax (16 KB of text)"
                    </button>
                    <AssetStatus asset=file what="the Declaration's article 1" total=0 testid="token-tax-status"/>
                }
                .into_any()
            }
        };
        let columns = joined(&by_language.get(), &by_reader.get());
        let yours_chars = text.with(|t| t.chars().count());
        let table = table(&all, &columns, sort.get(), yours_chars);
        let bars = chart_series(&columns);
        // One listener for the table's sort buttons (written into its markup with `data-sort`).
        let on_click = move |event: web_sys::MouseEvent| {
            use wasm_bindgen::JsCast;
            let button = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|e| e.closest("[data-sort]").ok().flatten());
            if let Some(k) = button.and_then(|b| b.get_attribute("data-sort")?.parse().ok()) {
                sort.set(k);
            }
        };
        let csv = move || {
            let columns = joined(&by_language.get_untracked(), &by_reader.get_untracked());
            let ready: Vec<(&str, &[usize])> = columns
                .iter()
                .filter_map(|(t, c)| Some((*t, &c.as_ref().ok()?[..])))
                .collect();
            (!ready.is_empty())
                .then(|| token_tax::csv(&all, &ready, text.with_untracked(|t| t.chars().count())))
        };
        view! {
            <PlotCanvas width=chart::fit_width(720) height=220 testid="token-tax-chart"
                label="Tokens for article 1 in each language, relative to English, one bar a column"
                draw=move |plot: Plot| draw(&plot, &palette.get(), &bars)/>
            <div class="token-tax-table" inner_html=table on:click=on_click></div>
            <DownloadButton name="token-tax.csv".to_string() mime="text/csv" testid="token-tax-csv"
                contents=Box::new(csv)/>
        }
        .into_any()
    };
    view! {
        <div class="token-tax-panel" data-testid="token-tax">
            <h4>"The token tax"</h4>
            <p class="muted">"The same article of the Universal Declaration of Human Rights in 45 languages: \
                how many tokens each column's tokenizer needs, and how many times English's. Your text is the last row, \
                taxed per character."</p>
            {body}
        </div>
    }
}

/// Counts `texts` under each side's tokenizer, in the background, into `target`.
fn count_into(
    target: RwSignal<Vec<(&'static str, Counts)>>,
    sides: Vec<(&'static str, SideState)>,
    texts: Arc<Vec<String>>,
) {
    leptos::task::spawn_local(async move {
        let mut out = Vec::new();
        for (title, state) in sides {
            let answer = counting::lengths(state, texts.clone()).await;
            let counts = answer
                .unwrap_or_else(|| Err("not ready yet".to_string()))
                .map(|lengths| lengths.iter().map(Vec::len).collect());
            out.push((title, counts));
        }
        let _ = target.try_set(out);
    });
}

/// Each column's counts of the languages followed by the reader's text; a column shows once both
/// are in for it (an error in either is the column's).
fn joined(
    by_language: &[(&'static str, Counts)],
    by_reader: &[(&'static str, Counts)],
) -> Vec<(&'static str, Counts)> {
    by_language
        .iter()
        .zip(by_reader)
        .filter(|((a, _), (b, _))| a == b)
        .map(|((title, languages), (_, reader))| {
            let counts = match (languages, reader) {
                (Ok(l), Ok(r)) => Ok([&l[..], &r[..]].concat()),
                (Err(why), _) | (_, Err(why)) => Err(why.clone()),
            };
            (*title, counts)
        })
        .collect()
}

/// The table as markup (46 rows of numbers: far less wasm than as views): a language, its
/// characters, then each column's tokens and ×English; the reader's text last. Each heading is a
/// button with `data-sort` (0: the asset's order, k: by column k's tax, highest first).
fn table(
    languages: &[Language],
    columns: &[(&str, Counts)],
    sort: usize,
    yours_chars: usize,
) -> String {
    let taxes: Vec<Vec<Option<f64>>> = columns
        .iter()
        .map(|(_, c)| {
            c.as_ref()
                .map_or_else(|_| Vec::new(), |c| token_tax::relative(c))
        })
        .collect();
    let order = match sort.checked_sub(1).and_then(|k| taxes.get(k)) {
        // The languages only: the reader's text, last, stays last.
        Some(tax) => highest_first(
            &tax.iter()
                .take(languages.len())
                .map(|t| t.unwrap_or(0.0))
                .collect::<Vec<_>>(),
        ),
        None => (0..languages.len()).collect(),
    };
    let button = |k: usize, label: &str| {
        format!(
            r#"<button type="button" class="quiet" data-sort="{k}" data-testid="token-tax-sort-{k}" aria-pressed="{}">{}</button>"#,
            sort == k,
            escaped(label)
        )
    };
    let mut out = format!(
        r#"<table class="token-tax" data-testid="token-tax-table"><thead><tr><th>{}</th><th class="num">characters</th>"#,
        button(0, "Language")
    );
    for (k, (title, _)) in columns.iter().enumerate() {
        out.push_str(&format!(
            r#"<th colspan="2">{}</th>"#,
            button(k + 1, &format!("{title} ↓"))
        ));
    }
    out.push_str("</tr></thead><tbody>");
    let cell = |out: &mut String, k: usize, i: usize| match &columns[k].1 {
        Ok(counts) => out.push_str(&format!(
            "<td class=\"num\">{}</td><td class=\"num\">{}</td>",
            counts[i],
            taxes[k]
                .get(i)
                .copied()
                .flatten()
                .map_or("—".to_string(), |t| format!("×{t:.2}"))
        )),
        Err(why) => out.push_str(&format!(
            "<td colspan=\"2\" class=\"error\">{}</td>",
            escaped(why)
        )),
    };
    for i in order {
        let language = &languages[i];
        out.push_str(&format!(
            "<tr data-code=\"{}\"><td lang=\"{}\">{}</td><td class=\"num\">{}</td>",
            language.code,
            escaped(&language.tag),
            escaped(&language.name),
            language.text.chars().count()
        ));
        (0..columns.len()).for_each(|k| cell(&mut out, k, i));
        out.push_str("</tr>");
    }
    // The reader's text is another text: only its tokens per character compare with English's.
    out.push_str(&format!(
        "<tr data-code=\"yours\"><td>Your text</td><td class=\"num\">{yours_chars}</td>"
    ));
    let english_chars = languages.first().map_or(0, |l| l.text.chars().count());
    for (k, (_, counts)) in columns.iter().enumerate() {
        match counts {
            Ok(c) => {
                let tax =
                    token_tax::per_character(c[languages.len()], yours_chars, c[0], english_chars);
                out.push_str(&format!(
                    "<td class=\"num\">{}</td><td class=\"num\">{}</td>",
                    c[languages.len()],
                    tax.map_or("—".to_string(), |t| format!("×{t:.2} a character"))
                ))
            }
            Err(_) => cell(&mut out, k, languages.len()),
        }
    }
    out.push_str("</tr></tbody></table>");
    out
}

/// Each column's tax per language, the languages in the first column's order, highest first.
fn chart_series(columns: &[(&str, Counts)]) -> Vec<Vec<f64>> {
    let taxes: Vec<Vec<f64>> = columns
        .iter()
        .filter_map(|(_, c)| c.as_ref().ok())
        .map(|c| {
            token_tax::relative(&c[..c.len() - 1])
                .into_iter()
                .map(|t| t.unwrap_or(0.0))
                .collect()
        })
        .collect();
    let Some(first) = taxes.first() else {
        return taxes;
    };
    let order = highest_first(first);
    taxes
        .iter()
        .map(|t| order.iter().map(|&i| t[i]).collect())
        .collect()
}

/// Indices of `values`, highest value first (one sort for the table and the chart: each sort
/// costs the wasm a few KB).
fn highest_first(values: &[f64]) -> Vec<usize> {
    til_core::order::sorted_indices(values.len(), &|a, b| values[b].total_cmp(&values[a]))
}

fn draw(plot: &Plot, palette: &Palette, bars: &[Vec<f64>]) {
    let n = bars.first().map_or(0, Vec::len);
    let top = bars.iter().flatten().copied().fold(1.0, f64::max) * 1.05;
    let axes = Axes::new("languages, by the first column's tax", 0, "× English", 1);
    let Some(mut chart) = chart::line_chart(plot, palette, 0.0..n as f64, 0.0..top, &axes) else {
        return;
    };
    let width = 0.8 / bars.len().max(1) as f64;
    for (k, series) in bars.iter().enumerate() {
        let color = palette.series[k % palette.series.len()].filled();
        let rects = series.iter().enumerate().map(|(i, &t)| {
            let x = i as f64 + 0.1 + k as f64 * width;
            Rectangle::new([(x, 0.0), (x + width, t)], color)
        });
        let _ = chart.draw_series(rects);
    }
}
