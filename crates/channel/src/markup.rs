//! Text the page and its worker write themselves: markup escaped for the lists set as one piece
//! of `innerHTML`, token chips coloured by id (the same colour wherever a token appears), and
//! counts with thousands separators.

use std::fmt::{self, Display, Write};

/// Text that formats with the characters that markup gives a meaning escaped, so a row of markup
/// is one `write!`.
pub struct Escaped<'a>(pub &'a str);

impl Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&#39;")?,
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// Appends `text` to `out` with the characters that markup gives a meaning escaped.
pub fn escape_html(out: &mut String, text: &str) {
    // Writing to a String cannot fail.
    let _ = write!(out, "{}", Escaped(text));
}

/// `text` escaped, as a new string.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_html(&mut out, text);
    out
}

/// A token's chip colour: golden-angle hue spacing keeps neighbouring ids far apart on the wheel.
pub fn chip_hue(id: u32) -> u32 {
    (id.wrapping_mul(137) + 23) % 360
}

/// Appends the markup of a token chip: `text` with `title` (both escaped), coloured by `id`.
pub fn titled_chip_html(out: &mut String, text: &str, id: u32, title: &str) {
    let _ = write!(
        out,
        r#"<span class="chip" style="--chip-hue: {}" title="{}" data-id="{id}">{}</span>"#,
        chip_hue(id),
        Escaped(title),
        Escaped(text)
    );
}

/// A count with thousands separators: `20,000`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped_and_the_rest_kept() {
        let mut out = String::new();
        escape_html(&mut out, "<b>\"a\" & 'b'</b> é🙂");
        assert_eq!(
            out,
            "&lt;b&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/b&gt; é🙂"
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(20_000), "20,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
