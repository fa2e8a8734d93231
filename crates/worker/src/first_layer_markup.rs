//! SmolLM2's first layer written as markup, in the worker, so the page sets each piece as one
//! `innerHTML`: the tokens as chips, and each head's logits as a table for every way of rotating.
//! Leaves out: the heatmaps (the page paints them from the logits).

use til_core::smollm2::first_attention::Logits;

use til_channel::first_layer::WAYS;
use til_channel::markup::escaped;

/// Tokens the tables list (the page's heatmaps show all of them).
pub const TABLE_LIMIT: usize = 16;

/// The tokens as chips, each with its id and position.
pub fn tokens(displays: &[String], ids: &[u32]) -> String {
    let mut html = String::new();
    for (i, (d, id)) in displays.iter().zip(ids).enumerate() {
        html += &format!(
            "<span class=\"chip\" data-testid=\"first-layer-token\" data-id=\"{id}\" title=\"position {i}, id {id}\">{}</span>",
            escaped(d)
        );
    }
    html
}

/// Head `h`'s logits, way `way`, as a table: one row per query, keys across.
pub fn table(logits: &Logits, displays: &[String], way: usize, h: usize) -> String {
    let shown = logits.len.min(TABLE_LIMIT);
    let cut = if shown < logits.len {
        format!(" (the first {shown} tokens)")
    } else {
        String::new()
    };
    let mut html = format!(
        "<table class=\"first-layer-table\" data-testid=\"first-layer-table\"><caption>Head {h}, {}: q_m·k_n/√64, query m down, key n across{cut}</caption><thead><tr><th></th>",
        WAYS[way].1
    );
    for d in &displays[..shown] {
        html += &format!("<th scope=\"col\">{}</th>", escaped(d));
    }
    html += "</tr></thead><tbody>";
    for (m, display) in displays[..shown].iter().enumerate() {
        html += &format!("<tr><th scope=\"row\">{}</th>", escaped(display));
        let row = logits.row(h, m);
        for n in 0..shown {
            html += &match row.get(n) {
                Some(logit) => format!("<td>{logit:.4}</td>"),
                None => "<td class=\"masked\"></td>".to_string(),
            };
        }
        html += "</tr>";
    }
    html + "</tbody></table>"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_mask_the_future_and_escape_tokens() {
        // One head, two tokens: logits (0,0) = 1, (1,0) = 2, (1,1) = 3.
        let logits = Logits::from_values(1, 2, vec![1.0, 2.0, 3.0]).unwrap();
        let displays = ["<a>".to_string(), "b".to_string()];
        let html = table(&logits, &displays, 3, 0);
        assert!(html.contains("No rotation"));
        assert!(html.contains("&lt;a&gt;"));
        assert!(html.contains("<td>1.0000</td><td class=\"masked\"></td>"));
        assert!(html.contains("<td>2.0000</td><td>3.0000</td>"));
        assert_eq!(
            tokens(&displays[1..], &[7])
                .matches("data-id=\"7\"")
                .count(),
            1
        );
    }
}
