//! Google's analogy set by 3CosAdd over the first 30,000 GloVe rows: `til embed eval-analogies
//! --vectors` against gensim's `evaluate_word_analogies` (tools/bench/analogy_gensim.py), both on
//! the float32 rows that `cargo xtask vectors --check` exports (made first if missing), so the
//! correct counts must be equal.
//!
//! Ours is the whole `til` process (start, reading the 10 MB float32 table and the questions, the
//! benchmark, printing); gensim's is the `evaluate_word_analogies` call alone inside Python, with
//! the vectors already loaded.

use super::{alternate, capture, json_number, Agreement, Bench, Row};
use crate::Result;
use std::ffi::OsStr;
use std::process::Command;

const QUESTIONS: &str = "assets/glove/questions-words.txt";
const VOCAB: &str = "30000";

pub fn rows(bench: &Bench, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    crate::step("Google analogy set: til vs gensim");
    let glove = bench.root.join("target/glove");
    let f32_twin = glove.join("vectors-f32.bin");
    let exported = [
        f32_twin.clone(),
        glove.join("words.txt"),
        glove.join("vectors.f32"),
    ];
    if !exported.iter().all(|p| p.is_file()) {
        crate::vectors::main(&["--check".to_string()])?;
    }
    let python = crate::vectors::glove_python(&bench.root)?;
    let questions = bench.root.join(QUESTIONS);
    let ours_out = bench.scratch("analogies-til.txt");
    let (mut ours_peak, mut gensim_line) = (0f64, String::new());
    let (ours, theirs) = alternate(
        bench.runs,
        || {
            let args = [
                OsStr::new("embed"),
                OsStr::new("eval-analogies"),
                questions.as_os_str(),
                OsStr::new("--vocab"),
                OsStr::new(VOCAB),
                OsStr::new("--vectors"),
                f32_twin.as_os_str(),
            ];
            bench.til(&args, &ours_out, &mut ours_peak)
        },
        || {
            gensim_line = capture(
                Command::new(&python)
                    .arg(bench.root.join("tools/bench/analogy_gensim.py"))
                    .arg(glove.join("words.txt"))
                    .arg(glove.join("vectors.f32"))
                    .arg(&questions),
            )?;
            json_number(&gensim_line, "ms")
        },
    )?;
    let ours_total = std::fs::read_to_string(&ours_out)
        .map_err(|e| format!("cannot read {}: {e}", ours_out.display()))
        .and_then(|out| total(&out))?;
    let gensim_total = (
        json_number(&gensim_line, "correct")? as usize,
        json_number(&gensim_line, "asked")? as usize,
    );
    let what = |(correct, asked): (usize, usize)| format!("{correct} / {asked} correct");
    notes.push(format!(
        "analogies: til is the whole process (peak {}), gensim the evaluate_word_analogies call \
         alone, vectors loaded",
        super::mib(ours_peak)
    ));
    Ok(vec![Row {
        workload: "Google analogy set, 3CosAdd, V = 30,000 (float32)".to_string(),
        peer: "gensim evaluate_word_analogies".to_string(),
        ours,
        theirs,
        goal: 1.0 / 30.0,
        agreement: if ours_total == gensim_total {
            Agreement::Same(what(ours_total))
        } else {
            Agreement::Differs(format!(
                "til {}, gensim {}",
                what(ours_total),
                what(gensim_total)
            ))
        },
    }])
}

/// (correct, asked) from the `total: C / N = P %` line `til embed eval-analogies` ends with.
fn total(output: &str) -> Result<(usize, usize)> {
    let line = output
        .lines()
        .find_map(|l| l.strip_prefix("total: "))
        .ok_or_else(|| format!("no `total:` line in til's output:\n{output}"))?;
    let mut numbers = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<usize>().unwrap_or(0));
    match (numbers.next(), numbers.next()) {
        (Some(correct), Some(asked)) => Ok((correct, asked)),
        _ => Err(format!("cannot read `total: {line}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_total_line() {
        let out = "capital-common-countries: 1 / 2 = 50.0 %\ntotal: 14123 / 18783 = 75.2 %\n";
        assert_eq!(total(out), Ok((14123, 18783)));
        assert!(total("semantic: 1 / 2\n").is_err());
    }
}
