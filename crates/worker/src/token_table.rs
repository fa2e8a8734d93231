//! SmolLM2's own token table W_e in the worker (`til_core::smollm2::token_table` and
//! `undertrained`): a word's rows and their neighbours, one token's card, a share of Google's
//! analogy set on the table, and the under-trained ranking summed a slice at a time so the page
//! shows progress and can cancel between slices. Every copy of the worker that runs a share loads
//! the table itself (the page posts the same three files to each), so the set runs on every core.
//! Answers are markup (token_table_markup.rs). Leaves out: WebGPU (these are the core's f64 loops;
//! the ranking's Gram sum is the long part, about 8 × 10⁹ multiply-adds).

use std::cell::RefCell;

use til_channel::markup::Escaped;
use til_channel::{Reply, ShareFound};
use til_compute::speed::Clock;
use til_compute::speed::BENCHMARK_VOCAB;
use til_compute::BackendKind;
use til_core::embed::benchmark::{AnalogyReport, BenchmarkRun, Found, QuestionSet, Share};
use til_core::embed::{EmbeddingTable, Method, UnitRows};
use til_core::smollm2::token_table::spaced_word_ids;
use til_core::smollm2::undertrained::{check_reference, untrained_controls, ComponentSearch};

use super::analogy::{self, Run};
use super::attention::WorkerClock;
use super::loaded_table::Loaded;
use super::token_analogy_gpu::{self, GpuRun};
use super::token_table_markup as markup;
use super::{ranking_backend, token_backend};

/// Rows of a power-iteration pass between two looks at the clock while ranking.
const ROWS_PER_LOOK: usize = 1024;

/// A ranking under way: the search for the first principal component, then steps 3 and 4.
struct Ranking {
    search: ComponentSearch,
    reference: Vec<u32>,
    k: usize,
    /// Where the passes ran and why, once chosen.
    passes_said: String,
}

thread_local! {
    static LOADED: RefCell<Option<Result<Loaded, String>>> = const { RefCell::new(None) };
    static RANKING: RefCell<Option<Ranking>> = const { RefCell::new(None) };
}

/// Builds the table from `smollm2/layer0.bin`, the vocabulary `smollm2/smollm2.bin` and the
/// control tokens of `smollm2/chat.bin`.
pub fn load(layer: Vec<u8>, vocab: &[u8], chat: &[u8]) -> Result<Reply, String> {
    let built = Loaded::build(layer, vocab, chat);
    let answer = built.as_ref().map(|_| Reply::Done {}).map_err(Clone::clone);
    LOADED.with(|slot| *slot.borrow_mut() = Some(built));
    RANKING.with(|slot| *slot.borrow_mut() = None);
    token_backend::forget();
    ranking_backend::forget();
    token_analogy_gpu::forget();
    answer
}

fn with_loaded<T>(f: impl FnOnce(&mut Loaded) -> Result<T, String>) -> Result<T, String> {
    LOADED.with(|slot| match slot.borrow_mut().as_mut() {
        None => Err("SmolLM2's token table was never loaded".to_string()),
        Some(Err(why)) => Err(why.clone()),
        Some(Ok(loaded)) => f(loaded),
    })
}

/// A word's rows (or row `#id`) and the `k` nearest rows of the first that is one token, with
/// where and how fast they were found.
pub async fn rows(query: &str, k: usize) -> Result<Reply, String> {
    let (mut html, chosen, table) = with_loaded(|loaded| {
        let (html, chosen) = markup::forms(loaded, query)?;
        Ok((html, chosen, loaded.table.clone()))
    })?;
    if let Some(id) = chosen {
        let started = WorkerClock.now_ms();
        let (near, said) = token_backend::neighbours(&table, id, k).await?;
        let millis = WorkerClock.now_ms() - started;
        with_loaded(|loaded| {
            markup::neighbours(&mut html, loaded, id, &near);
            Ok(())
        })?;
        html += &format!(
            r#"<p class="muted" data-testid="token-query-ms">Looked up in {millis:.1} ms in the worker, {}.</p>"#,
            Escaped(&said)
        );
    }
    Ok(Reply::Markup { html })
}

/// Token `id`'s card.
pub fn details(id: u32) -> Result<Reply, String> {
    with_loaded(|loaded| {
        Ok(Reply::Markup {
            html: markup::details(loaded, id)?,
        })
    })
}

/// The analogy set's questions on the table: those whose four words are single `Ġ` + word tokens.
fn question_set(loaded: &Loaded, questions: &str) -> Result<QuestionSet, String> {
    let rows = spaced_word_ids(loaded.tokens.iter().map(Vec::as_slice));
    QuestionSet::parse_with(questions, loaded.table.vocab, |word| {
        rows.get(word.as_bytes()).copied()
    })
    .map_err(|e| e.to_string())
}

/// Where the analogy set runs (token_analogy_gpu.rs): WebGPU in this worker, or `shares` workers'
/// CPUs.
pub async fn analogies_place(questions: &str, shares: usize) -> Result<Reply, String> {
    let (table, set) =
        with_loaded(|loaded| Ok((loaded.table.clone(), question_set(loaded, questions)?)))?;
    let (on_gpu, why) = token_analogy_gpu::place(&table, &set, shares).await?;
    Ok(Reply::Placed { on_gpu, why })
}

