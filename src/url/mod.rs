//! The page's state in its address, so a reload or a shared link lands in the same state. The lab
//! stays in the fragment (`#tokenize`, `#embed`, `#position`, as old links have it); everything else
//! is in the query string, read once when the page opens and rewritten with `history.replaceState`
//! (never a new history entry) at most every `WRITE_EVERY_MS` while things change.
//!
//! Each lab lists its parameters and binds its signals in its own `link.rs`: it publishes a value per
//! key (what it holds on start is the default, left out of the address) and applies what the link
//! asked for. Reading and clamping are `til_core::link`'s; what it could not take as asked becomes a
//! note in [`UrlNotes`], as do the labs' later checks (a word GloVe does not have, a step past the
//! last merge) and text too long for a link. Left out: the lab fragment (the shell's hash routing
//! keeps it) and history entries for undo.
mod notes;

use std::time::Duration;

use leptos::prelude::*;
use til_core::link::{self, Link, Param, Value};
use wasm_bindgen::prelude::{Closure, JsValue};
use wasm_bindgen::JsCast;

pub use notes::UrlNotes;

/// The address follows the page at most this often: quick enough for a reload, slow enough that
/// a dragged slider does not hammer the history API (browsers throttle it).
const WRITE_EVERY_MS: u64 = 300;

#[derive(Clone, Copy)]
pub struct UrlState {
    /// What the address asked for when the page opened.
    asked: StoredValue<Link>,
    /// Every published value now, and each as its lab started.
    current: RwSignal<Link>,
    defaults: StoredValue<Link>,
    /// Every parameter the page has, as the app assembled them.
    schema: StoredValue<Vec<Param>>,
    /// About the link that opened the page: what was clamped or ignored.
    pub opened: RwSignal<Vec<String>>,
    /// About the link the address holds now: what it had to leave out.
    pub sharing: RwSignal<Vec<String>>,
}

impl UrlState {
    /// Reads the address against `schema` (every parameter of the page) and starts keeping it up
    /// to date; call before the labs are created.
    pub fn provide(schema: Vec<Param>) {
        let mut search = current_search();
        // Reloaded before the last change reached the address: the change was kept for it.
        if let Some(kept) = take_left(&search) {
            replace_query(kept.trim_start_matches('?'));
            search = kept;
        }
        let parsed = link::parse(&search, &schema);
        let state = UrlState {
            asked: StoredValue::new(parsed.link),
            current: RwSignal::new(Link::default()),
            defaults: StoredValue::new(Link::default()),
            opened: RwSignal::new(parsed.notes),
            sharing: RwSignal::new(Vec::new()),
            schema: StoredValue::new(schema),
        };
        provide_context(state);
        state.keep_address();
    }

    pub fn expect() -> UrlState {
        expect_context()
    }

    pub fn whole(&self, key: &str) -> Option<usize> {
        self.asked.with_value(|l| l.whole(key))
    }

    pub fn number(&self, key: &str) -> Option<f64> {
        self.asked.with_value(|l| l.number(key))
    }

    pub fn text(&self, key: &str) -> Option<String> {
        self.asked.with_value(|l| l.text(key).map(String::from))
    }

    /// A note about the opening link found after reading it (a lab's own check).
    pub fn note(&self, text: String) {
        self.opened.update(|notes| notes.push(text));
    }

    /// Keeps `key` of the address in step with `value()` (`None` leaves it out). What it gives now
    /// is the default; call before applying the link.
    pub fn publish(&self, key: &'static str, value: impl Fn() -> Option<Value> + 'static) {
        self.publish_boxed(key, Box::new(value));
    }

    /// [`Self::publish`]'s work, through one closure type: the wasm holds one copy of it instead
    /// of one per parameter.
    fn publish_boxed(&self, key: &'static str, value: Box<dyn Fn() -> Option<Value>>) {
        if let Some(first) = untrack(&value) {
            self.defaults.update_value(|d| d.set(key, first));
        }
        let current = self.current;
        crate::effect::effect(move || {
            let value = value();
            if current.with_untracked(|l| l.get(key) != value.as_ref()) {
                current.update(|l| match value {
                    Some(v) => l.set(key, v),
                    None => l.remove(key),
                });
            }
        });
    }

    /// A text signal in the address both ways: the link's text now, every change later.
    pub fn bind_text(&self, key: &'static str, text: RwSignal<String>) {
        self.publish(key, move || Some(Value::Text(text.get())));
        if let Some(asked) = self.text(key) {
            text.set(asked);
        }
    }

    /// Writes the address `WRITE_EVERY_MS` after the first change since the last write, with
    /// whatever the page holds by then; and at once when the page is left (`pagehide`). A reload
    /// has taken its address by then, so the new address is also kept in the tab's sessionStorage
    /// for the page that reload opens ([`take_left`]).
    fn keep_address(self) {
        let pending = StoredValue::new(false);
        crate::effect::effect(move || {
            self.current.track();
            if pending.get_value() {
                return;
            }
            pending.set_value(true);
            set_timeout(
                move || {
                    if pending.get_value() {
                        pending.set_value(false);
                        self.write();
                    }
                },
                Duration::from_millis(WRITE_EVERY_MS),
            );
        });
        let on_hide = Closure::<dyn Fn()>::new(move || {
            if pending.try_get_value() == Some(true) {
                pending.set_value(false);
                let from = current_search();
                self.write();
                keep_left(&from, &current_search());
            }
        });
        if let Some(window) = web_sys::window() {
            let _ = window
                .add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
        }
        // The listener lives as long as the page.
        on_hide.forget();
    }

    /// Writes what the page holds now into the address, and the sharing notes with it.
    fn write(self) {
        let written = self.current.with_untracked(|now| {
            self.defaults.with_value(|defaults| {
                self.schema
                    .with_value(|schema| link::write(now, defaults, schema))
            })
        });
        if self.sharing.with_untracked(|notes| *notes != written.notes) {
            self.sharing.set(written.notes);
        }
        replace_query(&written.query);
    }
}

/// The sessionStorage key of the address the page left with: `FROM\nTO`, the query it had and the
/// one written as it went.
const LEFT_KEY: &str = "til-address-left";

fn current_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

fn keep_left(from: &str, to: &str) {
    if from != to {
        if let Some(storage) = session() {
            // Storage can be unavailable or full: then only the written address remains.
            let _ = storage.set_item(LEFT_KEY, &format!("{from}\n{to}"));
        }
    }
}

/// The query the page left with, once, if this page opened on the address it had then (a reload).
fn take_left(search: &str) -> Option<String> {
    let storage = session()?;
    let left = storage.get_item(LEFT_KEY).ok().flatten()?;
    let _ = storage.remove_item(LEFT_KEY);
    let (from, to) = left.split_once('\n')?;
    (from == search).then(|| to.to_string())
}

/// Swaps the address's query string for `query`, keeping its path and fragment.
fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let search = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    if location.search().ok().as_deref() == Some(search.as_str()) {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &JsValue::NULL,
            "",
            Some(&format!("{path}{search}{hash}")),
        );
    }
}
