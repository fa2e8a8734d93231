//! A Unigram training run, held in the lab's worker (crates/worker/src/unigram.rs), driven
//! from here one state at a time: the page's thread only sends a question and sets the markup
//! that comes back, so it stays free while the worker trains. Cancel acts at once: the page stops
//! asking and keeps every state already back (the one in flight is dropped).
use leptos::prelude::*;
use leptos::task::spawn_local;
use til_channel::{Reply, Request};

use crate::worker::{ask, OUT_OF_TURN};

/// The page's side of a run.
#[derive(Clone, Copy)]
pub struct UnigramRun {
    /// The vocabulary asked for, meta pieces included, as typed (the worker checks it).
    pub vocab: RwSignal<String>,
    /// Whether the model gets the 256 byte pieces for characters no piece covers.
    pub byte_fallback: RwSignal<bool>,
    /// Each state as the worker wrote it, in order.
    pub states: RwSignal<Vec<String>>,
    /// The state on show.
    pub position: RwSignal<usize>,
    pub running: RwSignal<bool>,
    /// Bumped by every start and Cancel: a reply for an older run is dropped.
    generation: RwSignal<usize>,
    /// What the run is doing or did, or why it could not.
    pub status: RwSignal<String>,
    /// The word whose lattice is shown, and that lattice as markup.
    pub word: RwSignal<String>,
    pub lattice: RwSignal<String>,
}

/// What the form starts with.
pub const FIRST_VOCAB: &str = "120";
pub const FIRST_WORD: &str = "thou";

impl UnigramRun {
    pub fn new() -> UnigramRun {
        UnigramRun {
            vocab: RwSignal::new(FIRST_VOCAB.to_string()),
            byte_fallback: RwSignal::new(false),
            states: RwSignal::new(Vec::new()),
            position: RwSignal::new(0),
            running: RwSignal::new(false),
            generation: RwSignal::new(0),
            status: RwSignal::new(String::new()),
            word: RwSignal::new(FIRST_WORD.to_string()),
            lattice: RwSignal::new(String::new()),
        }
    }

    pub fn cancel(self) {
        if self.running.get_untracked() {
            self.generation.update(|g| *g += 1);
            self.running.set(false);
            let kept = self.states.with_untracked(Vec::len);
            self.status.set(format!(
                "Cancelled: kept the {kept} states finished before you pressed Cancel."
            ));
        }
    }

    /// Trains on `corpus` (running text) towards the vocabulary asked for.
    pub fn start(self, corpus: String) {
        if self.running.get_untracked() {
            return;
        }
        self.generation.update(|g| *g += 1);
        let generation = self.generation.get_untracked();
        self.running.set(true);
        self.states.set(Vec::new());
        self.status.set("Seeding…".to_string());
        spawn_local(async move {
            let outcome = self.run(corpus, generation).await;
            // The page may be gone by now; a cancelled or replaced run has said so already.
            if self.generation.try_get_untracked() == Some(generation) {
                self.running.set(false);
                self.status.set(outcome.unwrap_or_else(|why| why));
            }
        });
    }

    /// Asks for the seeds, then state after state, keeping each while the run is the current one.
    async fn run(self, corpus: String, generation: usize) -> Result<String, String> {
        let mut request = Request::UnigramStart {
            corpus,
            vocab: self.vocab.get_untracked(),
            byte_fallback: self.byte_fallback.get_untracked(),
        };
        loop {
            let (index, status, html) = match ask(request).await? {
                Reply::UnigramState {
                    index,
                    status,
                    html,
                } => (index, status, html),
                Reply::Done {} => break,
                _ => return Err(OUT_OF_TURN.to_string()),
            };
            if self.generation.get_untracked() != generation {
                return Ok(String::new());
            }
            self.states.update(|states| states.push(html));
            self.position.set(index);
            self.status.set(status);
            // The corpus crosses once.
            request = Request::UnigramStep {};
        }
        // The final state's status said it all.
        Ok(self.status.get_untracked())
    }

    /// Asks for the lattice of the word under the state on show, whenever either changes, once
    /// training has stopped: while it runs, each new state would ask again and the questions
    /// would queue behind the training steps in the worker.
    pub fn follow_lattice(self) {
        crate::effect::effect(move || {
            let (position, word) = (self.position.get(), self.word.get());
            if self.running.get() || self.states.with(Vec::is_empty) {
                return self.lattice.set(String::new());
            }
            spawn_local(async move {
                let answer = ask(Request::UnigramLattice {
                    round: position,
                    word,
                })
                .await
                .and_then(|reply| match reply {
                    Reply::Markup { html } => Ok(html),
                    _ => Err(OUT_OF_TURN.to_string()),
                });
                let html = answer.unwrap_or_else(|why| {
                    format!(
                        "<p class=\"muted\">{}</p>",
                        til_channel::markup::escaped(&why)
                    )
                });
                // The worker answers in order: the last answer set is the latest question's.
                let _ = self.lattice.try_set(html);
            });
        });
    }
}
