//! `til embed …` as a user runs it: the output contract of the issue (tab-separated words and scores,
//! the benchmark's closing lines), and every error path (exit 2 for usage, 1 for the rest, one `til: `
//! line on stderr, nothing on stdout). The reference numbers are asserted with the int8 asset's
//! tolerance (±29 questions = 0.2 points; ±0.003 for cosines and ρ), as in til-core's
//! embed_reference.rs.

use std::path::PathBuf;
use std::process::{Command, Output};

fn til(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_til"))
        .args(args)
        .output()
        .expect("til runs")
}

fn asset(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/glove")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "til failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// `WORD<TAB>NUMBER` lines, with exactly four decimals.
fn scored_lines(text: &str) -> Vec<(String, f32)> {
    text.lines()
        .map(|line| {
            let (word, score) = line
                .split_once('\t')
                .unwrap_or_else(|| panic!("no tab in {line:?}"));
            assert_eq!(
                score.split_once('.').map(|(_, d)| d.len()),
                Some(4),
                "{line:?}"
            );
            (word.to_string(), score.parse().unwrap())
        })
        .collect()
}

fn failure(args: &[&str], code: i32) -> String {
    let output = til(args);
    assert_eq!(output.status.code(), Some(code), "{args:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("til: ") && stderr.lines().count() == 1,
        "{stderr:?}"
    );
    stderr
}

#[test]
fn neighbors_prints_k_tab_separated_cosines() {
    let lines = scored_lines(&stdout(&til(&["embed", "neighbors", "frog", "-k", "3"])));
    assert_eq!(lines.len(), 3);
    assert!(lines
        .iter()
        .all(|(w, c)| w != "frog" && (-1.0..=1.0).contains(c)));
    assert_eq!(
        scored_lines(&stdout(&til(&["embed", "neighbors", "frog"]))).len(),
        10,
        "k defaults to 10"
    );
}

#[test]
fn analogy_excludes_the_inputs_unless_asked() {
    let excluded = scored_lines(&stdout(&til(&["embed", "analogy", "king", "man", "woman"])));
    assert_eq!(excluded.len(), 5);
    assert_eq!(excluded[0].0, "queen");
    assert!((excluded[0].1 - 0.852).abs() <= 0.003);
    let included = scored_lines(&stdout(&til(&[
        "embed",
        "analogy",
        "king",
        "man",
        "woman",
        "--include-inputs",
        "-k",
        "1",
    ])));
    assert_eq!(included[0].0, "king");
    assert!((included[0].1 - 0.885).abs() <= 0.003);
    let mul = scored_lines(&stdout(&til(&[
        "embed",
        "analogy",
        "king",
        "man",
        "woman",
        "--method=mul",
        "-k",
        "1",
    ])));
    assert_eq!(mul[0].0, "queen");
}

#[test]
fn eval_analogies_ends_with_the_total() {
    let text = stdout(&til(&[
        "embed",
        "eval-analogies",
        &asset("questions-words.txt"),
        "--vocab",
        "30000",
    ]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("capital-common-countries: "),
        "{}",
        lines[0]
    );
    assert!(lines.iter().any(|l| l.starts_with("semantic: ")));
    assert!(lines.iter().any(|l| l.starts_with("syntactic: ")));
    let total = lines.last().unwrap();
    // total: C / N = P %
    let numbers: Vec<&str> = total.trim_start_matches("total: ").split(' ').collect();
    assert_eq!(
        (numbers[1], numbers[3], numbers[5]),
        ("/", "=", "%"),
        "{total}"
    );
    let correct: usize = numbers[0].parse().unwrap();
    assert_eq!(numbers[2], "14877");
    assert!(correct.abs_diff(7_393) <= 29, "{total}");
}

#[test]
fn eval_similarity_ends_with_spearman() {
    let text = stdout(&til(&[
        "embed",
        "eval-similarity",
        &asset("wordsim353.tsv"),
    ]));
    let last = text.lines().last().unwrap();
    let rho: f64 = last
        .strip_prefix("spearman: ")
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((rho - 0.525).abs() <= 0.003, "{last}");
    assert!(last.ends_with("(used 348 / 353 pairs)"), "{last}");
}

#[test]
fn errors_are_one_line_with_the_right_exit_code() {
    assert!(failure(&["embed", "neighbors", "kign"], 1).contains("did you mean \"king\""));
    assert!(
        failure(&["embed", "neighbors", "king", "--vocab", "60000"], 1)
            .contains("between 1 and 50000")
    );
    assert!(failure(&["embed", "eval-analogies", "/nonexistent/q.txt"], 1).contains("cannot read"));
    assert!(failure(
        &[
            "embed",
            "neighbors",
            "king",
            "--vectors",
            "/nonexistent.bin"
        ],
        1
    )
    .contains("cannot read"));
    assert!(failure(&["embed", "analogy", "king", "man"], 2).contains("takes 3 arguments"));
    assert!(failure(&["embed", "neighbors", "king", "-k", "0"], 2).contains("at least 1"));
    assert!(
        failure(&["embed", "analogy", "a", "b", "c", "--method", "sum"], 2)
            .contains("unknown method")
    );
    assert!(failure(&["embed", "neighbors", "king", "--bogus"], 2).contains("unknown option"));
    assert!(failure(&["embed", "frobnicate"], 2).contains("unknown command"));
}

#[test]
fn help_lists_every_command() {
    let help = stdout(&til(&["embed", "--help"]));
    for command in ["neighbors", "analogy", "eval-analogies", "eval-similarity"] {
        assert!(help.contains(&format!("til embed {command}")), "{command}");
    }
    assert!(stdout(&til(&["--help"])).contains("embed neighbors"));
}
