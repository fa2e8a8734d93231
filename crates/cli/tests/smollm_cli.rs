//! `til smollm qk` against a numpy float64 reference written the way Hugging Face transformers
//! computes Llama attention (tests/reference/smollm_qk.py: the GGUF's weights dequantized by the
//! `gguf` package, q and k rows put back in the checkpoint's order, `rotate_half`, `repeat_kv`), run
//! in the same test on several texts: every logit within 1e-10 (the largest error is printed).
//! Also: the two layouts give the same logits, rotating halves of the GGUF's rows does not, the
//! text and its ids give the same lines, and bad input exits with one clear line. Leaves out:
//! sequences near the 8,192-token context (the reference would take minutes).

mod support;

use std::process::Command;

use support::reference::zoo_python;
use support::{assert_fails, repo_path, stdout, til, til_with_stdin};

const TOLERANCE: f64 = 1e-10;

/// The lines `h m v0 … vm` as (h, m, values).
fn parse(text: &str) -> Vec<(usize, usize, Vec<f64>)> {
    text.lines()
        .map(|line| {
            let mut words = line.split(' ');
            let mut whole = || {
                words
                    .next()
                    .expect("h and m")
                    .parse()
                    .expect("a whole number")
            };
            let (h, m) = (whole(), whole());
            let values = words.map(|w| w.parse().expect("a number")).collect();
            (h, m, values)
        })
        .collect()
}

/// `text`'s smollm2 ids, space-separated.
fn ids_of(text: &str) -> String {
    let out = til_with_stdin(&["tokenize", "--model", "smollm2"], text.as_bytes());
    stdout(&out).trim().to_string()
}

fn ours(ids: &str, rotation: &str) -> Vec<(usize, usize, Vec<f64>)> {
    parse(&stdout(&til(&[
        "smollm",
        "qk",
        "--ids",
        ids,
        "--rotation",
        rotation,
    ])))
}

fn reference(ids: &str, rope: bool) -> Vec<(usize, usize, Vec<f64>)> {
    let mut command = Command::new(zoo_python());
    command.arg(repo_path("tests/reference/smollm_qk.py"));
    if !rope {
        command.arg("--no-rope");
    }
    let out = command
        .args(ids.split(' '))
        .output()
        .expect("the reference runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    parse(&String::from_utf8(out.stdout).expect("ASCII"))
}

/// The largest |a − b| over two runs' logits, which must have the same heads, positions and counts.
fn largest_difference(a: &[(usize, usize, Vec<f64>)], b: &[(usize, usize, Vec<f64>)]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .flat_map(|((ha, ma, va), (hb, mb, vb))| {
            assert_eq!((ha, ma, va.len()), (hb, mb, vb.len()));
            va.iter().zip(vb).map(|(x, y)| (x - y).abs())
        })
        .fold(0.0, f64::max)
}

#[test]
fn first_layer_logits_equal_transformers_way_in_float64() {
    let texts = [
        "The dog bit the man.",
        "The man bit the dog.",
        "cat cat cat cat cat cat cat cat cat cat cat cat cat cat cat cat",
        "Rotary embeddings turn each pair of q and k by an angle proportional to the position, so \
         their dot product depends on the distance only. 12345 + 678 = 13023",
    ];
    let mut worst = [0.0_f64; 3];
    let mut logits = 0;
    for text in texts {
        let ids = ids_of(text);
        let with_rope = reference(&ids, true);
        let interleaved = ours(&ids, "interleaved");
        worst[0] = worst[0].max(largest_difference(&interleaved, &with_rope));
        worst[1] = worst[1].max(largest_difference(&ours(&ids, "half"), &with_rope));
        worst[2] = worst[2].max(largest_difference(
            &ours(&ids, "off"),
            &reference(&ids, false),
        ));
        let bug = largest_difference(&ours(&ids, "half-on-gguf-rows"), &with_rope);
        assert!(
            bug > 0.5,
            "{text}: halves of the GGUF's rows differ by only {bug}"
        );
        assert_eq!(
            parse(&stdout(&til(&["smollm", "qk", text]))),
            interleaved,
            "{text}: the text and its ids"
        );
        logits += interleaved.iter().map(|(_, _, v)| v.len()).sum::<usize>();
    }
    println!(
        "[measure] {logits} first-layer logits of SmolLM2 against numpy float64 (transformers' way): \
         largest error {:.1e} interleaved on the GGUF's rows, {:.1e} halves on the checkpoint's \
         rows, {:.1e} without rotation (tolerance {TOLERANCE:e})",
        worst[0], worst[1], worst[2]
    );
    assert!(worst.iter().all(|&e| e <= TOLERANCE), "{worst:?}");
}

#[test]
fn bad_input_gets_one_clear_line() {
    assert_fails(
        &til(&["smollm", "qk", "--ids", "1 49152"]),
        1,
        "token id 49152 is not in SmolLM2's vocabulary (0 to 49151)",
    );
    let too_long = vec!["1"; 8193].join(" ");
    assert_fails(
        &til(&["smollm", "qk", "--ids", &too_long]),
        1,
        "Sequence length (8193) exceeds maximum context window (8192)",
    );
    assert_fails(
        &til(&["smollm", "qk", "--ids", "1 x"]),
        1,
        "`x` at position 1 is not a token id",
    );
    assert_fails(&til(&["smollm", "qk", ""]), 1, "no tokens");
    assert_fails(&til(&["smollm", "qk"]), 2, "give --ids");
    assert_fails(&til(&["smollm", "qk", "--ids", "1", "text"]), 2, "not both");
    assert_fails(
        &til(&["smollm", "qk", "--rotation", "sideways", "a"]),
        2,
        "--rotation expects",
    );
    assert_fails(&til(&["smollm", "kq"]), 2, "unknown command `smollm kq`");
}
