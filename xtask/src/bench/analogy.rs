//! Google's analogy set by 3CosAdd over the first 30,000 GloVe rows: `til embed eval-analogies
//! --vectors` against two peers, all on the float32 rows that `cargo xtask vectors --check` exports
//! (made first if missing), so the correct counts must be equal:
//!
//! - gensim's `evaluate_word_analogies` (tools/bench/analogy_gensim.py), what people call;
//! - a plain numpy-batched 3CosAdd (tools/bench/analogy_numpy.py), the strongest numpy peer: one
//!   BLAS product per 2,048 questions, timed warm (the median of three runs in one process).
//!
//! Ours is the whole `til` process (start, reading the 10 MB float32 table and the questions, the
//! benchmark, printing); the peers' are their scoring alone inside Python, the vectors already
//! loaded. Both Python peers run with `OPENBLAS_CORETYPE` and `OPENBLAS_L2_SIZE` removed from their
//! environment (a machine that sets them can slow OpenBLAS 10×), and the BLAS that numpy ran, with
//! its threads, is printed beside the table.

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
    let peer = |script: &str| -> Result<String> {
        capture(
            Command::new(&python)
                .arg(bench.root.join("tools/bench").join(script))
                .arg(glove.join("words.txt"))
                .arg(glove.join("vectors.f32"))
                .arg(&questions)
                .env_remove("OPENBLAS_CORETYPE")
                .env_remove("OPENBLAS_L2_SIZE"),
        )
    };
    let (mut ours_peak, mut gensim_line, mut numpy_line) = (0f64, String::new(), String::new());
    let mut numpy_ms = Vec::new();
    let (ours, gensim_ms) = alternate(
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
            gensim_line = peer("analogy_gensim.py")?;
            numpy_line = peer("analogy_numpy.py")?;
            numpy_ms.push(json_number(&numpy_line, "ms")?);
            json_number(&gensim_line, "ms")
        },
    )?;
    let ours_total = std::fs::read_to_string(&ours_out)
        .map_err(|e| format!("cannot read {}: {e}", ours_out.display()))
        .and_then(|out| total(&out))?;
    let agreement = |line: &str, peer: &str| -> Result<Agreement> {
        let theirs = (
            json_number(line, "correct")? as usize,
            json_number(line, "asked")? as usize,
        );
        let what = |(correct, asked): (usize, usize)| format!("{correct} / {asked} correct");
        Ok(if ours_total == theirs {
            Agreement::Same(what(ours_total))
        } else {
            Agreement::Differs(format!("til {}, {peer} {}", what(ours_total), what(theirs)))
        })
    };
    notes.push(format!(
        "analogies: til is the whole process (peak {}, {} threads: --threads defaults to every \
         core), gensim the evaluate_word_analogies call alone and numpy its scoring alone (warm: the \
         median of three in one process), vectors loaded; numpy's BLAS (threadpoolctl): {}",
        super::mib(ours_peak),
        std::thread::available_parallelism().map_or(1, usize::from),
        blas(&numpy_line)
    ));
    let workload = "Google analogy set, 3CosAdd, V = 30,000 (float32)";
    Ok(vec![
        Row {
            workload: workload.to_string(),
            peer: "gensim evaluate_word_analogies".to_string(),
            ours: ours.clone(),
            theirs: gensim_ms,
            goal: 1.0 / 30.0,
            agreement: agreement(&gensim_line, "gensim")?,
        },
        Row {
            workload: workload.to_string(),
            peer: "numpy-batched 3CosAdd (BLAS, all cores)".to_string(),
            ours,
            theirs: numpy_ms,
            goal: 0.25,
            agreement: agreement(&numpy_line, "numpy")?,
        },
    ])
}

/// The `blas` list the numpy peer prints (library, kernel, threads), as written.
fn blas(line: &str) -> &str {
    let key = "\"blas\": ";
    line.find(key)
        .map(|at| line[at + key.len()..].trim_end().trim_end_matches('}'))
        .unwrap_or("not reported")
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
    fn reads_the_blas_list() {
        let line = r#"{"ms": 1.5, "blas": [{"internal_api": "openblas", "num_threads": 2}]}"#;
        assert_eq!(
            blas(line),
            r#"[{"internal_api": "openblas", "num_threads": 2}]"#
        );
        assert_eq!(blas(r#"{"ms": 1.5}"#), "not reported");
    }

    #[test]
    fn reads_the_total_line() {
        let out = "capital-common-countries: 1 / 2 = 50.0 %\ntotal: 14123 / 18783 = 75.2 %\n";
        assert_eq!(total(out), Ok((14123, 18783)));
        assert!(total("semantic: 1 / 2\n").is_err());
    }
}
