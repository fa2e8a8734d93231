//! `til count`: tokens per file and in all, `TOKENS<TAB>PATH` a line then `TOKENS<TAB>total`, each
//! count the length of `til tokenize`'s ids for the same file and model (which tokenize_cli.rs and
//! the reference tests hold equal to each tokenizer's own library), with more files than cores so
//! that the threads share them out; and one clear line for each kind of bad input.

mod support;

use support::{assert_fails, path_arg, repo_path, scratch, stdout, til, write_file};

#[test]
fn each_file_counts_as_tokenize_counts_it_and_the_total_adds_up() {
    let dir = scratch("count");
    let shakespeare = repo_path("assets/tinyshakespeare.txt");
    let mut files: Vec<String> = (0..9)
        .map(|i| {
            write_file(
                &dir,
                &format!("text{i}.txt"),
                &format!("Text {i}: {} ünïcödé 日本 🙂\n", "word ".repeat(i * 7)),
            )
        })
        .collect();
    files.push(write_file(&dir, "empty.txt", ""));
    files.push(path_arg(&shakespeare).to_string());
    for model in ["qwen3", "gpt2", "smollm2", "mistral-v1"] {
        let args: Vec<&str> = ["count", "--model", model]
            .into_iter()
            .chain(files.iter().map(String::as_str))
            .collect();
        let printed = stdout(&til(&args));
        let mut expected = String::new();
        let mut total = 0;
        for file in &files {
            let ids = stdout(&til(&["tokenize", "--model", model, file]));
            let n = ids.split_whitespace().count();
            total += n;
            expected.push_str(&format!("{n}\t{file}\n"));
        }
        expected.push_str(&format!("{total}\ttotal\n"));
        assert_eq!(printed, expected, "{model}");
    }
}

#[test]
fn bad_input_gets_one_clear_line() {
    let dir = scratch("count-errors");
    let fine = write_file(&dir, "fine.txt", "fine");
    let latin1 = dir.join("latin1.txt");
    std::fs::write(&latin1, b"caf\xe9").unwrap();
    assert_fails(
        &til(&["count", "--model", "qwen3", &fine, path_arg(&latin1)]),
        1,
        "UTF-8",
    );
    assert_fails(
        &til(&["count", "--model", "qwen3", &fine, "no/such/file.txt"]),
        1,
        "no/such/file.txt",
    );
    assert_fails(
        &til(&["count", "--model", "nope", &fine]),
        1,
        "unknown model `nope`",
    );
    assert_fails(&til(&["count", "--model", "qwen3"]), 2, "no FILE to count");
    assert_fails(&til(&["count", &fine]), 2, "--model NAME comes first");
}
