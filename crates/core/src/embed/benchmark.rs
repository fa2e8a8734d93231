//! Google's analogy benchmark (`questions-words.txt`) with gensim's `evaluate_word_analogies`
//! semantics, computed as a blocked matrix product.
//!
//! Semantics: a line `a b c d` asks a : b :: c : ?, answered by b − a + c (X = b, Y = a, Z = c);
//! words are matched case-insensitively; candidates are the first `vocab` rows; a question with any
//! word outside them is skipped and counted; the three inputs are never answers; the answer is the
//! best-scoring remaining row. Lines starting `: ` open a section; lines without four words are
//! ignored, as gensim does. Sections named `gram…` are syntactic, the others semantic.
//!
//! Speed: 3CosAdd's score for row w is (cos(w, b) + cos(w, c) − cos(w, a)) / |b̂ + ĉ − â|, and the
//! denominator does not change which row wins; 3CosMul needs the same three cosines. So each section
//! computes the cosines of its few distinct input words with a block of rows (one small matrix
//! product over a copy of the table packed eight rows at a time, so the rows fill SIMD registers),
//! and every question then combines three rows of that block. A [`BenchmarkRun`] does one (section, block) unit per
//! [`step`](BenchmarkRun::step), so the page can interleave it with painting and a Cancel button.
//! Leaves out: `dummy4unknown` (skipped questions never count as wrong) and gensim's logging.

use std::ops::Range;

use super::analogy::{mul_score, shifted, Method};
use super::lanes::{F32x4, F32x8, Lanes};
use super::neighbours::Scored;
use super::table::EmbeddingTable;
use super::{EmbedError, UnitRows};
use crate::fxhash::FxHashMap;
use crate::row_threads::fill_on_threads;

/// Rows per unit of work (a multiple of [`GROUP`]): the block's packed rows (1024 × 50 floats) stay
/// in the L2 cache, and a unit of the largest section takes a few milliseconds in the page.
pub const BLOCK_ROWS: usize = 1024;

/// Rows packed side by side, one [`F32x8`] per input value: one AVX2 register natively, two SIMD128
/// registers in the page.
const GROUP: usize = 8;

/// One question, as rows: a : b :: c : expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    pub a: u32,
    pub b: u32,
    pub c: u32,
    pub expected: u32,
}

/// A `: name` section and its questions that are fully inside the vocabulary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub questions: Vec<Question>,
    /// Questions left out because a word is outside the first `vocab` rows.
    pub skipped: usize,
}

impl Section {
    pub fn is_syntactic(&self) -> bool {
        self.name.starts_with("gram")
    }
}

/// A parsed question file, resolved against a table restricted to its first `vocab` rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestionSet {
    pub sections: Vec<Section>,
    pub vocab: usize,
}

impl QuestionSet {
    /// The report for answers given section by section (`answers[s]` for the first `answers.len()`
    /// sections, in question order), whoever computed them: a question is correct when its answer
    /// is the expected row.
    pub fn report(&self, method: Method, answers: &[Vec<u32>]) -> AnalogyReport {
        let sections = self
            .sections
            .iter()
            .zip(answers)
            .map(|(section, answers)| SectionScore {
                name: section.name.clone(),
                syntactic: section.is_syntactic(),
                score: Score {
                    correct: section
                        .questions
                        .iter()
                        .zip(answers)
                        .filter(|(q, &a)| a == q.expected)
                        .count(),
                    asked: section.questions.len(),
                },
                skipped: section.skipped,
            })
            .collect();
        AnalogyReport {
            method,
            vocab: self.vocab,
            sections,
            complete: answers.len() >= self.sections.len(),
        }
    }

    pub fn parse(
        text: &str,
        table: &EmbeddingTable,
        vocab: usize,
    ) -> Result<QuestionSet, EmbedError> {
        let vocab = table.check_vocab(vocab)?;
        QuestionSet::parse_with(text, vocab, |word| table.id_within(word, vocab))
    }

