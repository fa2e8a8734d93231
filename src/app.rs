//! The page shell: one compact header (title, the lab tabs, the backend badge, the settings menu),
//! the link's notes, the journey bar, and the labs, each with an outline of its sections. Each lab
//! stays mounted once opened (so its state survives switching) and learns through `active` whether
//! it is on show, so it can load its large assets lazily, the first time it is opened.
use leptos::ev;
use leptos::prelude::*;
use til_core::link::Param;

use crate::compute::{Compute, ComputeBadge};
use crate::embed::EmbedLab;
use crate::journey::{Journey, JourneyBar};
use crate::lab::Lab;
use crate::position::PositionLab;
use crate::settings_menu::SettingsMenu;
use crate::shortcuts::{self, Action, Scope};
use crate::theme::Theme;
use crate::tokenize::TokenizeLab;
use crate::url::{UrlNotes, UrlState};
use crate::widgets::help_overlay::{KeyboardHelp, KeyboardHelpDialog};
use crate::widgets::live_region::{LiveRegion, LiveRegionView};
use crate::widgets::outline::Outline;
use crate::widgets::tour::Tour;

/// A lab's contents, created the first time the shell mounts it.
fn lab_view(lab: Lab, active: Signal<bool>) -> AnyView {
    match lab {
        Lab::Tokenize => view! { <TokenizeLab active=active/> }.into_any(),
        Lab::Embed => view! { <EmbedLab active=active/> }.into_any(),
        Lab::Position => view! { <PositionLab active=active/> }.into_any(),
    }
}

/// Every parameter of the page's link: each lab's, then the journey's.
fn link_schema() -> Vec<Param> {
    [
        crate::tokenize::link::params(),
        crate::embed::link::params(),
        crate::position::link::params(),
        crate::journey::params(),
    ]
    .concat()
}

fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

#[component]
pub fn App() -> impl IntoView {
    // First: every lab and service below asks the page-wide asset cache for its files.
    crate::assets::provide();
    crate::assets::minilm::MiniLm::provide();
    // The link first: the labs read what it asks for as they are created.
    UrlState::provide(link_schema());
    Journey::provide();
    Compute::provide();
    Theme::provide();
    let region = LiveRegion::provide();
    let help = KeyboardHelp::provide();
    let page_key = move |action: Action| match action {
        Action::Help => help.show(),
        Action::ShowLab(lab) => lab.open(),
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
            <div class="site-bar">
                <h1 title="What happens to text before the first attention layer: tokenize → embed → add position.">
                    "Transformer Input Lab"
                </h1>
                <nav aria-label="Labs" data-testid="lab-nav" class="lab-tabs">
                    {Lab::ALL.map(|lab| view! {
                        <a href=format!("#{}", lab.slug()) data-testid=format!("nav-{}", lab.slug())
                            aria-current=move || (shown.get() == lab).then_some("page")>{lab.title()}</a>
                    }).collect_view()}
                </nav>
                <ComputeBadge shown=shown.into()/>
                <SettingsMenu help=help/>
            </div>
        </header>
        <UrlNotes/>
        <JourneyBar shown=shown.into()/>
        <main>
            {Lab::ALL.map(|lab| {
                let active = Signal::derive(move || shown.get() == lab);
                view! {
                    <div id=lab.slug() class="lab-frame" hidden=move || !active.get()>
                        <Outline lab=lab active=active/>
                        <div class="lab-body">{lab_view(lab, active)}</div>
                    </div>
                }
            }).collect_view()}
        </main>
        <LiveRegionView region=region/>
        <KeyboardHelpDialog help=help/>
        <Tour/>
    }
}
