//! One parameter's text checked against what the page accepts for it: a number is clamped into its
//! range and onto its steps, text longer than a link should carry and names outside a list are
//! ignored, and each of these says why in a short clause ("is above the largest, 511: using 511.")
//! that [`parse`](super::parse) completes with the parameter's name. Left out: which words exist
//! (only the page knows its vocabulary once the vectors have loaded).

use super::{Kind, Value};

/// The value to use (`None`: ignore the parameter) and, when that is not exactly what was asked,
/// the reason.
pub fn check(kind: &Kind, raw: &str) -> (Option<Value>, Option<String>) {
    match kind {
        Kind::Whole { min, max, step } => whole(raw, *min, *max, *step),
        Kind::Number { min, max } => number(raw, *min, *max),
        Kind::Text { max_chars } => {
            let chars = raw.chars().count();
            if chars > *max_chars {
                let reason = format!(
                    "is {chars} characters long, more than a link carries ({max_chars}): ignored."
                );
                (None, Some(reason))
            } else {
                (Some(Value::Text(raw.to_string())), None)
            }
        }
        Kind::Choice(names) => match names.iter().find(|n| n.eq_ignore_ascii_case(raw.trim())) {
            Some(name) => (Some(Value::Text(name.clone())), None),
            None => (
                None,
                Some(format!("is not one of {}: ignored.", names.join(", "))),
            ),
        },
        Kind::Names { names, max } => some_names(raw, names, *max),
    }
}

/// Up to `max` distinct names of `names` from a comma-separated list.
fn some_names(raw: &str, names: &[String], max: usize) -> (Option<Value>, Option<String>) {
    let (mut chosen, mut unknown, mut repeated) = (Vec::new(), 0, false);
    for asked in raw.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        match names.iter().find(|n| n.eq_ignore_ascii_case(asked)) {
            Some(name) if chosen.contains(&name.as_str()) => repeated = true,
            Some(name) => chosen.push(name.as_str()),
            None => unknown += 1,
        }
    }
    let too_many = chosen.len() > max;
    chosen.truncate(max);
    let mut reasons = Vec::new();
    if unknown > 0 {
        reasons.push(format!(
            "names {unknown} that are not among {}",
            names.join(", ")
        ));
    }
    if repeated {
        reasons.push("names one more than once".to_string());
    }
    if too_many {
        reasons.push(format!("names more than {max}"));
    }
    let reason = (!reasons.is_empty()).then(|| {
        format!(
            "{}: using {}.",
            reasons.join(" and "),
            if chosen.is_empty() {
                "none".to_string()
            } else {
                chosen.join(", ")
            }
        )
    });
    (Some(Value::Text(chosen.join(","))), reason)
}

/// A finite number, or the reason it is not one. Infinities count as numbers (they clamp).
fn parse_number(raw: &str) -> Result<f64, String> {
    match crate::decimal::parse_f64(raw.trim()) {
        Some(v) if !v.is_nan() => Ok(v),
        _ => Err("is not a number: ignored.".to_string()),
    }
}

/// 1. a number; 2. into `min..=max`; 3. rounded onto `min + n·step`.
fn whole(raw: &str, min: usize, max: usize, step: usize) -> (Option<Value>, Option<String>) {
    let asked = match parse_number(raw) {
        Ok(v) => v,
        Err(reason) => return (None, Some(reason)),
    };
    let (low, high) = (min as f64, max as f64);
    let step = step.max(1) as f64;
    let snapped = (low + ((asked.clamp(low, high) - low) / step).round() * step).min(high);
    let value = snapped as usize;
    let reason = if asked < low {
        Some(format!("is below the smallest, {min}: using {value}."))
    } else if asked > high {
        Some(format!("is above the largest, {max}: using {value}."))
    } else if asked.fract() != 0.0 {
        Some(format!("is not a whole number: using {value}."))
    } else if snapped != asked {
        Some(format!(
            "is not on the steps of {step} from {min}: using {value}."
        ))
    } else {
        None
    };
    (Some(Value::Whole(value)), reason)
}

