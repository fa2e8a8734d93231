//! What the Embed lab shows, as CSV (RFC 4180: comma-separated, CRLF line ends, a field quoted when
//! it holds a comma, a quote or a line break, quotes doubled): a word's nearest neighbours, and the
//! analogy benchmark's results by section with the semantic, syntactic and total rows. Numbers are
//! written in full (shortest round-trip form), not as the page rounds them.
//! Left out: per-question answers (`til embed eval-analogies` lists those) and writing files.

use super::benchmark::{AnalogyReport, Score};
use crate::csv::push_record;

/// `rank,word,row,cosine`: the neighbours of `query` (row `query_row`), best first, after a first
/// line that names the query as rank 0 with cosine 1.
pub fn neighbours_csv(query: &str, query_row: u32, neighbours: &[(u32, &str, f32)]) -> String {
    let mut out = String::from("rank,word,row,cosine\r\n");
    push_record(&mut out, &["0", query, &query_row.to_string(), "1"]);
    for (rank, (row, word, cosine)) in neighbours.iter().enumerate() {
        let rank = (rank + 1).to_string();
        push_record(
            &mut out,
            &[&rank, word, &row.to_string(), &cosine.to_string()],
        );
    }
    out
}

/// `section,kind,correct,asked,accuracy_percent,skipped`: one record per section, then `semantic`,
/// `syntactic` and `total` (kind `subtotal`/`total`). Accuracy is empty where nothing was asked.
pub fn benchmark_csv(report: &AnalogyReport) -> String {
    let mut out = String::from("section,kind,correct,asked,accuracy_percent,skipped\r\n");
    let mut push = |name: &str, kind: &str, score: Score, skipped: Option<usize>| {
        let accuracy = match score.asked {
            0 => String::new(),
            _ => score.percent().to_string(),
        };
        let skipped = skipped.map_or(String::new(), |s| s.to_string());
        push_record(
            &mut out,
            &[
                name,
                kind,
                &score.correct.to_string(),
                &score.asked.to_string(),
                &accuracy,
                &skipped,
            ],
        );
    };
    for section in &report.sections {
        let kind = if section.syntactic {
            "syntactic"
        } else {
            "semantic"
        };
        push(&section.name, kind, section.score, Some(section.skipped));
    }
    push("semantic", "subtotal", report.semantic(), None);
    push("syntactic", "subtotal", report.syntactic(), None);
    push("total", "total", report.total(), Some(report.skipped()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::benchmark::SectionScore;
    use crate::embed::Method;

    #[test]
    fn neighbours_with_awkward_words() {
        let csv = neighbours_csv("king", 691, &[(1, "queen", 0.78), (2, "\"a,b\"", -0.125)]);
        assert_eq!(
            csv,
            "rank,word,row,cosine\r\n0,king,691,1\r\n1,queen,1,0.78\r\n2,\"\"\"a,b\"\"\",2,-0.125\r\n"
        );
    }

    #[test]
    fn benchmark_sections_and_totals() {
        let score = |correct, asked| Score { correct, asked };
        let report = AnalogyReport {
            method: Method::Add,
            vocab: 30_000,
            sections: vec![
                SectionScore {
                    name: "capital-common-countries".into(),
                    syntactic: false,
                    score: score(3, 4),
                    skipped: 1,
                },
                SectionScore {
                    name: "gram1-adjective-to-adverb".into(),
                    syntactic: true,
                    score: score(0, 0),
                    skipped: 5,
                },
            ],
            complete: true,
        };
        assert_eq!(
            benchmark_csv(&report),
            "section,kind,correct,asked,accuracy_percent,skipped\r\n\
             capital-common-countries,semantic,3,4,75,1\r\n\
             gram1-adjective-to-adverb,syntactic,0,0,,5\r\n\
             semantic,subtotal,3,4,75,\r\n\
             syntactic,subtotal,0,0,,\r\n\
             total,total,3,4,75,6\r\n"
        );
    }
}
