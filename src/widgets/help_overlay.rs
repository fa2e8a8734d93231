//! The keyboard help: a modal dialog listing every shortcut in `crate::shortcuts::SHORTCUTS`, by
//! where it works. It opens with `?` or the header's "Keyboard" button and closes with Esc or its
//! Close button; while it is open Tab cycles inside it, and on closing focus returns to the control
//! that had it. Left out: editing shortcuts.
use leptos::html::Dialog;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::shortcuts::{action_of, Action, Scope, SHORTCUTS};

/// What can be focused inside the dialog, in tab order.
const FOCUSABLE: &str =
    "button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/// Opens the help from anywhere (the `?` shortcut is handled by the page shell).
#[derive(Clone, Copy)]
pub struct KeyboardHelp {
    open: RwSignal<bool>,
}

impl KeyboardHelp {
    pub fn provide() -> KeyboardHelp {
        let help = KeyboardHelp {
            open: RwSignal::new(false),
        };
        provide_context(help);
        help
    }

    pub fn show(&self) {
        self.open.set(true);
    }
}

/// The header's button that opens the help.
#[component]
pub fn KeyboardHelpButton(help: KeyboardHelp) -> impl IntoView {
    view! {
        <button type="button" class="help-button" data-testid="help-button" aria-haspopup="dialog"
            title="Keyboard shortcuts (?)" on:click=move |_| help.show()>"⌨ Keyboard"</button>
    }
}

#[component]
pub fn KeyboardHelpDialog(help: KeyboardHelp) -> impl IntoView {
    let dialog = NodeRef::<Dialog>::new();
    let close_button = NodeRef::<leptos::html::Button>::new();
    // The control that had focus before the dialog opened, to give it back afterwards.
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    crate::effect::effect(move || {
        let (Some(dialog), open) = (dialog.get(), help.open.get()) else {
            return;
        };
        if open && !dialog.open() {
            opener.set_value(active_element());
            if dialog.show_modal().is_ok() {
                if let Some(button) = close_button.get_untracked() {
                    let _ = button.focus();
                }
            }
        } else if !open && dialog.open() {
            dialog.close();
        }
    });
    // Focus goes back to the control that had it, or leaves the dialog when that was the page.
    let restore_focus = move || match opener
        .get_value()
        .filter(|el| el.is_connected() && el.tag_name() != "BODY")
    {
        Some(el) => {
            let _ = el.focus();
        }
        None => {
            if let Some(el) = active_element() {
                let _ = el.blur();
            }
        }
    };
    // Closed at once, not through the effect: a key pressed right after Esc must find the dialog
    // gone and focus back where it was, or it lands on the dialog's button and does nothing.
    let close_now = move || {
        if let Some(dialog) = dialog.get_untracked() {
            dialog.close();
        }
        help.open.set(false);
        restore_focus();
    };
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        if action_of(Scope::Dialog, &ev) == Some(Action::Close) {
            ev.prevent_default();
            close_now();
        } else if ev.key() == "Tab" {
            if let Some(dialog) = dialog.get_untracked() {
                keep_focus_inside(&dialog, &ev);
            }
        }
    };
    view! {
        <dialog node_ref=dialog class="help-dialog" data-testid="help-dialog" aria-labelledby="help-title"
            on:keydown=on_keydown
            on:cancel=move |ev: web_sys::Event| { ev.prevent_default(); close_now(); }
            on:close=move |_| {
                help.open.set(false);
                restore_focus();
            }>
            <div class="help-head">
                <h2 id="help-title">"Keyboard shortcuts"</h2>
                <button type="button" node_ref=close_button data-testid="help-close"
                    on:click=move |_| close_now()>"Close"</button>
            </div>
            <p class="muted">
                "Tab and Shift+Tab reach every control. Shortcuts act on the lab on show, and never while you type in a field."
            </p>
            <div class="help-body" tabindex="0" role="region" aria-label="Shortcut list">
                {Scope::ALL.map(|scope| view! {
                    <h3>{scope.title()}</h3>
                    <dl class="shortcut-list">
                        {SHORTCUTS.iter().filter(|s| s.scope == scope).map(|s| view! {
                            <div class="shortcut" data-testid="shortcut" data-scope=scope.title()>
                                <dt><kbd>{s.label}</kbd></dt>
                                <dd>{s.what}</dd>
                            </div>
                        }).collect_view()}
                    </dl>
                }).collect_view()}
            </div>
        </dialog>
    }
}

fn active_element() -> Option<web_sys::HtmlElement> {
    web_sys::window()?
        .document()?
        .active_element()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// Tab from the last focusable element goes to the first, Shift+Tab from the first to the last.
fn keep_focus_inside(dialog: &web_sys::HtmlDialogElement, ev: &web_sys::KeyboardEvent) {
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else {
        return;
    };
    let items: Vec<web_sys::HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into().ok())
        .collect();
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        return;
    };
    let current = active_element();
    let wrap_to = if ev.shift_key() {
        (current.as_ref() == Some(first) || current.is_none()).then_some(last)
    } else {
        (current.as_ref() == Some(last)).then_some(first)
    };
    if let Some(target) = wrap_to {
        ev.prevent_default();
        let _ = target.focus();
    }
}
