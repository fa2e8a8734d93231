//! BPE training for the Tokenize lab, held in the worker: the page starts a run on the box's text
//! or an opened file, then asks for one slice of work at a time (reading the corpus, then merging),
//! showing the progress each answers; when the run is done or the reader cancels, it asks for the
//! trace as bytes (`Trace::to_bytes`) and scrubs it on its own side. A file is read here, a piece
//! at a time with `FileReaderSync`, so it never becomes one string anywhere. Leaves out: more than
//! one run at a time (a new start replaces the last).

use std::cell::RefCell;

use js_sys::Uint8Array;
use til_channel::{BpeRun, Reply};
use til_core::bpe::{CorpusFormat, CorpusStream, TieRule, TrainOptions, Trainer};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{File, FileReaderSync};

/// How much of the corpus one read takes (and feeds to the counter between looks at the clock).
const PIECE_BYTES: usize = 1 << 20;

/// Where the corpus comes from.
enum Source {
    Text(Vec<u8>),
    File(File),
}

impl Source {
    fn size(&self) -> usize {
        match self {
            Source::Text(bytes) => bytes.len(),
            Source::File(file) => file.size() as usize,
        }
    }

    /// Feeds bytes `start..end` of the corpus to `stream` (the box's text without a copy).
    fn feed(&self, start: usize, end: usize, stream: &mut CorpusStream) -> Result<(), String> {
        let counted = match self {
            Source::Text(bytes) => stream.feed(&bytes[start..end]),
            Source::File(file) => {
                let blob = file
                    .slice_with_f64_and_f64(start as f64, end as f64)
                    .map_err(|_| "the file could not be cut")?;
                let buffer = FileReaderSync::new()
                    .and_then(|reader| reader.read_as_array_buffer(&blob))
                    .map_err(|_| "the file could not be read (was it moved or deleted?)")?;
                stream.feed(&Uint8Array::new(&buffer).to_vec())
            }
        };
        counted.map_err(|e| e.to_string())
    }
}

enum Phase {
    Reading {
        source: Source,
        stream: CorpusStream,
        read: usize,
    },
    Merging {
        /// Boxed: it is most of the run's memory, and the reading phase is small.
        trainer: Box<Trainer>,
        /// No adjacent pair was left before the merges asked for.
        exhausted: bool,
    },
}

struct Run {
    phase: Phase,
    options: TrainOptions,
    wanted: usize,
    size: usize,
}

const NO_RUN: &str = "no BPE training was started in this worker";

thread_local! {
    static RUN: RefCell<Option<Run>> = const { RefCell::new(None) };
}

/// Starts a run (on `file` when it has no text); answers its progress (nothing read yet).
pub fn start(start: BpeRun, file: JsValue) -> Result<Reply, String> {
    let format = *CorpusFormat::ALL
        .iter()
        .find(|f| f.name() == start.format)
        .ok_or_else(|| format!("no corpus format `{}`", start.format))?;
    let tie_rule = start
        .tie_rule
        .parse::<TieRule>()
        .map_err(|e| e.to_string())?;
    let source = match (start.text, file.dyn_into::<File>()) {
        (Some(text), _) => Source::Text(text.into_bytes()),
        (None, Ok(file)) => Source::File(file),
        (None, Err(_)) => return Err("neither a text nor a file came to train on".into()),
    };
    let run = Run {
        size: source.size(),
        phase: Phase::Reading {
            source,
            stream: CorpusStream::new(format),
            read: 0,
        },
        options: TrainOptions {
            tie_rule,
            byte_level: format.pattern(),
            ..TrainOptions::default()
        },
        wanted: start.merges,
    };
    let reply = progress(&run);
    RUN.with(|slot| *slot.borrow_mut() = Some(run));
    Ok(reply)
}

/// Works for about `budget_ms` (counting the words once read may take longer); answers the
/// progress: bytes read while reading, then merges too, and `done` once finished. An error ends
/// the run.
pub fn step(budget_ms: f64) -> Result<Reply, String> {
    let run = RUN.with(|slot| slot.borrow_mut().take()).ok_or(NO_RUN)?;
    let run = advance(run, budget_ms)?;
    let reply = progress(&run);
    RUN.with(|slot| *slot.borrow_mut() = Some(run));
    Ok(reply)
}

/// Reads piece after piece, then merges, until `budget_ms` has passed or the run is done.
fn advance(mut run: Run, budget_ms: f64) -> Result<Run, String> {
    let started = js_sys::Date::now();
    let in_budget = || js_sys::Date::now() - started < budget_ms;
    loop {
        run.phase = match run.phase {
            Phase::Reading {
                source,
                mut stream,
                read,
            } if read < run.size => {
                let end = (read + PIECE_BYTES).min(run.size);
                source.feed(read, end, &mut stream)?;
                Phase::Reading {
                    source,
                    stream,
                    read: end,
                }
            }
            Phase::Reading { stream, .. } => Phase::Merging {
                trainer: stream
                    .finish()
                    .and_then(|words| Trainer::from_words(words, run.options))
                    .map(Box::new)
                    .map_err(|e| e.to_string())?,
                exhausted: false,
            },
            Phase::Merging {
                mut trainer,
                mut exhausted,
            } => {
                while !exhausted && trainer.merges_done() < run.wanted && in_budget() {
                    exhausted = trainer.step().is_none();
                }
                run.phase = Phase::Merging { trainer, exhausted };
                return Ok(run);
            }
        };
        if !in_budget() {
            return Ok(run);
        }
    }
}

/// Ends the run: the trace with every merge finished so far and whether it ran out of pairs, or no
/// trace if it was still reading the corpus.
pub fn finish() -> Result<Reply, String> {
    let run = RUN.with(|slot| slot.borrow_mut().take()).ok_or(NO_RUN)?;
    Ok(match run.phase {
        Phase::Merging { trainer, exhausted } => Reply::BpeTrace {
            trace: Some(trainer.into_trace().to_bytes()),
            exhausted,
        },
        Phase::Reading { .. } => Reply::BpeTrace {
            trace: None,
            exhausted: false,
        },
    })
}

fn progress(run: &Run) -> Reply {
    match &run.phase {
        Phase::Reading { read, .. } => Reply::BpeProgress {
            read: *read,
            size: run.size,
            merges: None,
            done: false,
        },
        Phase::Merging { trainer, exhausted } => Reply::BpeProgress {
            read: run.size,
            size: run.size,
            merges: Some(trainer.merges_done()),
            done: *exhausted || trainer.merges_done() >= run.wanted,
        },
    }
}
