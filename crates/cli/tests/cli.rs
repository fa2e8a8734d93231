//! `til` as a user runs it: the seed walkthrough, export and encode round trip, help, and every
//! error path (non-zero exit, exactly one `til: ` line on stderr, nothing on stdout).

mod support;

use std::fs;
use std::io::{BufRead, BufReader};
use std::process::Stdio;

use support::{fails, path_arg, scratch, stdout, til, til_command, write_file};

const SEED: &str = "low 5\nlowest 2\nnewer 6\nwider 3\n";

/// `til bpe train --corpus CORPUS` and the `rest` of the arguments.
fn train<'a>(corpus: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    [&["bpe", "train", "--corpus", corpus][..], rest].concat()
}

#[test]
fn seed_walkthrough_from_word_counts() {
    let dir = scratch("seed");
    let corpus = write_file(&dir, "seed.txt", SEED);
    let output = til(&train(&corpus, &["--merges", "3", "--word-counts"]));
    assert_eq!(stdout(&output), "1\te\tr\t9\n2\ter\t</w>\t9\n3\tl\to\t7\n");
    assert!(output.stderr.is_empty());
}

#[test]
fn seed_walkthrough_from_free_text_and_every_tie_rule() {
    let dir = scratch("free-text");
    let text = "low ".repeat(5) + &"lowest ".repeat(2) + &"newer\n".repeat(6) + &"wider ".repeat(3);
    let corpus = write_file(&dir, "seed.txt", &text);
    for rule in ["lexicographic", "smallest-id", "first-seen"] {
        let output = til(&train(&corpus, &["--merges=3", "--tie", rule]));
        assert_eq!(
            stdout(&output),
            "1\te\tr\t9\n2\ter\t</w>\t9\n3\tl\to\t7\n",
            "{rule}"
        );
    }
    let output = til(&train(&corpus, &["--merges", "2", "--no-end-of-word"]));
    assert_eq!(stdout(&output), "1\te\tr\t9\n2\tl\to\t7\n");
}

#[test]
fn export_then_encode_round_trip() {
    let dir = scratch("export");
    let corpus = write_file(&dir, "seed.txt", SEED);
    let model = dir.join("model/nested");
    let output = til(&train(
        &corpus,
        &[
            "--merges",
            "3",
            "--word-counts",
            "--export",
            path_arg(&model),
        ],
    ));
    stdout(&output);
    let merges = fs::read_to_string(model.join("merges.txt")).unwrap();
    assert_eq!(merges, "#version: 0.2\ne r\ner </w>\nl o\n");
    let vocab = fs::read_to_string(model.join("vocab.json")).unwrap();
    assert!(
        vocab.starts_with("{\n  \"</w>\": 0,\n  \"d\": 1,"),
        "{vocab}"
    );
    assert!(vocab.ends_with("  \"lo\": 13\n}\n"), "{vocab}");

    let merges_path = model.join("merges.txt");
    let merges_path = path_arg(&merges_path);
    let output = til(&[
        "bpe",
        "encode",
        "--merges",
        merges_path,
        "lower",
        "newest",
        "--",
        "-er",
    ]);
    assert_eq!(stdout(&output), "lo w er</w>\nn e w e s t </w>\n- er</w>\n");
    let output = til(&[
        "bpe",
        "encode",
        "--no-end-of-word",
        "--merges",
        merges_path,
        "lower",
    ]);
    assert_eq!(stdout(&output), "lo w er\n");
}

#[test]
fn help() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        assert!(stdout(&til(args)).starts_with("usage: til <command>"));
    }
    for args in [
        &["bpe", "--help"][..],
        &["bpe"],
        &["bpe", "train", "--help"],
        &["bpe", "encode", "-h"],
    ] {
        let output = til(args);
        let text = stdout(&output);
        assert!(
            text.contains("til bpe train --corpus FILE --merges N")
                && text.contains("--word-counts")
        );
    }
}

