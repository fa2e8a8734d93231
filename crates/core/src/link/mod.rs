//! A page's state as a link: the query string read against a list of the parameters the page
//! knows ([`Param`]), every value clamped or ignored with a sentence a person can read, and the
//! state written back as a query string that leaves out what equals the page's defaults.
//!
//! Whatever arrives (huge numbers, NaN, negatives, a megabyte of text, bytes that are not UTF-8,
//! unknown or repeated keys) ends in a value the page accepts or in no value, plus a note; nothing
//! here panics on input. Text longer than a parameter allows is never cut (half a corpus is a
//! different corpus): it is left out, on reading and on writing, and the note says so.
//!
//! - `percent`: the query string's encoding (`+`, `%XX`), both ways.
//! - `clamp`: one value against its [`Kind`].
//! - `conversation`: the Chat view's messages as one text.
//!
//! Left out: the page's own parameter list and where it applies each value (the page holds those),
//! and checks that need loaded data, such as whether a word is in the vocabulary.

mod clamp;
pub mod conversation;
pub mod percent;

use std::collections::BTreeMap;

/// What a parameter accepts.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A whole number in `min..=max` on the steps `min + n·step`.
    Whole { min: usize, max: usize, step: usize },
    /// A number in `min..=max`.
    Number { min: f64, max: f64 },
    /// Text of at most `max_chars` characters.
    Text { max_chars: usize },
    /// One of these names (matched without ASCII case).
    Choice(Vec<String>),
    /// Up to `max` of these names, comma-separated, each once, in the order given (matched
    /// without ASCII case); none is a value too.
    Names { names: Vec<String>, max: usize },
}

/// One parameter: its key in the query string, its name in notes, what it accepts.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub key: &'static str,
    pub label: &'static str,
    pub kind: Kind,
}

/// A parameter's value; a [`Kind::Choice`] gives the chosen name as text, [`Kind::Names`] the
/// names joined by commas.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Whole(usize),
    Number(f64),
    Text(String),
}

/// Values by key; only keys of the schema they were read or set with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Link {
    values: BTreeMap<&'static str, Value>,
}

impl Link {
    pub fn set(&mut self, key: &'static str, value: Value) {
        self.values.insert(key, value);
    }

    pub fn remove(&mut self, key: &str) {
        self.values.remove(key);
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.values.get(key)
    }

    pub fn whole(&self, key: &str) -> Option<usize> {
        match self.get(key)? {
            Value::Whole(n) => Some(*n),
            _ => None,
        }
    }

    pub fn number(&self, key: &str) -> Option<f64> {
        match self.get(key)? {
            Value::Number(x) => Some(*x),
            _ => None,
        }
    }

