//! Counting at scale: files, or a whole folder, dropped or chosen, counted by one shipped
//! tokenizer in the lab's worker, which reads each file itself (the page only passes its handle):
//! tokens per file and the total, with progress, and as CSV. The controls and the results are
//! markup with one listener each (cheaper in the page's wasm than a view per control). Leaves out:
//! text in encodings other than UTF-8 (each such file says so in its row), and the folders inside
//! a dropped folder (choose the folder with its button to have them all).
use leptos::prelude::*;
use til_channel::markup::{escape_html, grouped};
use til_core::csv::push_record;
use til_core::registry;

use crate::assets::asset;
use crate::download::DownloadButton;
use crate::worker::Remote;

/// Each file's path and its count (or why it has none).
type Rows = Vec<(String, Result<usize, String>)>;

/// The model the counter opens with.
const FIRST_MODEL: &str = "llama3.1";

fn controls_html() -> String {
    let mut out = String::from(
        r#"<h3>Counting at scale: your files</h3>
<p class="lede">How many tokens is a whole folder? Drop text files here, or choose files or a folder: each is read and counted in the lab's worker; nothing is uploaded.</p>
<label>Tokenizer <select data-testid="count-files-model">"#,
    );
    for entry in registry::ALL {
        let selected = if entry.name == FIRST_MODEL {
            " selected"
        } else {
            ""
        };
        out.push_str(&format!(
            r#"<option value="{}"{selected}>{}</option>"#,
            entry.name, entry.label
        ));
    }
    out.push_str(
        r#"</select></label>
<div class="drop-zone" data-testid="count-files-drop"><label>Files <input type="file" multiple data-testid="count-files-open"></label>
<label> or a folder <input type="file" webkitdirectory data-testid="count-files-folder"></label></div>"#,
    );
    out
}

fn results_html(status: &str, rows: &Rows) -> String {
    let total: usize = rows.iter().filter_map(|(_, c)| c.as_ref().ok()).sum();
    let mut out = String::from(r#"<p data-testid="count-files-status">"#);
    escape_html(&mut out, status);
    out.push_str(&format!(
        r#"</p><p>Total: <strong data-testid="count-files-total" data-count="{total}">{}</strong> tokens</p><table class="count-files"><thead><tr><th>file</th><th class="num">tokens</th></tr></thead><tbody>"#,
        grouped(total)
    ));
    for (path, counted) in rows {
        out.push_str(r#"<tr data-testid="count-file-row"><td>"#);
        escape_html(&mut out, path);
        match counted {
            Ok(n) => out.push_str(&format!(
                r#"</td><td class="num" data-count="{n}">{}</td></tr>"#,
                grouped(*n)
            )),
            Err(why) => {
                out.push_str(r#"</td><td class="error">"#);
                escape_html(&mut out, why);
                out.push_str("</td></tr>");
            }
        }
    }
    out.push_str("</tbody></table>");
    out
}

/// A file's path as the reader knows it: inside the chosen folder, or its name.
fn path(file: &web_sys::File) -> String {
    // web-sys has no binding for `webkitRelativePath` (every current browser has the property).
    js_sys::Reflect::get(file, &"webkitRelativePath".into())
        .ok()
        .and_then(|p| p.as_string())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| file.name())
}

#[component]
pub fn CountFiles() -> impl IntoView {
    let model = RwSignal::new(FIRST_MODEL);
    // The rows are kept as they come and drawn as one piece of markup (a signal of markup is a type
    // the page already has; one of rows would cost the wasm its own copy of the machinery).
    let rows = StoredValue::new(Rows::new());
    let shown = RwSignal::new(String::new());
    let show = move |status: &str| shown.set(rows.with_value(|rows| results_html(status, rows)));
    // Each run's number: a run stops when a newer one starts.
    let runs = StoredValue::new(0u32);
    let count = move |files: web_sys::FileList| {
        let files: Vec<_> = (0..files.length()).filter_map(|i| files.get(i)).collect();
        let Some(entry) = registry::find(model.get_untracked()) else {
            return;
        };
        if files.is_empty() {
            return;
        }
        let run = runs.get_value() + 1;
        runs.set_value(run);
        rows.set_value(Rows::new());
        leptos::task::spawn_local(async move {
            show(&format!("Fetching {}…", entry.label));
            let remote = match asset(entry.asset, 0, Remote::load_shipped).load().await {
                Ok(remote) => *remote,
                Err(why) => return show(&why),
            };
            let n = files.len();
            for (i, file) in files.into_iter().enumerate() {
                if runs.get_value() != run {
                    return;
                }
                let path = path(&file);
                let counted = remote.count_file(file).await;
                rows.update_value(|rows| rows.push((path, counted)));
                show(&format!(
                    "{} of {n} files counted by {}",
                    i + 1,
                    entry.label
                ));
            }
        });
    };
    let on_change = move |ev: web_sys::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        if input.type_() == "file" {
            if let Some(files) = input.files() {
                count(files);
            }
        } else if let Some(entry) = registry::find(&input.value()) {
            model.set(entry.name);
        }
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        if let Some(files) = ev.data_transfer().and_then(|d| d.files()) {
            count(files);
        }
    };
    let csv = move || {
        let rows = rows.get_value();
        (!rows.is_empty()).then(|| {
            let mut out = String::new();
            push_record(&mut out, &["file", model.get_untracked()]);
            let mut total = 0;
            for (path, counted) in &rows {
                total += counted.as_ref().copied().unwrap_or(0);
                let counted = counted
                    .as_ref()
                    .map_or_else(Clone::clone, ToString::to_string);
                push_record(&mut out, &[path, &counted]);
            }
            push_record(&mut out, &["total", &total.to_string()]);
            out
        })
    };
    view! {
        <div class="panel count-files-panel" data-testid="count-files">
            <div inner_html=controls_html() on:change=on_change on:drop=on_drop
                on:dragover=|ev: web_sys::DragEvent| ev.prevent_default()></div>
            <div aria-live="polite" inner_html=shown></div>
            <DownloadButton name="token-counts.csv".to_string() mime="text/csv" testid="count-files-csv" contents=Box::new(csv)/>
        </div>
    }
}
