//! Unigram training for the page's stepper, held in the worker: the page starts a run on its
//! corpus, then asks for one state at a time (so it shows progress and can stop asking when the
//! reader cancels, keeping every state that came back) and for any state's lattice of a word.
//! Each state comes back as markup (unigram_markup.rs); the final one links to the model files
//! as object URLs, so no byte of them crosses to the page's wasm. Leaves out: more than one run at a time (a new start replaces the
//! last).

use std::cell::RefCell;

use js_sys::{Array, Uint8Array};
use til_channel::Reply;
use til_core::bpe::WordCounts;
use til_core::unigram::{
    model_file, tokenizer_json, unigram_words, RoundKind, RoundLattice, Trainer, UnigramOptions,
};
use til_core::why::Candidate;
use web_sys::{Blob, BlobPropertyBag, Url};

use crate::{unigram_markup, why_markup};
use til_channel::markup::{escaped, grouped};

struct Run {
    trainer: Trainer,
    /// The vocabulary asked for.
    asked: usize,
    /// The last state whose lattice was asked for, indexed (the reader looks at word after word).
    indexed: Option<(usize, RoundLattice)>,
    /// The object URLs of the last export, revoked when the run is replaced.
    urls: Vec<String>,
}

thread_local! {
    static RUN: RefCell<Option<Run>> = const { RefCell::new(None) };
}

/// State `index` of the run as the page shows it, `after` closing the markup.
fn reply(trainer: &Trainer, index: usize, asked: usize, after: &str) -> Reply {
    let round = &trainer.rounds()[index];
    let status = if matches!(round.kind, RoundKind::Final { .. }) {
        format!(
            "Trained: {} states, from the seeds to the final vocabulary of {}.",
            index + 1,
            grouped(round.pieces.len())
        )
    } else {
        format!(
            "State {index}: {} pieces, heading for {}…",
            grouped(round.pieces.len()),
            grouped(asked)
        )
    };
    Reply::UnigramState {
        index,
        status,
        html: unigram_markup::round(round, index) + after,
    }
}

fn forget_urls(run: &Run) {
    for url in &run.urls {
        let _ = Url::revoke_object_url(url);
    }
}

/// The largest vocabulary the page takes.
const MAX_VOCAB: usize = 50_000;

/// Seeds a run on `corpus` (running text) towards `vocab` pieces (as typed), with the 256 byte
/// pieces if `byte_fallback`; answers the seeds' state.
pub fn start(corpus: &str, vocab: &str, byte_fallback: bool) -> Result<Reply, String> {
    let vocab = vocab
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_VOCAB).contains(n))
        .ok_or_else(|| {
            format!(
                "The vocabulary must be a whole number from 1 to {}.",
                grouped(MAX_VOCAB)
            )
        })?;
    let trainer = Trainer::new(
        unigram_words(&WordCounts::from_text(corpus)),
        UnigramOptions {
            byte_fallback,
            ..UnigramOptions::with_vocab(vocab)
        },
    )
    .map_err(|e| format!("Cannot train: {e}."))?;
    let answer = reply(&trainer, 0, vocab, "");
    RUN.with(|run| {
        if let Some(old) = run.borrow().as_ref() {
            forget_urls(old);
        }
        *run.borrow_mut() = Some(Run {
            trainer,
            asked: vocab,
            indexed: None,
            urls: Vec::new(),
        });
    });
    Ok(answer)
}

fn with_run<T>(f: impl FnOnce(&mut Run) -> Result<T, String>) -> Result<T, String> {
    RUN.with(|run| {
        f(run
            .borrow_mut()
            .as_mut()
            .ok_or("no Unigram run was started")?)
    })
}

/// Runs the next state and answers it (the final one with the model files); after the final
/// one, answers [`Reply::Done`].
pub fn step() -> Result<Reply, String> {
    with_run(|run| {
        let Some(round) = run.trainer.step() else {
            return Ok(Reply::Done {});
        };
        let links = if matches!(round.kind, RoundKind::Final { .. }) {
            export(run)?
        } else {
            String::new()
        };
        let last = run.trainer.rounds().len() - 1;
        Ok(reply(&run.trainer, last, run.asked, &links))
    })
}

/// The lattice of `text`'s first word under state `index`'s pieces, as markup (the pieces on the
/// best path too, space-separated, for the tests).
pub fn lattice(index: usize, text: &str) -> Result<Reply, String> {
    with_run(|run| {
        let round = run
            .trainer
            .rounds()
            .get(index)
            .ok_or_else(|| format!("the run has no state {index}"))?;
        if run.indexed.as_ref().is_none_or(|(at, _)| *at != index) {
            run.indexed = Some((index, RoundLattice::new(round)));
        }
        let (_, indexed) = run.indexed.as_ref().expect("indexed above");
        let (word, candidates) = indexed
            .candidates(text)
            .ok_or("Type a word to see its lattice.")?;
        let path: Vec<&str> = candidates
            .iter()
            .filter(|c| c.on_path)
            .map(|c: &Candidate| c.piece.as_str())
            .collect();
        let mut html = format!(
            r#"<p>The word as the trainer sees it: <code data-testid="unigram-lattice-word">{}</code>; best path: <strong data-testid="unigram-path">{}</strong></p>"#,
            escaped(&word),
            escaped(&path.join(" "))
        );
        why_markup::lattice(&mut html, &candidates);
        Ok(Reply::Markup { html })
    })
}

/// An object URL for `bytes` of type `mime`, which the page can link to.
fn object_url(bytes: &[u8], mime: &str) -> Result<String, String> {
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let parts = Array::of1(&Uint8Array::from(bytes));
    let blob = Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|_| "cannot make the file")?;
    Url::create_object_url_with_blob(&blob).map_err(|_| "cannot address the file".to_string())
}

/// The trained model as links to download `tokenizer.json` and `unigram.model`, written into the
/// final state's markup.
fn export(run: &mut Run) -> Result<String, String> {
    let model = run.trainer.model().ok_or("the run has not finished")?;
    forget_urls(run);
    let json = object_url(tokenizer_json(&model).as_bytes(), "application/json")?;
    let file = object_url(&model_file(&model), "application/octet-stream")?;
    let links = format!(
        r#"<div class="row" role="group" aria-label="Unigram model files"><a class="download" download="tokenizer.json" data-testid="unigram-export-json" href="{json}">⤓ tokenizer.json</a> <a class="download" download="unigram.model" data-testid="unigram-export-model" href="{file}">⤓ unigram.model</a></div><p class="muted"><code>tokenizer.json</code> loads in Hugging Face <code>tokenizers</code> (a Unigram model behind Metaspace), <code>unigram.model</code> in <code>sentencepiece</code>; both give the ids of this final state's lattices.</p>"#
    );
    run.urls = vec![json, file];
    Ok(links)
}
