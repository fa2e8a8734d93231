//! A Unigram training round written as markup, in the worker, so the page's stepper sets it as one
//! `innerHTML`: what the round did, its vocabulary size, Viterbi tokens and log-likelihood, then
//! the pieces a pruning round removed with each one's loss (the closest calls), or the
//! best-scored pieces of the others. Numbers the tests read are in `data-` attributes at full precision; the text rounds
//! them. Leaves out: the lattice (why_markup.rs draws it).

use std::fmt::Write;

use til_core::unigram::{Round, RoundKind};

use til_channel::markup::{escaped, grouped};

/// How many of a round's best-scored pieces are listed.
const BEST_SHOWN: usize = 40;

/// The round's kind as the CLI prints it, and a sentence saying what it did.
fn what(round: &Round) -> (&'static str, String) {
    match &round.kind {
        RoundKind::Seeds => (
            "seeds",
            "The seed vocabulary: every character, and every substring that repeats and branches (up to 16 characters, one script), scored by occurrences × length.".into(),
        ),
        RoundKind::Em { round, iteration } => (
            "em",
            format!(
                "EM iteration {iteration} after {}: the E-step sums each piece's expected count over every segmentation of every word; the M-step drops pieces expected under 0.5 times and scores the rest ψ(count) − ψ(total).",
                if *round == 0 { "seeding".to_string() } else { format!("pruning round {round}") }
            ),
        ),
        RoundKind::Prune { round, .. } => (
            "prune",
            format!("Pruning round {round}: each piece's loss is how much the corpus likelihood drops when its Viterbi uses fall to their second-best split; the smallest losses go until 75 % of the pieces are left."),
        ),
        RoundKind::Final { fixed } => (
            "final",
            format!(
                "The final vocabulary: <unk>, <s> and </s>{}, every character, then the best-scored pieces up to the size asked for.",
                if *fixed > 3 { ", the 256 byte pieces <0x00>…<0xFF> (a character no piece covers is written as its UTF-8 bytes)" } else { "" }
            ),
        ),
    }
}

/// The whole round: summary, then its table.
pub fn round(round: &Round, index: usize) -> String {
    let (kind, said) = what(round);
    let mut out = String::new();
    let log_likelihood = if round.log_likelihood_per_token != 0.0 {
        format!(
            "; log-likelihood per token {:.4}",
            round.log_likelihood_per_token
        )
    } else {
        String::new()
    };
    let _ = write!(
        out,
        r#"<p data-testid="unigram-round" data-index="{index}" data-kind="{kind}" data-size="{}" data-tokens="{}" data-log-likelihood="{:?}"><strong>State {}</strong> · {} pieces · {} tokens under Viterbi{log_likelihood}</p><p class="muted">{}</p>"#,
        round.pieces.len(),
        round.tokens,
        round.log_likelihood_per_token,
        index,
        grouped(round.pieces.len()),
        grouped(round.tokens as usize),
        escaped(&said),
    );
    if let RoundKind::Prune {
        removed,
        removed_total,
        costless,
        ..
    } = &round.kind
    {
        let _ = write!(
            out,
            r#"<p>It removed {} pieces. {} of them cost nothing (Viterbi never used them, or they split better without themselves); of the rest, the {} closest calls, largest loss first:</p><div class="unigram-table" tabindex="0" role="region" aria-label="Removed pieces"><table data-testid="unigram-removed" data-total="{removed_total}" data-costless="{costless}"><thead><tr><th scope="col">piece</th><th scope="col">loss</th></tr></thead><tbody>"#,
            grouped(*removed_total),
            grouped(*costless),
            removed.len(),
        );
        for r in removed {
            let _ = write!(
                out,
                r#"<tr data-piece="{}" data-loss="{:?}"><td>{}</td><td>{:.6}</td></tr>"#,
                escaped(&r.piece),
                r.loss,
                escaped(&r.piece),
                r.loss
            );
        }
    } else {
        let mut best: Vec<&(String, f64)> = round.pieces.iter().skip(round.meta_pieces()).collect();
        best.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let _ = write!(
            out,
            r#"<p>The {} best-scored pieces:</p><div class="unigram-table" tabindex="0" role="region" aria-label="Best-scored pieces"><table data-testid="unigram-best"><thead><tr><th scope="col">piece</th><th scope="col">score</th></tr></thead><tbody>"#,
            best.len().min(BEST_SHOWN)
        );
        for (piece, score) in best.into_iter().take(BEST_SHOWN) {
            let _ = write!(
                out,
                r#"<tr data-piece="{}" data-score="{score:?}"><td>{}</td><td>{score:.4}</td></tr>"#,
                escaped(piece),
                escaped(piece)
            );
        }
    }
    out.push_str("</tbody></table></div>");
    out
}
