//! The CPU backend: every kernel is a call into `til_core`, so the CPU numbers are the reference the
//! GPU kernels are tested against. Nothing is computed here that the core does not compute itself;
//! this file only adapts arguments (a batch of queries, a batch of questions) to the core's shapes.
//! Leaves out: stepping long work for the page (the page steps the core's `BenchmarkRun` itself).

use til_core::embed::benchmark::{BenchmarkRun, Question, QuestionSet, Section};
use til_core::embed::neighbours::{cosine_scores, top_k};
use til_core::embed::{analogy, Analogy, Candidate, EmbeddingTable, Method, Scored};
use til_core::posenc::{dot_matrix, PositionTable, Sinusoidal};
use til_core::smollm2::first_attention::{FirstAttention, Logits, Rotation};

use crate::{ComputeError, Eligible, Grid, Query};

pub fn nearest(
    table: &EmbeddingTable,
    queries: &[Query<'_>],
    k: usize,
    eligible: Eligible<'_>,
) -> Vec<Vec<Scored>> {
    let rows = table.unit_rows().first(eligible.vocab);
    queries
        .iter()
        .map(|query| {
            top_k(&cosine_scores(rows, query.vector), k, |id| {
                !query.exclude.contains(&id) && eligible.keep.is_none_or(|mask| mask.keeps(id))
            })
        })
        .collect()
}

pub fn analogy(
    table: &EmbeddingTable,
    question: Analogy,
    method: Method,
    k: usize,
    include_inputs: bool,
    vocab: usize,
) -> Vec<Candidate> {
    analogy::solve(
        table.unit_rows().first(vocab),
        question,
        method,
        k,
        include_inputs,
    )
}

/// The questions as one section of a question set, answered by the core's blocked benchmark.
pub fn answers(
    table: &EmbeddingTable,
    questions: &[Question],
    method: Method,
    vocab: usize,
) -> Vec<u32> {
    let section = Section {
        name: String::new(),
        questions: questions.to_vec(),
        skipped: 0,
    };
    let set = QuestionSet {
        sections: vec![section],
        vocab,
    };
    let mut run = BenchmarkRun::new(table, &set, method);
    run.finish();
    run.answers(0).unwrap_or_default()
}

pub fn pe_table(encoding: &Sinusoidal, positions: usize) -> Result<Grid, ComputeError> {
    let table = encoding
        .table(positions)
        .map_err(|e| ComputeError::BadRequest(e.to_string()))?;
    Ok(Grid::new(
        positions,
        encoding.d(),
        table.as_slice().to_vec(),
    ))
}

pub fn pe_dot_matrix(table: &PositionTable, n: usize) -> Grid {
    let matrix = dot_matrix(table, n);
    Grid::new(matrix.n(), matrix.n(), matrix.as_slice().to_vec())
}

/// Projected once, then rotated and scored each way.
pub fn first_attention(
    attention: &FirstAttention,
    ids: &[u32],
    rotations: &[Rotation],
) -> Result<Vec<Logits>, ComputeError> {
    let projected = attention.project(ids)?;
    rotations
        .iter()
        .map(|&rotation| Ok(attention.scores(&projected, rotation)?))
        .collect()
}
