//! A lab's outline: its sections (every `h3` with an id in the lab), the one in view highlighted,
//! each a button that scrolls to its section and moves focus there. On wide screens it is a sticky
//! rail beside the lab; on narrow ones the same list folds into a "Jump to" menu above it. Buttons,
//! not `#id` links: the fragment names the lab. The list is read from the page when the lab opens
//! and again as it scrolls, so sections that appear once an asset loads join it.
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::browser::media_signal;
use crate::lab::Lab;

/// Screens at least this wide get the rail.
const WIDE: &str = "(min-width: 1100px)";
/// A section counts as being read once its heading has scrolled above this many pixels from the top.
const READING_LINE: f64 = 140.0;

/// One entry of the outline.
#[derive(Clone, Debug, PartialEq)]
struct Section {
    id: String,
    title: String,
}

/// Where the viewport stands, for choosing the section in view.
#[derive(Clone, Copy, Debug)]
pub struct Viewport {
    /// A section counts as being read once its heading is above this line (pixels from the top).
    pub line: f64,
    pub height: f64,
    /// Scrolled to the end: the last sections can never reach the line.
    pub at_bottom: bool,
}

/// The section being read: the one just picked while its heading is on screen; at the end of the
/// page, the last heading on screen; otherwise the one whose heading is lowest above the line (of
/// headings side by side, the first), and the first before any heading reaches it.
pub fn current_section(heading_tops: &[f64], view: Viewport, picked: Option<usize>) -> usize {
    let on_screen = |top: f64| (-1.0..view.height).contains(&top);
    if let Some(picked) = picked.filter(|&i| heading_tops.get(i).is_some_and(|&t| on_screen(t))) {
        return picked;
    }
    if view.at_bottom {
        if let Some(last) = heading_tops.iter().rposition(|&top| on_screen(top)) {
            return last;
        }
    }
    let mut best = (0, f64::NEG_INFINITY);
    for (index, &top) in heading_tops.iter().enumerate() {
        if top <= view.line && top > best.1 {
            best = (index, top);
        }
    }
    best.0
}

/// The viewport now.
fn viewport() -> Viewport {
    let window = web_sys::window();
    let number =
        |value: Option<wasm_bindgen::JsValue>| value.and_then(|v| v.as_f64()).unwrap_or(0.0);
    let height = number(window.as_ref().and_then(|w| w.inner_height().ok()));
    let scrolled = window
        .as_ref()
        .and_then(|w| w.scroll_y().ok())
        .unwrap_or(0.0);
    let page = window
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .map_or(0.0, |e| f64::from(e.scroll_height()));
    Viewport {
        line: READING_LINE,
        height,
        at_bottom: scrolled + height >= page - 2.0,
    }
}

/// The lab's headings, in page order, with how far each is from the top of the viewport.
fn headings(lab: Lab) -> Vec<(Section, f64)> {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return Vec::new();
    };
    let Ok(found) = document.query_selector_all(&format!("#{} .lab-body h3[id]", lab.slug()))
    else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|i| found.item(i)?.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|heading| heading.offset_parent().is_some())
        .map(|heading| {
            // A heading that carries a live figure (a count) names its section in `data-outline`,
            // so the entry does not change as the figure does.
            let title = heading
                .get_attribute("data-outline")
                .or_else(|| heading.text_content())
                .unwrap_or_default();
            let section = Section {
                id: heading.id(),
                title: title.trim().to_string(),
            };
            (section, heading.get_bounding_client_rect().top())
        })
        .collect()
}

fn go_to(id: &str) {
    let Some(heading) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    // Focusable only for this move, so the next Tab continues from the section.
    let _ = heading.set_attribute("tabindex", "-1");
    heading.scroll_into_view();
    let _ = heading.focus();
}

