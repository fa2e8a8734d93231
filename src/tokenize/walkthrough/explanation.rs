//! The sentence under the pair table, written by the page from the data the core gives for the next
//! merge (`til_core::bpe::Choice`): "`e r` and `r </w>` tie at 9; the lexicographic rule picks
//! `e r`." or "`l o` is the most frequent pair (7)." Long ties name four pairs and count the rest.
//! Symbols are set in `<code>`, escaped, so a symbol holding a backtick or markup shows as it is.
use til_core::bpe::Choice;

use til_channel::markup::escape_html;

/// Pairs named before the rest are counted.
const NAMED: usize = 5;

/// What the pair table says about the step after the stepper's position.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Explanation {
    /// No run yet: nothing to say.
    #[default]
    Pending,
    /// The next merge and why it won.
    Next(Choice),
    /// No adjacent pair is left: training stopped early.
    NothingLeft,
    /// The stepper is at the last merge requested.
    Done,
}

/// One part of the sentence: plain words, or a pair of symbols.
enum Part<'a> {
    Words(String),
    Pair(&'a (String, String)),
}

fn parts(choice: &Choice) -> Vec<Part<'_>> {
    let count = choice.count;
    if choice.tied_total < 2 {
        return vec![
            Part::Pair(&choice.winner),
            Part::Words(format!(" is the most frequent pair ({count}).")),
        ];
    }
    // Up to five pairs by name; past that, four names and a count keep the sentence readable.
    let named = if choice.tied_total > NAMED {
        NAMED - 1
    } else {
        NAMED
    };
    let mut names: Vec<Part> = choice.tied.iter().take(named).map(Part::Pair).collect();
    if choice.tied_total > NAMED {
        names.push(Part::Words(format!(
            "{} more pairs",
            choice.tied_total - (NAMED - 1)
        )));
    }
    let last = names.pop();
    let mut out = Vec::new();
    for (i, name) in names.into_iter().enumerate() {
        if i > 0 {
            out.push(Part::Words(", ".to_string()));
        }
        out.push(name);
    }
    out.push(Part::Words(" and ".to_string()));
    out.extend(last);
    out.push(Part::Words(format!(
        " tie at {count}; the {} rule picks ",
        choice.rule
    )));
    out.push(Part::Pair(&choice.winner));
    out.push(Part::Words(".".to_string()));
    out
}

impl Explanation {
    /// The sentence as markup, symbols in `<code>`.
    pub fn html(&self) -> String {
        let choice = match self {
            Explanation::Next(choice) => choice,
            Explanation::NothingLeft => {
                return "No adjacent pair is left: every word is a single symbol, so training stopped early."
                    .to_string()
            }
            Explanation::Done => return "This is the last merge requested.".to_string(),
            Explanation::Pending => return String::new(),
        };
        let mut html = String::new();
        for part in parts(choice) {
            match part {
                Part::Words(words) => escape_html(&mut html, &words),
                Part::Pair((left, right)) => {
                    html.push_str("<code>");
                    escape_html(&mut html, left);
                    html.push(' ');
                    escape_html(&mut html, right);
                    html.push_str("</code>");
                }
            }
        }
        html
    }

    /// The sentence as plain text, symbols in backticks: what the tests read.
    #[cfg(test)]
    fn text(&self) -> String {
        let Explanation::Next(choice) = self else {
            return self.html();
        };
        let mut text = String::new();
        for part in parts(choice) {
            match part {
                Part::Words(words) => text.push_str(&words),
                Part::Pair((left, right)) => text.push_str(&format!("`{left} {right}`")),
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use til_core::bpe::{train, TieRule, TrainOptions, WordCounts};

    fn first_choice(text: &str) -> Choice {
        let options = TrainOptions {
            end_of_word: false,
            ..TrainOptions::default()
        };
        train(&WordCounts::from_text(text), options, 1)
            .unwrap()
            .choice(1)
            .unwrap()
    }

    #[test]
    fn explaining_long_ties() {
        assert_eq!(
            Explanation::Next(first_choice("ab cd ef gh ij")).text(),
            "`a b`, `c d`, `e f`, `g h` and `i j` tie at 1; the lexicographic rule picks `a b`."
        );
        assert_eq!(
            Explanation::Next(first_choice("ab cd ef gh ij kl mn")).text(),
            "`a b`, `c d`, `e f`, `g h` and 3 more pairs tie at 1; the lexicographic rule picks `a b`."
        );
    }

    #[test]
    fn the_seeds_first_three_merges_under_every_rule() {
        let seed =
            WordCounts::from_word_count_lines("low 5\nlowest 2\nnewer 6\nwider 3\n").unwrap();
        for rule in TieRule::ALL {
            let options = TrainOptions {
                tie_rule: rule,
                ..TrainOptions::default()
            };
            let trace = train(&seed, options, 3).unwrap();
            let said = |rank| Explanation::Next(trace.choice(rank).unwrap()).text();
            assert_eq!(
                said(1),
                format!("`e r` and `r </w>` tie at 9; the {rule} rule picks `e r`.")
            );
            assert_eq!(said(2), "`er </w>` is the most frequent pair (9).");
            assert_eq!(
                said(3),
                format!("`l o` and `o w` tie at 7; the {rule} rule picks `l o`.")
            );
        }
    }

    #[test]
    fn a_clear_winner_and_the_seeds_first_tie() {
        assert_eq!(
            Explanation::Next(first_choice("lo lo lo ab")).text(),
            "`l o` is the most frequent pair (3)."
        );
        let seed =
            WordCounts::from_word_count_lines("low 5\nlowest 2\nnewer 6\nwider 3\n").unwrap();
        let trace = train(&seed, TrainOptions::default(), 1).unwrap();
        assert_eq!(
            Explanation::Next(trace.choice(1).unwrap()).text(),
            "`e r` and `r </w>` tie at 9; the lexicographic rule picks `e r`."
        );
        assert_eq!(trace.choice(1).unwrap().rule, TieRule::Lexicographic);
    }

    #[test]
    fn symbols_are_escaped_inside_code() {
        let choice = Choice {
            winner: ("`<b>".to_string(), "&".to_string()),
            count: 2,
            tied: vec![("`<b>".to_string(), "&".to_string())],
            tied_total: 1,
            rule: TieRule::Lexicographic,
        };
        assert_eq!(
            Explanation::Next(choice).html(),
            "<code>`&lt;b&gt; &amp;</code> is the most frequent pair (2)."
        );
    }
}
