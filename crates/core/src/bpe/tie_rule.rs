//! Which pair wins when several share the top count. Real tokenizers differ here, and on small
//! corpora the choice changes the merge table, so the rule is a setting:
//! - `lexicographic` (seed 003): the smaller `(left, right)` by the symbols' strings, left first;
//! - `smallest-id` (Hugging Face tokenizers): the smaller `(left id, right id)`;
//! - `first-seen` (minbpe): the pair that occurs first, reading the distinct words in order of first
//!   appearance and each word's current symbols left to right.
//!
//! Also the shared ordering (count, then rule) that the trainer and the cursor both sort by.
//! Left out: randomised tie-breaking.

use std::cmp::Reverse;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::{BpeError, Pair, Vocab};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TieRule {
    /// Seed 003: smaller (left, right) strings compared by code point (left first).
    #[default]
    Lexicographic,
    /// Hugging Face tokenizers: smaller (left id, right id); ids as in [`Vocab`].
    SmallestId,
    /// minbpe: the pair whose first occurrence, scanning words in first-appearance order and each
    /// word's current symbols left to right, comes earliest.
    FirstSeen,
}

/// Where a pair first occurs: (word index, where its left symbol starts in the word). The second part
/// only has to order occurrences within one word: the trainer uses char offsets (they do not move
/// when other symbols of the word merge), the cursor symbol indices (it compares one state).
pub(crate) type Occurrence = (u32, u32);

/// What a rule compares, smaller first; one ordering only ever sees one variant.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum TieKey {
    Strings(Arc<str>, Arc<str>),
    Ids(Pair),
    FirstOccurrence(Occurrence),
}

impl TieRule {
    pub const ALL: [TieRule; 3] = [
        TieRule::Lexicographic,
        TieRule::SmallestId,
        TieRule::FirstSeen,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TieRule::Lexicographic => "lexicographic",
            TieRule::SmallestId => "smallest-id",
            TieRule::FirstSeen => "first-seen",
        }
    }

    /// One sentence for the UI.
    pub fn description(self) -> &'static str {
        match self {
            TieRule::Lexicographic => {
                "Ties go to the pair whose symbols come first in code-point order, left symbol first (the seed article's rule)."
            }
            TieRule::SmallestId => {
                "Ties go to the pair with the smaller symbol ids, left first: the alphabet is numbered in sorted order and each new symbol takes the next id (Hugging Face tokenizers)."
            }
            TieRule::FirstSeen => {
                "Ties go to the pair that occurs first when reading the distinct words in corpus order, each word left to right (minbpe)."
            }
        }
    }

    /// The pair's key under this rule; `first_seen` is only called for `FirstSeen`.
    pub(crate) fn key(
        self,
        pair: Pair,
        vocab: &Vocab,
        first_seen: impl FnOnce() -> Occurrence,
    ) -> TieKey {
        match self {
            TieRule::Lexicographic => TieKey::Strings(
                vocab.shared(pair.left).clone(),
                vocab.shared(pair.right).clone(),
            ),
            TieRule::SmallestId => TieKey::Ids(pair),
            TieRule::FirstSeen => TieKey::FirstOccurrence(first_seen()),
        }
    }

    /// Sorts `(pair, count)` rows by count, highest first, then by this rule. `first_seen` gives a
    /// pair's first occurrence; it is only called under `FirstSeen`, once per row.
    pub(crate) fn sort_rows(
        self,
        rows: &mut [(Pair, u64)],
        vocab: &Vocab,
        first_seen: impl Fn(Pair) -> Occurrence,
    ) {
        rows.sort_by_cached_key(|&(pair, count)| {
            (Reverse(count), self.key(pair, vocab, || first_seen(pair)))
        });
    }
}

impl FromStr for TieRule {
    type Err = BpeError;

    fn from_str(name: &str) -> Result<TieRule, BpeError> {
        TieRule::ALL
            .into_iter()
            .find(|rule| rule.name() == name)
            .ok_or_else(|| BpeError::UnknownTieRule(name.to_string()))
    }
}

impl fmt::Display for TieRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for rule in TieRule::ALL {
            assert_eq!(rule.name().parse::<TieRule>(), Ok(rule));
            assert_eq!(rule.to_string(), rule.name());
            assert!(rule.description().ends_with('.'));
        }
        assert_eq!(TieRule::default(), TieRule::Lexicographic);
        assert_eq!(
            "alphabetical".parse::<TieRule>().unwrap_err().to_string(),
            "unknown tie rule `alphabetical`: use lexicographic, smallest-id or first-seen"
        );
    }

    #[test]
    fn rules_order_ties_differently() {
        // ids: a=0, b=1, c=2, and a later symbol "ab" = 3.
        let mut vocab = Vocab::from_alphabet(vec!["c".into(), "a".into(), "b".into()]);
        vocab.push_merged("ab".into());
        let rows = [
            (Pair::new(2, 0), 4),
            (Pair::new(3, 2), 4),
            (Pair::new(1, 2), 5),
        ];
        // First occurrences: `ab c` in word 0, `c a` in word 1, `b c` in word 2.
        let first_seen = |p: Pair| match (p.left, p.right) {
            (3, 2) => (0, 0),
            (2, 0) => (1, 0),
            _ => (2, 0),
        };
        let sorted = |rule: TieRule| {
            let mut r = rows;
            rule.sort_rows(&mut r, &vocab, first_seen);
            r.map(|(p, _)| format!("{} {}", vocab.symbol(p.left), vocab.symbol(p.right)))
        };
        assert_eq!(sorted(TieRule::Lexicographic), ["b c", "ab c", "c a"]);
        assert_eq!(sorted(TieRule::SmallestId), ["b c", "c a", "ab c"]);
        assert_eq!(sorted(TieRule::FirstSeen), ["b c", "ab c", "c a"]);
    }
}
