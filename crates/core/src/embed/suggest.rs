//! Close words for a word the table does not have, and completions for a search box.
//!
//! Suggestions are words that start with the query (most frequent first), then words within two
//! edits (insert, delete, substitute, or swap two neighbours: "kign" is one edit from "king"), nearest
//! first and, among equals, most frequent first.
//! Leaves out: phonetic matching and keyboard-distance weighting.

/// Largest edit distance still offered as a suggestion.
const MAX_EDITS: usize = 2;

/// Up to `limit` words from `words` (in row order, which is frequency order) that start with `prefix`
/// (lower-cased).
pub fn completions<'a>(words: &'a [String], prefix: &str, limit: usize) -> Vec<&'a str> {
    let prefix = prefix.trim().to_lowercase();
    if prefix.is_empty() {
        return Vec::new();
    }
    words
        .iter()
        .filter(|w| w.starts_with(&prefix))
        .take(limit)
        .map(String::as_str)
        .collect()
}

/// Up to `limit` words close to `query`: longer words it begins, then near misspellings.
pub fn close_words<'a>(words: &'a [String], query: &str, limit: usize) -> Vec<&'a str> {
    let query = query.trim().to_lowercase();
    let query_chars: Vec<char> = query.chars().collect();
    // 1. Words the query is a prefix of: the visitor may have stopped typing early.
    let mut found: Vec<&str> = words
        .iter()
        .filter(|w| w.len() > query.len() && w.starts_with(&query))
        .take(limit)
        .map(String::as_str)
        .collect();
    // 2. Near misspellings, nearest first; `min_by` over row order keeps the most frequent of equals.
    let mut near: Vec<(usize, usize)> = words
        .iter()
        .enumerate()
        .filter(|(_, w)| !found.contains(&w.as_str()))
        .filter_map(|(row, w)| within_edits(&query_chars, w, MAX_EDITS).map(|d| (d, row)))
        .filter(|&(d, _)| d > 0)
        .collect();
    crate::order::sort(&mut near);
    found.extend(near.into_iter().map(|(_, row)| words[row].as_str()));
    found.truncate(limit);
    found
}

/// The edit distance between `a` and `b` (optimal string alignment: Levenshtein plus swaps of
/// adjacent characters) if it is at most `max`; words whose lengths differ by more are rejected
/// without the dynamic programme.
fn within_edits(a: &[char], b: &str, max: usize) -> Option<usize> {
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    // Three rows of the table: two back (for swaps), the previous one, and the current one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != cb);
            let mut best = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
            if i > 0 && j > 0 && ca == b[j - 1] && a[i - 1] == cb {
                best = best.min(before[j - 1] + 1);
            }
            current[j + 1] = best;
        }
        // A later row is at least min(this row, the previous row + 1), and the previous row is at least
        // this one − 1 (a deletion): once this row is past `max`, every later one is too.
        if current.iter().min().is_some_and(|&m| m > max) {
            return None;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    let distance = previous[b.len()];
    (distance <= max).then_some(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn edit_distance_worked_examples() {
        let kitten: Vec<char> = "kitten".chars().collect();
        assert_eq!(within_edits(&kitten, "sitten", 2), Some(1));
        assert_eq!(within_edits(&kitten, "sittin", 2), Some(2));
        assert_eq!(within_edits(&kitten, "sitting", 2), None, "three edits");
        assert_eq!(within_edits(&kitten, "kitten", 2), Some(0));
        let kign: Vec<char> = "kign".chars().collect();
        assert_eq!(
            within_edits(&kign, "king", 2),
            Some(1),
            "a swap is one edit"
        );
    }

    #[test]
    fn prefixes_come_first_then_misspellings() {
        let table = words(&["the", "queen", "quest", "queens", "green", "quern"]);
        // "green" is three edits from "quee", so it is not offered.
        assert_eq!(
            close_words(&table, "quee", 5),
            ["queen", "queens", "quest", "quern"]
        );
        // One edit beats two; among two-edit words the more frequent (earlier row) comes first.
        assert_eq!(close_words(&table, "Qeen", 3), ["queen", "queens", "green"]);
    }

    #[test]
    fn completions_keep_frequency_order() {
        let table = words(&["king", "kingdom", "kid", "kings"]);
        assert_eq!(completions(&table, "KIN", 10), ["king", "kingdom", "kings"]);
        assert!(completions(&table, "  ", 10).is_empty());
    }
}
