//! A token drawn as a coloured chip. The colour comes from the token id, so the same token keeps its
//! colour everywhere on the page. [`TokenChip`] is the component; [`chip_html`] (and
//! `til_channel::markup`'s [`titled_chip_html`], which the worker's markup uses too) writes the
//! same chip as markup, for long lists that set many chips at once (one `innerHTML` instead of a
//! DOM call per attribute of every chip).
use til_channel::markup::chip_hue;
pub use til_channel::markup::titled_chip_html;

use leptos::prelude::*;

fn default_title(id: u32) -> String {
    format!("id {id}")
}

#[component]
pub fn TokenChip(text: String, id: u32, #[prop(optional)] title: Option<String>) -> impl IntoView {
    let style = format!("--chip-hue: {}", chip_hue(id));
    let title = title.unwrap_or_else(|| default_title(id));
    view! { <span class="chip" style=style title=title data-id=id>{text}</span> }
}

/// Appends to `out` the markup of `<TokenChip text id/>` (default title), `text` escaped.
pub fn chip_html(out: &mut String, text: &str, id: u32) {
    titled_chip_html(out, text, id, &default_title(id));
}
