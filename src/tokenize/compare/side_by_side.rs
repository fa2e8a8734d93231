//! Side by side: the same text through up to four of the lab's tokenizers, chosen by the reader
//! (and kept in the link), as columns of chips with ids, the count, the characters and bytes per
//! token. Chips whose cut no other chosen column makes are outlined (`til_core::compare::cuts`),
//! and everything shown downloads as CSV. Each column is a [`Side`]; its tokenizer is a
//! [`til_core::tokenizer::Tokenizer`] in the page or a `Remote` one in the lab's worker, and
//! what only one tokenizer has to say (WordPiece's split words) comes as that side's `notes`.
//! Every side takes the first `COMPARE_CHARS` characters: the BPE side replays its merges word by
//! word, which costs seconds on a 20,000-character word.
use std::sync::Arc;

use leptos::prelude::*;
use til_core::compare::csv::pieces_csv;
use til_core::compare::cuts;
use til_core::tokenizer::Piece;

use super::numbers_view::NumbersGrid;
use super::side::{PieceKind, Side, SideState};
use super::token_tax_view::TokenTax;
use super::whole_text::WholeText;
use super::why_view::{Asked, WhyPanel};
use crate::download::DownloadButton;
use crate::widgets::token_chip::titled_chip_html;
use til_channel::markup::grouped;

/// Characters compared, the same cap as the walkthrough's "Encode a word".
pub const COMPARE_CHARS: usize = 2_000;
/// Chips drawn per side (a dozen lines of them); the counts cover all the compared text.
const CHIP_LIMIT: usize = 120;
/// Columns shown at once: more would not fit side by side.
pub const MOST_CHOSEN: usize = 4;

/// What the view shows of one side for the text it was given (the worker's answer for the text
/// before may still be on show while the latest one is being worked out).
#[derive(Clone, Debug, PartialEq)]
struct Tokens {
    pieces: Vec<Piece>,
    text: Arc<str>,
}

impl Tokens {
    fn of(pieces: Vec<Piece>, text: &Arc<str>) -> Tokens {
        Tokens {
            pieces,
            text: text.clone(),
        }
    }

    fn unknown(&self) -> usize {
        self.pieces.iter().filter(|p| p.id.is_none()).count()
    }

    /// "4.2 characters and 4.3 bytes per token", or nothing for no tokens.
    fn density(&self) -> Option<String> {
        let n = self.pieces.len() as f64;
        (n > 0.0).then(|| {
            format!(
                "{:.2} characters and {:.2} bytes per token",
                self.text.chars().count() as f64 / n,
                self.text.len() as f64 / n
            )
        })
    }
}

/// A side's tokens for the latest text: `None` until it has any, an error if it failed.
type Answer = Option<Result<Tokens, String>>;

/// The first `COMPARE_CHARS` characters of `text`, and whether that cut it.
fn compared(text: &str) -> (Arc<str>, bool) {
    match text.char_indices().nth(COMPARE_CHARS) {
        Some((cut, _)) => (text[..cut].into(), true),
        None => (text.into(), false),
    }
}

/// A side's tokens, worked out while it is chosen: in the page as the text changes, or from the
/// worker, which answers in order (so the last answer set is the latest text's, and the one
/// before stays until it comes).
fn answers(side: &Side, text: Memo<(Arc<str>, bool)>, chosen: Signal<bool>) -> Signal<Answer> {
    let state = side.state;
    let local = Memo::new(move |_| match state.get() {
        SideState::Ready(tokenizer) if chosen.get() => {
            Some(text.with(|(t, _)| Tokens::of(tokenizer.encode(t), t)))
        }
        _ => None,
    });
    let remote = RwSignal::new(None::<Result<Tokens, String>>);
    crate::effect::effect(move || match state.get() {
        SideState::Remote(tokenizer) if chosen.get() => {
            let text = text.get().0;
            leptos::task::spawn_local(async move {
                let tokens = tokenizer.encode(&text).await.map(|p| Tokens::of(p, &text));
                // Answers that come together are drawn in frames of their own (three columns
                // drawn in one frame took 65 ms).
                crate::browser::own_frame().await;
                // The page may be gone by the time the answer comes.
                let _ = remote.try_set(Some(tokens));
            });
        }
        // A tokenizer being replaced (another model file) shows none until the new one answers.
        SideState::Remote(_) => {}
        _ => remote.set(None),
    });
    Signal::derive(move || match local.get() {
        Some(tokens) => Some(Ok(tokens)),
        None => remote.get(),
    })
}

