//! The conversation editor: each message's role and text, buttons to move or remove it, then
//! buttons to add one. Drawn as one piece of markup (redrawn only when `layout` changes, so typing
//! keeps the caret) and driven by three listeners on its box that read which message an event is
//! for from `data-index`, and what a button does from `data-action` (markup and delegation keep
//! the page's wasm small: a view per button would cost more than the whole editor).
use leptos::prelude::*;
use til_channel::markup::escape_html;
use til_channel::ChatMessage;
use wasm_bindgen::JsCast;

use super::models::MOST_MESSAGES;

const ROLES: [&str; 3] = ["system", "user", "assistant"];

fn editor_html(messages: &[ChatMessage]) -> String {
    let mut out = String::new();
    let last = messages.len().saturating_sub(1);
    for (i, message) in messages.iter().enumerate() {
        let n = i + 1;
        out.push_str(&format!(
            r#"<div class="chat-message-row" data-testid="chat-message"><select data-index="{i}" data-testid="chat-role" aria-label="Role of message {n}">"#
        ));
        for role in ROLES {
            let selected = if message.role == role {
                " selected"
            } else {
                ""
            };
            out.push_str(&format!(r#"<option{selected}>{role}</option>"#));
        }
        if !ROLES.contains(&message.role.as_str()) {
            out.push_str("<option selected>");
            escape_html(&mut out, &message.role);
            out.push_str("</option>");
        }
        out.push_str(&format!(
            r#"</select><textarea data-index="{i}" data-testid="chat-content" rows="2" autocomplete="off" aria-label="Message {n}">"#
        ));
        escape_html(&mut out, &message.content);
        out.push_str("</textarea>");
        for (action, label, sign, off) in [
            ("up", "Move up", "↑", i == 0),
            ("down", "Move down", "↓", i == last),
            ("remove", "Remove", "✕", false),
        ] {
            out.push_str(&format!(
                r#"<button type="button" data-index="{i}" data-action="{action}" data-testid="chat-{action}" aria-label="{label} message {n}"{}>{sign}</button>"#,
                if off { " disabled" } else { "" }
            ));
        }
        out.push_str("</div>");
    }
    out.push_str(r#"<p class="chat-add">Add a message: "#);
    for role in ROLES {
        out.push_str(&format!(
            r#"<button type="button" data-action="add" data-role="{role}" data-testid="chat-add-{role}">{role}</button> "#
        ));
    }
    out.push_str("</p>");
    out
}

/// The element an event is for (the nearest with `data-index` or `data-action`), and its index.
fn target(ev: &web_sys::Event) -> Option<(Option<usize>, web_sys::Element)> {
    let element = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let element = element.closest("[data-index],[data-action]").ok()??;
    let index = element
        .get_attribute("data-index")
        .and_then(|i| i.parse().ok());
    Some((index, element))
}

#[component]
pub fn Editor(messages: RwSignal<Vec<ChatMessage>>, layout: RwSignal<u32>) -> impl IntoView {
    let rows = NodeRef::<leptos::html::Div>::new();
    crate::effect::effect(move || {
        layout.track();
        if let Some(rows) = rows.get() {
            rows.set_inner_html(&messages.with_untracked(|m| editor_html(m)));
        }
    });
    // Typing and choosing a role change the message, not the layout.
    let on_input = move |ev: web_sys::Event| {
        let Some((Some(i), element)) = target(&ev) else {
            return;
        };
        let role = element.tag_name() == "SELECT";
        let value = if role {
            element
                .unchecked_ref::<web_sys::HtmlSelectElement>()
                .value()
        } else {
            element
                .unchecked_ref::<web_sys::HtmlTextAreaElement>()
                .value()
        };
        messages.update(|m| {
            if let Some(message) = m.get_mut(i) {
                *(if role {
                    &mut message.role
                } else {
                    &mut message.content
                }) = value;
            }
        });
    };
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some((index, element)) = target(&ev) else {
            return;
        };
        let Some(action) = element.get_attribute("data-action") else {
            return;
        };
        let i = index.unwrap_or(usize::MAX);
        messages.update(|m| match action.as_str() {
            "up" if i > 0 && i < m.len() => m.swap(i - 1, i),
            "down" if i + 1 < m.len() => m.swap(i, i + 1),
            "remove" if i < m.len() => {
                m.remove(i);
            }
            "add" if m.len() < MOST_MESSAGES => m.push(ChatMessage {
                role: element.get_attribute("data-role").unwrap_or_default(),
                content: String::new(),
            }),
            _ => {}
        });
        layout.update(|n| *n += 1);
    };
    view! {
        <div class="chat-editor" data-testid="chat-editor" node_ref=rows
            on:input=on_input on:change=on_input on:click=on_click></div>
    }
}
