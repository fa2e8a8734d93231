//! A rendered conversation as the Chat view shows it, written once here and set with one
//! `innerHTML`: the counts (total, the template's overhead, each message and each role), the
//! rendered text with the messages' own text marked apart from the template's, and the tokens as
//! chips, special and added tokens marked. And the tokens as CSV rows.
use std::fmt::Write;

use til_channel::markup::{escape_html, grouped, titled_chip_html};
use til_core::chat::conversation::Message;
use til_core::chat::count::Counts;
use til_core::chat::render::Rendered;
use til_core::csv::push_record;
use til_core::tokenizer::Piece;

/// A token of the rendered text and whether it is a special or added one.
pub struct Token {
    pub piece: Piece,
    pub special: bool,
}

pub fn write(
    rendered: &Rendered,
    messages: &[Message],
    tokens: &[Token],
    counts: &Counts,
) -> String {
    let mut out = String::new();
    let specials = tokens.iter().filter(|t| t.special).count();
    let _ = write!(
        out,
        r#"<p class="chat-total"><strong data-testid="chat-total">{}</strong> tokens, <strong data-testid="chat-special">{}</strong> of them special; the template adds <strong data-testid="chat-overhead">{}</strong> beyond the messages' own.</p>"#,
        grouped(counts.total),
        specials,
        counts.overhead,
    );
    out.push_str(r#"<table class="chat-counts" data-testid="chat-counts"><thead><tr><th>part</th><th class="num">tokens alone</th></tr></thead><tbody>"#);
    for (i, (message, n)) in messages.iter().zip(&counts.per_message).enumerate() {
        out.push_str("<tr><td>");
        let _ = write!(out, "message {} (", i + 1);
        escape_html(&mut out, message.role());
        let _ = write!(out, r#")</td><td class="num">{n}</td></tr>"#);
    }
    for (role, n) in &counts.per_role {
        out.push_str("<tr><td>all ");
        escape_html(&mut out, role);
        let _ = write!(out, r#"</td><td class="num">{n}</td></tr>"#);
    }
    let _ = write!(
        out,
        r#"<tr><td>the template's overhead</td><td class="num">{}</td></tr></tbody></table>"#,
        counts.overhead
    );
    // The text: the template's own parts plain, each message's content marked.
    out.push_str(r#"<pre class="chat-rendered" data-testid="chat-rendered" tabindex="0" role="region" aria-label="The rendered text">"#);
    let mut at = 0;
    for span in rendered.spans.iter().flatten() {
        escape_html(&mut out, &rendered.text[at..span.start]);
        out.push_str(r#"<mark class="chat-message">"#);
        escape_html(&mut out, &rendered.text[span.clone()]);
        out.push_str("</mark>");
        at = span.end;
    }
    escape_html(&mut out, &rendered.text[at..]);
    out.push_str("</pre>");
    out.push_str(r#"<div class="chips chat-chips" data-testid="chat-tokens" tabindex="0" role="region" aria-label="The rendered text's tokens">"#);
    for token in tokens {
        // A token the tokenizer has no id for (none of these make one) is drawn as id 0.
        let id = token.piece.id.unwrap_or(0);
        let title = format!("id {id}{}", if token.special { " · special" } else { "" });
        if token.special {
            out.push_str(r#"<span class="chat-special">"#);
        }
        titled_chip_html(&mut out, &token.piece.display, id, &title);
        if token.special {
            out.push_str("</span>");
        }
    }
    out.push_str("</div>");
    out
}

/// One record a token: the model, index, id, token, start, end, text, special (yes/no), the part
/// it is in ("message N" or "template").
pub fn csv(model: &str, rendered: &Rendered, tokens: &[Token]) -> String {
    let mut out = String::new();
    for (i, token) in tokens.iter().enumerate() {
        let span = &token.piece.span;
        let part = rendered
            .spans
            .iter()
            .position(|s| {
                s.as_ref()
                    .is_some_and(|s| s.start <= span.start && span.end <= s.end)
            })
            .map_or("template".to_string(), |m| format!("message {}", m + 1));
        push_record(
            &mut out,
            &[
                model,
                &i.to_string(),
                &token.piece.id.map_or(String::new(), |id| id.to_string()),
                &token.piece.display,
                &span.start.to_string(),
                &span.end.to_string(),
                rendered.text.get(span.clone()).unwrap_or_default(),
                if token.special { "yes" } else { "no" },
                &part,
            ],
        );
    }
    out
}
