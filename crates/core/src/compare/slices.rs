//! A long text in slices that tokenize as the whole does, so the page can count a 1 MB paste a
//! slice at a time and let the browser breathe in between. A slice ends before a space that
//! stands between two characters that are not whitespace: no tokenizer of the lab's page-side
//! columns joins across such a space (GPT-2's pattern gives the space to the next word and looks
//! ahead only from whitespace; WordPiece and the walkthrough's BPE split on whitespace), and each
//! slice then starts as that word's piece did. A tokenizer that adds tokens around every text
//! (WordPiece's `[CLS]` and `[SEP]`) adds them to each slice: [`added`] says how many to take back.
//! Leaves out: texts with no such space for longer than the slice (one slice then runs on to the
//! next one).

use crate::tokenizer::Tokenizer;

/// The tokens `tokenizer` adds around any text, as it encodes the empty one.
pub fn added(tokenizer: &dyn Tokenizer) -> usize {
    tokenizer.encode("").len()
}

/// `text` in slices of about `len` bytes or more, each ending before a space between two
/// non-whitespace characters (the last one at the end); concatenated they give `text` back.
pub fn slices(text: &str, len: usize) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let cut = cut_after(rest, len).unwrap_or(rest.len());
        let (slice, after) = rest.split_at(cut);
        rest = after;
        Some(slice)
    })
}

/// The first place at or after byte `from` of `text` where a slice may end.
fn cut_after(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from.max(1);
    while at + 1 < bytes.len() {
        let found = bytes[at..].iter().position(|&b| b == b' ')? + at;
        let before = text[..found].chars().next_back();
        let after = text[found + 1..].chars().next();
        let solid = |c: Option<char>| c.is_some_and(|c| !c.is_whitespace());
        if found > 0 && solid(before) && solid(after) {
            return Some(found);
        }
        at = found + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::slices;

    #[test]
    fn slices_end_before_a_lone_space_and_give_the_text_back() {
        let text = "one two  three\nfour five";
        let parts: Vec<&str> = slices(text, 1).collect();
        assert_eq!(parts, ["one", " two  three\nfour", " five"]);
        assert_eq!(slices(text, 100).collect::<Vec<_>>(), [text]);
        assert_eq!(slices("", 4).count(), 0);
        assert_eq!(slices("   ", 1).collect::<Vec<_>>(), ["   "]);
        assert_eq!(slices("日本 語 x", 2).collect::<String>(), "日本 語 x");
    }
}