#[test]
fn errors_are_one_clear_line() {
    let dir = scratch("errors");
    let seed = write_file(&dir, "seed.txt", SEED);
    let empty = write_file(&dir, "empty.txt", " \n\t\n");
    let bad_counts = write_file(&dir, "bad.txt", "low 5\nlowest two\n");
    let bad_merges = write_file(&dir, "merges.txt", "#version: 0.2\ne r\nnonsense\n");
    let missing = dir.join("nope.txt");
    let missing = path_arg(&missing);

    assert!(fails(&train(missing, &["--merges", "3"]), 1).starts_with("til: cannot read `"));
    assert_eq!(
        fails(&train(&empty, &["--merges", "3"]), 1),
        format!("til: {empty}: the corpus has no words")
    );
    assert_eq!(
        fails(&train(&seed, &["--merges", "0"]), 2),
        "til: the number of merges must be at least 1"
    );
    assert_eq!(
        fails(&train(&seed, &["--merges", "ten"]), 2),
        "til: --merges expects a whole number, got `ten`"
    );
    assert_eq!(
        fails(&train(&seed, &["--merges", "-3"]), 2),
        "til: --merges expects a whole number, got `-3`"
    );
    assert!(fails(&train(&seed, &["--merges", "3", "--frobnicate"]), 2)
        .starts_with("til: unknown option `--frobnicate` for `til bpe train`"));
    assert_eq!(
        fails(&train(&seed, &["--merges", "3", "--tie", "random"]), 2),
        "til: unknown tie rule `random`: use lexicographic, smallest-id or first-seen"
    );
    assert!(
        fails(&train(&bad_counts, &["--merges", "3", "--word-counts"]), 1).ends_with(
            "line 2: expected `WORD COUNT` with a positive whole count, got `lowest two`"
        )
    );
    assert!(fails(&["bpe", "train", "--merges", "3"], 2).starts_with("til: missing --corpus FILE"));
    assert!(fails(&train(&seed, &[]), 2).starts_with("til: missing --merges N"));
    assert_eq!(
        fails(&train(&seed, &["--merges", "3", "--merges", "4"]), 2),
        "til: --merges given twice"
    );
    assert_eq!(
        fails(&train(&seed, &["--merges"]), 2),
        "til: --merges needs a value"
    );
    assert_eq!(
        fails(&train(&seed, &["--merges", "3", "--word-counts=yes"]), 2),
        "til: --word-counts does not take a value"
    );
    assert!(fails(&train(&seed, &["--merges", "3", "extra"]), 2)
        .starts_with("til: unexpected argument `extra`"));
    assert!(fails(&[], 2).starts_with("til: missing command"));
    assert!(fails(&["frobnicate"], 2).starts_with("til: unknown command `frobnicate`"));
    assert!(fails(&["bpe", "decode"], 2).starts_with("til: unknown command `bpe decode`"));
    assert!(fails(&["bpe", "encode", "--merges", &bad_merges, "x"], 1)
        .ends_with("merges file line 3: expected `LEFT RIGHT`, got `nonsense`"));
    assert!(
        fails(&["bpe", "encode", "--merges", &seed], 2).starts_with("til: missing words to encode")
    );
    assert!(fails(&["bpe", "encode", "word"], 2).starts_with("til: missing --merges FILE"));
}

#[test]
fn running_out_of_pairs_is_a_note_not_an_error() {
    let dir = scratch("exhaust");
    let corpus = write_file(&dir, "tiny.txt", "ab ab\n");
    let output = til(&train(&corpus, &["--merges", "10"]));
    assert_eq!(stdout(&output), "1\ta\tb\t2\n2\tab\t</w>\t2\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "til: note: stopped after 2 merges: no adjacent pair is left\n"
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = scratch("pipe");
    let words: String = (0..20_000)
        .map(|i| format!("w{i}x{} ", i * 7919 % 10_007))
        .collect();
    let corpus = write_file(&dir, "many.txt", &words);
    let mut child = til_command(&train(&corpus, &["--merges", "100000"]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line, then hang up, like `| head -1`.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("1\t"));
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The corpus is read a piece at a time and counted on every core: a corpus of several megabytes
/// trains exactly as its word counts do, on one thread or three, from a file or from stdin (`-`);
/// a byte that is not UTF-8 three megabytes in is named by its offset in the whole file.
#[test]
fn a_corpus_of_many_pieces_trains_as_its_word_counts() {
    let dir = scratch("pieces");
    // 3.3 MB of words whose lengths drift, so piece boundaries fall inside words.
    let words: Vec<String> = (0..400_000)
        .map(|i| format!("w{}", "xyz".repeat(i % 5)) + &(i % 97).to_string())
        .collect();
    let text = words.join(" ");
    assert!(text.len() > 3 << 20);
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for word in &words {
        match counts.iter_mut().find(|(w, _)| w == word) {
            Some((_, count)) => *count += 1,
            None => counts.push((word, 1)),
        }
    }
    let lines: String = counts.iter().map(|(w, c)| format!("{w} {c}\n")).collect();
    let running = write_file(&dir, "running.txt", &text);
    let counted = write_file(&dir, "counted.txt", &lines);
    let expected = stdout(&til(&train(&counted, &["--merges", "40", "--word-counts"])));
    assert_eq!(
        stdout(&til(&train(&running, &["--merges", "40"]))),
        expected
    );
    let piped = support::til_with_stdin(&train("-", &["--merges", "40"]), text.as_bytes());
    assert_eq!(stdout(&piped), expected);
    for threads in ["1", "3"] {
        let args = [
            "--merges",
            "40",
            "--tie",
            "first-seen",
            "--threads",
            threads,
        ];
        let first_seen = til(&train(&counted, &[&args[..4], &["--word-counts"]].concat()));
        assert_eq!(
            stdout(&til(&train(&running, &args))),
            stdout(&first_seen),
            "{threads}"
        );
    }
    assert_eq!(
        fails(&train(&running, &["--merges", "4", "--threads", "0"]), 2),
        "til: --threads expects a whole number from 1, got `0`"
    );

    let mut broken = text.into_bytes();
    let at = 3 * 1024 * 1024 + 5;
    broken[at] = 0xff;
    fs::write(dir.join("broken.txt"), &broken).unwrap();
    let broken = dir.join("broken.txt");
    assert!(fails(&train(path_arg(&broken), &["--merges", "3"]), 1)
        .ends_with(&format!("the corpus is not valid UTF-8 (at byte {at})")));
}