fn number(raw: &str, min: f64, max: f64) -> (Option<Value>, Option<String>) {
    let asked = match parse_number(raw) {
        Ok(v) => v,
        Err(reason) => return (None, Some(reason)),
    };
    let value = asked.clamp(min, max);
    let reason = if asked < min {
        Some(format!("is below the smallest, {min}: using {value}."))
    } else if asked > max {
        Some(format!("is above the largest, {max}: using {value}."))
    } else {
        None
    };
    (Some(Value::Number(value)), reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    const D_MODEL: Kind = Kind::Whole {
        min: 2,
        max: 128,
        step: 2,
    };

    fn whole_of(raw: &str) -> (Option<usize>, Option<String>) {
        let (value, reason) = check(&D_MODEL, raw);
        let value = value.map(|v| match v {
            Value::Whole(n) => n,
            other => panic!("{other:?}"),
        });
        (value, reason)
    }

    #[test]
    fn whole_numbers_clamp_round_and_snap() {
        assert_eq!(whole_of("64"), (Some(64), None));
        assert_eq!(whole_of(" 64 "), (Some(64), None));
        assert_eq!(whole_of("+64"), (Some(64), None));
        assert_eq!(
            whole_of("99999999999999999999999999"),
            (
                Some(128),
                Some("is above the largest, 128: using 128.".into())
            )
        );
        assert_eq!(
            whole_of("1e400"),
            (
                Some(128),
                Some("is above the largest, 128: using 128.".into())
            )
        );
        assert_eq!(
            whole_of("-5"),
            (Some(2), Some("is below the smallest, 2: using 2.".into()))
        );
        assert_eq!(
            whole_of("-inf"),
            (Some(2), Some("is below the smallest, 2: using 2.".into()))
        );
        assert_eq!(
            whole_of("31.6"),
            (Some(32), Some("is not a whole number: using 32.".into()))
        );
        assert_eq!(
            whole_of("33"),
            (
                Some(34),
                Some("is not on the steps of 2 from 2: using 34.".into())
            )
        );
    }

    #[test]
    fn not_a_number_is_ignored() {
        for raw in ["NaN", "nan", "", "12abc", "0x10", "½", "1,000"] {
            assert_eq!(
                whole_of(raw),
                (None, Some("is not a number: ignored.".into())),
                "{raw:?}"
            );
        }
    }

    #[test]
    fn numbers_clamp() {
        let base = Kind::Number {
            min: 1.26,
            max: 100_000.0,
        };
        assert_eq!(check(&base, "10000"), (Some(Value::Number(10_000.0)), None));
        assert_eq!(
            check(&base, "inf"),
            (
                Some(Value::Number(100_000.0)),
                Some("is above the largest, 100000: using 100000.".into())
            )
        );
        assert_eq!(
            check(&base, "1"),
            (
                Some(Value::Number(1.26)),
                Some("is below the smallest, 1.26: using 1.26.".into())
            )
        );
        assert_eq!(check(&base, "NaN").0, None);
    }

    #[test]
    fn long_text_is_ignored_and_choices_are_checked() {
        let word = Kind::Text { max_chars: 5 };
        assert_eq!(
            check(&word, "queen"),
            (Some(Value::Text("queen".into())), None)
        );
        assert_eq!(
            check(&word, "queens"),
            (
                None,
                Some("is 6 characters long, more than a link carries (5): ignored.".into())
            )
        );
        // Characters, not bytes.
        assert_eq!(check(&word, "ééééé").0, Some(Value::Text("ééééé".into())));
        let rule = Kind::Choice(vec!["lexicographic".into(), "first-seen".into()]);
        assert_eq!(
            check(&rule, "First-Seen").0,
            Some(Value::Text("first-seen".into()))
        );
        assert_eq!(
            check(&rule, "random"),
            (
                None,
                Some("is not one of lexicographic, first-seen: ignored.".into())
            )
        );
    }

    #[test]
    fn a_list_of_names_keeps_the_known_ones_once_up_to_its_limit() {
        let kind = Kind::Names {
            names: vec!["gpt2".into(), "o200k".into(), "tekken".into()],
            max: 2,
        };
        assert_eq!(
            check(&kind, "O200K, gpt2"),
            (Some(Value::Text("o200k,gpt2".into())), None)
        );
        assert_eq!(check(&kind, ""), (Some(Value::Text(String::new())), None));
        assert_eq!(
            check(&kind, "gpt5,gpt2,gpt2,tekken,o200k"),
            (
                Some(Value::Text("gpt2,tekken".into())),
                Some(
                    "names 1 that are not among gpt2, o200k, tekken and names one more than once \
                     and names more than 2: using gpt2, tekken."
                        .into()
                )
            )
        );
    }
}
