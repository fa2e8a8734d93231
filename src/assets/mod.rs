//! The page's assets: one loader for every file a lab needs, cached per URL for the whole page, so
//! whichever lab asks first starts the download and every other view shares it. Each [`Asset`] is
//! a handle on one file's [`Load`] state: `want` starts it (once), `retry` starts it again after a
//! failure, and the state carries the bytes received (for a progress bar), the value, or the
//! failure in a sentence. The files are listed once, in [`urls`]; [`status::AssetStatus`] is the
//! status line every view shows. Leaves out: caching beyond the page (the browser's and the offline
//! worker's) and cancelling a download (a file is short, or wanted).
pub mod glove;
mod load;
pub mod minilm;
pub mod status;
pub mod urls;

use std::any::Any;
use std::cell::RefCell;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::browser::sleep_ms;

pub use load::{Load, Timing};

/// Turns an asset's bytes into its value, or says why it cannot.
/// Builds an asset's value from its URL (beside the page) and its bytes.
pub type Build<T> = fn(&'static str, &[u8]) -> Result<T, String>;

/// One file: its state, and how to load it.
pub struct Asset<T: Send + Sync + 'static> {
    pub state: RwSignal<Load<T>>,
    url: &'static str,
    /// Its size in bytes for the progress bar; 0 when unknown.
    expected: u64,
    build: Build<T>,
}

// By hand: a handle is copied freely whatever `T` is.
impl<T: Send + Sync + 'static> Clone for Asset<T> {
    fn clone(&self) -> Asset<T> {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for Asset<T> {}

thread_local! {
    /// The page's handles by URL; each handle's signal belongs to the page's root owner, so it lives
    /// as long as the page whichever view made it. A list: the page has a dozen files, and a map
    /// type of its own would cost the wasm more than the scan costs the page.
    static CACHE: RefCell<Vec<(&'static str, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
    static ROOT: RefCell<Option<Owner>> = const { RefCell::new(None) };
}

/// Call once in `App`, before any view asks for an asset.
pub fn provide() {
    ROOT.with(|root| *root.borrow_mut() = Owner::current());
}

/// The page's handle on `url`, made on first use. `expected` (bytes, 0 if unknown) sizes the
/// progress bar; `build` checks and decodes the bytes.
pub fn asset<T: Send + Sync + 'static>(
    url: &'static str,
    expected: u64,
    build: Build<T>,
) -> Asset<T> {
    CACHE.with(|cache| {
        // One file may be built into two values (GPT-2's merges, in the page and the worker).
        if let Some(found) = cache
            .borrow()
            .iter()
            .filter(|(u, _)| *u == url)
            .find_map(|(_, a)| a.downcast_ref::<Asset<T>>())
        {
            return *found;
        }
        let make = || RwSignal::new(Load::Idle);
        let state = ROOT.with(|root| match root.borrow().as_ref() {
            Some(owner) => owner.with(make),
            None => make(),
        });
        let handle = Asset {
            state,
            url,
            expected,
            build,
        };
        cache.borrow_mut().push((url, Box::new(handle)));
        handle
    })
}

impl<T: Send + Sync + 'static> Asset<T> {
    /// Starts loading unless that has begun already (or is done).
    pub fn want(self) {
        if !matches!(self.state.get_untracked(), Load::Idle) {
            return;
        }
        let Asset {
            state,
            url,
            expected,
            build,
        } = self;
        state.set(Load::Loading(0));
        // Only these three small closures depend on `T`: the download itself is one function for
        // every asset (its state machine, built once per type, was 2 KB of wasm each).
        let build: BuildErased = Box::new(move |bytes: &[u8]| {
            let value = build(url, bytes)?;
            Ok(Box::new(move |timing| {
                state.set(Load::Ready(Arc::new(value), timing))
            }))
        });
        start(
            url,
            expected as usize,
            Box::new(move |received| state.set(Load::Loading(received))),
            build,
            Box::new(move |why| state.set(Load::Failed(why))),
        );
    }

    /// Loads it again after a failure (a dropped connection, a file fixed since).
    pub fn retry(self) {
        if matches!(self.state.get_untracked(), Load::Failed(_)) {
            self.state.set(Load::Idle);
            self.want();
        }
    }

    /// The value once it has loaded.
    pub fn ready(&self) -> Option<Arc<T>> {
        self.state.with(Load::ready)
    }

    /// Starts it if need be and waits for the value or the failure (for work that needs the file
    /// before it can start: the benchmark, the speed check, a corpus preset).
    pub async fn load(self) -> Result<Arc<T>, String> {
        self.want();
        loop {
            match self.state.get_untracked() {
                Load::Ready(value, _) => return Ok(value),
                Load::Failed(why) => return Err(why),
                Load::Idle | Load::Loading(_) => sleep_ms(POLL_MS).await,
            }
        }
    }
}

/// A built value waiting for its timing, to be kept with it in its asset's state.
type Keep = Box<dyn FnOnce(Timing)>;
/// Checks and decodes an asset's bytes into its value, ready to keep.
type BuildErased = Box<dyn FnOnce(&[u8]) -> Result<Keep, String>>;

/// Downloads `url` and builds it in the background; `keep` or `fail` gets the outcome.
fn start(
    url: &'static str,
    expected: usize,
    progress: Box<dyn Fn(usize)>,
    build: BuildErased,
    fail: Box<dyn FnOnce(String)>,
) {
    spawn_local(async move {
        match load::fetch_and_build(url, expected, progress, build).await {
            Ok((keep, timing)) => keep(timing),
            Err(why) => fail(why),
        }
    });
}

/// How often [`Asset::load`] looks whether its file is in.
const POLL_MS: i32 = 20;

/// A text file as an asset.
pub fn text(url: &'static str) -> Asset<String> {
    asset(url, 0, |_, bytes| {
        String::from_utf8(bytes.to_vec()).map_err(|e| format!("not UTF-8 ({e})"))
    })
}