    /// A question file whose words `row_of` finds among the first `vocab` rows of any table (a
    /// token table's rows, say: there is no word list to match case-insensitively).
    pub fn parse_with(
        text: &str,
        vocab: usize,
        row_of: impl Fn(&str) -> Option<u32>,
    ) -> Result<QuestionSet, EmbedError> {
        let mut sections: Vec<Section> = Vec::new();
        for (number, line) in text.lines().enumerate() {
            if line.starts_with(": ") {
                let name = line.trim_start_matches([':', ' ']).trim().to_string();
                sections.push(Section {
                    name,
                    questions: Vec::new(),
                    skipped: 0,
                });
                continue;
            }
            // gensim checks for a section before it looks at the line.
            let section = sections
                .last_mut()
                .ok_or(EmbedError::MissingSection { line: number + 1 })?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let [a, b, c, d] = words[..] else { continue };
            match [a, b, c, d].map(&row_of) {
                [Some(a), Some(b), Some(c), Some(expected)] => {
                    section.questions.push(Question { a, b, c, expected })
                }
                _ => section.skipped += 1,
            }
        }
        Ok(QuestionSet { sections, vocab })
    }

    /// The report of runs over shares of one benchmark: every question's best row over the shares
    /// (the highest score, the lower row on a tie: what one run in row order finds), for the
    /// leading sections whose every unit some share has done.
    pub fn merged_report(&self, method: Method, found: &[Found]) -> AnalogyReport {
        self.report(method, &self.merged_answers(found))
    }

    /// The answers [`merged_report`](Self::merged_report) scores, by finished section.
    pub fn merged_answers(&self, found: &[Found]) -> Vec<Vec<u32>> {
        let blocks = blocks(self.vocab);
        let done = |unit: usize| found.iter().any(|f| f.share.has_done(unit, f.done));
        let finished = (0..self.sections.len())
            .take_while(|s| (s * blocks..(s + 1) * blocks).all(done))
            .count();
        let mut best = vec![NO_ANSWER; self.asked()];
        for found in found {
            for (ours, theirs) in best.iter_mut().zip(&found.best) {
                if theirs.score > ours.score || (theirs.score == ours.score && theirs.id < ours.id)
                {
                    *ours = *theirs;
                }
            }
        }
        let mut best = best.into_iter().map(|b| b.id);
        self.sections[..finished]
            .iter()
            .map(|s| best.by_ref().take(s.questions.len()).collect())
            .collect()
    }

    /// The set as numbers, for a worker to score: each section's question count, and every
    /// question's rows `a b c expected` (sections one after another). Names and skips stay here.
    pub fn to_rows(&self) -> (Vec<u32>, Vec<u32>) {
        let counts = self
            .sections
            .iter()
            .map(|s| s.questions.len() as u32)
            .collect();
        let rows = self
            .sections
            .iter()
            .flat_map(|s| &s.questions)
            .flat_map(|q| [q.a, q.b, q.c, q.expected])
            .collect();
        (counts, rows)
    }

    /// A set from [`to_rows`](Self::to_rows)'s numbers, its sections unnamed (a worker only scores).
    pub fn from_rows(
        counts: &[u32],
        rows: &[u32],
        vocab: usize,
    ) -> Result<QuestionSet, EmbedError> {
        let questions: usize = counts.iter().map(|&n| n as usize).sum();
        if rows.len() != questions * 4 {
            return Err(EmbedError::BadShape {
                values: rows.len(),
                dims: 4,
            });
        }
        let mut all = rows.chunks_exact(4).map(|q| Question {
            a: q[0],
            b: q[1],
            c: q[2],
            expected: q[3],
        });
        let sections = counts
            .iter()
            .map(|&n| Section {
                name: String::new(),
                questions: all.by_ref().take(n as usize).collect(),
                skipped: 0,
            })
            .collect();
        Ok(QuestionSet { sections, vocab })
    }

    /// Questions that will be asked.
    pub fn asked(&self) -> usize {
        self.sections.iter().map(|s| s.questions.len()).sum()
    }

    pub fn skipped(&self) -> usize {
        self.sections.iter().map(|s| s.skipped).sum()
    }
}

/// Correct answers out of questions asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub correct: usize,
    pub asked: usize,
}

impl Score {
    /// Accuracy in percent (0 for an empty score).
    pub fn percent(self) -> f64 {
        if self.asked == 0 {
            0.0
        } else {
            100.0 * self.correct as f64 / self.asked as f64
        }
    }

