//! Unicode character tables as the tokenizers keep them: sorted, inclusive ranges of code points
//! (generated from a pinned source into each tokenizer's `unicode_tables.rs`), and the one lookup
//! they all share. Leaves out: the tables themselves (each tokenizer's classes differ).

/// Whether `code` falls in one of the sorted inclusive `ranges`.
pub const fn in_ranges(ranges: &[(u32, u32)], code: u32) -> bool {
    // A const-compatible binary search, so tables built at compile time (WordPiece's ASCII
    // table) can use it too.
    let (mut lo, mut hi) = (0, ranges.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        if code < ranges[mid].0 {
            hi = mid;
        } else if code > ranges[mid].1 {
            lo = mid + 1;
        } else {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::in_ranges;

    #[test]
    fn ranges_are_inclusive_at_both_ends() {
        let ranges = [(0x30, 0x39), (0x41, 0x41), (0x4E00, 0x9FFF)];
        for code in [0x30, 0x35, 0x39, 0x41, 0x4E00, 0x9FFF] {
            assert!(in_ranges(&ranges, code), "{code:#x}");
        }
        for code in [0x2F, 0x3A, 0x40, 0x42, 0x4DFF, 0xA000] {
            assert!(!in_ranges(&ranges, code), "{code:#x}");
        }
        assert!(!in_ranges(&[], 0x41));
    }
}
