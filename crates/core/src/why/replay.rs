//! Merges replayed onto a chunk: from its units, each join of two adjacent parts (as an encoder
//! traced it, by where the two parts start) gives the parts after it, written as the tokenizer
//! writes tokens. One replay for every merging tokenizer, so the encoders trace only offsets.

use std::ops::Range;

use super::Priority;
use crate::byte_level::merge::Merged;

/// One merge as an encoder traced it: the parts starting at byte `left` and `right` of the
/// chunk (adjacent) became one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Join {
    pub left: usize,
    pub right: usize,
    pub priority: Priority,
}

impl Join {
    /// A join of the byte-level merge loop, by its rank.
    pub fn of(merged: Merged) -> Join {
        Join {
            left: merged.left_at,
            right: merged.right_at,
            priority: Priority::Rank(merged.rank),
        }
    }
}

/// One merge, replayed.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub left: String,
    pub right: String,
    pub priority: Priority,
    /// Every part after the merge.
    pub parts: Vec<String>,
    /// The index in `parts` of the part it made.
    pub made: usize,
}

/// The units (parts starting at `starts`, the last ending at `len`) written by `write`, and each
/// join replayed. A join that does not join two adjacent parts ends the replay: it would be an
/// encoder's bug, and what came before is still true.
pub fn replay(
    starts: &[usize],
    len: usize,
    joins: &[Join],
    write: impl Fn(Range<usize>) -> String,
) -> (Vec<String>, Vec<Step>) {
    let mut starts = starts.to_vec();
    let parts = |starts: &[usize]| -> Vec<String> {
        let ends = starts.iter().skip(1).copied().chain([len]);
        starts.iter().zip(ends).map(|(&s, e)| write(s..e)).collect()
    };
    let units = parts(&starts);
    let mut steps = Vec::with_capacity(joins.len());
    for join in joins {
        let Some(at) = starts.iter().position(|&s| s == join.right) else {
            break;
        };
        if at == 0 || starts[at - 1] != join.left {
            break;
        }
        let end = starts.get(at + 1).copied().unwrap_or(len);
        starts.remove(at);
        steps.push(Step {
            left: write(join.left..join.right),
            right: write(join.right..end),
            priority: join.priority,
            parts: parts(&starts),
            made: at - 1,
        });
    }
    (units, steps)
}

#[cfg(test)]
mod tests {
    use super::{replay, Join};
    use crate::why::Priority;

    #[test]
    fn each_join_leaves_the_parts_after_it() {
        // "hello": l+l first (rank 0), then h+e (1), then he+ll (2).
        let text = "hello";
        let join = |left, right, rank| Join {
            left,
            right,
            priority: Priority::Rank(rank),
        };
        let joins = [join(2, 3, 0), join(0, 1, 1), join(0, 2, 2)];
        let (units, steps) = replay(&[0, 1, 2, 3, 4], 5, &joins, |r| text[r].to_string());
        assert_eq!(units, ["h", "e", "l", "l", "o"]);
        assert_eq!(steps[0].parts, ["h", "e", "ll", "o"]);
        assert_eq!(
            (steps[0].made, &steps[0].left[..], &steps[0].right[..]),
            (2, "l", "l")
        );
        assert_eq!(steps[1].parts, ["he", "ll", "o"]);
        assert_eq!(steps[2].parts, ["hell", "o"]);
        assert_eq!(
            (steps[2].left.as_str(), steps[2].right.as_str()),
            ("he", "ll")
        );
        assert_eq!(steps[2].made, 0);
    }

    #[test]
    fn a_join_of_parts_that_are_not_neighbours_ends_the_replay() {
        let joins = [Join {
            left: 0,
            right: 2,
            priority: Priority::Score(-1.0),
        }];
        let (units, steps) = replay(&[0, 1, 2], 3, &joins, |r| "abc"[r].to_string());
        assert_eq!(units.len(), 3);
        assert!(steps.is_empty());
    }
}
