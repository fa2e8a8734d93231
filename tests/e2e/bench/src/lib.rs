//! The three workloads of `cargo xtask bench`'s wasm row (BPE training, GPT-2 encoding, the Google
//! analogy set) as plain functions over bytes, so the native binary (main.rs) and the wasm module
//! (wasm.rs, driven in headless Chromium by run.mjs) run the very same code.
//!
//! Each workload times only its work, with the clock it is handed (`Instant` natively, the browser's
//! `performance.now()` in wasm): reading or fetching inputs, parsing the GPT-2 asset and the GloVe
//! table stay outside. It returns a [`Outcome`] whose `count`, `digest` and `detail` let xtask check
//! that both sides computed the same thing. Leaves out: deciding what agrees (xtask compares).

/// What one run did: its time, and numbers that identify its output.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Milliseconds of work, by the clock handed in.
    pub ms: f64,
    /// BPE: merges made; GPT-2: ids; analogies: correct answers.
    pub count: u64,
    /// FNV-1a of the output: BPE `LEFT RIGHT\n` per merge; GPT-2 the ids as `til gpt2 encode` prints
    /// them (decimal, single spaces); analogies every answer's row id, in question order.
    pub digest: u64,
    /// BPE: tokens of the training corpus after the merges; GPT-2: bytes encoded; analogies: asked.
    pub detail: u64,
}

/// Trains `merges` merges on `text` split on whitespace, with `</w>` and Hugging Face's tie rule
/// (smallest ids), as `til bpe train --tie smallest-id` does.
pub fn bpe_train(text: &str, merges: usize, now: impl Fn() -> f64) -> Result<Outcome, String> {
    use til_core::bpe::{TieRule, TrainOptions, Trainer, WordCounts};
    // 1. Timed: count words, split them, train.
    let start = now();
    let words = WordCounts::from_text(text);
    let options = TrainOptions {
        tie_rule: TieRule::SmallestId,
        end_of_word: true,
        byte_level: None,
    };
    let mut trainer = Trainer::new(&words, options).map_err(|e| e.to_string())?;
    while trainer.merges_done() < merges && trainer.step().is_some() {}
    let ms = now() - start;
    // 2. Untimed: the merges' digest and the corpus's length in tokens at the end.
    let trace = trainer.into_trace();
    let vocab = trace.vocab();
    let mut digest = Fnv::default();
    for merge in trace.merges() {
        digest.write(vocab.symbol(merge.pair.left).as_bytes());
        digest.write(b" ");
        digest.write(vocab.symbol(merge.pair.right).as_bytes());
        digest.write(b"\n");
    }
    let mut cursor = trace.cursor();
    cursor.seek(trace.steps().len());
    let tokens = (0..words.len())
        .map(|w| cursor.segmentation(w).len() as u64 * words.entries()[w].1)
        .sum();
    Ok(Outcome {
        ms,
        count: trace.steps().len() as u64,
        digest: digest.finish(),
        detail: tokens,
    })
}

/// GPT-2's ids of `text`, with the merges of `asset` (assets/gpt2/merges.bin) parsed beforehand.
pub fn gpt2_encode(asset: &[u8], text: &str, now: impl Fn() -> f64) -> Result<Outcome, String> {
    let tokenizer = til_core::gpt2::Gpt2Tokenizer::from_asset(asset).map_err(|e| e.to_string())?;
    let start = now();
    let ids = tokenizer.encode(text);
    let ms = now() - start;
    let mut digest = Fnv::default();
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            digest.write(b" ");
        }
        digest.write(id.to_string().as_bytes());
    }
    Ok(Outcome {
        ms,
        count: ids.len() as u64,
        digest: digest.finish(),
        detail: text.len() as u64,
    })
}

/// Google's analogy set by 3CosAdd over the first `vocab` rows of the vectors `asset`, as
/// `til embed eval-analogies`; parsing the asset and the questions stays outside the time.
pub fn analogies(
    asset: &[u8],
    questions: &str,
    vocab: usize,
    now: impl Fn() -> f64,
) -> Result<Outcome, String> {
    use til_core::embed::{BenchmarkRun, EmbeddingTable, Method, QuestionSet};
    let table = EmbeddingTable::from_asset(asset).map_err(|e| e.to_string())?;
    let set = QuestionSet::parse(questions, &table, vocab).map_err(|e| e.to_string())?;
    let start = now();
    let mut run = BenchmarkRun::new(&table, &set, Method::Add);
    let total = run.finish().total();
    let ms = now() - start;
    let mut digest = Fnv::default();
    for section in 0.. {
        let Some(answers) = run.answers(section) else {
            break;
        };
        for id in answers {
            digest.write(&id.to_le_bytes());
        }
    }
    Ok(Outcome {
        ms,
        count: total.correct as u64,
        digest: digest.finish(),
        detail: total.asked as u64,
    })
}

/// 64-bit FNV-1a: a short fingerprint of an output, the same on every target.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(target_arch = "wasm32")]
mod wasm;
