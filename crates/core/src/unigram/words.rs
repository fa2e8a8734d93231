//! The corpus as SentencePiece's trainer sees it with its defaults (identity normalization, extra
//! whitespace removed, a dummy `▁` prefix, split by whitespace): every whitespace-separated word
//! becomes `▁word`, counted. Leaves out: other normalizations and whitespace as a suffix.

use super::WORD_START;
use crate::bpe::WordCounts;

/// Distinct `▁word`s with their counts, in order of first appearance, from the whitespace-separated
/// words of a corpus (read whole with [`WordCounts::from_text`], or streamed as
/// [`CorpusFormat::FreeText`](crate::bpe::CorpusFormat::FreeText)).
pub fn unigram_words(words: &WordCounts) -> Vec<(String, u64)> {
    words
        .entries()
        .iter()
        .map(|(word, count)| (format!("{WORD_START}{word}"), *count))
        .collect()
}

/// Every word of `text` in order, repeats included, as `▁word`.
pub(super) fn word_sequence(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split_whitespace()
        .map(|word| format!("{WORD_START}{word}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_get_the_mark_and_counts() {
        assert_eq!(
            unigram_words(&WordCounts::from_text("the cat  the\nhat")),
            [
                ("▁the".to_string(), 2),
                ("▁cat".into(), 1),
                ("▁hat".into(), 1)
            ]
        );
        assert!(unigram_words(&WordCounts::from_text(" \n ")).is_empty());
    }
}
