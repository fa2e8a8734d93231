//! `til rope` against numpy float64 references written as the model code people run writes RoPE
//! (tests/reference/rope_reference.py: Hugging Face transformers' rope initialisers and
//! `rotate_half`, Meta's complex-number rotation for the interleaved layout), run in the same
//! test: inverse frequencies under every scaling, rotations in both layouts, and scores, to a
//! relative error of 1e-12 (measured: the largest is printed). Also: R(m)q·R(n)k depends on n − m
//! only, and bad input exits with one clear line. Leaves out: timing.

mod support;

use std::process::Command;

use support::reference::zoo_python;
use support::{repo_path, run_with_stdin, stdout, til, til_with_stdin};

/// A few numbers in [-1, 1) from a fixed seed (a 64-bit LCG): the same vectors every run.
fn numbers(seed: u64, n: usize) -> Vec<f64> {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        })
        .collect()
}

fn list(values: &[f64]) -> String {
    let text: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
    format!("[{}]", text.join(", "))
}

fn parse(line: &str) -> Vec<f64> {
    line.trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split([',', ' '])
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("a number"))
        .collect()
}

/// The reference's answer to each JSON request, in order.
fn reference(requests: &[String]) -> Vec<Vec<f64>> {
    let script = repo_path("tests/reference/rope_reference.py");
    let out = run_with_stdin(
        Command::new(zoo_python()).arg(script),
        requests.join("\n").as_bytes(),
    );
    String::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .map(parse)
        .collect()
}

fn worst(ours: &[f64], theirs: &[f64], context: &str) -> f64 {
    assert_eq!(ours.len(), theirs.len(), "{context}");
    ours.iter()
        .zip(theirs)
        .map(|(a, b)| (a - b).abs() / b.abs().max(1e-300))
        .fold(0.0, f64::max)
}

#[test]
fn inverse_frequencies_match_the_reference_under_every_scaling() {
    let scalings: [(&str, &[&str]); 6] = [
        ("null", &[]),
        ("\"linear\", \"factor\": 4", &["--scaling", "linear", "--factor", "4"]),
        ("\"ntk\", \"factor\": 4", &["--scaling", "ntk", "--factor", "4"]),
        ("\"llama3\", \"factor\": 8", &["--scaling", "llama3", "--factor", "8"]),
        (
            "\"llama3\", \"factor\": 32, \"original_max\": 8192",
            &["--scaling", "llama3", "--factor", "32", "--original-max", "8192"],
        ),
        (
            "\"llama3\", \"factor\": 8, \"low_freq_factor\": 2, \"high_freq_factor\": 8, \"original_max\": 4096",
            &["--scaling", "llama3", "--factor", "8", "--low-freq-factor", "2", "--high-freq-factor", "8", "--original-max", "4096"],
        ),
    ];
    let (mut requests, mut ours) = (Vec::new(), Vec::new());
    for d in [4usize, 8, 64, 128] {
        for base in ["10000", "100000", "500000"] {
            for (json, args) in scalings {
                requests.push(format!(
                    "{{\"inv_freq\": {{\"d\": {d}, \"base\": {base}, \"scaling\": {json}}}}}"
                ));
                let d_arg = d.to_string();
                let mut all = vec!["rope", "inv-freq", "--d", &d_arg, "--base", base];
                all.extend_from_slice(args);
                ours.push(parse(&stdout(&til(&all))));
            }
        }
    }
    let theirs = reference(&requests);
    let error = ours
        .iter()
        .zip(&theirs)
        .zip(&requests)
        .map(|((a, b), r)| worst(a, b, r))
        .fold(0.0, f64::max);
    println!(
        "[measure] inverse frequencies: {} cases, largest relative error {error:e}",
        requests.len()
    );
    assert!(error <= 1e-12, "{error:e}");
}