    fn add(self, other: Score) -> Score {
        Score {
            correct: self.correct + other.correct,
            asked: self.asked + other.asked,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionScore {
    pub name: String,
    pub syntactic: bool,
    pub score: Score,
    pub skipped: usize,
}

/// The results of the sections finished so far (all of them once the run is done).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalogyReport {
    pub method: Method,
    pub vocab: usize,
    pub sections: Vec<SectionScore>,
    /// False when the run was stopped early: the totals then cover the finished sections only.
    pub complete: bool,
}

impl AnalogyReport {
    fn sum(&self, pick: impl Fn(&SectionScore) -> bool) -> Score {
        self.sections
            .iter()
            .filter(|s| pick(s))
            .fold(Score::default(), |acc, s| acc.add(s.score))
    }

    pub fn semantic(&self) -> Score {
        self.sum(|s| !s.syntactic)
    }

    pub fn syntactic(&self) -> Score {
        self.sum(|s| s.syntactic)
    }

    pub fn total(&self) -> Score {
        self.sum(|_| true)
    }

    pub fn skipped(&self) -> usize {
        self.sections.iter().map(|s| s.skipped).sum()
    }

    /// Share of the questions (in finished sections) that were asked, in percent.
    pub fn coverage(&self) -> f64 {
        let asked = self.total().asked;
        Score {
            correct: asked,
            asked: asked + self.skipped(),
        }
        .percent()
    }
}

/// A section prepared for the matrix product: its distinct input words and their unit rows, and each
/// question's inputs as positions in that list.
struct Plan {
    words: Vec<u32>,
    /// `words.len() × dims` values: the words' rows, copied so a run owns everything it reads.
    rows: Vec<f32>,
    questions: Vec<[usize; 3]>,
}

impl Plan {
    fn new(section: &Section, rows: UnitRows<'_>) -> Plan {
        let mut position: FxHashMap<u32, usize> = FxHashMap::default();
        let mut words = Vec::new();
        let mut local = |id: u32| {
            *position.entry(id).or_insert_with(|| {
                words.push(id);
                words.len() - 1
            })
        };
        let questions = section
            .questions
            .iter()
            .map(|q| [local(q.a), local(q.b), local(q.c)])
            .collect();
        let rows = words.iter().flat_map(|&w| rows.row(w)).copied().collect();
        Plan {
            words,
            rows,
            questions,
        }
    }
}

/// Which units a run scores: unit `n` when `n % count == index`. The runs over the `count` shares
/// of one benchmark (on threads, or in the page's workers) score every unit once between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub index: usize,
    pub count: usize,
}

impl Share {
    /// The whole run.
    pub const ALL: Share = Share { index: 0, count: 1 };

    /// The share's units among `units`, in order.
    fn units(self, units: usize) -> impl Iterator<Item = usize> {
        (self.index..units).step_by(self.count.max(1))
    }

    /// Whether unit `unit` is the share's and among its first `done`.
    fn has_done(self, unit: usize, done: usize) -> bool {
        unit % self.count == self.index && unit / self.count < done
    }
}

/// What a run over one share has found so far: how many of its units are done, and every question's
/// best row and score (sections one after another, questions in order; `u32::MAX` before any).
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub share: Share,
    pub done: usize,
    pub best: Vec<Scored>,
}

impl Found {
    /// What a run over all of `set` found when its first `sections` sections are done, each
    /// answered whole elsewhere (on a GPU, say): `best` holds every question's best, sections one
    /// after another ([`NO_ANSWER`] past the ones done).
    pub fn whole_sections(set: &QuestionSet, sections: usize, best: Vec<Scored>) -> Found {
        Found {
            share: Share::ALL,
            done: sections.min(set.sections.len()) * blocks(set.vocab),
            best,
        }
    }
}

