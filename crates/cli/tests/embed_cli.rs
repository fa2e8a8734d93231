//! `til embed …` as a user runs it: the output contract of the issue (tab-separated words and scores,
//! the benchmark's closing lines), and every error path (exit 2 for usage, 1 for the rest, one `til: `
//! line on stderr, nothing on stdout). The reference numbers are asserted with the int8 asset's
//! tolerance (±29 questions = 0.2 points; ±0.003 for cosines and ρ), as in til-core's
//! embed_reference.rs.

mod support;

use support::{fails, path_arg, repo_path, stdout, til};

/// A GloVe benchmark file under assets/glove, as a command-line argument.
fn asset(name: &str) -> String {
    path_arg(&repo_path("assets/glove").join(name)).to_string()
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
    // king - man + woman, with the `options` given.
    let analogy = |options: &[&str]| {
        let args = [&["embed", "analogy", "king", "man", "woman"][..], options].concat();
        scored_lines(&stdout(&til(&args)))
    };
    let excluded = analogy(&[]);
    assert_eq!(excluded.len(), 5);
    assert_eq!(excluded[0].0, "queen");
    assert!((excluded[0].1 - 0.852).abs() <= 0.003);
    let included = analogy(&["--include-inputs", "-k", "1"]);
    assert_eq!(included[0].0, "king");
    assert!((included[0].1 - 0.885).abs() <= 0.003);
    let mul = analogy(&["--method=mul", "-k", "1"]);
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
    // The same report, section by section, on one thread and on three.
    for threads in ["1", "3"] {
        let again = stdout(&til(&[
            "embed",
            "eval-analogies",
            &asset("questions-words.txt"),
            "--threads",
            threads,
        ]));
        assert_eq!(again, text, "--threads {threads}");
    }
    assert!(
        fails(&["embed", "eval-analogies", "q.txt", "--threads", "0"], 2).contains("--threads")
    );
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
    assert!(fails(&["embed", "neighbors", "kign"], 1).contains("did you mean \"king\""));
    assert!(
        fails(&["embed", "neighbors", "king", "--vocab", "60000"], 1)
            .contains("between 1 and 50000")
    );
    assert!(fails(&["embed", "eval-analogies", "/nonexistent/q.txt"], 1).contains("cannot read"));
    assert!(fails(
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
    assert!(fails(&["embed", "analogy", "king", "man"], 2).contains("takes 3 arguments"));
    assert!(fails(&["embed", "neighbors", "king", "-k", "0"], 2).contains("at least 1"));
    assert!(
        fails(&["embed", "analogy", "a", "b", "c", "--method", "sum"], 2)
            .contains("unknown method")
    );
    assert!(fails(&["embed", "neighbors", "king", "--bogus"], 2).contains("unknown option"));
    assert!(fails(&["embed", "frobnicate"], 2).contains("unknown command"));
}

#[test]
fn help_lists_every_command() {
    let help = stdout(&til(&["embed", "--help"]));
    for command in ["neighbors", "analogy", "eval-analogies", "eval-similarity"] {
        assert!(help.contains(&format!("til embed {command}")), "{command}");
    }
    assert!(stdout(&til(&["--help"])).contains("embed neighbors"));
}
