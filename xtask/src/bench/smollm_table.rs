//! SmolLM2's own token table (49,152 × 576): `til smollm analogies` and `til smollm undertrained`
//! against numpy on the same dequantized rows (tools/bench/smollm_table_numpy.py in target/zoo-venv,
//! one process computing both, `OPENBLAS_CORETYPE` and `OPENBLAS_L2_SIZE` removed from its
//! environment):
//!
//! - the Google analogy set on the questions whose words are single `Ġ`+word tokens, 3CosAdd over
//!   every row: numpy-batched, one BLAS product per 2,048 questions on the float32 unit rows; the
//!   correct counts must be equal;
//! - the under-trained indicator (Land & Bartolo): numpy float64 with BLAS's Gram matrix and
//!   `eigh`; the two top-100 lists must share at least 95 ids (as the reference test asks).
//!
//! Ours is the whole `til` process (start, dequantizing the table, the work, printing); numpy's is
//! its arithmetic alone, the table already dequantized, warm (the median of three in one process).

use super::{alternate, capture, json_number, json_value, Agreement, Bench, Row};
use crate::{python, Result};
use std::ffi::OsStr;
use std::process::Command;

const QUESTIONS: &str = "assets/glove/questions-words.txt";

pub fn rows(bench: &Bench, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    crate::step("SmolLM2's token table: til smollm vs numpy");
    let python = python::zoo(&bench.root)?;
    let questions = bench.root.join(QUESTIONS);
    let (analogies_out, undertrained_out) = (
        bench.scratch("smollm-analogies-til.txt"),
        bench.scratch("smollm-undertrained-til.txt"),
    );
    let (mut peak, mut line) = (0f64, String::new());
    let mut undertrained = (Vec::new(), Vec::new());
    let (analogies, numpy_analogies) = alternate(
        bench.runs,
        || {
            let args = [
                OsStr::new("smollm"),
                OsStr::new("analogies"),
                questions.as_os_str(),
            ];
            let ms = bench.til(&args, &analogies_out, &mut peak)?;
            let args = ["smollm", "undertrained", "-k", "100"];
            undertrained
                .0
                .push(bench.til(&args, &undertrained_out, &mut peak)?);
            Ok(ms)
        },
        || {
            line = capture(
                Command::new(&python)
                    .arg(bench.root.join("tools/bench/smollm_table_numpy.py"))
                    .arg(&questions)
                    .env_remove("OPENBLAS_CORETYPE")
                    .env_remove("OPENBLAS_L2_SIZE"),
            )?;
            undertrained.1.push(json_number(&line, "undertrained_ms")?);
            json_number(&line, "analogies_ms")
        },
    )?;
    let read = |path: &std::path::Path| {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    // Analogies: til's last line is `correct / total`.
    let ours_total = read(&analogies_out)?
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    let theirs_total = format!(
        "{} / {}",
        json_number(&line, "correct")?,
        json_number(&line, "asked")?
    );
    let analogies_agree = if ours_total == theirs_total {
        Agreement::Same(format!("{ours_total} correct"))
    } else {
        Agreement::Differs(format!("til {ours_total}, numpy {theirs_total} correct"))
    };
    // Under-trained: the ids of both top-100 lists.
    let ours_top: Vec<String> = read(&undertrained_out)?
        .lines()
        .filter_map(|l| l.split('\t').next().map(str::to_string))
        .collect();
    let theirs_top: Vec<&str> = json_value(&line, "top")?.split_whitespace().collect();
    let shared = ours_top
        .iter()
        .filter(|id| theirs_top.contains(&id.as_str()))
        .count();
    let undertrained_agree = if shared >= 95 {
        Agreement::Close(format!("top 100: {shared} shared"))
    } else {
        Agreement::Differs(format!("top 100: only {shared} shared"))
    };
    notes.push(format!(
        "SmolLM2 token table: til is the whole process (peak {}, every core), numpy its arithmetic \
         alone on the dequantized table (warm: the median of three in one process); numpy's BLAS: {}",
        super::mib(peak),
        json_value(&line, "blas")?
    ));
    Ok(vec![
        Row {
            workload: "SmolLM2 token table: Google analogy set (single Ġ+word tokens), 3CosAdd over 49,152 rows".to_string(),
            peer: "numpy-batched 3CosAdd (BLAS, all cores)".to_string(),
            ours: analogies,
            theirs: numpy_analogies,
            goal: 0.25,
            agreement: analogies_agree,
        },
        Row {
            workload: "SmolLM2 token table: under-trained indicator, every row ranked".to_string(),
            peer: "numpy float64 (BLAS Gram matrix, eigh)".to_string(),
            ours: undertrained.0,
            theirs: undertrained.1,
            goal: 0.5,
            agreement: undertrained_agree,
        },
    ])
}
