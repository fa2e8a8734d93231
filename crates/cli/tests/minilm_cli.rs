//! `til wordpiece encode` and `til minilm embed` as a user runs them: `TOKEN<TAB>ID` lines equal to
//! Hugging Face `tokenizers` (run in the test through the pinned reference, as in til-core's
//! wordpiece_reference.rs), 384 full-precision values per token that read back as exactly the core's
//! f32s, the seed's guard on stderr with exit 1, and usage errors with exit 2 (one `til: ` line,
//! nothing on stdout).

#[path = "../../core/tests/reference_python/mod.rs"]
mod reference_python;
mod support;

use reference_python::{hex_lines, run};
use support::{assert_fails, fails, stdout, til};
use til_core::minilm::{forward, LayerWeights, TokenEmbeddings};
use til_core::wordpiece::WordPiece;

const VOCAB: &str = include_str!("../../../assets/minilm/vocab.txt");

#[test]
fn wordpiece_encode_prints_tokens_and_ids_as_tokenizers() {
    let texts = [
        "Hello, world!",
        "Héllo wörld, naïve café — unaffable 🙂",
        "日本語 [MASK] https://example.com/a?b=1 3.14",
        "",
    ];
    let theirs = run("reference_wordpiece.py", &[], &hex_lines(&texts));
    let vocab: Vec<&str> = VOCAB.lines().collect();
    for (text, theirs) in texts.iter().zip(theirs.lines()) {
        let printed = stdout(&til(&["wordpiece", "encode", text]));
        let lines: Vec<(&str, u32)> = printed
            .lines()
            .map(|line| {
                let (token, id) = line.split_once('\t').expect("TOKEN<TAB>ID");
                (token, id.parse().expect("a decimal id"))
            })
            .collect();
        let ids: Vec<String> = lines.iter().map(|(_, id)| id.to_string()).collect();
        assert_eq!(ids.join(" "), theirs, "{text:?}");
        for (token, id) in &lines {
            assert_eq!(
                *token, vocab[*id as usize],
                "the token printed is the vocabulary's"
            );
        }
        assert_eq!((lines[0].0, lines.last().unwrap().0), ("[CLS]", "[SEP]"));
    }
    // A text starting with `-` goes after `--`.
    assert_eq!(
        stdout(&til(&["wordpiece", "encode", "--", "-1"])),
        "[CLS]\t101\n-\t1011\n1\t1015\n[SEP]\t102\n"
    );
}

#[test]
fn minilm_embed_prints_the_cores_values_in_full_precision() {
    let text = "The cat sat on the mat.";
    let tokens =
        TokenEmbeddings::from_asset(include_bytes!("../../../assets/minilm/tokens.bin")).unwrap();
    let weights =
        LayerWeights::from_asset(include_bytes!("../../../assets/minilm/layer.bin")).unwrap();
    let encoding = WordPiece::from_vocab_text(VOCAB).unwrap().encode(text);
    let expected = forward(&tokens, &weights, &encoding.ids()).unwrap();
    for (flag, values) in [
        (None, &expected.normalised),
        (Some("--no-layernorm"), &expected.sum),
    ] {
        let mut args = vec!["minilm", "embed", text];
        args.extend(flag);
        let printed = stdout(&til(&args));
        let lines: Vec<&str> = printed.lines().collect();
        assert_eq!(lines.len(), encoding.len());
        for (t, (line, token)) in lines.iter().zip(&encoding.tokens).enumerate() {
            let mut fields = line.split('\t');
            assert_eq!(fields.next(), Some(token.text.as_str()));
            assert_eq!(fields.next(), Some(token.id.to_string().as_str()));
            let printed: Vec<f32> = fields
                .next()
                .expect("a third field")
                .split(',')
                .map(|v| v.parse().expect("a decimal"))
                .collect();
            // Shortest round-trip text: every value reads back to the same bits.
            assert_eq!(
                printed,
                values[t * 384..(t + 1) * 384],
                "{flag:?} position {t}"
            );
            assert_eq!(fields.next(), None);
        }
    }
    assert_ne!(expected.sum, expected.normalised);
}

#[test]
fn over_long_input_trips_the_guard_on_stderr() {
    // 511 one-piece words + [CLS] + [SEP] = 513 tokens; 510 fit exactly.
    let fits = "the ".repeat(510);
    assert_eq!(
        stdout(&til(&["minilm", "embed", &fits])).lines().count(),
        512
    );
    let over = "the ".repeat(511);
    assert_eq!(
        fails(&["minilm", "embed", &over, "--no-layernorm"], 1),
        "til: Sequence length (513) exceeds maximum context window (512)"
    );
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    assert_fails(
        &til(&["wordpiece", "encode"]),
        2,
        "takes one TEXT argument, got 0",
    );
    assert_fails(
        &til(&["wordpiece", "encode", "a", "b"]),
        2,
        "got 2 (quote a text",
    );
    assert_fails(
        &til(&["wordpiece", "encode", "-x"]),
        2,
        "unknown option `-x`",
    );
    assert_fails(
        &til(&["wordpiece", "decode", "x"]),
        2,
        "unknown command `wordpiece decode`",
    );
    assert_fails(
        &til(&["minilm", "embed", "hi", "--layernorm"]),
        2,
        "unknown option `--layernorm`",
    );
    assert_fails(&til(&["minilm", "run"]), 2, "unknown command `minilm run`");
    for args in [
        &["wordpiece"][..],
        &["minilm", "--help"],
        &["minilm", "embed", "-h"],
    ] {
        assert!(stdout(&til(args)).starts_with("usage: til "), "{args:?}");
    }
    assert!(stdout(&til(&["--help"])).contains("minilm embed"));
}