/// A benchmark in progress: call [`step`](Self::step) until it returns false, then [`report`](Self::report).
/// It owns what it reads, so it can live in a worker between messages.
pub struct BenchmarkRun {
    set: QuestionSet,
    method: Method,
    share: Share,
    dims: usize,
    /// Candidate rows (the first `set.vocab`).
    rows: usize,
    /// The candidate rows in groups of [`GROUP`], interleaved: value k of row `GROUP × g + l` sits
    /// at `(g × dims + k) × GROUP + l`; rows past the vocabulary are zero.
    packed: Vec<f32>,
    plans: Vec<Plan>,
    /// The best answer so far of every question, by section.
    best: Vec<Vec<Scored>>,
    /// The share's units done, in order; unit `n` is section `n / blocks`, rows block `n % blocks`.
    done: usize,
    /// Scratch: the section's word cosines (or shifted cosines) with the block, `words × BLOCK_ROWS`.
    cosines: Vec<f32>,
}

impl BenchmarkRun {
    pub fn new(table: &EmbeddingTable, set: &QuestionSet, method: Method) -> BenchmarkRun {
        // A set parsed against this table names only its first `vocab` rows: nothing to check.
        let rows = table.unit_rows().first(set.vocab);
        BenchmarkRun::build(rows, set.clone(), method, Share::ALL, 1)
    }

    /// The run over `share` of the units, on unit-length `rows` (at least `set.vocab` of them; the
    /// questions' rows must be among the first `set.vocab`); `threads` copy the rows into the run's
    /// packed layout.
    pub fn on_rows(
        rows: UnitRows<'_>,
        set: QuestionSet,
        method: Method,
        share: Share,
        threads: usize,
    ) -> Result<BenchmarkRun, EmbedError> {
        if rows.len() < set.vocab || set.vocab == 0 {
            return Err(EmbedError::BadVocab {
                requested: set.vocab,
                rows: rows.len(),
            });
        }
        if share.count == 0 || share.index >= share.count {
            return Err(EmbedError::BadShare {
                index: share.index,
                count: share.count,
            });
        }
        let rows = rows.first(set.vocab);
        let outside = set
            .sections
            .iter()
            .flat_map(|s| &s.questions)
            .flat_map(|q| [q.a, q.b, q.c, q.expected])
            .find(|&id| id as usize >= rows.len());
        if let Some(row) = outside {
            return Err(EmbedError::RowOutOfRange {
                row,
                rows: rows.len(),
            });
        }
        Ok(BenchmarkRun::build(rows, set, method, share, threads))
    }

    /// The run, on rows that hold every row the questions name.
    fn build(
        rows: UnitRows<'_>,
        set: QuestionSet,
        method: Method,
        share: Share,
        threads: usize,
    ) -> BenchmarkRun {
        let dims = rows.dims();
        let mut packed = vec![0.0f32; rows.len().div_ceil(GROUP) * GROUP * dims];
        // Group by group, on `threads` ranges of groups.
        fill_on_threads(&mut packed, dims * GROUP, threads, |groups, packed| {
            let from = groups.start * GROUP * dims;
            let to = (groups.end * GROUP * dims).min(rows.as_slice().len());
            let group_rows = rows.as_slice()[from..to].chunks(dims * GROUP);
            for (group, values) in group_rows.zip(packed.chunks_exact_mut(dims * GROUP)) {
                for (l, row) in group.chunks_exact(dims).enumerate() {
                    for (k, &v) in row.iter().enumerate() {
                        values[k * GROUP + l] = v;
                    }
                }
            }
        });
        let plans: Vec<Plan> = set.sections.iter().map(|s| Plan::new(s, rows)).collect();
        let widest = plans.iter().map(|p| p.words.len()).max().unwrap_or(0);
        BenchmarkRun {
            best: unanswered(&set),
            set,
            method,
            share,
            dims,
            rows: rows.len(),
            packed,
            plans,
            done: 0,
            cosines: vec![0.0; widest * BLOCK_ROWS],
        }
    }

    /// Units of work in the whole benchmark, every share's.
    fn all_units(&self) -> usize {
        self.plans.len() * blocks(self.rows)
    }

    /// Units of work in this run's share.
    pub fn units(&self) -> usize {
        self.share.units(self.all_units()).count()
    }

    pub fn units_done(&self) -> usize {
        self.done
    }

    /// Does the share's next unit of work; false once everything is done.
    pub fn step(&mut self) -> bool {
        let Some(unit) = self.share.units(self.all_units()).nth(self.done) else {
            return false;
        };
        let (shared, cosines, best) = self.parts();
        shared.score_unit(unit, cosines, best);
        self.done += 1;
        self.done < self.units()
    }

