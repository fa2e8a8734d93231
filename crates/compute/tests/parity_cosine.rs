//! Kernel 1, cosine neighbours with top-k: the GPU (cosine.wgsl + top_k.wgsl) against the core's
//! `cosine_scores` + `top_k`, on sizes that are not multiples of any workgroup (1,037 rows, 5 queries,
//! 50 and 7 dimensions), with exclusions, a row mask, a restricted vocabulary, exact ties and k past
//! the rows that compete. Tolerance: `cosine::tolerance(dims)` = (2·dims + 2)·2⁻²⁴ per score (6·10⁻⁶
//! at 50 dimensions); rows may trade places only where their scores are that close.

mod common;

use common::{block_on, gpu, table, Random};
use til_compute::gpu::cosine;
use til_compute::{Backend, Eligible, Query, RowMask};
use til_core::embed::{dot, normalised, Scored};

/// Same length, scores within `tolerance`, and the same rows except where two rows' scores are
/// within `tolerance` of each other (then either order is right).
fn assert_same(
    cpu: &[Scored],
    gpu: &[Scored],
    tolerance: f32,
    score_of: impl Fn(u32) -> f32,
    what: &str,
) {
    assert_eq!(cpu.len(), gpu.len(), "{what}: lengths differ");
    for (rank, (c, g)) in cpu.iter().zip(gpu).enumerate() {
        assert!(
            (c.score - g.score).abs() <= tolerance,
            "{what}, rank {rank}: CPU {c:?}, GPU {g:?}"
        );
        if c.id != g.id {
            assert!(
                (c.score - score_of(g.id)).abs() <= 2.0 * tolerance,
                "{what}, rank {rank}: CPU {c:?}, GPU {g:?}"
            );
        }
    }
}

#[test]
fn neighbours_match_the_core_on_odd_sizes() {
    let gpu = gpu();
    let mut random = Random::new(7);
    for (rows, dims) in [(1037, 50), (1037, 7), (37, 50)] {
        // Row 300 repeats row 5 (and 1000 repeats 999): exact ties, which the lower row wins.
        let table = table(
            rows,
            dims,
            11,
            if rows > 1000 {
                &[(5, 300), (999, 1000)]
            } else {
                &[]
            },
        );
        let vectors = [Backend::Cpu, Backend::Cpu].map(|b| b.prepare(table.clone()).unwrap());
        let on_gpu = gpu.prepare(table.clone()).unwrap();
        let queries: Vec<Vec<f32>> = (0..5)
            .map(|i| {
                if i < 2 {
                    table.raw_row(5 * i).to_vec()
                } else {
                    random.vector(dims)
                }
            })
            .collect();
        let excluded: Vec<Vec<u32>> = (0u32..5)
            .map(|i| {
                if i < 2 {
                    vec![5 * i]
                } else {
                    vec![i, 2 * i, 3 * i]
                }
            })
            .collect();
        let queries: Vec<Query<'_>> = queries
            .iter()
            .zip(&excluded)
            .map(|(vector, exclude)| Query { vector, exclude })
            .collect();
        let mask = RowMask::from_fn(rows, |id| id % 3 != 1);
        let (mut bitwise, mut total) = (0, 0);
        for (k, vocab, keep) in [
            (1, rows, None),
            (10, rows, None),
            (37, rows - rows / 3, Some(&mask)),
            (64, rows, Some(&mask)),
        ] {
            let cpu =
                block_on(Backend::Cpu.nearest(&vectors[0], &queries, k, Eligible { vocab, keep }))
                    .unwrap();
            let got =
                block_on(gpu.nearest(&on_gpu, &queries, k, Eligible { vocab, keep })).unwrap();
            assert_eq!(cpu.len(), queries.len());
            for (q, (c, g)) in cpu.iter().zip(&got).enumerate() {
                let unit = normalised(queries[q].vector);
                let score_of = |id: u32| dot(table.unit_rows().row(id), &unit);
                let what = format!(
                    "{rows}×{dims}, k {k}, vocab {vocab}, mask {}, query {q}",
                    keep.is_some()
                );
                assert_same(c, g, cosine::tolerance(dims), score_of, &what);
                assert!(g
                    .iter()
                    .all(|s| (s.id as usize) < vocab && !queries[q].exclude.contains(&s.id)));
                assert!(
                    keep.is_none_or(|m| g.iter().all(|s| m.keeps(s.id))),
                    "{what}: a masked row answered"
                );
                total += c.len();
                bitwise += c.iter().zip(g).filter(|(c, g)| c == g).count();
            }
        }
        // Reported, not asserted: a driver may fuse multiply-adds.
        eprintln!(
            "{rows}×{dims}: {bitwise} of {total} (row, score) pairs equal the CPU's to the bit"
        );
    }
}

#[test]
fn exact_ties_go_to_the_lower_row_on_the_gpu_too() {
    let gpu = gpu();
    let table = table(1037, 50, 3, &[(5, 300), (5, 1036)]);
    let on_gpu = gpu.prepare(table.clone()).unwrap();
    // The query is row 5 itself, excluded: its two copies tie at 1.0, the lower one first.
    let query = [Query {
        vector: table.raw_row(5),
        exclude: &[5],
    }];
    let found = block_on(gpu.nearest(&on_gpu, &query, 3, Eligible::first(1037))).unwrap();
    assert_eq!(
        found[0].iter().map(|s| s.id).take(2).collect::<Vec<_>>(),
        [300, 1036]
    );
    assert_eq!(
        found[0][0].score, found[0][1].score,
        "one computation, one value"
    );
}

#[test]
fn past_the_rows_that_compete_the_lists_are_shorter_on_both() {
    let gpu = gpu();
    let table = table(37, 7, 5, &[]);
    let on_gpu = gpu.prepare(table.clone()).unwrap();
    let cpu_vectors = Backend::Cpu.prepare(table.clone()).unwrap();
    let mask = RowMask::from_fn(37, |id| id < 20);
    let query = [Query {
        vector: table.raw_row(0),
        exclude: &[0, 1],
    }];
    let eligible = Eligible {
        vocab: 37,
        keep: Some(&mask),
    };
    let cpu = block_on(Backend::Cpu.nearest(&cpu_vectors, &query, 64, eligible)).unwrap();
    let got = block_on(gpu.nearest(&on_gpu, &query, 64, eligible)).unwrap();
    assert_eq!((cpu[0].len(), got[0].len()), (18, 18));
    assert!(block_on(gpu.nearest(&on_gpu, &query, 0, Eligible::first(37))).unwrap()[0].is_empty());
}

#[test]
fn both_backends_refuse_the_same_requests() {
    let gpu = gpu();
    let table = table(37, 7, 5, &[]);
    let on_gpu = gpu.prepare(table.clone()).unwrap();
    let short = [Query {
        vector: &[1.0; 6],
        exclude: &[],
    }];
    let many = [Query {
        vector: table.raw_row(0),
        exclude: &[0, 1, 2, 3, 4],
    }];
    for backend in [&gpu, &Backend::Cpu] {
        assert!(block_on(backend.nearest(&on_gpu, &short, 5, Eligible::first(37))).is_err());
        assert!(block_on(backend.nearest(&on_gpu, &many, 5, Eligible::first(37))).is_err());
        assert!(block_on(backend.nearest(&on_gpu, &[], 65, Eligible::first(37))).is_err());
    }
}
