//! Where tokenizers cut one text differently. A token's cut is its byte span with the ASCII
//! whitespace at its ends left off, so `Ġworld` (GPT-2), `▁world` (SentencePiece) and `world`
//! (WordPiece) over the same word are the same cut; a token of whitespace alone has no cut and
//! differs from nothing. Leaves out: which tokenizer is right (none is; they differ).

use std::ops::Range;

/// `span` of `text` without ASCII whitespace at its ends; `None` if nothing else is left.
pub fn trimmed(text: &[u8], span: &Range<usize>) -> Option<Range<usize>> {
    let bytes = text.get(span.clone())?;
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace())? + 1;
    Some(span.start + start..span.start + end)
}

/// For each side's tokens (their input byte spans), whether every other side cuts the same span
/// as one token too. Sides with no tokens (not ready) are left out of the others' comparison.
pub fn shared(text: &str, sides: &[Vec<Range<usize>>]) -> Vec<Vec<bool>> {
    let text = text.as_bytes();
    // In input order, so sorted by start: tokens neither overlap nor go back.
    let cuts: Vec<Vec<Range<usize>>> = sides
        .iter()
        .map(|spans| spans.iter().filter_map(|s| trimmed(text, s)).collect())
        .collect();
    let has = |cuts: &[Range<usize>], cut: &Range<usize>| {
        cuts.binary_search_by_key(&cut.start, |c| c.start)
            .is_ok_and(|i| cuts[i].end == cut.end)
    };
    sides
        .iter()
        .enumerate()
        .map(|(i, spans)| {
            spans
                .iter()
                .map(|span| match trimmed(text, span) {
                    None => true,
                    Some(cut) => cuts
                        .iter()
                        .enumerate()
                        .all(|(j, other)| j == i || sides[j].is_empty() || has(other, &cut)),
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{shared, trimmed};

    #[test]
    fn whitespace_at_the_ends_is_not_part_of_a_cut() {
        let text = b"a  world ";
        assert_eq!(trimmed(text, &(1..8)), Some(3..8));
        assert_eq!(trimmed(text, &(1..3)), None);
        assert_eq!(trimmed(text, &(8..20)), None);
    }

    #[test]
    fn a_token_is_shared_when_every_other_side_cuts_it_too() {
        // "hello world": one side "hello", " world"; the other "hel", "lo", " ", "world".
        let text = "hello world";
        let gpt2 = vec![0..5, 5..11];
        let other = vec![0..3, 3..5, 5..6, 6..11];
        let marks = shared(text, &[gpt2, other, vec![]]);
        assert_eq!(marks[0], [false, true]);
        assert_eq!(marks[1], [false, false, true, true]);
        assert!(marks[2].is_empty());
    }
}