    /// Runs every remaining unit.
    pub fn finish(&mut self) -> AnalogyReport {
        while self.step() {}
        self.report()
    }

    /// What every unit reads, beside the scratch and the answers it writes.
    fn parts(&mut self) -> (Shared<'_>, &mut Vec<f32>, &mut Vec<Vec<Scored>>) {
        let shared = Shared {
            set: &self.set,
            method: self.method,
            dims: self.dims,
            rows: self.rows,
            packed: &self.packed,
            plans: &self.plans,
        };
        (shared, &mut self.cosines, &mut self.best)
    }

    /// Runs every unit of a whole run not yet started on `threads` threads (share `t` of `threads`
    /// on thread `t`), then merges their answers as [`QuestionSet::merged_report`] does: the same
    /// answers at any thread count.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn finish_on(mut self, threads: usize) -> AnalogyReport {
        let units = self.all_units();
        let threads = threads.clamp(1, units.max(1));
        let scratch = self.cosines.len();
        let (shared, _, _) = self.parts();
        let found: Vec<Found> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|index| {
                    let shared = &shared;
                    scope.spawn(move || {
                        let share = Share {
                            index,
                            count: threads,
                        };
                        let mut best = unanswered(shared.set);
                        let mut cosines = vec![0.0; scratch];
                        let mut done = 0;
                        for unit in share.units(units) {
                            shared.score_unit(unit, &mut cosines, &mut best);
                            done += 1;
                        }
                        Found {
                            share,
                            done,
                            best: best.concat(),
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("a benchmark thread panicked"))
                .collect()
        });
        self.set.merged_report(self.method, &found)
    }

    /// What this run has found so far.
    pub fn found(&self) -> Found {
        Found {
            share: self.share,
            done: self.done,
            best: self.best.concat(),
        }
    }

    /// The answer given to each question of `section` (rows, in question order), once it is finished.
    pub fn answers(&self, section: usize) -> Option<Vec<u32>> {
        let finished = self.done / blocks(self.rows).max(1);
        (self.share == Share::ALL && section < finished)
            .then(|| self.best[section].iter().map(|b| b.id).collect())
    }

    /// The sections finished so far (all of this run's units in them: a share's report alone
    /// finishes no section).
    pub fn report(&self) -> AnalogyReport {
        self.set.merged_report(self.method, &[self.found()])
    }
}

/// What scoring a block reads and no block writes, so threads can share it.
struct Shared<'r> {
    set: &'r QuestionSet,
    method: Method,
    dims: usize,
    rows: usize,
    packed: &'r [f32],
    plans: &'r [Plan],
}

/// Every question of every section without an answer yet.
fn unanswered(set: &QuestionSet) -> Vec<Vec<Scored>> {
    set.sections
        .iter()
        .map(|s| vec![NO_ANSWER; s.questions.len()])
        .collect()
}

/// A question's best before any row is scored.
pub const NO_ANSWER: Scored = Scored {
    id: u32::MAX,
    score: f32::NEG_INFINITY,
};

/// Blocks of [`BLOCK_ROWS`] candidate rows; unit `n` is section `n / blocks`, block `n % blocks`.
fn blocks(rows: usize) -> usize {
    rows.div_ceil(BLOCK_ROWS)
}

