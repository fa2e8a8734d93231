//! Seed 003's "dog bit man" vs "man bit dog" with the real GloVe 50-d rows: without positions the
//! two inputs are the same multiset and plain self-attention cannot tell them apart; with PE added
//! they differ. Also the reasons on small made-up rows, and the errors.

use til_core::embed::EmbeddingTable;
use til_core::posenc::{
    compare_orders, plain_attention, LearnedTable, OrderComparison, PosEncError, Sinusoidal,
    DEFAULT_BASE,
};

const ASSET: &[u8] = include_bytes!("../../../assets/glove/vectors.bin");

/// Both sentences' GloVe rows, compared with d = 50 positions.
fn glove_orders(first: &str, second: &str) -> OrderComparison {
    let table = EmbeddingTable::from_asset(ASSET).expect("the GloVe asset loads");
    let rows = |sentence: &str| -> Vec<&[f32]> {
        sentence
            .split(' ')
            .map(|w| table.raw_row(table.lookup(w, table.rows()).expect("a known word")))
            .collect()
    };
    let enc = Sinusoidal::new(table.dims(), DEFAULT_BASE).unwrap();
    compare_orders(&rows(first), &rows(second), &enc).unwrap()
}

#[test]
fn dog_bit_man_and_man_bit_dog_are_one_bag_until_positions_are_added() {
    let c = glove_orders("dog bit man", "man bit dog");
    eprintln!("{c:#?}");
    // dog is token 2 of the second sentence, bit token 1, man token 0.
    assert_eq!(c.pairing, [2, 1, 0]);
    // Without positions: the same output for every word, so the pooled outputs agree (rounding only:
    // the sums run in another order).
    assert!(c.pooled_gap_without <= 1e-12, "{}", c.pooled_gap_without);
    assert!(
        c.word_gaps_without.iter().all(|&g| g <= 1e-12),
        "{:?}",
        c.word_gaps_without
    );
    // With positions: every word's output moves, and so does the pooled summary.
    assert!(c.pooled_gap_with > 0.05, "{}", c.pooled_gap_with);
    assert!(
        c.word_gaps_with.iter().all(|&g| g > 0.05),
        "{:?}",
        c.word_gaps_with
    );
    // The sum of the inputs cannot see it: both sentences get PE(0) + PE(1) + PE(2) in total.
    assert!(c.summed_gap_with <= 1e-12, "{}", c.summed_gap_with);
}

#[test]
fn a_sentence_compared_with_itself_never_differs() {
    let c = glove_orders("the dog bit the man", "the dog bit the man");
    assert_eq!(c.pairing, [0, 1, 2, 3, 4]);
    assert_eq!(c.pooled_gap_with, 0.0);
    assert!(c.word_gaps_with.iter().all(|&g| g == 0.0));
}

#[test]
fn attention_without_positions_follows_any_reordering() {
    // Permutation equivariance on random rows: reorder the input, the outputs reorder the same way.
    let t = LearnedTable::new(6, 16, 11).unwrap();
    let rows: Vec<Vec<f64>> = t.table().rows().map(<[f64]>::to_vec).collect();
    let order = [3, 0, 5, 1, 4, 2];
    let shuffled: Vec<Vec<f64>> = order.iter().map(|&i| rows[i].clone()).collect();
    let (out, out_shuffled) = (plain_attention(&rows), plain_attention(&shuffled));
    for (k, &i) in order.iter().enumerate() {
        for (x, y) in out[i].iter().zip(&out_shuffled[k]) {
            assert!((x - y).abs() <= 1e-12);
        }
    }
    // Each output is a weighted mean of the rows, so it stays within their range.
    for (dim, value) in out[0].iter().enumerate() {
        let column = rows.iter().map(|r| r[dim]);
        let (lo, hi) = column.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        assert!((lo..=hi).contains(value));
    }
}

#[test]
fn refuses_sentences_that_are_not_reorderings_or_have_the_wrong_width() {
    let enc = Sinusoidal::new(2, DEFAULT_BASE).unwrap();
    let (a, b, c): (&[f32], &[f32], &[f32]) = (&[1.0, 0.0], &[0.0, 1.0], &[1.0, 1.0]);
    assert_eq!(
        compare_orders(&[a, b], &[b, c], &enc),
        Err(PosEncError::NotAReordering)
    );
    assert_eq!(
        compare_orders(&[a, b], &[b], &enc),
        Err(PosEncError::NotAReordering)
    );
    // A repeated word pairs with its twins one to one.
    let c2 = compare_orders(&[a, a, b], &[a, b, a], &enc).unwrap();
    assert_eq!(c2.pairing, [0, 2, 1]);
    let wide: &[f32] = &[1.0, 2.0, 3.0];
    assert_eq!(
        compare_orders(&[wide], &[wide], &enc),
        Err(PosEncError::WidthMismatch { row: 3, d: 2 })
    );
    assert_eq!(
        PosEncError::NotAReordering.to_string(),
        "the two sentences must hold the same words, in any order"
    );
}
