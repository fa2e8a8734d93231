//! A token drawn as a coloured chip. The colour comes from the token id, so the same token keeps its
//! colour everywhere on the page. [`TokenChip`] is the component; [`chip_html`] (and
//! [`titled_chip_html`]) writes the same
//! chip as markup (escaped by `markup::escape_html`), for long lists that set many chips at once (one `innerHTML` instead of a DOM
//! call per attribute of every chip).
use std::fmt::Write;

use til_channel::markup::escape_html;

use leptos::prelude::*;

/// Golden-angle hue spacing keeps neighbouring ids far apart on the colour wheel.
fn hue(id: u32) -> u32 {
    (id.wrapping_mul(137) + 23) % 360
}

fn default_title(id: u32) -> String {
    format!("id {id}")
}

#[component]
pub fn TokenChip(text: String, id: u32, #[prop(optional)] title: Option<String>) -> impl IntoView {
    let style = format!("--chip-hue: {}", hue(id));
    let title = title.unwrap_or_else(|| default_title(id));
    view! { <span class="chip" style=style title=title data-id=id>{text}</span> }
}

/// Appends to `out` the markup of `<TokenChip text id/>` (default title), `text` escaped.
pub fn chip_html(out: &mut String, text: &str, id: u32) {
    titled_chip_html(out, text, id, &default_title(id));
}

/// The same with its own title (escaped too).
pub fn titled_chip_html(out: &mut String, text: &str, id: u32, title: &str) {
    let _ = write!(
        out,
        r#"<span class="chip" style="--chip-hue: {}" title=""#,
        hue(id)
    );
    escape_html(out, title);
    let _ = write!(out, r#"" data-id="{id}">"#);
    escape_html(out, text);
    out.push_str("</span>");
}
