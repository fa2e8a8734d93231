//! Every word's current symbols, packed into one buffer, with in-place merge and split.
//!
//! Word `w` owns a fixed slot as long as its initial segmentation; merges only shorten a word and
//! splits only give back what merges took, so a word never outgrows its slot and scrubbing a trace
//! allocates nothing. Also home of [`merge_slice`], the one left-to-right merge that the trainer,
//! the cursor and the encoder all use.
//!
//! Left out: anything about counts; callers keep their own.

use super::{Pair, SymbolId};

/// Merges every `left right` in `symbols` into `merged`, left to right and non-overlapping (so
/// `a a a` with `a a` gives `aa a`), in place. Calls `on_merge` with the output index of each merged
/// symbol and returns the new length; what lies past it is left over.
pub(crate) fn merge_slice<T: PartialEq + Clone>(
    symbols: &mut [T],
    left: &T,
    right: &T,
    merged: &T,
    mut on_merge: impl FnMut(usize),
) -> usize {
    // `write <= read` throughout, and nothing at or past `read` has been touched yet.
    let (mut read, mut write) = (0, 0);
    while read < symbols.len() {
        if read + 1 < symbols.len() && symbols[read] == *left && symbols[read + 1] == *right {
            symbols[write] = merged.clone();
            on_merge(write);
            read += 2;
        } else {
            symbols.swap(write, read);
            read += 1;
        }
        write += 1;
    }
    write
}

/// Words' symbols in one buffer: word `w` lives in `symbols[starts[w]..starts[w + 1]]`, of which the
/// first `lens[w]` entries are current. Sizes are u32: the trainer refuses corpora with 2^31 symbols.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Segments {
    symbols: Vec<SymbolId>,
    starts: Vec<u32>,
    lens: Vec<u32>,
}

impl Segments {
    pub(crate) fn push_word(&mut self, word: impl IntoIterator<Item = SymbolId>) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        let before = self.symbols.len();
        self.symbols.extend(word);
        self.starts.push(self.symbols.len() as u32);
        self.lens.push((self.symbols.len() - before) as u32);
    }

    pub(crate) fn len(&self) -> usize {
        self.lens.len()
    }

    pub(crate) fn word(&self, w: usize) -> &[SymbolId] {
        let start = self.starts[w] as usize;
        &self.symbols[start..start + self.lens[w] as usize]
    }

    /// Merges `pair` into `merged` in word `w` (see [`merge_slice`]); returns whether anything merged.
    pub(crate) fn merge(
        &mut self,
        w: usize,
        pair: Pair,
        merged: SymbolId,
        mut on_merge: impl FnMut(usize),
    ) -> bool {
        let start = self.starts[w] as usize;
        let word = &mut self.symbols[start..start + self.lens[w] as usize];
        let mut any = false;
        let len = merge_slice(word, &pair.left, &pair.right, &merged, |i| {
            any = true;
            on_merge(i)
        });
        self.lens[w] = len as u32;
        any
    }

    /// Undoes a merge of `pair` in word `w`: every position `i` (of the current word) for which
    /// `split_here(i, symbol)` holds becomes `pair.left, pair.right` again.
    pub(crate) fn split(
        &mut self,
        w: usize,
        pair: Pair,
        split_here: impl Fn(usize, SymbolId) -> bool,
    ) {
        let start = self.starts[w] as usize;
        let slot = &mut self.symbols[start..self.starts[w + 1] as usize];
        let len = self.lens[w] as usize;
        // 1. The new length: the undone merge took one symbol per split.
        let grown = len + (0..len).filter(|&i| split_here(i, slot[i])).count();
        debug_assert!(
            grown <= slot.len(),
            "a split outgrew the word's initial length"
        );
        // 2. Fill from the right, so every symbol is read before its place is overwritten.
        let mut write = grown;
        for read in (0..len).rev() {
            if split_here(read, slot[read]) {
                write -= 2;
                slot[write] = pair.left;
                slot[write + 1] = pair.right;
            } else {
                write -= 1;
                slot[write] = slot[read];
            }
        }
        self.lens[w] = grown as u32;
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        (self.symbols.capacity() + self.starts.capacity() + self.lens.capacity()) * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_is_left_to_right_and_non_overlapping() {
        let mut v = vec!['a', 'a', 'a', 'b', 'a', 'a'];
        let mut at = Vec::new();
        let n = merge_slice(&mut v, &'a', &'a', &'M', |i| at.push(i));
        assert_eq!(&v[..n], &['M', 'a', 'b', 'M']);
        assert_eq!(at, [0, 3]);
    }

    #[test]
    fn split_undoes_merge() {
        let mut s = Segments::default();
        s.push_word([1, 1, 1, 1, 2]);
        s.push_word([1, 2]);
        let pair = Pair::new(1, 1);
        assert!(s.merge(0, pair, 9, |_| {}));
        assert!(!s.merge(1, pair, 9, |_| {}));
        assert_eq!(s.word(0), &[9, 9, 2]);
        s.split(0, pair, |_, sym| sym == 9);
        assert_eq!(s.word(0), &[1, 1, 1, 1, 2]);
        assert_eq!(s.word(1), &[1, 2]);
    }
}
