//! "Why this split" written as markup, in the worker, so the page sets it as one piece of
//! `innerHTML` and carries none of this code: the chunk, then the story (`til_core::why`) as a
//! list of merges, a lattice table or a byte spelling, then the UTF-8 anatomy of a character the
//! token cuts. Numbers the tests read are in `data-` attributes at full precision; the text
//! rounds them. Leaves out: styling (assets/style.css).

use std::fmt::Write;

use til_core::gpt2::byte_table::char_byte;
use til_core::why::{Candidate, CharBytes, Priority, Step, Story, Why, LONGEST_TRACED};

use til_channel::markup::{escaped, grouped};

/// Parts as a row of chips, part `mark` (if any) marked with `class`.
fn parts(out: &mut String, parts: &[String], mark: Option<usize>, class: &str) {
    out.push_str(r#"<span class="why-parts">"#);
    for (i, part) in parts.iter().enumerate() {
        let marked = if mark == Some(i) { class } else { "" };
        let _ = write!(
            out,
            r#"<span class="why-part {marked}">{}</span>"#,
            escaped(part)
        );
    }
    out.push_str("</span>");
}

/// A printable byte-level token (`Ġthe`) as hex bytes, for the tests to look its rank up.
fn hex_of(printable: &str) -> String {
    let bytes: Vec<String> = printable
        .chars()
        .filter_map(char_byte)
        .map(|b| format!("{b:02x}"))
        .collect();
    bytes.join(" ")
}

fn step(out: &mut String, step: &Step, last: bool, token: usize) {
    let made = format!("{}{}", step.left, step.right);
    let (data, said) = match step.priority {
        Priority::Rank(rank) => (
            format!(r#"data-rank="{rank}" data-hex="{}""#, hex_of(&made)),
            format!("rank {}", grouped(rank as usize)),
        ),
        Priority::Score(score) => (
            format!(r#"data-score="{score:?}""#),
            format!("score {score:.4}"),
        ),
    };
    let _ = write!(
        out,
        r#"<li data-testid="why-step" {data} data-made="{}"><span class="why-join"><span class="why-part">{}</span> + <span class="why-part">{}</span> → <strong>{}</strong> <span class="muted">{said}</span></span>"#,
        escaped(&made),
        escaped(&step.left),
        escaped(&step.right),
        escaped(&made),
    );
    if last {
        parts(out, &step.parts, Some(token), "why-token");
    } else {
        parts(out, &step.parts, Some(step.made), "why-made");
    }
    out.push_str("</li>");
}

fn merges(out: &mut String, units: &[String], steps: &[Step], made: usize) {
    let order = match steps.first().map(|s| s.priority) {
        Some(Priority::Score(_)) => "the best-scoring piece first",
        _ => "the lowest-ranked merge first",
    };
    let _ = write!(
        out,
        "<p>From its {} units, {} {}, {order}, leftmost on a tie; the token is the outlined part of the last row.</p>",
        units.len(),
        steps.len(),
        if steps.len() == 1 { "merge" } else { "merges" },
    );
    out.push_str(r#"<ol class="why-steps" data-testid="why-steps"><li data-testid="why-units">"#);
    parts(out, units, steps.is_empty().then_some(made), "why-token");
    out.push_str("</li>");
    for (i, s) in steps.iter().enumerate() {
        step(out, s, i + 1 == steps.len(), made);
    }
    out.push_str("</ol>");
}

pub(crate) fn lattice(out: &mut String, candidates: &[Candidate]) {
    out.push_str(
        "<p>Each row is a piece that could end at a place of the word, in the order Viterbi weighs \
         them: its log-probability, and the best path's score from the word's start through it. \
         The best way to each place is bold; the pieces on the final path are marked.</p>",
    );
    out.push_str(
        r#"<table class="why-lattice" data-testid="why-lattice"><thead><tr><th scope="col">piece</th><th scope="col">bytes</th><th scope="col">log-probability</th><th scope="col">path through it</th><th scope="col">kept</th></tr></thead><tbody>"#,
    );
    for c in candidates {
        let class = match (c.on_path, c.best) {
            (true, _) => "on-path",
            (false, true) => "best",
            _ => "",
        };
        let kept = match (c.on_path, c.best) {
            (true, _) => "on the path",
            (false, true) => "best to here",
            _ => "",
        };
        let _ = write!(
            out,
            r#"<tr class="{class}" data-testid="why-candidate" data-piece="{}" data-id="{}" data-log-prob="{:?}" data-path="{:?}" data-best="{}" data-on-path="{}"><td>{}</td><td>{}–{}</td><td>{:.4}</td><td>{:.4}</td><td>{kept}</td></tr>"#,
            escaped(&c.piece),
            c.id,
            c.log_prob,
            c.path,
            c.best,
            c.on_path,
            escaped(&c.piece),
            c.span.start,
            c.span.end,
            c.log_prob,
            c.path,
        );
    }
    out.push_str("</tbody></table>");
}

fn bytes(out: &mut String, character: &str, ids: &[u32], at: usize) {
    let code_points: Vec<String> = character
        .chars()
        .map(|c| format!("U+{:04X}", c as u32))
        .collect();
    let hex: Vec<String> = character.bytes().map(|b| format!("{b:02X}")).collect();
    let ids: Vec<String> = ids.iter().map(u32::to_string).collect();
    let _ = write!(
        out,
        r#"<p data-testid="why-bytes" data-ids="{}">“{}” ({}) is not a piece of the vocabulary, so byte fallback spells it as its {} UTF-8 bytes, one token each: <code>{}</code> → ids {}. This token is byte {} of {}.</p>"#,
        ids.join(" "),
        escaped(character),
        code_points.join(" "),
        hex.len(),
        hex.join(" "),
        ids.join(", "),
        at + 1,
        hex.len(),
    );
}

fn anatomy(out: &mut String, chars: &[CharBytes]) {
    out.push_str(
        r#"<p>It starts or ends inside a character. A character is one to four UTF-8 bytes, and byte-level BPE merges bytes, not characters, so a token may hold only some of them:</p><table class="why-anatomy" data-testid="why-anatomy"><thead><tr><th scope="col">character</th><th scope="col">bytes, and the token each went to</th></tr></thead><tbody>"#,
    );
    for c in chars {
        let _ = write!(
            out,
            "<tr><td>{} U+{:04X}</td><td>",
            escaped(&c.character.to_string()),
            c.character as u32
        );
        for (byte, token) in &c.bytes {
            let to = token.map_or_else(|| "dropped".to_string(), |t| format!("token {}", t + 1));
            let _ = write!(
                out,
                r#"<span class="why-byte" data-testid="why-byte">{byte:02X} <small>{to}</small></span> "#
            );
        }
        out.push_str("</td></tr>");
    }
    out.push_str("</tbody></table>");
}

fn longest(out: &mut String, pieces: &[(String, usize)], made: usize, whole: bool) {
    out.push_str(
        "<p>From the word's start, the longest piece of the vocabulary; then, from where it ends, \
         the longest ## piece, and so on. Each line says how many longer candidates the \
         vocabulary lacked.</p><ol class=\"why-steps\" data-testid=\"why-longest\">",
    );
    for (i, (piece, tried)) in pieces.iter().enumerate() {
        let class = if whole && i == made { "why-token" } else { "" };
        let _ = write!(
            out,
            r#"<li data-testid="why-piece" data-piece="{}" data-tried="{tried}"><span class="why-part {class}">{}</span> <span class="muted">after {tried} longer {}</span></li>"#,
            escaped(piece),
            escaped(piece),
            if *tried == 1 {
                "candidate"
            } else {
                "candidates"
            },
        );
    }
    out.push_str("</ol>");
    if !whole {
        out.push_str(
            r#"<p data-testid="why-unknown">No piece covers what follows, so the whole word is one [UNK] token (a word over 100 characters is [UNK] too).</p>"#,
        );
    }
}

/// The whole story of `why`, for the text `text`.
pub fn write(why: &Why, text: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<p class="muted">{}</p><p>The chunk that holds it: <code class="why-seen" data-testid="why-chunk">{}</code> <span class="muted">(“{}”, bytes {}–{} of the text)</span></p>"#,
        escaped(why.cut),
        escaped(&why.seen),
        escaped(text.get(why.chunk.clone()).unwrap_or_default()),
        why.chunk.start,
        why.chunk.end,
    );
    match &why.story {
        Story::Whole { id } => {
            let _ = write!(
                out,
                r#"<p data-testid="why-whole" data-id="{id}">The chunk is itself a token (id {id}), so it is looked up whole: no merges.</p>"#
            );
        }
        Story::Merges { units, steps, made } => merges(&mut out, units, steps, *made),
        Story::Lattice { candidates } => lattice(&mut out, candidates),
        Story::Bytes { character, ids, at } => bytes(&mut out, character, ids, *at),
        Story::Longest {
            pieces,
            made,
            whole,
        } => longest(&mut out, pieces, *made, *whole),
        Story::Added { id } => {
            let _ = write!(
                out,
                r#"<p data-testid="why-added" data-id="{id}">The tokenizer adds this token (id {id}) to every text: [CLS] before it, [SEP] after it, as the model was trained to read them. It stands for none of your text.</p>"#
            );
        }
        Story::TooLong => {
            let _ = write!(
                out,
                "<p>This chunk is {} bytes long; the lab traces chunks of up to {LONGEST_TRACED} bytes.</p>",
                grouped(why.chunk.len())
            );
        }
    }
    if !why.anatomy.is_empty() {
        anatomy(&mut out, &why.anatomy);
    }
    out
}
