//! A set of rows as one bit per row: the page's "words only" filter, computed once per table on the
//! CPU and handed to either backend (the GPU reads the same 32-bit words). Leaves out: building
//! masks from words (callers pass a predicate, e.g. `til_core::embed::table::is_plain_word`).

/// Which rows may answer a neighbour query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowMask {
    rows: usize,
    bits: Vec<u32>,
}

impl RowMask {
    /// Row `id` is kept when `keep(id)` is true.
    pub fn from_fn(rows: usize, keep: impl Fn(u32) -> bool) -> RowMask {
        let mut bits = vec![0u32; rows.div_ceil(32)];
        for id in (0..rows as u32).filter(|&id| keep(id)) {
            bits[id as usize / 32] |= 1 << (id % 32);
        }
        RowMask { rows, bits }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    /// False for rows past the mask: a mask shorter than the table keeps none of the rest.
    pub fn keeps(&self, id: u32) -> bool {
        (id as usize) < self.rows && self.bits[id as usize / 32] & (1 << (id % 32)) != 0
    }

    /// The bits, row `32w + b` in bit b of word w.
    pub fn words(&self) -> &[u32] {
        &self.bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_follow_the_predicate_and_stop_at_the_end() {
        let mask = RowMask::from_fn(40, |id| id % 3 == 0);
        assert_eq!(mask.words().len(), 2);
        assert!(mask.keeps(0) && mask.keeps(33) && mask.keeps(39));
        assert!(!mask.keeps(1) && !mask.keeps(40) && !mask.keeps(u32::MAX));
    }
}
