//! The training form: preset, corpus text, its format, number of merges, tie rule, Train, folded
//! into a one-line summary (the lab opens on the walkthrough, not on a form); the run's progress,
//! errors and notices stay outside the fold, so they show whether it is open or not.
use leptos::prelude::*;
use til_core::bpe::TieRule;

use super::corpus_editor::CorpusEditor;
use super::corpus_file::OpenCorpusFile;
use super::presets::{self, CorpusFormat};
use super::state::WalkthroughState;
use super::training::{self, MAX_MERGES};
use crate::widgets::progress_bar::ProgressBar;

#[component]
pub fn CorpusForm(lab: WalkthroughState) -> impl IntoView {
    let choose_preset = move |id: String| match presets::by_id(&id) {
        Some(preset) => lab.choose_preset(preset, || {}),
        None => lab.preset.set("custom"),
    };
    let corpus_summary = move || {
        if lab.corpus_file.with(Option::is_some) {
            return None;
        }
        lab.corpus.with(|text| {
            let chars = text.chars().count();
            Some(format!(
                "{chars} characters, {} lines",
                text.lines().count()
            ))
        })
    };
    let corpus_line = move || {
        let corpus = match (
            lab.corpus_file.with(|f| f.as_ref().map(|f| f.name())),
            presets::by_id(lab.preset.get()),
        ) {
            (Some(file), _) => file,
            (None, Some(preset)) => preset.short_label().to_string(),
            (None, None) => "your own text".to_string(),
        };
        format!("Corpus: {corpus}")
    };
    let counts_line = move || {
        format!(
            " · {} merges · {} ties",
            lab.merges_wanted.get(),
            lab.tie_rule.get().name()
        )
    };
    view! {
        <form class="corpus-form" on:submit=move |ev| {
            ev.prevent_default();
            training::start(lab);
        }>
            <details data-testid="corpus-settings">
            <summary data-testid="corpus-summary">
                <span>{corpus_line}</span>
                <span class="settings-format">{move || format!(" · {}", lab.format.get().label())}</span>
                <span>{counts_line}</span>
                <span class="change">" change"</span>
            </summary>
            <label>
                "Corpus "
                <select
                    data-testid="bpe-preset"
                    prop:value=move || lab.preset.get()
                    on:change=move |ev| choose_preset(event_target_value(&ev))
                >
                    {presets::ALL.iter().map(|p| view! { <option value=p.id>{p.label}</option> }).collect_view()}
                    <option value="custom">"Your own text"</option>
                </select>
            </label>
            {crate::dynamic::dynamic(move || (lab.loading.get()).then(|| view! {<span class="muted">" loading…"</span>}))}
            <CorpusEditor lab=lab/>
            <div class="muted">{corpus_summary}</div>
            <OpenCorpusFile lab=lab/>
            <label>
                "Format "
                <select data-testid="bpe-format"
                    prop:value=move || lab.format.get().name()
                    on:change=move |ev| {
                        let name = event_target_value(&ev);
                        if let Some(&format) = CorpusFormat::ALL.iter().find(|f| f.name() == name) {
                            lab.format.set(format);
                        }
                    }>
                    {CorpusFormat::ALL.iter().map(|f| view! { <option value=f.name()>{f.label()}</option> }).collect_view()}
                </select>
            </label>
            <div class="row">
                <label>
                    "Merges "
                    <input type="number" min="1" max=MAX_MERGES data-testid="bpe-merges-count"
                        prop:value=move || lab.merges_wanted.get().to_string()
                        on:change=move |ev| {
                            let parsed = event_target_value(&ev).trim().parse::<usize>();
                            match parsed {
                                Ok(n) if (1..=MAX_MERGES).contains(&n) => lab.merges_wanted.set(n),
                                _ => lab.error.set(Some(format!("Merges must be a whole number from 1 to {MAX_MERGES}."))),
                            }
                        }/>
                </label>
                <label>
                    "Tie rule "
                    <select data-testid="bpe-tie-rule"
                        prop:value=move || lab.tie_rule.get().name()
                        on:change=move |ev| {
                            if let Ok(rule) = event_target_value(&ev).parse::<TieRule>() {
                                lab.tie_rule.set(rule);
                            }
                        }>
                        {TieRule::ALL.iter().map(|r| view! { <option value=r.name()>{r.name()}</option> }).collect_view()}
                    </select>
                </label>
                <button type="submit" data-testid="bpe-train" disabled=move || lab.progress.get().is_some()>"Train"</button>
            </div>
            <p class="muted">{crate::dynamic::dynamic(move || lab.tie_rule.get().description())}</p>
            <p class="muted" data-testid="bpe-run-stats">{crate::dynamic::dynamic(move || lab.run_stats.get().map(|r| format!(
                "Last run: {} merges in {:.0} ms; its step-by-step trace holds {}.",
                r.merges, r.millis, human_bytes(r.trace_bytes))))}</p>
            </details>
            <ProgressBar
                progress=lab.progress.into()
                label="Merging"
                on_cancel=Callback::new(move |_| lab.cancel_requested.set(true))
            />
            {crate::dynamic::dynamic(move || (lab.error.get().is_some()).then(|| view! {
                <p class="error" role="alert" data-testid="bpe-error">{crate::dynamic::dynamic(move || lab.error.get())}</p>
            }))}
            {crate::dynamic::dynamic(move || (lab.notice.get().is_some()).then(|| view! {
                <p class="notice" role="status" data-testid="bpe-notice">{crate::dynamic::dynamic(move || lab.notice.get())}</p>
            }))}
        </form>
    }
}

fn human_bytes(bytes: usize) -> String {
    match bytes {
        b if b >= 1_000_000 => format!("{:.1} MB", b as f64 / 1e6),
        b if b >= 1_000 => format!("{:.1} kB", b as f64 / 1e3),
        b => format!("{b} bytes"),
    }
}
