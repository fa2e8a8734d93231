//! `til tokenize` and `til detokenize`: the lab's tokenizers by name. A known sentence's ids (the
//! same as js-tiktoken's, which cl100k_reference.rs checks on whole corpora), a round trip through
//! stdin, the list of names, and one clear line for every kind of bad input.

mod support;

use support::{assert_fails, stdout, til_with_stdin};

const TEXT: &[u8] = "Hello world! Don't panic: naïve café 👍🏽 ids 2024\n".as_bytes();

#[test]
fn each_model_tokenizes_and_gives_the_text_back() {
    let cases = [
        ("cl100k_base", "9906 1917 0 4418 956 22743 25 95980 588 53050 62904 235 9468 237 121 14483 220 2366 19 198"),
        ("gpt2", "15496 995 0 2094 470 13619 25 41492 40304 50169 235 8582 237 121 220 2340 48609 198"),
    ];
    for (model, ids) in cases {
        let printed = stdout(&til_with_stdin(&["tokenize", "--model", model], TEXT));
        assert_eq!(printed, format!("{ids}\n"), "{model}");
        let back = til_with_stdin(&["detokenize", "--model", model], printed.as_bytes());
        assert_eq!(back.stdout, TEXT, "{model}");
    }
    assert_eq!(
        stdout(&til_with_stdin(&["tokenize", "--list"], b"")),
        "gpt2\ncl100k_base\no200k_base\n"
    );
    assert!(stdout(&til_with_stdin(&["tokenize", "--help"], b""))
        .contains("til detokenize --model NAME"));
}

#[test]
fn bad_input_fails_with_one_line() {
    // (arguments, stdin, exit code, what the line says)
    #[rustfmt::skip]
    let cases: [(&[&str], &[u8], i32, &str); 7] = [
        (&["tokenize", "--model", "gpt5"], b"", 1, "unknown model `gpt5`; the models are: gpt2, cl100k_base, o200k_base"),
        (&["tokenize", "--model", "cl100k_base"], b"caf\xe9", 1, "not valid UTF-8 (at byte 3)"),
        (&["tokenize", "--model", "cl100k_base", "/no/such/file"], b"", 1, "cannot read"),
        (&["detokenize", "--model", "cl100k_base"], b"9906 100256", 1, "token id 100256 at position 1 is not in this vocabulary (0..100256)"),
        (&["detokenize", "--model", "cl100k_base"], b"9906 x", 1, "`x` at position 1 is not a token id (0..=100255)"),
        (&["tokenize", "--model"], b"", 2, "--model needs a name"),
        (&["tokenize", "--frobnicate"], b"", 2, "unexpected arguments"),
    ];
    for (args, stdin, code, says) in cases {
        assert_fails(&til_with_stdin(args, stdin), code, says);
    }
}
