//! Neighbours, analogies and the analogy benchmark on the GPU: `cosine` (the batched matrix product
//! of the queries with the table) then `top_k` (the choice), recorded into one submission per batch,
//! reading back only k (row, score) pairs per item. A batch holds as many items as the scores of their
//! distinct vectors fit one storage binding; the benchmark's questions share words, so a section of
//! a few thousand questions needs a few hundred score rows. The query vectors are made exactly as
//! the core makes them, so the only differences from the CPU are f32 summation order and rounding.
//! Leaves out: the CPU twins (`cpu.rs`) and request checks (`lib.rs`).

use til_core::fxhash::FxHashMap;

use til_core::embed::analogy::add_target;
use til_core::embed::benchmark::Question;
use til_core::embed::{normalised, Analogy, Candidate, EmbeddingTable, Method, Scored, UnitRows};

use super::cosine::Cosines;
use super::top_k::{decode, Item, Mode, TopK, NONE};
use super::{GpuContext, GpuTable};
use crate::{ComputeError, Eligible, Query, RowMask};

pub async fn nearest(
    context: &GpuContext,
    table: &GpuTable,
    queries: &[Query<'_>],
    k: usize,
    eligible: Eligible<'_>,
) -> Result<Vec<Vec<Scored>>, ComputeError> {
    // `cosine_scores` normalises its query; so do we.
    let vectors: Vec<Vec<f32>> = queries.iter().map(|q| normalised(q.vector)).collect();
    let items: Vec<Item> = (0u32..)
        .zip(queries)
        .map(|(i, q)| Item::new([i; 3], q.exclude))
        .collect();
    select(
        context,
        table,
        eligible.vocab,
        |slot| vectors[slot as usize].as_slice(),
        &items,
        Mode::Plain,
        k,
        eligible.keep,
    )
    .await
}

/// The core's `solve`, its `rows` also on the GPU as `gpu_table` (whose first `rows.len()` compete).
pub async fn analogy(
    context: &GpuContext,
    gpu_table: &GpuTable,
    rows: UnitRows<'_>,
    analogy: Analogy,
    method: Method,
    k: usize,
    include_inputs: bool,
) -> Result<Vec<Candidate>, ComputeError> {
    let inputs = [analogy.x, analogy.y, analogy.z];
    let [x, y, z] = inputs.map(|id| rows.row(id));
    // The core's `analogy::scores`: the cosines with unit(x̂ + ẑ − ŷ), or with x, y and z (each
    // normalised again by `cosine_scores`) combined by 3CosMul.
    let (vectors, mode, slots) = match method {
        Method::Add => (vec![normalised(&add_target(x, y, z))], Mode::Plain, [0; 3]),
        Method::Mul => ([x, y, z].map(normalised).to_vec(), Mode::Mul3, [0, 1, 2]),
    };
    let exclude: &[u32] = if include_inputs { &[] } else { &inputs };
    let items = [Item::new(slots, exclude)];
    let found = select(
        context,
        gpu_table,
        rows.len(),
        |slot| vectors[slot as usize].as_slice(),
        &items,
        mode,
        k,
        None,
    )
    .await?;
    Ok(found
        .into_iter()
        .flatten()
        .map(|s| Candidate::explained(s.id, s.score, rows.row(s.id), [x, y, z]))
        .collect())
}

/// Question a : b :: c is X = b, Y = a, Z = c with a, b and c excluded; the answer is the best row
/// (`u32::MAX` if none competes, as the core's run starts).
pub async fn answers(
    context: &GpuContext,
    gpu_table: &GpuTable,
    table: &EmbeddingTable,
    questions: &[Question],
    method: Method,
    vocab: usize,
) -> Result<Vec<u32>, ComputeError> {
    let rows = table.unit_rows();
    let found = scored_answers(
        context,
        gpu_table,
        |id| rows.row(id),
        questions,
        method,
        vocab,
    );
    Ok(found
        .await?
        .iter()
        .map(|best| best.first().map_or(NONE, |s| s.id))
        .collect())
}

/// [`answers`] with their scores (none where no row competes); `row` gives a question word's
/// unit row.
pub async fn scored_answers<'v>(
    context: &GpuContext,
    gpu_table: &GpuTable,
    row: impl Fn(u32) -> &'v [f32],
    questions: &[Question],
    method: Method,
    vocab: usize,
) -> Result<Vec<Vec<Scored>>, ComputeError> {
    let items: Vec<Item> = questions
        .iter()
        .map(|q| Item::new([q.b, q.a, q.c], &[q.a, q.b, q.c]))
        .collect();
    let mode = match method {
        Method::Add => Mode::Add3,
        Method::Mul => Mode::Mul3,
    };
    select(context, gpu_table, vocab, row, &items, mode, 1, None).await
}

/// The k best of the first `rows` rows for every item, whose slots name vectors by key (`vector`
/// gives the unit vector of a key), in batches that fit the device.
#[allow(clippy::too_many_arguments)]
async fn select<'v>(
    context: &GpuContext,
    table: &GpuTable,
    rows: usize,
    vector: impl Fn(u32) -> &'v [f32],
    items: &[Item],
    mode: Mode,
    k: usize,
    keep: Option<&RowMask>,
) -> Result<Vec<Vec<Scored>>, ComputeError> {
    if k == 0 || rows == 0 {
        return Ok(vec![Vec::new(); items.len()]);
    }
    let max_groups = context.device.limits().max_compute_workgroups_per_dimension as usize;
    // Score rows per batch: what one binding holds, and what one dispatch's lanes of four cover.
    let max_vectors = (context.max_binding_bytes() / (rows * 4)).min(4 * max_groups);
    if max_vectors < 3 {
        return Err(ComputeError::BadRequest(format!(
            "{rows} rows are too many for this GPU's buffers"
        )));
    }
    let mut found = Vec::with_capacity(items.len());
    let mut rest = items;
    while !rest.is_empty() {
        // 1. As many items as fit, their vectors renumbered in order of first use.
        let mut local: FxHashMap<u32, u32> = FxHashMap::default();
        let mut data: Vec<f32> = Vec::new();
        let mut batch: Vec<Item> = Vec::new();
        for item in rest {
            let mut fresh = item.slots.to_vec();
            til_core::order::sort(&mut fresh);
            fresh.dedup();
            fresh.retain(|slot| !local.contains_key(slot));
            if batch.len() == max_groups || local.len() + fresh.len() > max_vectors {
                break;
            }
            for slot in fresh {
                local.insert(slot, (data.len() / table.dims) as u32);
                data.extend_from_slice(vector(slot));
            }
            batch.push(Item {
                slots: item.slots.map(|slot| local[&slot]),
                ..*item
            });
        }
        // 2. Scores, then the choice, in one submission; only the k pairs per item come back.
        let scope = context.begin()?;
        let cosines = Cosines::new(context, table, rows, &data)?;
        let top = TopK::new(context, &cosines.scores, rows, &batch, mode, k, keep)?;
        let pairs: Vec<u32> = context
            .run_and_read(
                scope,
                &[cosines.pass(context), top.pass(context)],
                &top.found,
                batch.len() * k * 2,
            )
            .await?;
        found.extend(decode(&pairs, k));
        rest = &rest[batch.len()..];
    }
    Ok(found)
}