/// This worker's share of the analogy set (3CosAdd, inputs excluded), stepped and read back by
/// the benchmark's own requests (analogy.rs): on WebGPU if it was placed there and this is the
/// only share, else the core's blocked products.
pub async fn analogies_start(questions: &str, share: Share) -> Result<Reply, String> {
    let (table, set) =
        with_loaded(|loaded| Ok((loaded.table.clone(), question_set(loaded, questions)?)))?;
    if share == Share::ALL && token_analogy_gpu::placed_on_gpu() {
        return Ok(analogy::keep(Run::Gpu(GpuRun::new(&table, set).await?)));
    }
    let unit = table.unit_rows(1);
    let rows = UnitRows::new(&unit, table.dims).map_err(|e| e.to_string())?;
    let run = BenchmarkRun::on_rows(rows, set, Method::Add, share, 1).map_err(|e| e.to_string())?;
    Ok(analogy::keep(Run::Cpu(run)))
}

/// Every share's findings merged into the set's report, beside GloVe's (`glove`: its vectors'
/// asset) on the same questions and on every question its first 30,000 words can ask.
pub fn analogies_report(
    questions: &str,
    found: Vec<ShareFound>,
    glove: &[u8],
) -> Result<Reply, String> {
    with_loaded(|loaded| {
        let set = question_set(loaded, questions)?;
        let count = found.len();
        let found: Vec<Found> = found
            .into_iter()
            .enumerate()
            .map(|(index, share)| share.into_found(index, count))
            .collect();
        let report = set.merged_report(Method::Add, &found);
        let glove = glove_reports(loaded, questions, glove)?;
        Ok(Reply::Markup {
            html: markup::analogy_report(&report, &glove, &token_analogy_gpu::why()),
        })
    })
}

/// GloVe's 3CosAdd scores (the inputs excluded, its first 30,000 words as the GloVe panel's
/// benchmark): on the token table's questions it can ask too, and on all it can ask.
fn glove_reports(
    loaded: &Loaded,
    questions: &str,
    vectors: &[u8],
) -> Result<[AnalogyReport; 2], String> {
    let table = EmbeddingTable::from_asset(vectors).map_err(|e| e.to_string())?;
    let vocab = table
        .check_vocab(BENCHMARK_VOCAB)
        .map_err(|e| e.to_string())?;
    let tokens = spaced_word_ids(loaded.tokens.iter().map(Vec::as_slice));
    let same = QuestionSet::parse_with(questions, vocab, |word| {
        tokens
            .contains_key(word.as_bytes())
            .then(|| table.id_within(word, vocab))
            .flatten()
    })
    .map_err(|e| e.to_string())?;
    let all = QuestionSet::parse(questions, &table, vocab).map_err(|e| e.to_string())?;
    Ok([same, all].map(|set| BenchmarkRun::new(&table, &set, Method::Add).finish()))
}

/// Starts a ranking from the ids `reference` lists (none: the control tokens whose rows equal
/// another's).
pub async fn undertrained_start(reference: &str, k: usize) -> Result<Reply, String> {
    let reference = reference
        .split([',', ' '])
        .filter(|id| !id.is_empty())
        .map(|id| {
            id.parse::<u32>()
                .map_err(|_| format!("`{id}` is not a token id"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let ranking = with_loaded(|loaded| {
        let table = &loaded.table;
        let reference = if reference.is_empty() {
            untrained_controls(table, &loaded.controls)
        } else {
            reference
        };
        check_reference(table, &reference).map_err(|e| e.to_string())?;
        Ok(Ranking {
            search: ComponentSearch::new(table),
            reference,
            k,
            passes_said: String::new(),
        })
    })?;
    RANKING.with(|slot| *slot.borrow_mut() = Some(ranking));
    undertrained_step(0.0).await
}

/// Goes on for about `budget_ms` (a slice at least); the progress, or the ranking once the
/// component is found. Whole passes on the backend chosen for them (ranking_backend.rs, timed on
/// the first); on the CPU a slice of rows at a time, so progress shows within a pass.
pub async fn undertrained_step(budget_ms: f64) -> Result<Reply, String> {
    let started = js_sys::Date::now();
    let mut ranking = RANKING
        .with(|slot| slot.borrow_mut().take())
        .ok_or("no ranking was started")?;
    let table = with_loaded(|loaded| Ok(loaded.table.clone()))?;
    let mut found = false;
    while ranking_backend::passes_on() != Some(BackendKind::Cpu) {
        let ran = ranking_backend::pass(&table, &ranking.search).await?;
        ranking.passes_said = ran.why;
        found = ranking.search.absorb(ran.result);
        if found || js_sys::Date::now() - started >= budget_ms {
            break;
        }
    }
    if !found && ranking_backend::passes_on() == Some(BackendKind::Cpu) {
        found = loop {
            if ranking.search.advance(&table, ROWS_PER_LOOK) {
                break true;
            }
            if js_sys::Date::now() - started >= budget_ms {
                break false;
            }
        };
    }
    if !found {
        let (passes, row) = ranking.search.progress();
        let moved = match passes {
            0 => String::new(),
            _ => format!(
                " (the direction moved {:.1e} in the last)",
                ranking.search.moved
            ),
        };
        let progress = Reply::Progress {
            done: row,
            total: table.vocab,
            note: format!(
                "pass {} over the rows{moved}; {}",
                passes + 1,
                ranking.passes_said
            ),
        };
        RANKING.with(|slot| *slot.borrow_mut() = Some(ranking));
        return Ok(progress);
    }
    let indicator = ranking
        .search
        .indicator(&table, &ranking.reference)
        .map_err(|e| e.to_string())?;
    let controls = with_loaded(|loaded| Ok(loaded.controls.len()))?;
    let values = ranking_backend::indicators(&table, &indicator, ranking.k + controls).await?;
    with_loaded(|loaded| {
        let said = format!("{}; {}.", ranking.passes_said, values.why);
        let html = markup::ranking(loaded, &values.result, &ranking.reference, ranking.k, &said);
        loaded.indicator = Some(values.result);
        Ok(Reply::Markup { html })
    })
}
