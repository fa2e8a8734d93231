//! How numbers split: 0–999 and the years 1900–2100, each written alone, under one tokenizer. GPT-2
//! learned whole tokens for common numbers and years, cl100k_base cuts digits in threes, Mistral
//! and SmolLM2 spell every digit. Leaves out: numbers inside text, where a space or a word before
//! them changes the split.

use std::ops::RangeInclusive;

/// The small numbers.
pub const SMALL: RangeInclusive<u32> = 0..=999;
/// The years.
pub const YEARS: RangeInclusive<u32> = 1900..=2100;

/// Every number of [`SMALL`], then of [`YEARS`], as text.
pub fn texts() -> Vec<String> {
    SMALL.chain(YEARS).map(|n| n.to_string()).collect()
}

/// `text` cut at its tokens' byte `lengths`, the parts joined by `·` (`19·84`).
pub fn split(text: &str, lengths: &[u32]) -> String {
    let mut parts = Vec::with_capacity(lengths.len());
    let mut at = 0;
    for &len in lengths {
        let end = (at + len as usize).min(text.len());
        parts.push(String::from_utf8_lossy(&text.as_bytes()[at..end]).into_owned());
        at = end;
    }
    parts.join("·")
}

/// How many of the numbers take 1, 2, 3, … tokens (index 0 is one token).
pub fn by_count(lengths: &[Vec<u32>]) -> Vec<usize> {
    let most = lengths.iter().map(Vec::len).max().unwrap_or(0);
    let mut counts = vec![0; most];
    for one in lengths.iter().filter(|l| !l.is_empty()) {
        counts[one.len() - 1] += 1;
    }
    counts
}

/// Each number's split as CSV: the number, its token count and its split (`1984,2,19·84`).
pub fn csv(texts: &[String], lengths: &[Vec<u32>]) -> String {
    let mut out = String::new();
    crate::csv::push_record(&mut out, &["number", "tokens", "split"]);
    for (text, one) in texts.iter().zip(lengths) {
        let count = one.len().to_string();
        crate::csv::push_record(&mut out, &[text, &count, &split(text, one)]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{by_count, csv, split, texts};

    #[test]
    fn the_splits_download_as_csv() {
        let texts = ["7".to_string(), "1984".to_string()];
        assert_eq!(
            csv(&texts, &[vec![1], vec![2, 2]]),
            "number,tokens,split\r\n7,1,7\r\n1984,2,19·84\r\n"
        );
    }

    #[test]
    fn the_numbers_are_0_to_999_then_the_years() {
        let all = texts();
        assert_eq!(all.len(), 1000 + 201);
        assert_eq!((all[0].as_str(), all[999].as_str()), ("0", "999"));
        assert_eq!((all[1000].as_str(), all[1200].as_str()), ("1900", "2100"));
    }

    #[test]
    fn a_split_shows_each_token_and_counts_group_them() {
        assert_eq!(split("1984", &[2, 2]), "19·84");
        assert_eq!(split("7", &[1]), "7");
        assert_eq!(by_count(&[vec![1], vec![2, 2], vec![1, 1], vec![]]), [1, 2]);
    }
}
