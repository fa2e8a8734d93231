//! "Run the benchmark": Google's 19,544 analogy questions against the first 30,000 rows, in the page,
//! with a progress bar, Cancel, and the results table by section and where it ran (bench_run.rs). Leaves out: per-question answers
//! and other vocabulary sizes (`til embed eval-analogies --vocab` has both kinds of detail).
use leptos::prelude::*;
use til_core::embed::benchmark::Score;
use til_core::embed::Method;

use super::bench_run;
use super::csv_export::BenchmarkCsv;
use super::state::{BenchResult, EmbedState, BENCHMARK_VOCAB};
use crate::widgets::progress_bar::ProgressBar;

#[component]
pub fn BenchmarkPanel(lab: EmbedState) -> impl IntoView {
    let bench = lab.bench;
    let ready = move || lab.table().is_some();
    view! {
        <section class="panel" aria-labelledby="embed-bench-heading">
            <h3 id="embed-bench-heading">"Run the benchmark"</h3>
            <p class="muted">{format!("Google's analogy set (questions-words.txt): \"a b c d\" asks a : b :: c : ?, answered by b − a + c with the three inputs left out. As gensim's evaluate_word_analogies: words matched without case, answers searched among the first {BENCHMARK_VOCAB} rows, questions with a word outside them skipped and counted.")}</p>
            <div class="row">
                <label>"Method "
                    <select data-testid="embed-benchmark-method" prop:value=move || bench.method.get().name()
                        on:change=move |ev| { if let Ok(m) = event_target_value(&ev).parse::<Method>() { bench.method.set(m) } }>
                        {Method::ALL.map(|m| view! { <option value=m.name()>{m.label()}</option> }).collect_view()}
                    </select>
                </label>
                <button type="button" data-testid="embed-benchmark-run"
                    disabled=move || !ready() || bench.progress.get().is_some()
                    on:click=move |_| bench_run::start(lab)>"Run the benchmark"</button>
            </div>
            <ProgressBar progress=bench.progress.into() label="Blocks of rows scored"
                on_cancel=Callback::new(move |_| bench.cancel_requested.set(true))/>
            {crate::dynamic::dynamic(move || (bench.error.get().is_some()).then(|| view! {
                <p class="error" role="alert" data-testid="embed-benchmark-error">{crate::dynamic::dynamic(move || bench.error.get())}</p>
            }))}
            {crate::dynamic::dynamic(move || bench.report.get().map(|result| view! { <Results result=result/> }))}
        </section>
    }
}

fn score_text(score: Score) -> String {
    format!(
        "{} / {} = {:.2} %",
        score.correct,
        score.asked,
        score.percent()
    )
}

#[component]
fn Results(result: BenchResult) -> impl IntoView {
    let report = result.report;
    let summary = if report.complete {
        format!(
            "{} in {:.0} ms in this page, {} ({} of {} questions asked, coverage {:.2} %).",
            report.method.label(),
            result.millis,
            result.place,
            report.total().asked,
            result.questions,
            report.coverage()
        )
    } else {
        format!(
            "Cancelled after {:.0} ms: the totals cover the {} sections finished.",
            result.millis,
            report.sections.len()
        )
    };
    view! {
        <p class="notice" data-testid="embed-benchmark-time">{summary}</p>
        <div class="table-scroll">
            <table data-testid="embed-benchmark-table">
                <thead><tr><th>"section"</th><th class="num">"correct / asked"</th><th class="num">"skipped"</th></tr></thead>
                <tbody>
                    {report.sections.iter().map(|s| view! {
                        <tr><td>{s.name.clone()}</td><td class="num">{score_text(s.score)}</td><td class="num">{s.skipped}</td></tr>
                    }).collect_view()}
                    <tr class="subtotal"><td>"semantic"</td><td class="num" data-testid="embed-benchmark-semantic">{score_text(report.semantic())}</td><td></td></tr>
                    <tr class="subtotal"><td>"syntactic"</td><td class="num" data-testid="embed-benchmark-syntactic">{score_text(report.syntactic())}</td><td class="num"></td></tr>
                    <tr class="winner"><td>"total"</td><td class="num" data-testid="embed-benchmark-total">{score_text(report.total())}</td><td class="num">{report.skipped()}</td></tr>
                </tbody>
            </table>
        </div>
        <BenchmarkCsv report=report.clone()/>
    }
}
