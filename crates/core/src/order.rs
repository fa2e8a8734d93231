//! One sorting routine for the lab's small sorts (ranks, display orders, deduplication), so the
//! page's wasm carries one copy of a sort instead of one per comparator: each standard sort call
//! compiles its own copy, 1–3 KB of wasm each. Sorts indices through a `&dyn Fn` comparator,
//! ties by index, so it is stable. Leaves out: the tokenizers' and the trainer's hot loops, which
//! keep the standard sorts.

use std::cmp::Ordering;

/// The indices `0..n` in the order `cmp` puts them, ties by index.
#[inline(never)]
pub fn sorted_indices(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by(|&a, &b| cmp(a, b).then(a.cmp(&b)));
    order
}

/// Sorts `items` by `cmp`, stably.
pub fn sort_by<T: Clone>(items: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let order = sorted_indices(items.len(), &|a, b| cmp(&items[a], &items[b]));
    *items = order.into_iter().map(|i| items[i].clone()).collect();
}

/// Sorts `items` in their natural order, stably.
pub fn sort<T: Clone + Ord>(items: &mut Vec<T>) {
    sort_by(items, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::{sort, sort_by, sorted_indices};

    #[test]
    fn sorts_stably_by_the_comparator() {
        let values = [3.0f64, 1.0, 2.0, 1.0];
        assert_eq!(
            sorted_indices(4, &|a, b| values[a].total_cmp(&values[b])),
            [1, 3, 2, 0]
        );
        let mut words = vec![("b", 2), ("a", 1), ("c", 2), ("d", 1)];
        sort_by(&mut words, |x, y| y.1.cmp(&x.1));
        assert_eq!(words, [("b", 2), ("c", 2), ("a", 1), ("d", 1)]);
        let mut numbers = vec![5, 3, 9, 3];
        sort(&mut numbers);
        assert_eq!(numbers, [3, 3, 5, 9]);
        sort(&mut Vec::<u8>::new());
    }
}
