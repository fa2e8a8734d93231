//! Every keyboard shortcut of the page in one table. The handlers find their action here
//! ([`listen`], [`action_of`]) and the help overlay lists this same table, so what the overlay says
//! and what the keys do cannot drift apart. A shortcut never fires while the reader types in a field,
//! while a dialog is open, or when a focused control already used the key (space on a button,
//! arrows among the GPT-2 tokens). Left out: rebinding, and chords other than Shift.
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::lab::Lab;

/// Where a shortcut works: everywhere, in one lab, or inside one control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Page,
    Tokenize,
    Gpt2Tokens,
    Position,
    Dialog,
}

impl Scope {
    /// The heading the help overlay lists this scope's shortcuts under.
    pub fn title(self) -> &'static str {
        match self {
            Scope::Page => "Anywhere",
            Scope::Tokenize => "Tokenize lab: the merge stepper",
            Scope::Gpt2Tokens => "Tokenize lab: a focused GPT-2 token",
            Scope::Position => "Position lab: the sliders",
            Scope::Dialog => "In this help and in the tour",
        }
    }

    pub const ALL: [Scope; 5] = [
        Scope::Page,
        Scope::Tokenize,
        Scope::Gpt2Tokens,
        Scope::Position,
        Scope::Dialog,
    ];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Help,
    /// Show the lab with this slug (`tokenize`, `embed`, `position`).
    ShowLab(Lab),
    StepBack,
    StepForward,
    FirstStep,
    LastStep,
    PlayMerges,
    PreviousToken,
    NextToken,
    FirstToken,
    LastToken,
    PositionBy(i32),
    FirstPosition,
    LastPosition,
    OffsetBy(i32),
    PlayCursor,
    Close,
}

pub struct Shortcut {
    /// `KeyboardEvent.key` values that trigger it.
    pub keys: &'static [&'static str],
    /// Whether Shift must be held (ignored for printable keys like `?`, which Shift may produce).
    pub shift: bool,
    /// The keys as the help overlay shows them.
    pub label: &'static str,
    pub scope: Scope,
    pub action: Action,
    pub what: &'static str,
}

const fn shortcut(
    keys: &'static [&'static str],
    shift: bool,
    label: &'static str,
    scope: Scope,
    action: Action,
    what: &'static str,
) -> Shortcut {
    Shortcut {
        keys,
        shift,
        label,
        scope,
        action,
        what,
    }
}

use self::Action as A;
use self::Scope as S;

// One shortcut a line, in the order the help lists them.
#[rustfmt::skip]
pub const SHORTCUTS: &[Shortcut] = &[
    shortcut(&["?"], false, "?", S::Page, A::Help, "Show these shortcuts"),
    shortcut(&["1"], false, "1", S::Page, A::ShowLab(Lab::Tokenize), "Open the Tokenize lab"),
    shortcut(&["2"], false, "2", S::Page, A::ShowLab(Lab::Embed), "Open the Embed lab"),
    shortcut(&["3"], false, "3", S::Page, A::ShowLab(Lab::Position), "Open the Position lab"),
    shortcut(&["ArrowLeft"], false, "←", S::Tokenize, A::StepBack, "Back one merge"),
    shortcut(&["ArrowRight"], false, "→", S::Tokenize, A::StepForward, "Forward one merge"),
    shortcut(&["Home"], false, "Home", S::Tokenize, A::FirstStep, "Go to the start (no merges)"),
    shortcut(&["End"], false, "End", S::Tokenize, A::LastStep, "Go to the last merge"),
    shortcut(&[" "], false, "Space", S::Tokenize, A::PlayMerges, "Play or pause the merges"),
    shortcut(&["ArrowLeft", "ArrowUp"], false, "← ↑", S::Gpt2Tokens, A::PreviousToken, "Previous token"),
    shortcut(&["ArrowRight", "ArrowDown"], false, "→ ↓", S::Gpt2Tokens, A::NextToken, "Next token"),
    shortcut(&["Home"], false, "Home", S::Gpt2Tokens, A::FirstToken, "First token"),
    shortcut(&["End"], false, "End", S::Gpt2Tokens, A::LastToken, "Last token"),
    shortcut(&["ArrowLeft"], false, "←", S::Position, A::PositionBy(-1), "Position p − 1"),
    shortcut(&["ArrowRight"], false, "→", S::Position, A::PositionBy(1), "Position p + 1"),
    shortcut(&["ArrowLeft"], true, "Shift + ←", S::Position, A::PositionBy(-10), "Position p − 10"),
    shortcut(&["ArrowRight"], true, "Shift + →", S::Position, A::PositionBy(10), "Position p + 10"),
    shortcut(&["Home"], false, "Home", S::Position, A::FirstPosition, "Position p = 0"),
    shortcut(&["End"], false, "End", S::Position, A::LastPosition, "Last shown position"),
    shortcut(&["["], false, "[", S::Position, A::OffsetBy(-1), "Offset k − 1"),
    shortcut(&["]"], false, "]", S::Position, A::OffsetBy(1), "Offset k + 1"),
    shortcut(&[" "], false, "Space", S::Position, A::PlayCursor, "Play or pause the gliding cursor"),
    shortcut(&["Escape"], false, "Esc", S::Dialog, A::Close, "Close the help, or skip the tour"),
];

/// The action `event` stands for in `scope`, if any.
pub fn action_of(scope: Scope, event: &web_sys::KeyboardEvent) -> Option<Action> {
    if event.ctrl_key() || event.meta_key() || event.alt_key() {
        return None;
    }
    let key = event.key();
    let printable = key.chars().count() == 1 && key != " ";
    SHORTCUTS
        .iter()
        .find(|s| {
            s.scope == scope
                && s.keys.contains(&key.as_str())
                && (printable || s.shift == event.shift_key())
        })
        .map(|s| s.action)
}

/// Runs `handle` for each of `scope`'s shortcuts pressed while `active` is true, unless the key
/// belongs to whatever has focus. Handled keys lose their default action (page scrolling).
pub fn listen(scope: Scope, active: Signal<bool>, handle: impl Fn(Action) + 'static) {
    let listener = window_event_listener(ev::keydown, move |event| {
        if event.default_prevented()
            || !active.try_get_untracked().unwrap_or(false)
            || belongs_to_focus(&event)
        {
            return;
        }
        if let Some(action) = action_of(scope, &event) {
            event.prevent_default();
            handle(action);
        }
    });
    on_cleanup(move || listener.remove());
}

/// Keys typed into a field belong to that field, keys in a dialog to the dialog, and space or
/// Enter on a focused button or link presses it.
fn belongs_to_focus(event: &web_sys::KeyboardEvent) -> bool {
    let Some(target) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    if target
        .closest("dialog, [role='dialog']")
        .ok()
        .flatten()
        .is_some()
        || target
            .dyn_ref::<web_sys::HtmlElement>()
            .is_some_and(|el| el.is_content_editable())
    {
        return true;
    }
    match target.tag_name().as_str() {
        "INPUT" | "TEXTAREA" | "SELECT" => true,
        "BUTTON" | "A" | "SUMMARY" => matches!(event.key().as_str(), " " | "Enter"),
        _ => false,
    }
}
