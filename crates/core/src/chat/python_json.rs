//! `tojson` as `transformers` defines it for chat templates: Python's
//! `json.dumps(x, ensure_ascii=False, indent=indent, separators=separators, sort_keys=sort_keys)`,
//! byte for byte — `", "` and `": "` between items (`","` with an indent), non-ASCII kept, only
//! `"`, `\` and control characters escaped, floats as Python's `repr`. (minijinja's own `tojson`
//! escapes `<`, `>`, `&` and `'` for HTML, which would change the rendered text.)
use minijinja::value::{Kwargs, ValueKind};
use minijinja::{Error, ErrorKind, Value};

use crate::json_string::{push_json_string, LineSeparators};

/// The filter: `x | tojson`, `tojson(indent=2)`, `tojson(separators=(",", ":"))`,
/// `tojson(sort_keys=true)`; `ensure_ascii` must stay false.
pub fn tojson(value: &Value, kwargs: Kwargs) -> Result<Value, Error> {
    let indent: Option<Value> = kwargs.get("indent")?;
    let indent = match indent {
        None => None,
        Some(v) if v.is_none() => None,
        Some(v) => Some(match v.as_str() {
            Some(s) => s.to_string(),
            None => " ".repeat(usize::try_from(v.as_i64().unwrap_or(0)).unwrap_or(0)),
        }),
    };
    let separators: Option<Value> = kwargs.get("separators")?;
    let (item, key) = match separators {
        Some(pair) if !pair.is_none() => {
            let mut parts = pair.try_iter()?.map(|p| p.as_str().map(str::to_string));
            match (parts.next().flatten(), parts.next().flatten()) {
                (Some(item), Some(key)) => (item, key),
                _ => {
                    return Err(Error::new(
                        ErrorKind::InvalidOperation,
                        "tojson: separators must be two strings",
                    ))
                }
            }
        }
        _ => (
            if indent.is_some() { "," } else { ", " }.to_string(),
            ": ".to_string(),
        ),
    };
    let sort_keys: Option<bool> = kwargs.get("sort_keys")?;
    if kwargs.get::<Option<bool>>("ensure_ascii")? == Some(true) {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            "tojson(ensure_ascii=true)",
        ));
    }
    kwargs.assert_all_used()?;
    let style = Style {
        indent,
        item,
        key,
        sort_keys: sort_keys.unwrap_or(false),
    };
    let mut out = String::new();
    style.write(&mut out, value, 0)?;
    Ok(Value::from_safe_string(out))
}

struct Style {
    indent: Option<String>,
    item: String,
    key: String,
    sort_keys: bool,
}

impl Style {
    fn write(&self, out: &mut String, value: &Value, depth: usize) -> Result<(), Error> {
        match value.kind() {
            ValueKind::Undefined | ValueKind::None => out.push_str("null"),
            ValueKind::Bool => out.push_str(if value.is_true() { "true" } else { "false" }),
            ValueKind::Number => match value.as_i64() {
                Some(i) if !is_float(value) => out.push_str(&i.to_string()),
                _ => out.push_str(&float_repr(f64::try_from(value.clone())?)),
            },
            ValueKind::String => push_json_string(
                out,
                value.as_str().unwrap_or_default(),
                LineSeparators::Kept,
            ),
            ValueKind::Seq | ValueKind::Iterable => {
                let items: Vec<Value> = value.try_iter()?.collect();
                self.group(out, '[', ']', &items, depth, |out, item, depth| {
                    self.write(out, item, depth)
                })?;
            }
            ValueKind::Map => {
                let mut keys: Vec<Value> = value.try_iter()?.collect();
                if self.sort_keys {
                    keys.sort();
                }
                self.group(out, '{', '}', &keys, depth, |out, key, depth| {
                    match key.as_str() {
                        Some(k) => push_json_string(out, k, LineSeparators::Kept),
                        None => push_json_string(out, &key.to_string(), LineSeparators::Kept),
                    }
                    out.push_str(&self.key);
                    self.write(out, &value.get_item(key)?, depth)
                })?;
            }
            _ => {
                return Err(Error::new(
                    ErrorKind::InvalidOperation,
                    format!("tojson: a {} is not JSON", value.kind()),
                ))
            }
        }
        Ok(())
    }

    /// `open` items `close`, each on its own line when indenting.
    fn group(
        &self,
        out: &mut String,
        open: char,
        close: char,
        items: &[Value],
        depth: usize,
        each: impl Fn(&mut String, &Value, usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        out.push(open);
        if items.is_empty() {
            out.push(close);
            return Ok(());
        }
        let newline = |out: &mut String, depth: usize| {
            if let Some(indent) = &self.indent {
                out.push('\n');
                out.push_str(&indent.repeat(depth));
            }
        };
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(&self.item);
            }
            newline(out, depth + 1);
            each(out, item, depth + 1)?;
        }
        newline(out, depth);
        out.push(close);
        Ok(())
    }
}

fn is_float(value: &Value) -> bool {
    // minijinja keeps floats as floats: `1.0` is not the integer 1.
    value.to_string().contains(['.', 'e', 'N', 'i'])
}

/// Python's `float.__repr__` as `json` writes it: shortest round trip, an exponent (two digits at
/// least, with its sign) below 1e-4 and from 1e16, `NaN` and `Infinity` for the rest.
fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    // Rust's Debug is the shortest round trip with Python's thresholds, spelt "1e16" and "1e-5".
    let debug = format!("{f:?}");
    match debug.split_once('e') {
        None => debug,
        Some((mantissa, exponent)) => {
            let (sign, digits) = match exponent.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exponent),
            };
            format!("{mantissa}e{sign}{digits:0>2}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::float_repr;

    #[test]
    fn floats_print_as_python_repr_prints_them() {
        // Python 3: repr of each.
        for (f, python) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (1.5e-7, "1.5e-07"),
            (0.0001, "0.0001"),
            (-2.5e300, "-2.5e+300"),
        ] {
            assert_eq!(float_repr(f), python);
        }
    }
}
