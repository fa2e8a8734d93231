//! `til smollm neighbours | analogies | undertrained` against a float64 numpy reference on the same
//! dequantized table (tests/reference/smollm2_table.py in the pinned zoo venv: `gguf`'s own
//! dequantizer, numpy's matrix products and `eigh`), run in the same test. Tolerances, as the issue
//! states them, and what was measured on 2026-12-06: neighbours' top 10 identical (up to the order
//! of equal cosines) with cosines within 1e-4 (measured: identical ids, cosines equal to the 9 decimals `til` prints); the
//! analogy total within 0.2 % (measured: 5,982 / 10,231 both, every section equal); the
//! under-trained top 100 overlapping by at least 95 (measured: 100, indicators within 1e-9).

mod support;

use serde_json::Value;
use support::reference::zoo_script;
use support::{assert_fails, repo_path, stdout, til};

/// Ġking, a byte token (Ā), a glitch token (ManagementPlaneProtection), a digit, a control token.
const QUERIES: [&str; 5] = ["4197", "190", "36744", "34", "0"];

fn reference() -> Value {
    let questions = repo_path("assets/glove/questions-words.txt");
    let mut args = vec![questions.to_str().expect("a UTF-8 path")];
    args.extend(QUERIES);
    serde_json::from_str(&zoo_script("tests/reference/smollm2_table.py", &args))
        .expect("smollm2_table.py prints JSON")
}

/// `ID<TAB>VALUE<TAB>TOKEN` lines as (id, value).
fn scored(text: &str) -> Vec<(u64, f64)> {
    text.lines()
        .map(|line| {
            let mut fields = line.splitn(3, '\t');
            let id = fields.next().unwrap().parse().expect("an id");
            let value = fields.next().expect("a value").parse().expect("a number");
            assert!(fields.next().is_some(), "a token after the value: {line:?}");
            (id, value)
        })
        .collect()
}

fn pairs(value: &Value) -> Vec<(u64, f64)> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_f64().unwrap()))
        .collect()
}

/// Sorted by value, highest first, values equal to 1e-12 by id: the order both sides mean.
fn canonical(mut list: Vec<(u64, f64)>) -> Vec<u64> {
    list.sort_by(|a, b| {
        let tied = (a.1 - b.1).abs() < 1e-12;
        if tied {
            a.0.cmp(&b.0)
        } else {
            b.1.total_cmp(&a.1)
        }
    });
    list.into_iter().map(|(id, _)| id).collect()
}

#[test]
fn the_token_table_equals_a_float64_numpy_reference() {
    let reference = reference();

    // Neighbours.
    for query in QUERIES {
        let ours = scored(&stdout(&til(&["smollm", "neighbours", query, "-k", "10"])));
        let theirs = pairs(&reference["neighbours"][query]);
        assert_eq!(ours.len(), 10);
        for ((_, a), (_, b)) in ours.iter().zip(&theirs) {
            assert!((a - b).abs() < 1e-4, "{query}: cosine {a} vs {b}");
        }
        assert_eq!(
            canonical(ours),
            canonical(theirs),
            "{query}: the ten neighbours"
        );
    }

    // Analogies: every section's questions, the total within 0.2 %.
    let questions = repo_path("assets/glove/questions-words.txt");
    let out = stdout(&til(&["smollm", "analogies", questions.to_str().unwrap()]));
    let lines: Vec<&str> = out.lines().collect();
    let (correct, asked) = lines
        .last()
        .and_then(|l| l.split_once(" / "))
        .map(|(c, a)| (c.parse::<f64>().unwrap(), a.parse::<f64>().unwrap()))
        .expect("a last line `correct / total`");
    let sections = reference["sections"].as_array().unwrap();
    let their_correct: f64 = sections.iter().map(|s| s[1].as_f64().unwrap()).sum();
    let their_asked: f64 = sections.iter().map(|s| s[2].as_f64().unwrap()).sum();
    assert_eq!(asked, their_asked, "the same questions asked");
    assert!(
        (correct - their_correct).abs() / their_asked <= 0.002,
        "analogies {correct} vs {their_correct} of {asked}"
    );
    for section in sections {
        let name = section[0].as_str().unwrap();
        let line = lines
            .iter()
            .find(|l| l.starts_with(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("a line for {name}"));
        assert!(
            line.contains(&format!(" / {} = ", section[2])),
            "{name}: {line}"
        );
    }
    println!("[measure] SmolLM2 token analogies: {correct} / {asked}, reference {their_correct}");

    // Under-trained tokens: the default reference, the top 100.
    let ours = scored(&stdout(&til(&["smollm", "undertrained", "-k", "100"])));
    let theirs = pairs(&reference["undertrained"]);
    let overlap = ours
        .iter()
        .filter(|(id, _)| theirs.iter().any(|(t, _)| t == id))
        .count();
    assert!(overlap >= 95, "under-trained top 100 overlap {overlap}");
    for (id, value) in &ours {
        if let Some((_, theirs)) = theirs.iter().find(|(t, _)| t == id) {
            assert!(
                (value - theirs).abs() < 1e-6,
                "{id}: indicator {value} vs {theirs}"
            );
        }
    }
    println!("[measure] SmolLM2 under-trained top 100: {overlap} shared with the reference");
    // The default reference, named explicitly, gives the same list.
    let named: Vec<String> = reference["reference"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.to_string())
        .collect();
    let again = stdout(&til(&[
        "smollm",
        "undertrained",
        "-k",
        "100",
        "--reference",
        &named.join(","),
    ]));
    assert_eq!(scored(&again), ours);
}

#[test]
fn bad_ids_and_an_empty_reference_say_so_in_one_line() {
    assert_fails(
        &til(&["smollm", "neighbours", "49152"]),
        1,
        "not in SmolLM2's vocabulary",
    );
    assert_fails(&til(&["smollm", "neighbours", "king"]), 1, "not a token id");
    assert_fails(
        &til(&["smollm", "undertrained", "--reference", ""]),
        1,
        "reference is empty",
    );
    assert_fails(
        &til(&["smollm", "undertrained", "--reference", "3,x"]),
        1,
        "not a token id",
    );
    assert_fails(
        &til(&["smollm", "analogies", "/nonexistent/questions.txt"]),
        1,
        "cannot read",
    );
    assert_fails(
        &til(&["smollm", "neighbours", "5", "-k", "0"]),
        2,
        "-k expects",
    );
}