    pub fn text(&self, key: &str) -> Option<&str> {
        match self.get(key)? {
            Value::Text(s) => Some(s),
            _ => None,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// What a query string asked for, and a note for everything that was not taken as it stood.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed {
    pub link: Link,
    pub notes: Vec<String>,
}

/// Unknown keys named in their note before "and N more".
const UNKNOWN_NAMED: usize = 5;
/// Characters of a key or value quoted in a note before "…".
const QUOTED_CHARS: usize = 24;

/// Reads `query` (with or without its `?`) against `schema`.
pub fn parse(query: &str, schema: &[Param]) -> Parsed {
    let mut parsed = Parsed::default();
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut unknown: Vec<String> = Vec::new();
    let mut unknown_total = 0usize;
    for (key, value) in percent::pairs(query) {
        // 1. A key the page knows, or one more unknown key.
        let param = key
            .as_deref()
            .ok()
            .and_then(|k| schema.iter().find(|p| p.key == k));
        let Some(param) = param else {
            unknown_total += 1;
            if unknown.len() < UNKNOWN_NAMED {
                unknown.push(quote(key.as_deref().unwrap_or_else(|raw| raw)));
            }
            continue;
        };
        // 2. A repeated key: the first stands.
        let times = seen.entry(param.key).or_default();
        *times += 1;
        if *times > 1 {
            continue;
        }
        // 3. The value, decoded and checked.
        let (value, reason) = match value {
            Ok(text) => {
                let (value, reason) = clamp::check(&param.kind, &text);
                (value, reason.map(|r| (text, r)))
            }
            Err(raw) => (
                None,
                Some((raw, "is not UTF-8 text once decoded: ignored.".to_string())),
            ),
        };
        if let Some(value) = value {
            parsed.link.set(param.key, value);
        }
        if let Some((text, reason)) = reason {
            parsed.notes.push(format!(
                "{} ({}={}) {reason}",
                param.label,
                param.key,
                quote(&text)
            ));
        }
    }
    // 4. One note per repeated key, one for all the unknown ones.
    for (key, times) in seen.into_iter().filter(|&(_, n)| n > 1) {
        parsed
            .notes
            .push(format!("{key} is given {times} times: the first is used."));
    }
    if unknown_total > 0 {
        let more = unknown_total - unknown.len();
        let named = unknown.join(", ");
        parsed.notes.push(match (unknown_total, more) {
            (1, _) => format!("Ignored an unknown parameter: {named}."),
            (n, 0) => format!("Ignored {n} unknown parameters: {named}."),
            (n, more) => format!("Ignored {n} unknown parameters: {named} and {more} more."),
        });
    }
    parsed
}

/// A query string (without `?`, empty when nothing differs from `defaults`) and a note for each
/// text too long for a link, which is left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Written {
    pub query: String,
    pub notes: Vec<String>,
}

/// Writes the values of `link` that differ from `defaults`, in schema order.
pub fn write(link: &Link, defaults: &Link, schema: &[Param]) -> Written {
    let mut written = Written::default();
    let mut parts = Vec::new();
    for param in schema {
        let Some(value) = link.get(param.key) else {
            continue;
        };
        if defaults.get(param.key) == Some(value) {
            continue;
        }
        let text = match value {
            Value::Whole(n) => n.to_string(),
            Value::Number(x) => x.to_string(),
            Value::Text(s) => {
                let chars = s.chars().count();
                match param.kind {
                    Kind::Text { max_chars } if chars > max_chars => {
                        written.notes.push(format!(
                            "The {} is {chars} characters long, more than a link carries ({max_chars}), so the link leaves it out.",
                            param.label
                        ));
                        continue;
                    }
                    _ => s.clone(),
                }
            }
        };
        parts.push(format!("{}={}", param.key, percent::encode(&text)));
    }
    written.query = parts.join("&");
    written
}

/// `text` for a note: its first characters, control characters shown as `�`.
fn quote(text: &str) -> String {
    let mut quoted: String = text
        .chars()
        .take(QUOTED_CHARS)
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect();
    if text.chars().nth(QUOTED_CHARS).is_some() {
        quoted.push('…');
    }
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Vec<Param> {
        vec![
            Param {
                key: "word",
                label: "query word",
                kind: Kind::Text { max_chars: 64 },
            },
            Param {
                key: "p",
                label: "position p",
                kind: Kind::Whole {
                    min: 0,
                    max: 511,
                    step: 1,
                },
            },
            Param {
                key: "base",
                label: "base",
                kind: Kind::Number {
                    min: 1.26,
                    max: 100_000.0,
                },
            },
            Param {
                key: "tie",
                label: "tie rule",
                kind: Kind::Choice(vec!["lexicographic".into(), "smallest-id".into()]),
            },
        ]
    }

    #[test]
    fn a_clean_link_round_trips() {
        let parsed = parse("?word=new+york&p=7&base=500&tie=smallest-id", &schema());
        assert_eq!(parsed.notes, Vec::<String>::new());
        assert_eq!(parsed.link.text("word"), Some("new york"));
        assert_eq!(parsed.link.whole("p"), Some(7));
        assert_eq!(parsed.link.number("base"), Some(500.0));
        assert_eq!(parsed.link.text("tie"), Some("smallest-id"));
        let written = write(&parsed.link, &Link::default(), &schema());
        assert_eq!(written.query, "word=new+york&p=7&base=500&tie=smallest-id");
        assert_eq!(parse(&written.query, &schema()), parsed);
    }

    #[test]
    fn defaults_are_left_out() {
        let mut defaults = Link::default();
        defaults.set("p", Value::Whole(0));
        defaults.set("word", Value::Text("king".into()));
        let mut link = defaults.clone();
        assert_eq!(write(&link, &defaults, &schema()).query, "");
        link.set("p", Value::Whole(3));
        assert_eq!(write(&link, &defaults, &schema()).query, "p=3");
    }

    #[test]
    fn hostile_values_are_clamped_or_ignored_with_notes() {
        let megabyte = "x".repeat(1 << 20);
        let query = format!("p=1e999&base=NaN&word={megabyte}&tie=random");
        let parsed = parse(&query, &schema());
        assert_eq!(parsed.link.whole("p"), Some(511));
        assert_eq!(parsed.link.number("base"), None);
        assert_eq!(parsed.link.text("word"), None);
        assert_eq!(parsed.link.text("tie"), None);
        assert_eq!(
            parsed.notes,
            vec![
                "position p (p=1e999) is above the largest, 511: using 511.",
                "base (base=NaN) is not a number: ignored.",
                "query word (word=xxxxxxxxxxxxxxxxxxxxxxxx…) is 1048576 characters long, more than a link carries (64): ignored.",
                "tie rule (tie=random) is not one of lexicographic, smallest-id: ignored.",
            ]
        );
    }

    #[test]
    fn broken_encodings_unknown_and_repeated_keys() {
        let parsed = parse(
            "word=%FF%FE&p=-3&p=9&zoom=2&%E2%80=1&a&b&c&d&e&f&word=queen",
            &schema(),
        );
        assert_eq!(parsed.link.text("word"), None);
        assert_eq!(parsed.link.whole("p"), Some(0));
        assert_eq!(
            parsed.notes,
            vec![
                "query word (word=%FF%FE) is not UTF-8 text once decoded: ignored.",
                "position p (p=-3) is below the smallest, 0: using 0.",
                "p is given 2 times: the first is used.",
                "word is given 2 times: the first is used.",
                "Ignored 8 unknown parameters: zoom, %E2%80, a, b, c and 3 more.",
            ]
        );
    }

    #[test]
    fn control_characters_do_not_reach_notes() {
        let parsed = parse("tie=%0A%1B%5B31m", &schema());
        assert_eq!(
            parsed.notes,
            vec!["tie rule (tie=��[31m) is not one of lexicographic, smallest-id: ignored."]
        );
    }

    #[test]
    fn text_too_long_for_a_link_is_left_out_with_a_note() {
        let mut link = Link::default();
        link.set("word", Value::Text("w".repeat(65)));
        link.set("p", Value::Whole(5));
        let written = write(&link, &Link::default(), &schema());
        assert_eq!(written.query, "p=5");
        assert_eq!(
            written.notes,
            vec!["The query word is 65 characters long, more than a link carries (64), so the link leaves it out."]
        );
    }
}
