//! Light and dark themes, and reduced motion. The page follows the system's colour scheme until the
//! reader picks one with the theme menu; the pick is remembered in localStorage. The stylesheet keys
//! its colours on `<html data-theme="light|dark">`: index.html sets it before the first paint from
//! the same storage key, and [`Theme`] rewrites it whenever the pick or the system changes, before
//! anything that reads the colours (the plots' palette) hears of the change.
//! Left out: high-contrast themes, and themes per lab.
use leptos::prelude::*;

use crate::browser::{media_signal, watch_media};

/// The localStorage key; index.html's first-paint script reads the same one.
const STORAGE_KEY: &str = "til-theme";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    System,
    Light,
    Dark,
}

impl Choice {
    const ALL: [Choice; 3] = [Choice::System, Choice::Light, Choice::Dark];

    fn value(self) -> &'static str {
        match self {
            Choice::System => "system",
            Choice::Light => "light",
            Choice::Dark => "dark",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Choice::System => "As the system",
            Choice::Light => "Light",
            Choice::Dark => "Dark",
        }
    }

    /// Anything but "light" or "dark" (nothing stored, or a value from elsewhere) means the system.
    fn parse(value: &str) -> Choice {
        Choice::ALL
            .into_iter()
            .find(|c| c.value() == value)
            .unwrap_or(Choice::System)
    }
}

#[derive(Clone, Copy)]
pub struct Theme {
    choice: RwSignal<Choice>,
    system_dark: RwSignal<bool>,
    /// True when the page is dark, whether by the reader's pick or the system's.
    pub dark: Signal<bool>,
    /// True while the system asks for reduced motion.
    pub reduced_motion: Signal<bool>,
}

impl Theme {
    /// Reads the stored pick and the system's preferences, and makes the theme available below.
    pub fn provide() -> Theme {
        let choice = RwSignal::new(Choice::parse(&stored().unwrap_or_default()));
        let system_dark = RwSignal::new(false);
        let initial = watch_media("(prefers-color-scheme: dark)", move |dark| {
            if let Some(choice) = choice.try_get_untracked() {
                apply(is_dark(choice, dark));
            }
            system_dark.try_set(dark);
        });
        system_dark.set(initial);
        apply(is_dark(choice.get_untracked(), initial));
        let theme = Theme {
            choice,
            system_dark,
            dark: Signal::derive(move || is_dark(choice.get(), system_dark.get())),
            reduced_motion: media_signal("(prefers-reduced-motion: reduce)"),
        };
        provide_context(theme);
        theme
    }

    /// The page's theme, provided by `App`.
    pub fn get() -> Theme {
        expect_context()
    }

    /// Applies and remembers the reader's pick.
    fn choose(&self, choice: Choice) {
        apply(is_dark(choice, self.system_dark.get_untracked()));
        store(choice);
        self.choice.set(choice);
    }
}

/// The theme menu: as the system, light, or dark.
#[component]
pub fn ThemeMenu() -> impl IntoView {
    let theme = Theme::get();
    view! {
        <label class="theme-menu">
            "Theme "
            <select data-testid="theme-choice" prop:value=move || theme.choice.get().value()
                on:change=move |ev| theme.choose(Choice::parse(&event_target_value(&ev)))>
                {Choice::ALL.map(|c| view! { <option value=c.value()>{c.label()}</option> }).collect_view()}
            </select>
        </label>
    }
}

fn is_dark(choice: Choice, system_dark: bool) -> bool {
    match choice {
        Choice::System => system_dark,
        Choice::Light => false,
        Choice::Dark => true,
    }
}

fn apply(dark: bool) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.set_attribute("data-theme", if dark { "dark" } else { "light" });
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn stored() -> Option<String> {
    storage()?.get_item(STORAGE_KEY).ok().flatten()
}

/// Remembers a pick; "as the system" forgets the key, so a later change of the system shows.
/// Storage can be unavailable (private modes, quotas): the pick then lasts for this visit.
fn store(choice: Choice) {
    if let Some(storage) = storage() {
        let _ = match choice {
            Choice::System => storage.remove_item(STORAGE_KEY),
            _ => storage.set_item(STORAGE_KEY, choice.value()),
        };
    }
}