#[test]
fn rotations_and_scores_match_the_reference_in_both_layouts() {
    let (mut requests, mut ours) = (Vec::new(), Vec::new());
    for (case, layout) in ["half", "interleaved"].iter().enumerate() {
        for (k, pos) in [0.0, 1.0, 7.0, 1000.0, 8191.0].iter().enumerate() {
            let x = numbers((case * 10 + k) as u64, 64);
            requests.push(format!(
                "{{\"rotate\": {{\"d\": 64, \"base\": 100000, \"pos\": {pos}, \"layout\": \"{layout}\", \"x\": {}}}}}",
                list(&x)
            ));
            let input = x
                .iter()
                .map(|v| format!("{v:?}"))
                .collect::<Vec<_>>()
                .join(" ");
            let pos = pos.to_string();
            let args = [
                "rope", "rotate", "--d", "64", "--base", "100000", "--pos", &pos, "--layout",
                layout,
            ];
            ours.push(parse(&stdout(&til_with_stdin(&args, input.as_bytes()))));
        }
        for (k, (m, n)) in [(0.0, 0.0), (3.0, 10.0), (500.0, 20.0), (8000.0, 8191.0)]
            .iter()
            .enumerate()
        {
            let (q, key) = (numbers(100 + k as u64, 64), numbers(200 + k as u64, 64));
            requests.push(format!(
                "{{\"score\": {{\"d\": 64, \"base\": 10000, \"m\": {m}, \"n\": {n}, \"layout\": \"{layout}\", \"q\": {}, \"k\": {}}}}}",
                list(&q),
                list(&key)
            ));
            let input = format!(
                "{}\n{}\n",
                list(&q).trim_matches(['[', ']']).replace(',', ""),
                list(&key).trim_matches(['[', ']']).replace(',', "")
            );
            let (m, n) = (m.to_string(), n.to_string());
            let args = [
                "rope", "score", "--d", "64", "--m", &m, "--n", &n, "--layout", layout,
            ];
            ours.push(parse(&stdout(&til_with_stdin(&args, input.as_bytes()))));
        }
    }
    let theirs = reference(&requests);
    let mut error: f64 = 0.0;
    for ((a, b), r) in ours.iter().zip(&theirs).zip(&requests) {
        // Absolute for values near 0 (a rotated coordinate or a score can cross it).
        let e = a
            .iter()
            .zip(b)
            .map(|(x, y)| (x - y).abs() / y.abs().max(1.0))
            .fold(0.0, f64::max);
        assert_eq!(a.len(), b.len(), "{r}");
        error = error.max(e);
    }
    println!("[measure] rotations and scores: {} cases, largest error {error:e} (relative, absolute below 1)", requests.len());
    assert!(error <= 1e-12, "{error:e}");
}

#[test]
fn the_score_depends_only_on_the_offset() {
    let (q, k) = (numbers(7, 16), numbers(8, 16));
    let input = format!(
        "{}\n{}\n",
        q.iter()
            .map(|v| format!("{v:?}"))
            .collect::<Vec<_>>()
            .join(" "),
        k.iter()
            .map(|v| format!("{v:?}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let score = |m: &str, n: &str| -> f64 {
        let args = ["rope", "score", "--d", "16", "--m", m, "--n", n];
        stdout(&til_with_stdin(&args, input.as_bytes()))
            .trim()
            .parse()
            .expect("a number")
    };
    let near = score("2", "9");
    for (m, n) in [("102", "109"), ("5000", "5007")] {
        assert!((score(m, n) - near).abs() < 1e-9, "{m}, {n}");
    }
}

#[test]
fn bad_input_exits_with_one_clear_line() {
    let odd = til(&["rope", "inv-freq", "--d", "7"]);
    assert_eq!(odd.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&odd.stderr).contains("d must be even"));
    let base = til(&["rope", "inv-freq", "--d", "8", "--base", "1"]);
    assert!(String::from_utf8_lossy(&base.stderr).contains("base must be"));
    let factor = til(&["rope", "inv-freq", "--d", "8", "--scaling", "linear"]);
    assert!(String::from_utf8_lossy(&factor.stderr).contains("--scaling needs --factor"));
    let short = til_with_stdin(&["rope", "rotate", "--d", "8", "--pos", "1"], b"1 2 3");
    assert_eq!(short.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&short.stderr).contains("expected 8"));
    let huge = til_with_stdin(&["rope", "rotate", "--d", "2", "--pos", "1e17"], b"1 0");
    assert!(String::from_utf8_lossy(&huge.stderr).contains("past 2^53"));
    for output in [odd, base, factor, short, huge] {
        assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1);
    }
}
