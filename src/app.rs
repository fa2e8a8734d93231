//! The page shell: title, the lab navigation, and the labs. Each lab stays mounted once opened (so its
//! state survives switching) and learns through `active` whether it is on show, so it can load its
//! large assets lazily, the first time it is opened.
use leptos::ev;
use leptos::prelude::*;

use crate::compute::{Compute, ComputeBadge};
use crate::embed::EmbedLab;
use crate::pipeline::{Journey, JourneyBar};
use crate::position::PositionLab;
use crate::shortcuts::{self, Action, Scope};
use crate::theme::{Theme, ThemeMenu};
use crate::tokenize::TokenizeLab;
use crate::url::{UrlNotes, UrlState};
use crate::widgets::help_overlay::{KeyboardHelp, KeyboardHelpButton, KeyboardHelpDialog};
use crate::widgets::live_region::{LiveRegion, LiveRegionView};
use crate::widgets::tour::Tour;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lab {
    Tokenize,
    Embed,
    Position,
}

impl Lab {
    pub const ALL: [Lab; 3] = [Lab::Tokenize, Lab::Embed, Lab::Position];

    /// The URL fragment and the `data-testid` suffix (`nav-tokenize`).
    pub fn slug(self) -> &'static str {
        match self {
            Lab::Tokenize => "tokenize",
            Lab::Embed => "embed",
            Lab::Position => "position",
        }
    }

    /// Where the lab stands in the order of the labs, from 0.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn title(self) -> &'static str {
        match self {
            Lab::Tokenize => "1 · Tokenize",
            Lab::Embed => "2 · Embed",
            Lab::Position => "3 · Position",
        }
    }

    /// Unknown or hostile fragments fall back to the first lab.
    fn from_hash(hash: &str) -> Lab {
        let slug = hash.trim_start_matches('#');
        Lab::ALL
            .into_iter()
            .find(|lab| lab.slug() == slug)
            .unwrap_or(Lab::Tokenize)
    }

    fn view(self, active: Signal<bool>) -> AnyView {
        match self {
            Lab::Tokenize => view! { <TokenizeLab active=active/> }.into_any(),
            Lab::Embed => view! { <EmbedLab active=active/> }.into_any(),
            Lab::Position => view! { <PositionLab active=active/> }.into_any(),
        }
    }
}

fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

#[component]
pub fn App() -> impl IntoView {
    crate::embed::loader::provide_shared();
    crate::minilm::MiniLm::provide();
    // The link first: the labs read what it asks for as they are created.
    UrlState::provide();
    Journey::provide();
    Compute::provide();
    Theme::provide();
    let region = LiveRegion::provide();
    let help = KeyboardHelp::provide();
    let page_key = move |action: Action| match action {
        Action::Help => help.show(),
        Action::ShowLab(slug) => open_lab(slug),
        _ => {}
    };
    shortcuts::listen(Scope::Page, Signal::stored(true), page_key);
    let shown = RwSignal::new(Lab::from_hash(&current_hash()));
    let listener = window_event_listener(ev::hashchange, move |_| {
        shown.set(Lab::from_hash(&current_hash()))
    });
    on_cleanup(move || listener.remove());
    view! {
        <header class="site">
            <h1>"Transformer Input Lab"</h1>
            <p class="muted">"What happens to text before the first attention layer: tokenize → embed → add position."</p>
            <nav aria-label="Labs" data-testid="lab-nav">
                {Lab::ALL.map(|lab| view! {
                    <a href=format!("#{}", lab.slug()) data-testid=format!("nav-{}", lab.slug())
                        aria-current=move || (shown.get() == lab).then_some("page")>{lab.title()}</a>
                }).collect_view()}
            </nav>
            <ComputeBadge/>
            <div class="site-tools">
                <KeyboardHelpButton help=help/>
                <ThemeMenu/>
            </div>
        </header>
        <UrlNotes/>
        <JourneyBar shown=shown.into()/>
        <main>
            {Lab::ALL.map(|lab| {
                let active = Signal::derive(move || shown.get() == lab);
                view! { <div id=lab.slug() class="lab-frame" hidden=move || !active.get()>{lab.view(active)}</div> }
            }).collect_view()}
        </main>
        <LiveRegionView region=region/>
        <KeyboardHelpDialog help=help/>
        <Tour/>
    }
}

/// Opens a lab as its nav link does (the `1`, `2`, `3` shortcuts and the tour).
pub fn open_lab(slug: &str) {
    if let Some(link) = crate::browser::by_testid(&format!("nav-{slug}")) {
        link.click();
    }
}
