//! The Tokenize lab's state: the corpus form, the training run, and where the stepper stands.
//! Views read `StepView`, a plain description of one step assembled from the core's trace cursor;
//! nothing here computes BPE itself.
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_core::bpe::byte_level::hex;
use til_core::bpe::{BpeTokenizer, Cursor, Pair, PairSources, Step, TieRule, Trace, Vocab};

use super::explanation::Explanation;
use super::presets::{self, CorpusFormat, Preset};
use crate::assets;

/// How many rows of the pair-count table the page shows (ties with the winner are always shown).
pub const PAIR_ROWS: usize = 24;
/// How many contributing words each pair row names before "+ N more words".
const SOURCE_WORDS: usize = 3;
/// The longest jump [`WalkthroughState::untouched`] checks merge by merge.
const UNTOUCHED_SPAN: usize = 64;

#[derive(Clone, Copy)]
pub struct WalkthroughState {
    pub preset: RwSignal<&'static str>,
    pub corpus: RwSignal<String>,
    /// A corpus opened from a file, read piece by piece when training starts; the box's text is
    /// set aside while it is open.
    pub corpus_file: RwSignal<Option<web_sys::File>, LocalStorage>,
    /// `Some((bytes read, file size))` while training reads the file.
    pub file_read: RwSignal<Option<(f64, f64)>>,
    pub format: RwSignal<CorpusFormat>,
    /// While a preset's file is being fetched.
    pub loading: RwSignal<bool>,
    pub merges_wanted: RwSignal<usize>,
    pub tie_rule: RwSignal<TieRule>,
    /// `Some((done, wanted))` while a training run is under way.
    pub progress: RwSignal<Option<(usize, usize)>>,
    pub cancel_requested: RwSignal<bool>,
    pub error: RwSignal<Option<String>>,
    pub notice: RwSignal<Option<String>>,
    /// How the last run went: merges, wall time in the page, and the trace's memory.
    pub run_stats: RwSignal<Option<RunStats>>,
    /// The run the walkthrough steps through.
    pub trace: RwSignal<Option<Arc<Trace>>>,
    /// The same run for the panels that use it as a whole tokenizer (encode, export, the GPT-2
    /// comparison); a new run reaches them a task before the walkthrough, so neither task is long.
    pub tokenizer: RwSignal<Option<Arc<BpeTokenizer>>>,
    pub position: RwSignal<usize>,
    pub playing: RwSignal<bool>,
    /// Playback speed in merges per second.
    pub speed: RwSignal<u32>,
    /// Kept between steps so moving one step applies one delta instead of replaying from zero.
    cursor: StoredValue<Option<Cursor<Arc<Trace>>>>,
    /// Word indices, most frequent first: the order the segmentation view lists words in.
    word_order: StoredValue<Vec<usize>>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunStats {
    pub merges: usize,
    pub millis: f64,
    pub trace_bytes: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PairRow {
    pub left: String,
    pub right: String,
    pub count: u64,
    /// The words the count comes from, as in the seed's table: "newer (6) + wider (3)".
    pub comes_from: String,
    pub winner: bool,
    pub tied: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChangeRow {
    pub left: String,
    pub right: String,
    pub before: u64,
    pub after: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub text: String,
    pub id: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct WordRow {
    /// The word's index in the corpus's word list.
    pub index: usize,
    pub word: String,
    pub count: u64,
    pub tokens: Vec<Token>,
}

/// Everything the page shows about one position of the stepper.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct StepView {
    pub position: usize,
    pub total: usize,
    pub pairs: Vec<PairRow>,
    pub distinct_pairs: usize,
    /// How many pairs share the winning count (the table lists at most the core's `TIED_LIMIT`).
    pub tied_total: usize,
    /// Why the next merge wins, or why training stopped.
    pub explanation: Explanation,
    pub last_merge: Option<String>,
    /// A byte-level run's last merge in hex, byte by byte ("20 + 74 → 20 74"); None otherwise.
    pub last_merge_bytes: Option<String>,
    pub last_changes: Vec<ChangeRow>,
}

impl WalkthroughState {
    pub fn new() -> Self {
        let lab = WalkthroughState {
            preset: RwSignal::new(presets::SEED.id),
            corpus: RwSignal::new(String::new()),
            corpus_file: RwSignal::new_local(None),
            file_read: RwSignal::new(None),
            format: RwSignal::new(presets::SEED.format),
            loading: RwSignal::new(false),
            merges_wanted: RwSignal::new(presets::SEED.merges),
            tie_rule: RwSignal::new(TieRule::default()),
            progress: RwSignal::new(None),
            cancel_requested: RwSignal::new(false),
            error: RwSignal::new(None),
            notice: RwSignal::new(None),
            run_stats: RwSignal::new(None),
            trace: RwSignal::new(None),
            tokenizer: RwSignal::new(None),
            position: RwSignal::new(0),
            playing: RwSignal::new(false),
            speed: RwSignal::new(4),
            cursor: StoredValue::new(None),
            word_order: StoredValue::new(Vec::new()),
        };
        lab.load_inline_preset(presets::SEED);
        lab
    }

    pub fn load_inline_preset(&self, preset: Preset) {
        if let presets::PresetSource::Inline(text) = preset.source {
            self.set_preset_text(preset, text.to_string());
        }
    }

    /// Puts `preset` in the form, an inline one at once and a file once fetched (an error if the
    /// fetch fails), then runs `then` (not after a failed fetch).
    pub fn choose_preset(&self, preset: Preset, then: impl FnOnce() + 'static) {
        let url = match preset.source {
            presets::PresetSource::Inline(_) => {
                self.load_inline_preset(preset);
                return then();
            }
            presets::PresetSource::Asset(url) => url,
        };
        let lab = *self;
        lab.loading.set(true);
        spawn_local(async move {
            match assets::text(url).load().await {
                Ok(text) => {
                    lab.set_preset_text(preset, String::clone(&text));
                    then();
                }
                Err(error) => lab
                    .error
                    .set(Some(format!("Could not load {}: {error}", preset.label))),
            }
            lab.loading.set(false);
        });
    }

    pub fn set_preset_text(&self, preset: Preset, text: String) {
        self.corpus_file.set(None);
        self.preset.set(preset.id);
        self.corpus.set(text);
        self.format.set(preset.format);
        self.merges_wanted.set(preset.merges);
    }

    /// Trains on `file` from now on, in place of the box's text (the reader's own text: "custom").
    pub fn open_file(&self, file: web_sys::File) {
        self.corpus.set(String::new());
        self.preset.set("custom");
        self.corpus_file.set(Some(file));
    }

    /// Tells training runs apart, so lists keyed by index re-render when a new run replaces the old.
    pub fn run_key(&self) -> usize {
        self.trace
            .with(|t| t.as_ref().map_or(0, |t| Arc::as_ptr(t) as usize))
    }

    pub fn total_steps(&self) -> usize {
        self.trace
            .with(|t| t.as_ref().map_or(0, |t| t.steps().len()))
    }

    pub fn go_to(&self, position: usize) {
        self.position.set(position.min(self.total_steps()));
    }

    pub fn step_by(&self, delta: isize) {
        let now = self.position.get_untracked() as isize;
        self.go_to((now + delta).max(0) as usize);
    }

    /// Installs a finished (or cancelled) run in the walkthrough and rewinds the stepper to its
    /// start (the tokenizer panels get it from `tokenizer`).
    pub fn install_trace(&self, trace: Arc<Trace>) {
        let entries = trace.words().entries();
        // Most frequent first, ties in corpus order.
        let order =
            til_core::order::sorted_indices(entries.len(), &|a, b| entries[b].1.cmp(&entries[a].1));
        self.word_order.set_value(order);
        self.cursor.set_value(Some(Cursor::new(trace.clone())));
        self.playing.set(false);
        self.position.set(0);
        self.trace.set(Some(trace));
    }

    /// Moves the stored cursor to `position` and describes what is there.
    pub fn view_at(&self, position: usize) -> StepView {
        self.at(position, describe).unwrap_or_default()
    }

    /// The words whose text contains `query` (ignoring case; every word for an empty query), as
    /// word indices, most frequent first.
    pub fn matching_words(&self, query: &str) -> Vec<usize> {
        let query = query.trim().to_lowercase();
        self.word_order.with_value(|order| {
            if query.is_empty() {
                return order.clone();
            }
            self.trace.with_untracked(|trace| {
                let Some(trace) = trace else {
                    return Vec::new();
                };
                let entries = trace.words().entries();
                order
                    .iter()
                    .copied()
                    .filter(|&w| entries[w].0.to_lowercase().contains(&query))
                    .collect()
            })
        })
    }

    /// Words `words` (indices) as segmented at `position`.
    pub fn words_at(&self, position: usize, words: &[usize]) -> Vec<WordRow> {
        self.at(position, |cursor| word_rows(cursor, words))
            .unwrap_or_default()
    }

    /// Whether no merge between positions `from` and `to` (either way) changed the segmentation of
    /// any of `words` in the current run; a jump of more than `UNTOUCHED_SPAN` merges counts as a
    /// change without looking.
    pub fn untouched(&self, from: usize, to: usize, words: &[usize]) -> bool {
        let (low, high) = (from.min(to), from.max(to));
        if high - low > UNTOUCHED_SPAN {
            return false;
        }
        self.trace.with_untracked(|trace| {
            trace.as_ref().is_some_and(|trace| {
                trace.steps().get(low..high).is_some_and(|steps| {
                    steps.iter().all(|step| {
                        words
                            .iter()
                            .all(|&w| step.words_changed.binary_search(&(w as u32)).is_err())
                    })
                })
            })
        })
    }

    /// Moves the stored cursor to `position` and reads `what` from it (None before the first run).
    fn at<T>(&self, position: usize, what: impl FnOnce(&Cursor<Arc<Trace>>) -> T) -> Option<T> {
        let mut found = None;
        self.cursor.update_value(|cursor| {
            if let Some(cursor) = cursor.as_mut() {
                cursor.seek(position);
                found = Some(what(cursor));
            }
        });
        found
    }
}

fn describe(cursor: &Cursor<Arc<Trace>>) -> StepView {
    let trace = cursor.trace();
    let vocab = trace.vocab();
    let next = cursor.next_step();
    let position = cursor.position();
    let (winner, tied): (Option<Pair>, &[Pair]) = match next {
        Some(step) => (Some(step.merge.pair), &step.tied),
        None => (None, &[]),
    };
    let top = cursor.top_pairs(PAIR_ROWS.max(tied.len()));
    let shown: Vec<Pair> = top.iter().map(|&(pair, _)| pair).collect();
    let sources = cursor.sources(&shown, SOURCE_WORDS);
    let pairs = top
        .into_iter()
        .zip(sources)
        .map(|((pair, count), from)| PairRow {
            left: vocab.symbol(pair.left).to_string(),
            right: vocab.symbol(pair.right).to_string(),
            count,
            comes_from: comes_from(trace, &from),
            winner: Some(pair) == winner,
            tied: tied.len() > 1 && tied.contains(&pair),
        })
        .collect();
    let explanation = match next.and_then(|step| trace.choice(step.merge.rank)) {
        Some(choice) => Explanation::Next(choice),
        None if cursor.pair_count_len() == 0 => Explanation::NothingLeft,
        None => Explanation::Done,
    };
    let last = cursor.last_step();
    StepView {
        position,
        total: trace.steps().len(),
        pairs,
        distinct_pairs: cursor.pair_count_len(),
        tied_total: next.map_or(0, |step| step.tied_total),
        explanation,
        last_merge: last.map(|step| merge_text(vocab, step)),
        last_merge_bytes: last
            .filter(|_| trace.options().byte_level.is_some())
            .map(|step| merge_symbols(vocab, step).map(hex))
            .map(|[left, right, merged]| format!("{left} + {right} → {merged}")),
        last_changes: last.map(|step| changes(vocab, step)).unwrap_or_default(),
    }
}

fn comes_from(trace: &Trace, sources: &PairSources) -> String {
    let entries = trace.words().entries();
    let mut text = sources
        .words
        .iter()
        .map(|&(word, weight)| format!("{} ({weight})", entries[word].0))
        .collect::<Vec<_>>()
        .join(" + ");
    if sources.more > 0 {
        text.push_str(&format!(" + {} more words", sources.more));
    }
    text
}

/// "e + r → er (9)": the merge a step made and its count.
pub fn merge_text(vocab: &Vocab, step: &Step) -> String {
    let [left, right, merged] = merge_symbols(vocab, step);
    format!("{left} + {right} → {merged} ({})", step.merge.count)
}

/// The merge a step made, as the page writes its symbols: left, right, and the merged symbol.
pub fn merge_symbols<'a>(vocab: &'a Vocab, step: &Step) -> [&'a str; 3] {
    let m = &step.merge;
    [
        vocab.symbol(m.pair.left),
        vocab.symbol(m.pair.right),
        vocab.symbol(m.merged),
    ]
}

fn changes(vocab: &Vocab, step: &Step) -> Vec<ChangeRow> {
    step.changes
        .iter()
        .map(|c| ChangeRow {
            left: vocab.symbol(c.pair.left).to_string(),
            right: vocab.symbol(c.pair.right).to_string(),
            before: c.before,
            after: c.after,
        })
        .collect()
}

fn word_rows(cursor: &Cursor<Arc<Trace>>, words: &[usize]) -> Vec<WordRow> {
    let trace = cursor.trace();
    let vocab = trace.vocab();
    words
        .iter()
        .map(|&index| {
            let (word, count) = &trace.words().entries()[index];
            WordRow {
                index,
                word: word.clone(),
                count: *count,
                tokens: cursor
                    .segmentation(index)
                    .iter()
                    .map(|&id| Token {
                        text: vocab.symbol(id).to_string(),
                        id,
                    })
                    .collect(),
            }
        })
        .collect()
}