impl Shared<'_> {
    /// Unit `unit`: its section's questions against its block of rows, raising `best`.
    fn score_unit(&self, unit: usize, cosines: &mut [f32], best: &mut [Vec<Scored>]) {
        let blocks = blocks(self.rows);
        let (section, block) = (unit / blocks, unit % blocks);
        let start = block * BLOCK_ROWS;
        let end = (start + BLOCK_ROWS).min(self.rows);
        self.score_block(section, start..end, cosines, &mut best[section]);
    }

    /// One unit: the rows `rows` as candidates for every question of `section`, raising `best`.
    fn score_block(
        &self,
        section: usize,
        rows: Range<usize>,
        cosines: &mut [f32],
        best: &mut [Scored],
    ) {
        let (start, end) = (rows.start, rows.end);
        let plan = &self.plans[section];
        // Widths in whole groups; the padding past `end` is never a candidate.
        let groups = start / GROUP..end.div_ceil(GROUP);
        let width = groups.len() * GROUP;
        // 1. Cosines of the section's input words with rows start..end (3CosMul: shifted cosines).
        let words: Vec<&[f32]> = plan.rows.chunks_exact(self.dims).collect();
        let cosines = &mut cosines[..words.len() * width];
        crate::cpu_features::with_avx2(|| {
            block_cosines(&words, self.packed, self.dims, groups, cosines)
        });
        if self.method == Method::Mul {
            cosines.iter_mut().for_each(|c| *c = shifted(*c));
        }
        // 2. Every question combines three rows of the block; its inputs cannot answer.
        let questions = &self.set.sections[section].questions;
        for ((slots, question), best) in plan.questions.iter().zip(questions).zip(best) {
            let [a, b, c] = slots.map(|slot| &cosines[slot * width..slot * width + (end - start)]);
            let mut skip: Vec<usize> = [question.a, question.b, question.c]
                .into_iter()
                .filter_map(|id| {
                    (id as usize)
                        .checked_sub(start)
                        .filter(|&r| r < end - start)
                })
                .collect();
            crate::order::sort(&mut skip);
            match self.method {
                Method::Add => update_best::<CosAdd>(best, start, [a, b, c], &skip),
                Method::Mul => update_best::<CosMul>(best, start, [a, b, c], &skip),
            }
        }
    }
}

/// A question's score for a row from the row's cosines with a, b and c (b − a + c: X = b, Y = a,
/// Z = c), for one row or four at once.
trait Combine {
    fn score<T: Lanes>(a: T, b: T, c: T) -> T;
}

/// 3CosAdd without its positive denominator |b̂ + ĉ − â|, which cannot change the winner.
struct CosAdd;

impl Combine for CosAdd {
    #[inline(always)]
    fn score<T: Lanes>(a: T, b: T, c: T) -> T {
        b + c - a
    }
}

/// 3CosMul from shifted cosines.
struct CosMul;

impl Combine for CosMul {
    #[inline(always)]
    fn score<T: Lanes>(a: T, b: T, c: T) -> T {
        mul_score(b, a, c)
    }
}

/// `out[w × width + r]` = word w · row `GROUP × groups.start + r`, for `width = GROUP ×
/// groups.len()` rows of `packed` (see [`BenchmarkRun`]): [`WIDE`] words and a group of rows at a
/// time, so each load of the group serves them all and their sums are in flight together.
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn block_cosines(
    words: &[&[f32]],
    packed: &[f32],
    dims: usize,
    groups: Range<usize>,
    out: &mut [f32],
) {
    let width = groups.len() * GROUP;
    let block = &packed[groups.start * dims * GROUP..groups.end * dims * GROUP];
    let mut store = |first_word: usize, group: usize, sums: &[F32x8]| {
        for (i, sum) in sums.iter().enumerate() {
            let at = (first_word + i) * width + group * GROUP;
            out[at..at + GROUP].copy_from_slice(&sum.to_array());
        }
    };
    for (g, rows) in block.chunks_exact(dims * GROUP).enumerate() {
        let mut wide = words.chunks_exact(WIDE);
        for (q, some) in (&mut wide).enumerate() {
            let some: [&[f32]; WIDE] = std::array::from_fn(|i| some[i]);
            store(WIDE * q, g, &group_dots(some, rows, dims));
        }
        let mut first = words.len() - wide.remainder().len();
        let mut quads = wide.remainder().chunks_exact(4);
        for quad in &mut quads {
            store(
                first,
                g,
                &group_dots([quad[0], quad[1], quad[2], quad[3]], rows, dims),
            );
            first += 4;
        }
        for (i, &word) in quads.remainder().iter().enumerate() {
            store(first + i, g, &group_dots([word], rows, dims));
        }
    }
}

/// Words at a time in [`block_cosines`]: natively eight, eight AVX2 registers of sums (four left each
/// addition waiting on the one before); in the page four, whose eight SIMD128 registers of sums
/// stay in the browser's registers.
const WIDE: usize = if cfg!(target_arch = "wasm32") { 4 } else { 8 };

