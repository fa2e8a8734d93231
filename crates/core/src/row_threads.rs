//! A table's rows shared among threads: consecutive ranges of rows, one per thread, the first on
//! the calling thread. With one thread (the page's worker, where wasm has no threads) nothing is
//! spawned.
//!
//! Leaves out: a thread pool (each call spawns its own scoped threads; the work is passes over a
//! whole table, tens of milliseconds each, against tens of microseconds to spawn).

use std::ops::Range;

/// wasm32 in the browser has no threads: everything runs as one range there, and the page's module
/// carries no spawning code (about 3 KB gzip).
const NO_THREADS: bool = cfg!(target_arch = "wasm32");

/// `work` on `threads` consecutive ranges of `0..rows`, its results in range order.
pub fn on_threads<T: Send>(
    rows: usize,
    threads: usize,
    work: impl Fn(Range<usize>) -> T + Sync,
) -> Vec<T> {
    let ranges = ranges(rows, threads);
    if ranges.len() <= 1 || NO_THREADS {
        return vec![work(0..rows)];
    }
    std::thread::scope(|scope| {
        let work = &work;
        let workers: Vec<_> = ranges[1..]
            .iter()
            .map(|range| {
                let range = range.clone();
                scope.spawn(move || work(range))
            })
            .collect();
        let mut results = vec![work(ranges[0].clone())];
        results.extend(
            workers
                .into_iter()
                .map(|w| w.join().expect("a row worker panicked")),
        );
        results
    })
}

/// `work` on `threads` consecutive ranges of `0..rows`, each with its rows of `out` (`width`
/// values a row), which it fills; its results in range order.
pub fn fill_on_threads<T: Send, R: Send>(
    out: &mut [T],
    width: usize,
    threads: usize,
    work: impl Fn(Range<usize>, &mut [T]) -> R + Sync,
) -> Vec<R> {
    let rows = out.len() / width.max(1);
    let ranges = ranges(rows, threads);
    if ranges.len() <= 1 || NO_THREADS {
        return vec![work(0..rows, out)];
    }
    std::thread::scope(|scope| {
        let work = &work;
        let (first, mut rest) = out.split_at_mut(ranges[0].len() * width);
        let mut workers = Vec::with_capacity(ranges.len() - 1);
        for range in &ranges[1..] {
            let (part, after) = rest.split_at_mut(range.len() * width);
            rest = after;
            let range = range.clone();
            workers.push(scope.spawn(move || work(range, part)));
        }
        let mut results = vec![work(ranges[0].clone(), first)];
        results.extend(
            workers
                .into_iter()
                .map(|w| w.join().expect("a row worker panicked")),
        );
        results
    })
}

fn ranges(rows: usize, threads: usize) -> Vec<Range<usize>> {
    let per_thread = rows.div_ceil(threads.max(1)).max(1);
    (0..rows)
        .step_by(per_thread)
        .map(|start| start..(start + per_thread).min(rows))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{fill_on_threads, on_threads};

    #[test]
    fn every_row_once_in_order() {
        for threads in [1, 2, 3, 8] {
            let sums = on_threads(10, threads, |rows| rows.collect::<Vec<_>>());
            assert_eq!(sums.concat(), (0..10).collect::<Vec<_>>());
            let mut out = vec![0; 20];
            fill_on_threads(&mut out, 2, threads, |rows, part| {
                for (row, values) in rows.zip(part.chunks_mut(2)) {
                    values.fill(row);
                }
            });
            assert_eq!(out, (0..20).map(|i| i / 2).collect::<Vec<_>>());
        }
        assert_eq!(on_threads(0, 2, |rows| rows.len()), [0]);
    }
}
