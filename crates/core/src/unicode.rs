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

/// In an end, marks a range of every other code point from its start (Latin's alternating cases).
pub const EVERY_OTHER: u32 = 1 << 31;

/// Like [`in_ranges`], for sorted ranges some of which cover every other code point only (their
/// end carries [`EVERY_OTHER`]): the same sets in far fewer entries.
pub fn in_alternating_ranges(ranges: &[(u32, u32)], code: u32) -> bool {
    let after = ranges.partition_point(|&(start, _)| start <= code);
    let Some(&(start, end)) = after.checked_sub(1).map(|i| &ranges[i]) else {
        return false;
    };
    let every_other = end & EVERY_OTHER != 0;
    code <= end & !EVERY_OTHER && (!every_other || (code - start).is_multiple_of(2))
}

#[cfg(test)]
mod tests {
    use super::{in_alternating_ranges, in_ranges, EVERY_OTHER};

    #[test]
    fn alternating_ranges_take_every_other_code_point() {
        let ranges = [(0x41, 0x5A), (0x100, 0x104 | EVERY_OTHER), (0x110, 0x110)];
        for code in [0x41, 0x5A, 0x100, 0x102, 0x104, 0x110] {
            assert!(in_alternating_ranges(&ranges, code), "{code:#x}");
        }
        for code in [0x40, 0x5B, 0x101, 0x103, 0x105, 0x106, 0x10F, 0x111] {
            assert!(!in_alternating_ranges(&ranges, code), "{code:#x}");
        }
        assert!(!in_alternating_ranges(&[], 0x41));
    }

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
