//! All of a long text through every column on show, however long (a 1 MB paste): the columns
//! themselves take the first `COMPARE_CHARS` characters, and this counts the rest on request. The
//! zoo's columns count in the lab's worker, off the main thread; the page's own count slice by
//! slice (`til_core::compare::slices`, which cut where no tokenizer of theirs joins), yielding to
//! the browser every few milliseconds, so no task of the page's runs long. Each column's count,
//! its characters per token and when it finished are shown, with the total time. Leaves out: the
//! tokens themselves (the columns show the first ones).
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use til_core::compare::slices::{added, slices};

use super::side::{Side, SideState};
use crate::browser::{now_ms, yield_to_event_loop};
use til_channel::markup::{escape_html, grouped};

/// Bytes a slice holds at least.
const SLICE: usize = 4_096;
/// The longest the page works before it lets the browser in.
const BUDGET_MS: f64 = 8.0;

/// The tokens of all of `text` under a column's tokenizer.
async fn count(state: SideState, text: Arc<str>) -> Result<usize, String> {
    // Each column starts in a task of its own: handing a megabyte to the worker costs a few ms
    // (the copy into a JavaScript string, then the message), and three of them in the click's task
    // came to over 50 ms.
    yield_to_event_loop().await;
    match state {
        SideState::Ready(tokenizer) => {
            let (mut total, mut parts, mut since) = (0usize, 0usize, now_ms());
            for slice in slices(&text, SLICE) {
                total += tokenizer.encode(slice).len();
                parts += 1;
                if now_ms() - since > BUDGET_MS {
                    yield_to_event_loop().await;
                    since = now_ms();
                }
            }
            // The tokens a tokenizer adds around every text (as WordPiece adds [CLS] and [SEP]) count once.
            Ok(total - parts.max(1).saturating_sub(1) * added(&*tokenizer))
        }
        SideState::Remote(remote) => remote.count(&text).await,
        SideState::Waiting(why) | SideState::Failed(why) => Err(why),
    }
}

/// One column's line: its count and density, or why it has none, and when it finished.
fn line(out: &mut String, side: &Side, answer: &Result<usize, String>, chars: usize, ms: f64) {
    out.push_str(&format!(
        r#"<li data-testid="whole-text-{}" data-count="{}">"#,
        side.slug,
        answer.as_ref().map_or(0, |n| *n)
    ));
    escape_html(out, side.title);
    match answer {
        Ok(n) => out.push_str(&format!(
            ": <strong>{}</strong> tokens · {:.2} characters per token · done after {ms:.0} ms",
            grouped(*n),
            chars as f64 / (*n).max(1) as f64,
        )),
        Err(why) => {
            out.push_str(": ");
            escape_html(out, why);
        }
    }
    out.push_str("</li>");
}

/// A column's count (or why it has none) and when it finished.
type Line = (Result<usize, String>, f64);

fn write_report(
    sides: &[Side],
    lines: &[Option<Line>],
    text: &str,
    chars: usize,
    total: f64,
) -> String {
    let mut out = format!(
        r#"<p data-testid="whole-text-total" data-ms="{total:.0}">All {} characters ({:.1} MB) through {} columns in <strong>{total:.0} ms</strong>:</p><ul>"#,
        grouped(chars),
        text.len() as f64 / 1e6,
        sides.len()
    );
    for (side, line_of) in sides.iter().zip(lines) {
        if let Some((answer, ms)) = line_of {
            line(&mut out, side, answer, chars, *ms);
        }
    }
    out + "</ul>"
}

#[component]
pub fn WholeText(text: Signal<String>, sides: Signal<Vec<Side>>) -> impl IntoView {
    // The last run's report, as markup; whether one is under way.
    let report = RwSignal::new(String::new());
    let running = RwSignal::new(false);
    let run = move |_| {
        running.set(true);
        report.set(r#"<p class="muted">Counting…</p>"#.to_string());
        let text: Arc<str> = text.with_untracked(|t| t.as_str().into());
        let sides = sides.get_untracked();
        let chars = text.chars().count();
        let started = now_ms();
        // Every column at once (the worker's while the page counts its own); the last to finish
        // writes the report.
        let lines: Rc<RefCell<Vec<Option<Line>>>> = Rc::new(RefCell::new(vec![None; sides.len()]));
        // No column on show: nothing will finish, so the report is written now.
        if sides.is_empty() {
            report.set(write_report(&sides, &[], &text, chars, 0.0));
            running.set(false);
        }
        for (i, side) in sides.iter().enumerate() {
            let (state, text, lines, sides) = (
                side.state.get_untracked(),
                text.clone(),
                lines.clone(),
                sides.clone(),
            );
            leptos::task::spawn_local(async move {
                let answer = count(state, text.clone()).await;
                let mut lines = lines.borrow_mut();
                lines[i] = Some((answer, now_ms() - started));
                if lines.iter().all(Option::is_some) {
                    let _ = report.try_set(write_report(
                        &sides,
                        &lines,
                        &text,
                        chars,
                        now_ms() - started,
                    ));
                    let _ = running.try_set(false);
                }
            });
        }
    };
    view! {
        <div class="whole-text" data-testid="whole-text">
            <button type="button" data-testid="whole-text-run" on:click=run disabled=move || running.get()>
                "Count all of it in every column"
            </button>
            <div aria-live="polite" inner_html=move || report.get()></div>
        </div>
    }
}