/// The dot products of `N` words with a packed group of rows: `N` independent sums of eight.
/// Written without closures: the page builds the core for size, where those are not inlined and
/// the sums would live in memory.
#[inline(always)]
fn group_dots<const N: usize>(words: [&[f32]; N], rows: &[f32], dims: usize) -> [F32x8; N] {
    // Slices of known length, so the loop below needs no bounds checks.
    let (rows, words) = (&rows[..dims * GROUP], words.map(|word| &word[..dims]));
    let mut sums = [F32x8::splat(0.0); N];
    for (k, values) in (0..dims).zip(rows.chunks_exact(GROUP)) {
        let values = F32x8::load(values);
        for (sum, word) in sums.iter_mut().zip(&words) {
            *sum = *sum + F32x8::splat(word[k]) * values;
        }
    }
    sums
}

/// Raises `best` to the highest score over the block if that beats it, skipping the rows in `skip`
/// (sorted positions within the block). Ties keep the earlier row: blocks come in row order and only
/// a strictly higher score replaces `best`.
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
fn update_best<C: Combine>(
    best: &mut Scored,
    start: usize,
    [a, b, c]: [&[f32]; 3],
    skip: &[usize],
) {
    let mut from = 0;
    for &until in skip.iter().chain(std::iter::once(&a.len())) {
        if from < until {
            let part = from..until;
            let max = max_score::<C>(&a[part.clone()], &b[part.clone()], &c[part.clone()]);
            if max > best.score {
                // The same arithmetic again finds the first row that reached it.
                let at = part
                    .clone()
                    .find(|&r| C::score(a[r], b[r], c[r]) == max)
                    .unwrap_or(from);
                *best = Scored {
                    id: (start + at) as u32,
                    score: max,
                };
            }
        }
        from = until + 1;
    }
}

/// The highest score over the rows (`-inf` when there are none), sixteen at a time in four
/// separate maxima: one running maximum would wait for the one before it at every step, and the
/// highest of a set is the same whatever the order it is taken in. (Four named maxima rather than
/// an array: the page's size-built core would keep an array in memory.)
#[inline(always)]
fn max_score<C: Combine>(a: &[f32], b: &[f32], c: &[f32]) -> f32 {
    const STEP: usize = 16;
    let main = a.len() - a.len() % STEP;
    let [mut m0, mut m1, mut m2, mut m3] = [F32x4::splat(f32::NEG_INFINITY); 4];
    let steps = a[..main]
        .chunks_exact(STEP)
        .zip(b[..main].chunks_exact(STEP))
        .zip(c[..main].chunks_exact(STEP));
    for ((a, b), c) in steps {
        m0 = m0.max(four_scores::<C>(a, b, c));
        m1 = m1.max(four_scores::<C>(&a[4..], &b[4..], &c[4..]));
        m2 = m2.max(four_scores::<C>(&a[8..], &b[8..], &c[8..]));
        m3 = m3.max(four_scores::<C>(&a[12..], &b[12..], &c[12..]));
    }
    let tail = (main..a.len()).map(|r| C::score(a[r], b[r], c[r]));
    [m0, m1, m2, m3]
        .into_iter()
        .flat_map(F32x4::to_array)
        .chain(tail)
        .fold(f32::NEG_INFINITY, |m, v| if v > m { v } else { m })
}

/// The scores of the first four rows.
#[inline(always)]
fn four_scores<C: Combine>(a: &[f32], b: &[f32], c: &[f32]) -> F32x4 {
    C::score(F32x4::load(a), F32x4::load(b), F32x4::load(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn update_best_skips_inputs_and_keeps_the_first_of_equals() {
        let zeros = vec![0.0f32; 37];
        let mut b = zeros.clone();
        b[3] = 5.0; // an input: skipped
        b[9] = 2.0;
        b[30] = 2.0;
        let mut best = Scored {
            id: u32::MAX,
            score: f32::NEG_INFINITY,
        };
        update_best::<CosAdd>(&mut best, 100, [&zeros, &b, &zeros], &[3]);
        assert_eq!(
            best,
            Scored {
                id: 109,
                score: 2.0
            }
        );
        // A later block with an equal score does not take over.
        update_best::<CosAdd>(&mut best, 200, [&zeros, &b, &zeros], &[3]);
        assert_eq!(best.id, 109);
    }
}