#[component]
pub fn Outline(lab: Lab, active: Signal<bool>) -> impl IntoView {
    let sections = RwSignal::new(Vec::<Section>::new());
    let current = RwSignal::new(0usize);
    // The entry last picked, which stays current while its heading is in the reading zone.
    let picked = StoredValue::new(None::<usize>);
    let wide = media_signal(WIDE);
    let menu = NodeRef::<leptos::html::Details>::new();
    let read = move || {
        if !active.get_untracked() {
            return;
        }
        let found = headings(lab);
        let tops: Vec<f64> = found.iter().map(|(_, top)| *top).collect();
        let list: Vec<Section> = found.into_iter().map(|(section, _)| section).collect();
        if sections.with_untracked(|now| *now != list) {
            sections.set(list);
        }
        let now = current_section(&tops, viewport(), picked.get_value());
        if current.get_untracked() != now {
            current.set(now);
        }
    };
    // Read once the lab is shown and has rendered, then follow the scroll (one read per frame).
    crate::effect::effect(move || {
        if active.get() {
            request_animation_frame(read);
        }
    });
    let queued = StoredValue::new(false);
    let on_scroll = window_event_listener(ev::scroll, move |_| {
        if queued.get_value() {
            return;
        }
        queued.set_value(true);
        request_animation_frame(move || {
            queued.set_value(false);
            read();
        });
    });
    on_cleanup(move || on_scroll.remove());
    let title = move || {
        sections.with(|list| {
            list.get(current.get())
                .map_or_else(String::new, |s| s.title.clone())
        })
    };
    let items = move || {
        sections
            .get()
            .into_iter()
            .enumerate()
            .map(|(index, section)| {
                let id = section.id.clone();
                view! {
                    <li>
                        <button type="button" class="outline-item" data-testid="outline-item"
                            aria-current=move || (current.get() == index).then_some("location")
                            on:click=move |_| {
                                picked.set_value(Some(index));
                                go_to(&id);
                                current.set(index);
                                if !wide.get_untracked() {
                                    if let Some(menu) = menu.get_untracked() {
                                        menu.set_open(false);
                                    }
                                }
                            }>
                            {section.title}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <nav class="outline" aria-label=format!("Sections of the {} lab", lab.slug()) data-testid="outline">
            <details class="outline-menu" node_ref=menu prop:open=move || wide.get()>
                <summary class="outline-jump" data-testid="outline-jump">
                    "Jump to: " <span class="outline-current">{title}</span>
                </summary>
                <ol class="outline-list">{items}</ol>
            </details>
        </nav>
    }
}

#[cfg(test)]
mod tests {
    use super::{current_section, Viewport};

    const MIDDLE: Viewport = Viewport {
        line: 140.0,
        height: 800.0,
        at_bottom: false,
    };

    #[test]
    fn the_section_in_view_is_the_lowest_heading_above_the_line() {
        assert_eq!(current_section(&[], MIDDLE, None), 0);
        // Nothing scrolled yet: every heading is below the line.
        assert_eq!(current_section(&[300.0, 900.0, 1500.0], MIDDLE, None), 0);
        assert_eq!(current_section(&[-400.0, 120.0, 700.0], MIDDLE, None), 1);
        assert_eq!(current_section(&[-900.0, -300.0, 140.0], MIDDLE, None), 2);
        // Two panels side by side: the first of them.
        assert_eq!(
            current_section(&[-900.0, 40.0, 40.0, 900.0], MIDDLE, None),
            1
        );
    }

    #[test]
    fn at_the_end_of_the_page_the_last_heading_on_screen_is_current() {
        let end = Viewport {
            at_bottom: true,
            ..MIDDLE
        };
        assert_eq!(current_section(&[-900.0, 100.0, 500.0], end, None), 2);
        assert_eq!(current_section(&[-900.0, 100.0, 500.0], MIDDLE, None), 1);
    }

    #[test]
    fn a_picked_section_stays_current_while_its_heading_is_on_screen() {
        let side_by_side = [-900.0, 40.0, 40.0, 900.0];
        assert_eq!(current_section(&side_by_side, MIDDLE, Some(2)), 2);
        // The last section, which cannot scroll up to the line.
        assert_eq!(
            current_section(&[-900.0, -100.0, 420.0], MIDDLE, Some(2)),
            2
        );
        // Scrolled on: the pick no longer counts.
        assert_eq!(
            current_section(&[-1500.0, -560.0, -560.0, 100.0], MIDDLE, Some(2)),
            3
        );
        // A pick past the end (the list changed) is ignored.
        assert_eq!(current_section(&side_by_side, MIDDLE, Some(9)), 1);
    }
}
