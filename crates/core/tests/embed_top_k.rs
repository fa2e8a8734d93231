//! Partial selection returns exactly what a full sort would: the k best scores among the kept rows,
//! best first, equal scores in row order.

use proptest::prelude::*;
use til_core::embed::neighbours::top_k;

proptest! {
    #[test]
    fn top_k_equals_a_full_sort(
        // Few distinct values, so ties are common.
        scores in proptest::collection::vec((-4i8..4).prop_map(|v| f32::from(v) / 4.0), 0..200),
        k in 0usize..20,
        skip_every in 2u32..7,
    ) {
        let keep = |id: u32| !id.is_multiple_of(skip_every);
        let mut sorted: Vec<(u32, f32)> =
            scores.iter().enumerate().map(|(i, &s)| (i as u32, s)).filter(|&(i, _)| keep(i)).collect();
        sorted.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        sorted.truncate(k);
        let picked: Vec<(u32, f32)> = top_k(&scores, k, keep).into_iter().map(|s| (s.id, s.score)).collect();
        prop_assert_eq!(picked, sorted);
    }
}