#[component]
pub fn Compare(
    /// The text every side tokenizes.
    #[prop(into)]
    text: Signal<String>,
    sides: Vec<Side>,
    /// The slugs of the columns on show, in order.
    chosen: RwSignal<Vec<&'static str>>,
    /// Whether the counts take every tokenizer rather than the columns on show.
    every: RwSignal<bool>,
) -> impl IntoView {
    // A task after the text box (crate::deferred): a paste redraws in short tasks.
    let settled = crate::deferred::deferred(text);
    let compared = Memo::new(move |_| settled.with(|t| compared(t)));
    let asked = RwSignal::new(None::<Asked>);
    let columns: Vec<(Side, Signal<Answer>)> = sides
        .into_iter()
        .map(|side| {
            let slug = side.slug;
            let is_chosen = Signal::derive(move || chosen.with(|c| c.contains(&slug)));
            let answer = answers(&side, compared, is_chosen);
            (side, answer)
        })
        .collect();
    let columns = StoredValue::new(columns);
    // Choosing a side, or counting every one, is asking for its files.
    crate::effect::effect(move || {
        let (wanted, every) = (chosen.get(), every.get());
        columns.with_value(|all| {
            all.iter()
                .filter(|(side, _)| every || wanted.contains(&side.slug))
                .for_each(|(side, _)| (side.want)())
        });
    });
    let on_show = move || {
        let wanted = chosen.get();
        columns.with_value(|all| {
            wanted
                .iter()
                .filter_map(|slug| all.iter().find(|(s, _)| s.slug == *slug).cloned())
                .collect::<Vec<_>>()
        })
    };
    // The counts (the whole text's, the numbers grid, the token tax) take the columns on show, or
    // every tokenizer: the reader's model file (the last) once one is open, each other one as soon
    // as its files are in.
    let counted_sides = Signal::derive(move || match every.get() {
        true => columns.with_value(|all| {
            let unopened = matches!(all[all.len() - 1].0.state.get(), SideState::Waiting(_));
            all[..all.len() - usize::from(unopened)]
                .iter()
                .map(|(s, _)| s.clone())
                .collect()
        }),
        false => on_show().into_iter().map(|(side, _)| side).collect(),
    });
    // For each column on show, whether each of its tokens is cut as every other column cuts it.
    // An answer for an earlier text is left out: its spans are not this text's.
    let marks = Memo::new(move |_| {
        compared.with(|(text, _)| {
            let spans: Vec<Vec<std::ops::Range<usize>>> = on_show()
                .iter()
                .map(|(_, answer)| match answer.get() {
                    Some(Ok(tokens)) if tokens.text == *text => {
                        tokens.pieces.iter().map(|p| p.span.clone()).collect()
                    }
                    _ => Vec::new(),
                })
                .collect();
            cuts::shared(text, &spans)
        })
    });
    let csv = move || {
        let shown = on_show();
        let text = compared.with_untracked(|(t, _)| t.clone());
        let answers: Vec<(&'static str, Tokens)> = shown
            .iter()
            .filter_map(|(side, answer)| match answer.get_untracked() {
                Some(Ok(tokens)) if tokens.text == text => Some((side.title, tokens)),
                _ => None,
            })
            .collect();
        let sides: Vec<(&str, &[Piece])> = answers
            .iter()
            .map(|(title, tokens)| (*title, &tokens.pieces[..]))
            .collect();
        (!sides.is_empty()).then(|| pieces_csv(&text, &sides))
    };
    let body = move || {
        on_show()
            .into_iter()
            .enumerate()
            .map(|(i, (side, answer))| {
                let marks = Signal::derive(move || marks.with(|m| m.get(i).cloned().unwrap_or_default()));
                view! { <SideColumn side=side answer=answer marks=marks asked=asked text=Signal::derive(move || compared.get().0)/> }
            })
            .collect_view()
    };
    view! {
        <div class="compare" data-testid="compare">
            <h4>"Side by side"</h4>
            <Chooser choices=columns.with_value(|c| c.iter().map(|(s, _)| (s.slug, s.title, s.size)).collect())
                chosen=chosen prefix="compare" legend="Compare up to 4 tokenizers"/>
            {crate::dynamic::dynamic(move || compared.get().1.then(|| view! {
                <p class="notice" data-testid="compare-cut">
                    {format!("Every column takes the first {} characters of your text.", grouped(COMPARE_CHARS))}
                </p>
                <WholeText text=text sides=counted_sides/>
            }))}
            <p class="muted">
                "An outlined chip is cut where at least one other column cuts the text differently \
                 (spaces at a token's ends aside)."
            </p>
            <div class="compare-sides">{body}</div>
            <WhyPanel asked=asked text=Signal::derive(move || compared.get().0)/>
            <DownloadButton name="tokenizers-side-by-side.csv".to_string() mime="text/csv"
                testid="compare-csv" contents=Box::new(csv)/>
            <label class="compare-choice">
                <input type="checkbox" data-testid="count-every" prop:checked=every on:change=move |ev| every.set(event_target_checked(&ev))/>
                "Count every tokenizer, not only those on show (up to 4.6 MB more)"
            </label>
            <NumbersGrid sides=counted_sides/>
            <TokenTax sides=counted_sides text=Signal::derive(move || compared.get().0)/>
        </div>
    }
}

/// One box of a [`Chooser`]: its slug, its title and its download size.
pub type Choice = (&'static str, &'static str, Option<&'static str>);

/// A box per tokenizer; at most `MOST_CHOSEN` at once. Test ids `{prefix}-choose-{slug}` and
/// `{prefix}-chooser-full`.
#[component]
pub fn Chooser(
    choices: Vec<Choice>,
    chosen: RwSignal<Vec<&'static str>>,
    prefix: &'static str,
    legend: &'static str,
) -> impl IntoView {
    let full = move || chosen.with(|c| c.len() >= MOST_CHOSEN);
    let boxes = choices
        .into_iter()
        .map(|(slug, title, size)| {
            let checked = move || chosen.with(|c| c.contains(&slug));
            let toggle = move |_| {
                chosen.update(|c| match c.iter().position(|s| *s == slug) {
                    Some(i) => {
                        c.remove(i);
                    }
                    None if c.len() < MOST_CHOSEN => c.push(slug),
                    None => {}
                })
            };
            view! {
                <label class="compare-choice">
                    <input type="checkbox" data-testid=format!("{prefix}-choose-{slug}")
                        prop:checked=checked disabled=move || full() && !checked() on:change=toggle/>
                    {title}
                    {size.map(|size| view! { <span class="muted">{format!(" · {size}")}</span> })}
                </label>
            }
        })
        .collect_view();
    view! {
        <fieldset class="compare-chooser" data-testid=format!("{prefix}-chooser")>
            <legend>{legend}</legend>
            {boxes}
            <p class="muted" data-testid=format!("{prefix}-chooser-full") aria-live="polite">
                {crate::dynamic::dynamic(move || full().then(|| format!("{MOST_CHOSEN} chosen: untick one to choose another.")))}
            </p>
        </fieldset>
    }
}

#[component]
fn SideColumn(
    side: Side,
    answer: Signal<Answer>,
    marks: Signal<Vec<bool>>,
    asked: RwSignal<Option<Asked>>,
    text: Signal<Arc<str>>,
) -> impl IntoView {
    let whole = side.clone();
    let Side {
        slug,
        title,
        about,
        state,
        kind,
        notes,
        ..
    } = side;
    let count_id = format!("compare-{slug}-count");
    // One handler for all the chips: the clicked chip's index.
    let ask = move |event: leptos::ev::MouseEvent| {
        let token: Option<usize> = event
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .and_then(|t| t.closest("[data-index]").ok().flatten())
            .and_then(|chip| chip.get_attribute("data-index"))
            .and_then(|i| i.parse().ok());
        let display = answer.with_untracked(|a| match (a, token) {
            (Some(Ok(tokens)), Some(i)) => tokens.pieces.get(i).map(|p| p.display.clone()),
            _ => None,
        });
        if let (Some(token), Some(display)) = (token, display) {
            let text = text.get_untracked();
            asked.set(Some(Asked {
                side: whole.clone(),
                token,
                display,
                text,
            }));
        }
    };
    // Another column's answer changes only the marks: they are set on the chips already drawn, so
    // an answer redraws its own column alone (four columns redrawn in one frame took 70 ms), and in
    // a frame of their own, after the frame that draws the answer (both in one came to 55–120 ms
    // after a paste on two cores).
    let chips = NodeRef::<leptos::html::Div>::new();
    crate::effect::effect(move || {
        marks.track();
        leptos::task::spawn_local(async move {
            crate::browser::own_frame().await;
            // The column may be gone by then; the marks are the latest ones.
            let (Some(Some(el)), Some(marks)) =
                (chips.try_get_untracked(), marks.try_get_untracked())
            else {
                return;
            };
            answer.try_with_untracked(|a| {
                if let Some(Ok(tokens)) = a {
                    mark_chips(&el, &tokens.pieces, kind, &marks);
                }
            });
        });
    });
    let body = move || {
        if let Some(Ok(tokens)) = answer.get() {
            let unknown = tokens.unknown();
            let total = tokens.pieces.len();
            let differing = move || marks.with(|m| m.iter().filter(|shared| !**shared).count());
            return view! {
                <p><strong data-testid=count_id.clone()>{total}</strong>" tokens"
                    {tokens.density().map(|d| view! { <span class="muted">{format!(" · {d}")}</span> })}</p>
                <p class="muted" data-testid=format!("compare-{slug}-differing")>
                    {move || format!("{} cut differently from another column", differing())}
                </p>
                // Scrolls when long, so it takes focus: the keyboard can scroll it too.
                <div class="chips compare-chips" data-testid=format!("compare-{slug}-chips") tabindex="0"
                    role="group" aria-label=format!("{title}: tokens") on:click=ask.clone() node_ref=chips
                    inner_html=marks.with_untracked(|m| chips_html(&tokens.pieces, kind, m))>
                </div>
                {(total > CHIP_LIMIT).then(|| view! {
                    <p class="muted">{format!("… and {} more tokens (only the first {CHIP_LIMIT} are drawn).", total - CHIP_LIMIT)}</p>
                })}
                {(unknown > 0).then(|| view! {
                    <p class="muted" data-testid="compare-unknown">
                        {format!("{unknown} of them (dashed) are characters this vocabulary has no token for: \
                                  without byte fallback they stay unknown symbols (your BPE) or are dropped \
                                  (SmolLM2), where GPT-2 spells them out in bytes.")}
                    </p>
                })}
            }
            .into_any();
        }
        let (class, why) = match (state.get(), answer.get()) {
            (_, Some(Err(why))) | (SideState::Failed(why), _) => ("error", why),
            (SideState::Waiting(why), _) => ("muted", why),
            (SideState::Ready(_) | SideState::Remote(_), _) => ("muted", String::new()),
        };
        view! {
            <p class=class>{why}</p>
            <p><strong data-testid=count_id.clone()>"—"</strong>" tokens"</p>
        }
        .into_any()
    };
    view! {
        <div class=format!("compare-side {slug}-side") data-testid=format!("compare-{slug}")>
            <h5>{title}</h5>
            <p class="muted">{crate::dynamic::dynamic(move || about.get())}</p>
            {body}
            {notes.map(|notes| notes(text))}
        </div>
    }
}

/// The pieces as chips with their ids under them, styled by `kind`, as markup (one `innerHTML`
/// for a column: a column drawn node by node took 20 ms). A chip whose mark is false is outlined
/// as cut differently. Each is a button: pressing it asks why (`data-index`).
fn chips_html(pieces: &[Piece], kind: PieceKind, marks: &[bool]) -> String {
    let mut out = String::new();
    for (index, piece) in pieces.iter().take(CHIP_LIMIT).enumerate() {
        let shared = marks.get(index).copied().unwrap_or(true);
        out.push_str(&format!(
            r#"<button type="button" class="wp-token {}{}" data-testid="compare-token" data-index="{index}">"#,
            kind(piece).0,
            if shared { "" } else { " cut-differs" }
        ));
        titled_chip_html(
            &mut out,
            &piece.display,
            piece.id.unwrap_or(u32::MAX),
            &chip_title(piece, kind, shared),
        );
        out.push_str(&format!(
            r#"<small class="wp-id">{}</small></button>"#,
            shown_id(piece)
        ));
    }
    out
}

fn shown_id(piece: &Piece) -> String {
    piece
        .id
        .map_or_else(|| "—".to_string(), |id| id.to_string())
}

/// "id 464 · why", and whether another column cuts it differently.
fn chip_title(piece: &Piece, kind: PieceKind, shared: bool) -> String {
    let cut = if shared {
        ""
    } else {
        " · cut differently elsewhere"
    };
    format!("id {} · {}{cut}", shown_id(piece), kind(piece).1)
}

/// Sets `marks` on the chips [`chips_html`] drew in `chips`, touching only those that change.
fn mark_chips(chips: &web_sys::Element, pieces: &[Piece], kind: PieceKind, marks: &[bool]) {
    use wasm_bindgen::JsCast;
    let Ok(buttons) = chips.query_selector_all("[data-index]") else {
        return;
    };
    for (index, piece) in pieces.iter().enumerate() {
        let Some(button) = buttons.get(index as u32) else {
            break;
        };
        let button: web_sys::Element = button.unchecked_into();
        let shared = marks.get(index).copied().unwrap_or(true);
        let classes = button.class_list();
        if classes.contains("cut-differs") == shared {
            let _ = classes.toggle("cut-differs");
            if let Some(chip) = button.first_element_child() {
                let _ = chip.set_attribute("title", &chip_title(piece, kind, shared));
            }
        }
    }
}
