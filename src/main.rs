//! Mounts the page. Everything else lives in `app` and the lab modules.
mod app;
mod assets;
mod async_derived;
mod browser;
mod compute;
mod deferred;
mod download;
mod dynamic;
mod effect;
mod embed;
mod journey;
mod lab;
mod position;
mod settings_menu;
mod shortcuts;
mod theme;
mod tokenize;
mod url;
mod widgets;
mod worker;

fn main() {
    // A panic's message in the console. The release wasm carries no function names, so the
    // stack console_error_panic_hook adds says nothing, and the page has no bytes to spare.
    std::panic::set_hook(Box::new(|panic| leptos::logging::error!("{panic}")));
    leptos::mount::mount_to_body(app::App);
}
