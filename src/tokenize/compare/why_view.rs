//! "Why this split", under the comparison: the reader clicks a chip (or focuses it and presses
//! Enter), and the panel tells why that token is what it is. The worker works the story out and
//! writes it as markup (crates/worker/src/why_markup.rs), so the page holds only which token was
//! asked and the answer, set as one piece of `innerHTML`; a side whose tokenizer the page traces
//! elsewhere says where.
use std::sync::Arc;

use leptos::prelude::*;

use super::side::{Explainer, Side, SideState};
use crate::assets::Load;
use til_channel::markup::escape_html;

/// The token the reader asked about.
#[derive(Clone)]
pub struct Asked {
    pub side: Side,
    /// Its index in the side's tokens.
    pub token: usize,
    /// The token as its chip shows it.
    pub display: String,
    /// The text it is a token of: a new text has other tokens, and the question lapses.
    pub text: Arc<str>,
}

const HINT: &str =
    "<p class=\"muted\">Click a token above (or Tab to it and press Enter) to see why \
                    it was cut so: the chunk its tokenizer cut first, then the merges, scores or \
                    lattice that made it.</p>";

#[component]
pub fn WhyPanel(asked: RwSignal<Option<Asked>>, text: Signal<Arc<str>>) -> impl IntoView {
    let html = RwSignal::new(HINT.to_string());
    crate::effect::effect(move || {
        let question = asked.get().filter(|a| text.with(|t| *t == a.text));
        let Some(Asked {
            side,
            token,
            display,
            text,
        }) = question
        else {
            return html.set(HINT.to_string());
        };
        let mut heading = "<h5 data-testid=\"why-heading\">Why “".to_string();
        escape_html(&mut heading, &display);
        heading += &format!("”: token {} of {}</h5>", token + 1, side.title);
        let remote = match side.explainer {
            Explainer::Itself => match side.state.get() {
                SideState::Remote(remote) => Ok(remote),
                _ => Err("Its tokenizer is still loading…"),
            },
            Explainer::Copy(copy) => {
                let copy = copy();
                copy.want();
                match copy.state.get() {
                    Load::Ready(remote, _) => Ok(*remote),
                    Load::Failed(_) => Err("Its tokenizer could not be loaded into the worker."),
                    _ => Err("Loading its tokenizer into the worker…"),
                }
            }
            Explainer::Elsewhere(sentence) => Err(sentence),
        };
        let Ok(remote) = remote else {
            return html.set(format!("{heading}<p>{}</p>", remote.unwrap_err()));
        };
        html.set(format!(
            "{heading}<p class=\"muted\">Asking the tokenizer…</p>"
        ));
        leptos::task::spawn_local(async move {
            let story = remote.why(&text, token).await.unwrap_or_else(|why| {
                let mut out = "<p class=\"error\">".to_string();
                escape_html(&mut out, &why);
                out + "</p>"
            });
            // The worker answers in order: the last answer set is the latest question's. The
            // page may be gone by then.
            let _ = html.try_set(heading + &story);
        });
    });
    view! {
        <section class="why-panel" data-testid="why-panel" aria-live="polite"
            inner_html=move || html.get()></section>
    }
}
