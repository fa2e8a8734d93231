//! Saving text the page made as a file: the text in a `Blob`, an object URL for it, and a click on
//! a temporary `<a download>`; the URL is revoked once the click has been handled. [`DownloadButton`]
//! is the button every export uses. Left out: a "save as" dialog (the browser's download settings
//! decide) and binary files (all exports are text).
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// What a download writes when clicked (`None`: nothing to save yet). Boxed, so the button is one
/// component in the wasm rather than one per caller.
pub type Contents = Box<dyn Fn() -> Option<String>>;

/// A button that saves the text `contents()` writes (nothing while it gives `None`) as `name`.
#[component]
pub fn DownloadButton(
    #[prop(into)] name: Signal<String>,
    /// `text/csv`, `application/json`, `text/plain`.
    mime: &'static str,
    testid: &'static str,
    contents: Contents,
    #[prop(into, optional)] disabled: Signal<bool>,
) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    view! {
        <button type="button" class="download" data-testid=testid disabled=move || disabled.get()
            on:click=move |_| {
                if let Some(text) = contents() {
                    error.set(save_text(&name.get_untracked(), mime, &text).err());
                }
            }>
            {crate::dynamic::dynamic(move || format!("⤓ {}", name.get()))}
        </button>
        {crate::dynamic::dynamic(move || error.get().map(|e| view! { <span class="error" role="alert">{format!("Could not save the file: {e}")}</span> }))}
    }
}

/// Offers `text` as a download named `name` of type `mime` (`text/csv`, `application/json`).
pub fn save_text(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let describe = |e: JsValue| crate::browser::describe(&e, "the browser refused");
    // 1. The text as a Blob, and a URL that names it.
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(&format!("{mime};charset=utf-8"));
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(describe)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(describe)?;
    // 2. A link that downloads it, clicked without being shown.
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(describe)?
        .dyn_into()
        .map_err(|_| "not an anchor".to_string())?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // 3. The URL is no longer needed once the browser has started the download.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        Duration::from_secs(1),
    );
    Ok(())
}
