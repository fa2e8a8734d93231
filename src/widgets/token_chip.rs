//! A token drawn as a coloured chip. The colour comes from the token id, so the same token keeps its
//! colour everywhere on the page.
use leptos::prelude::*;

/// Golden-angle hue spacing keeps neighbouring ids far apart on the colour wheel.
fn hue(id: u32) -> u32 {
    (id.wrapping_mul(137) + 23) % 360
}

#[component]
pub fn TokenChip(text: String, id: u32, #[prop(optional)] title: Option<String>) -> impl IntoView {
    let style = format!("--chip-hue: {}", hue(id));
    let title = title.unwrap_or_else(|| format!("id {id}"));
    view! { <span class="chip" style=style title=title data-id=id>{text}</span> }
}
