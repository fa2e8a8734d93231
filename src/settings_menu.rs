//! The header's one settings menu: the theme, the keyboard shortcuts, the backend switches and the speed
//! check, folded behind one button so the labs start high on the page. A `<details>`, so it opens
//! and closes by keyboard and pointer alike; Esc closes it and gives focus back to its button.
use leptos::ev;
use leptos::prelude::*;

use crate::compute::{ForceBackend, SpeedCheck};
use crate::theme::ThemeMenu;
use crate::widgets::help_overlay::{KeyboardHelp, KeyboardHelpButton};

#[component]
pub fn SettingsMenu(help: KeyboardHelp) -> impl IntoView {
    let menu = NodeRef::<leptos::html::Details>::new();
    let summary = NodeRef::<leptos::html::Summary>::new();
    let close_on_escape = move |event: ev::KeyboardEvent| {
        if event.key() != "Escape" {
            return;
        }
        if let (Some(menu), Some(summary)) = (menu.get(), summary.get()) {
            if menu.open() {
                event.stop_propagation();
                menu.set_open(false);
                let _ = summary.focus();
            }
        }
    };
    view! {
        <details class="settings" data-testid="settings" node_ref=menu on:keydown=close_on_escape>
            <summary data-testid="settings-button" node_ref=summary title="Theme, keyboard shortcuts, force CPU, speed check">
                "⚙ Settings"
            </summary>
            <div class="settings-panel" role="group" aria-label="Settings">
                <ThemeMenu/>
                <KeyboardHelpButton help=help/>
                <ForceBackend/>
                <SpeedCheck/>
            </div>
        </details>
    }
}
