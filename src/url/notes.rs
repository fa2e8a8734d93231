//! The notes about links, under the page header: what the link that opened the page could not give
//! as asked (clamped or ignored), and what the address now has to leave out (text too long for a
//! link). Shown only when there is something to say; the opening notes can be dismissed.
use leptos::prelude::*;

use super::UrlState;

#[component]
pub fn UrlNotes() -> impl IntoView {
    let url = UrlState::expect();
    let has_opened = move || url.opened.with(|n| !n.is_empty());
    let has_sharing = move || url.sharing.with(|n| !n.is_empty());
    view! {
        {crate::dynamic::dynamic(move || (has_opened() || has_sharing()).then(|| view! {
            <aside class="url-notes" data-testid="url-note" role="status" aria-label="About this page's link">
                {crate::dynamic::dynamic(move || has_opened().then(|| view! {
                    <p><strong>"The link that opened this page: "</strong>"some values were not used as given."</p>
                    <ul data-testid="url-note-opened">
                        {crate::dynamic::dynamic(move || url.opened.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view())}
                    </ul>
                }))}
                {crate::dynamic::dynamic(move || has_sharing().then(|| view! {
                    <p><strong>"This page's link: "</strong></p>
                    <ul data-testid="url-note-sharing">
                        {crate::dynamic::dynamic(move || url.sharing.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view())}
                    </ul>
                }))}
                {crate::dynamic::dynamic(move || has_opened().then(|| view! {
                    <button type="button" data-testid="url-note-dismiss" on:click=move |_| url.opened.set(Vec::new())>
                        "Dismiss"
                    </button>
                }))}
            </aside>
        }))}
    }
}
