//! The sums behind "Word order": two sentences' GloVe rows, with and without sinusoidal positions,
//! through `til_core::posenc::compare_orders`. Shared by the panel and the journey bar's report.
use til_core::embed::EmbeddingTable;
use til_core::posenc::{compare_orders, OrderComparison, Sinusoidal};

/// What the panel shows for the two sentences.
pub(super) struct Outcome {
    pub(super) first: Vec<String>,
    pub(super) second: Vec<String>,
    pub(super) d: usize,
    pub(super) comparison: OrderComparison,
}

/// 1. words to rows (unknown words are errors that suggest close ones); 2. PE as wide as the rows;
/// 3. the core's comparison.
pub(super) fn compare(
    table: &EmbeddingTable,
    first: &str,
    second: &str,
    base: f64,
) -> Result<Outcome, String> {
    let words = |s: &str| {
        s.split_whitespace()
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
    };
    let (first, second) = (words(first), words(second));
    if first.is_empty() {
        return Err("Type a sentence in both fields.".to_string());
    }
    let ids = |words: &[String]| -> Result<Vec<u32>, String> {
        words
            .iter()
            .map(|w| table.lookup(w, table.rows()).map_err(|e| e.to_string()))
            .collect()
    };
    let (first_ids, second_ids) = (ids(&first)?, ids(&second)?);
    let rows = |ids: &[u32]| ids.iter().map(|&id| table.raw_row(id)).collect::<Vec<_>>();
    let enc = Sinusoidal::new(table.dims(), base).map_err(|e| e.to_string())?;
    let comparison =
        compare_orders(&rows(&first_ids), &rows(&second_ids), &enc).map_err(|e| e.to_string())?;
    Ok(Outcome {
        first,
        second,
        d: table.dims(),
        comparison,
    })
}
