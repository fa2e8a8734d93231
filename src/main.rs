//! Mounts the page. Everything else lives in `app` and the lab modules.
mod app;
mod assets;
mod browser;
mod compute;
mod deferred;
mod download;
mod dynamic;
mod effect;
mod embed;
mod gpt2;
mod journey;
mod lab;
mod minilm;
mod position;
mod settings_menu;
mod shortcuts;
mod theme;
mod tokenize;
mod url;
mod widgets;
mod worker;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
