//! SmolLM2's token table written as markup, in the worker, so the page sets each answer as one
//! `innerHTML`: a word's rows and neighbours, one token's card, the analogy set's report, and the
//! under-trained ranking with its histogram. Every token is a button carrying its id
//! (`data-token`), which the page turns into that token's card. Tokens are shown in GPT-2's
//! printable form (`Ġ` a leading space, `Ċ` a newline), as the CLI prints them.
//! Leaves out: the maths (token_table.rs and the core).

use std::fmt::Write;

use til_channel::markup::{grouped, Escaped};
use til_core::embed::benchmark::AnalogyReport;
use til_core::gpt2::byte_table::printable;

use super::loaded_table::Loaded;

/// Neighbours a token's card lists.
const CARD_NEIGHBOURS: usize = 10;
/// The histogram's bars, over [−1, 1].
const BINS: usize = 40;

/// Token `id` as a button that opens its card.
fn token(out: &mut String, loaded: &Loaded, id: u32) {
    let _ = write!(
        out,
        r#"<button type="button" class="chip token-button" data-token="{id}" title="id {id}: open its card">{}</button>"#,
        Escaped(&printable(&loaded.tokens[id as usize]))
    );
}

/// `(id, cosine)` rows as a table, most similar first.
fn neighbour_table(out: &mut String, loaded: &Loaded, rows: &[(u32, f64)], testid: &str) {
    out.push_str(r#"<table class="token-table"><thead><tr><th>"#);
    out.push_str(r#"#</th><th>token</th><th class="num">id</th><th class="num">cosine</th></tr></thead><tbody>"#);
    for (rank, &(id, cosine)) in rows.iter().enumerate() {
        let _ = write!(
            out,
            r#"<tr data-testid="{testid}" data-id="{id}" data-cosine="{cosine:.6}"><td class="num">{}</td><td>"#,
            rank + 1
        );
        token(out, loaded, id);
        let _ = write!(
            out,
            r#"</td><td class="num">{id}</td><td class="num">{cosine:.6}</td></tr>"#
        );
    }
    out.push_str("</tbody></table>");
}

/// The word as typed, with a leading space, and capitalised both ways (each once).
fn forms_of(word: &str) -> Vec<String> {
    let mut capital = String::new();
    let mut chars = word.chars();
    if let Some(first) = chars.next() {
        capital.extend(first.to_uppercase());
        capital.push_str(chars.as_str());
    }
    let mut forms: Vec<String> = Vec::new();
    for form in [
        format!(" {word}"),
        word.to_string(),
        format!(" {capital}"),
        capital,
    ] {
        if !forms.contains(&form) {
            forms.push(form);
        }
    }
    forms
}

/// Which rows `query` is (a word's forms, or `#id` / an id: that row), and the row whose
/// neighbours are listed: the first form that is one token.
pub fn forms(loaded: &Loaded, query: &str) -> Result<(String, Option<u32>), String> {
    let query = query.trim();
    if query.is_empty() {
        return Err("type a word, or a token id".to_string());
    }
    let mut out = String::new();
    let by_id = query.strip_prefix('#').unwrap_or(query);
    if let Ok(id) = by_id.parse::<u32>() {
        loaded.table.check(id).map_err(|e| e.to_string())?;
        out.push_str(r#"<p data-testid="token-forms">Row "#);
        token(&mut out, loaded, id);
        let _ = write!(out, " (id {id}).</p>");
        return Ok((out, Some(id)));
    }
    out.push_str(r#"<ul class="token-forms" data-testid="token-forms">"#);
    let mut chosen = None;
    for form in forms_of(query) {
        let ids = loaded.tokenizer.encode_ids(&form);
        let shown = form.replace(' ', "␣");
        let _ = write!(out, "<li><code>{}</code>: ", Escaped(&shown));
        if let [id] = ids[..] {
            let _ = write!(out, "one token, row {id} ");
            token(&mut out, loaded, id);
            chosen.get_or_insert(id);
        } else {
            let _ = write!(out, "{} tokens ", ids.len());
            for &id in &ids {
                token(&mut out, loaded, id);
            }
        }
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    if chosen.is_none() {
        out.push_str(
            r#"<p data-testid="token-no-row">No form of this word is a single token, so it has no row of its own: the model sees it only as the pieces above.</p>"#,
        );
    }
    Ok((out, chosen))
}

/// Row `id`'s `near` rows (most similar first) as a table, with what it says about them.
pub fn neighbours(out: &mut String, loaded: &Loaded, id: u32, near: &[(u32, f64)]) {
    let _ = write!(
        out,
        r#"<p>The {} rows nearest row {id} by cosine, over all {} rows (the query left out):</p>"#,
        near.len(),
        grouped(loaded.table.vocab)
    );
    neighbour_table(out, loaded, near, "token-neighbour");
}

/// Token `id`'s card: its bytes, whether text can produce it, its row's length, its indicator
/// (after a ranking) and its nearest rows.
pub fn details(loaded: &Loaded, id: u32) -> Result<String, String> {
    let table = &loaded.table;
    table.check(id).map_err(|e| e.to_string())?;
    let bytes = &loaded.tokens[id as usize];
    let mut out = format!(
        r#"<div class="token-card" data-testid="token-card" data-id="{id}"><h4>Token {id} "#
    );
    token(&mut out, loaded, id);
    out.push_str("</h4><dl>");
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
    let _ = write!(out, "<dt>Bytes</dt><dd><code>{}</code></dd>", hex.join(" "));
    let kind = if loaded.controls.contains(&id) {
        "a control token: the tokenizer never makes it from text; chat templates write it"
    } else {
        "a normal token"
    };
    let _ = write!(out, "<dt>Kind</dt><dd>{kind}</dd>");
    let produced = match std::str::from_utf8(bytes) {
        Err(_) => "no: its bytes are not whole UTF-8, so it can only stand for part of a character's bytes inside a longer text, never for text of its own".to_string(),
        Ok(text) if loaded.controls.contains(&id) => format!("no: its text {} is read as ordinary characters", Escaped(&format!("{text:?}"))),
        Ok(text) => {
            let ids = loaded.tokenizer.encode_ids(text);
            if ids == [id] {
                "yes: its own text encodes to it".to_string()
            } else {
                let mut said = format!("not from its own text, which encodes to {} tokens: ", ids.len());
                for &other in &ids {
                    token(&mut said, loaded, other);
                }
                said
            }
        }
    };
    let _ = write!(
        out,
        r#"<dt>Made from text?</dt><dd data-testid="token-card-produced">{produced}</dd>"#
    );
    let _ = write!(out, "<dt>Row length</dt><dd>{:.6}</dd>", table.norm(id));
    if let Some(values) = &loaded.indicator {
        let _ = write!(
            out,
            r#"<dt>Indicator</dt><dd data-testid="token-card-indicator">{:.6}</dd>"#,
            values[id as usize]
        );
    }
    out.push_str("</dl>");
    let near = table
        .neighbours(id, CARD_NEIGHBOURS)
        .map_err(|e| e.to_string())?;
    neighbour_table(&mut out, loaded, &near, "token-card-neighbour");
    out.push_str("</div>");
    Ok(out)
}

/// The analogy set's report: a row per section, then the total (as `til smollm analogies`), with
/// GloVe's scores beside it: `glove[0]` on the same questions, `glove[1]` on all it can ask; then
/// where it ran (`placed`).
pub fn analogy_report(report: &AnalogyReport, glove: &[AnalogyReport; 2], placed: &str) -> String {
    let mut out = String::from(
        r#"<table class="token-table" data-testid="token-analogy-report"><thead><tr><th>section</th><th class="num">correct</th><th class="num">asked</th><th class="num">%</th><th class="num">skipped</th><th class="num">GloVe, same questions</th><th class="num">GloVe, all it can ask</th></tr></thead><tbody>"#,
    );
    // GloVe's score of a section, by name: "correct / asked (percent %)".
    let beside = |glove: &AnalogyReport, name: Option<&str>| {
        let score = match name {
            Some(name) => glove
                .sections
                .iter()
                .find(|s| s.name == name)
                .map(|s| s.score)
                .unwrap_or_default(),
            None => glove.total(),
        };
        format!(
            "{} / {} ({:.2} %)",
            grouped(score.correct),
            grouped(score.asked),
            score.percent()
        )
    };
    for section in &report.sections {
        let s = section.score;
        let _ = write!(
            out,
            r#"<tr data-testid="token-analogy-section"><td>{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{:.2}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td></tr>"#,
            Escaped(&section.name),
            grouped(s.correct),
            grouped(s.asked),
            s.percent(),
            grouped(section.skipped),
            beside(&glove[0], Some(&section.name)),
            beside(&glove[1], Some(&section.name)),
        );
    }
    let total = report.total();
    let _ = write!(
        out,
        r#"</tbody><tfoot><tr><th>total{}</th><td class="num" data-testid="token-analogy-total" data-correct="{}" data-asked="{}">{}</td><td class="num">{}</td><td class="num">{:.2}</td><td class="num">{}</td><td class="num" data-testid="token-analogy-glove-same">{}</td><td class="num" data-testid="token-analogy-glove-all">{}</td></tr></tfoot></table>"#,
        if report.complete {
            ""
        } else {
            " (cancelled: the finished sections)"
        },
        total.correct,
        total.asked,
        grouped(total.correct),
        grouped(total.asked),
        total.percent(),
        grouped(report.skipped()),
        beside(&glove[0], None),
        beside(&glove[1], None),
    );
    let _ = write!(
        out,
        r#"<p class="muted" data-testid="token-analogy-backend">{}</p>"#,
        Escaped(placed)
    );
    out
}

/// The ranking: the reference used, where its passes ran (`said`), a histogram of every normal
/// token's indicator, and the `k` highest with their row lengths.
pub fn ranking(loaded: &Loaded, values: &[f64], reference: &[u32], k: usize, said: &str) -> String {
    let normal = |id: u32| !loaded.controls.contains(&id);
    let mut out = String::from(r#"<p data-testid="undertrained-reference">Reference rows: "#);
    for &id in reference {
        token(&mut out, loaded, id);
    }
    out.push_str("</p>");
    let _ = write!(
        out,
        r#"<p class="muted" data-testid="undertrained-backend">Ranked in the worker: {}</p>"#,
        Escaped(said)
    );
    histogram(&mut out, values, normal);
    let top = til_core::smollm2::undertrained::ranked(values, k, normal);
    out.push_str(r#"<div class="token-ranking" tabindex="0" aria-label="The tokens ranked by the indicator"><table class="token-table"><thead><tr><th>#</th><th>token</th><th class="num">id</th><th class="num">indicator</th><th class="num">row length</th></tr></thead><tbody>"#);
    for (rank, &(id, value)) in top.iter().enumerate() {
        let _ = write!(
            out,
            r#"<tr data-testid="undertrained-row" data-id="{id}" data-indicator="{value:.6}"><td class="num">{}</td><td>"#,
            rank + 1
        );
        token(&mut out, loaded, id);
        let _ = write!(
            out,
            r#"</td><td class="num">{id}</td><td class="num">{value:.6}</td><td class="num">{:.4}</td></tr>"#,
            loaded.table.norm(id)
        );
    }
    out.push_str("</tbody></table></div>");
    out
}

/// Counts of the normal tokens' indicators in [`BINS`] bars over [−1, 1], on a log scale (most
/// tokens sit near 0; the few under-trained ones near 1 would not show on a linear one).
fn histogram(out: &mut String, values: &[f64], keep: impl Fn(u32) -> bool) {
    let mut counts = [0usize; BINS];
    for (id, &v) in values.iter().enumerate() {
        if keep(id as u32) {
            let bin = (((v + 1.0) / 2.0) * BINS as f64)
                .floor()
                .clamp(0.0, (BINS - 1) as f64);
            counts[bin as usize] += 1;
        }
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let (width, height, bar) = (400.0, 120.0, 400.0 / BINS as f64);
    let _ = write!(
        out,
        r#"<figure class="token-histogram"><svg viewBox="0 0 {width} {}" role="img" aria-label="Histogram of the indicator over the normal tokens, log scale" data-testid="undertrained-histogram">"#,
        height + 16.0
    );
    for (i, &count) in counts.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let h = height * ((count as f64).ln_1p() / most.ln_1p());
        let lo = -1.0 + 2.0 * i as f64 / BINS as f64;
        let _ = write!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" data-count="{count}"><title>{lo:.2} to {:.2}: {} tokens</title></rect>"#,
            i as f64 * bar,
            height - h,
            bar - 1.0,
            lo + 2.0 / BINS as f64,
            grouped(count)
        );
    }
    let _ = write!(
        out,
        r#"<text x="0" y="{y}">−1</text><text x="{mid}" y="{y}" text-anchor="middle">0</text><text x="{width}" y="{y}" text-anchor="end">1</text></svg><figcaption>The indicator of every normal token ({} of them), bars on a log scale.</figcaption></figure>"#,
        grouped(
            values
                .iter()
                .enumerate()
                .filter(|(id, _)| keep(*id as u32))
                .count()
        ),
        y = height + 14.0,
        mid = width / 2.0
    );
}
