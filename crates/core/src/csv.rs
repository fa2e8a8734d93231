//! CSV records as every export of the lab writes them (RFC 4180): comma-separated, CRLF line ends,
//! a field quoted when it holds a comma, a quote or a line break, quotes doubled.

/// Appends one record of `fields` to `out`.
pub fn push_record(out: &mut String, fields: &[&str]) {
    for (n, field) in fields.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        if field.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&field.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(field);
        }
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::push_record;

    #[test]
    fn fields_with_commas_quotes_or_breaks_are_quoted() {
        let mut out = String::new();
        push_record(&mut out, &["a", "b,c", "say \"hi\"", "x\ny", ""]);
        assert_eq!(out, "a,\"b,c\",\"say \"\"hi\"\"\",\"x\ny\",\r\n");
    }
}
