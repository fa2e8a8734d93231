//! MiniLM's embedding layer from the committed assets against an independent float64 numpy
//! computation on the package's float32 model.safetensors, run in the same test by
//! tools/minilm-asset/reference_minilm.py: the half-precision decode on every bit pattern, the raw
//! sum and LayerNorm on real sentences (up to the full 512 positions), and the token neighbours.
//!
//! Tolerances, absolute (the float16 token table is the only approximation): the largest rounding
//! error of any token value is 4.05e-4 (|w| ≤ 1.049, half a float16 step is 2⁻¹² below 1 and 2⁻¹¹
//! above), and over every token at every position (numpy, all 30,522 × 512) LayerNorm's output is off
//! by at most 1.215e-3; so the raw sum must be within 4.1e-4 and the LayerNorm output within 1.25e-3.
//! Neighbour cosines: within 2e-4 (measured 5.7e-5). The measured maxima are printed.

mod reference_python;

use reference_python::{repo_root, run, run_bytes};
use til_core::embed::neighbours::of_word;
use til_core::half::f16_to_f32;
use til_core::minilm::neighbours::token_table;
use til_core::minilm::{forward, LayerWeights, TokenEmbeddings, MAX_POSITIONS};
use til_core::wordpiece::WordPiece;

const SUM_TOLERANCE: f64 = 4.1e-4;
const LAYER_NORM_TOLERANCE: f64 = 1.25e-3;
const COSINE_TOLERANCE: f64 = 2e-4;

fn read(path: &str) -> Vec<u8> {
    std::fs::read(repo_root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn tokenizer() -> WordPiece {
    WordPiece::from_vocab_text(&String::from_utf8(read("assets/minilm/vocab.txt")).unwrap())
        .unwrap()
}

fn f64s(bytes: &[u8]) -> Vec<f64> {
    bytes
        .chunks_exact(8)
        .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
        .collect()
}

#[test]
fn f16_decode_matches_numpy_on_every_bit_pattern() {
    let theirs = run_bytes("reference_minilm.py", &["--f16"], b"");
    assert_eq!(theirs.len(), 65_536 * 4);
    for (bits, theirs) in (0..=u16::MAX).zip(theirs.chunks_exact(4)) {
        let theirs = u32::from_le_bytes(theirs.try_into().unwrap());
        let ours = f16_to_f32(bits).to_bits();
        // NaN payloads may differ in the quiet bit; both must be NaN then.
        let both_nan = f32::from_bits(ours).is_nan() && f32::from_bits(theirs).is_nan();
        assert!(
            ours == theirs || both_nan,
            "{bits:#06x}: ours {ours:#010x}, numpy {theirs:#010x}"
        );
    }
}

/// The id sequences: real sentences, the full context window of Shakespeare, and a stride through
/// the whole vocabulary (special and unused rows included).
fn sequences(wordpiece: &WordPiece) -> Vec<Vec<u32>> {
    let mut sequences: Vec<Vec<u32>> = [
        "",
        "The quick brown fox jumps over the lazy dog.",
        "Transformers read embeddings, not words: tokenization happens first!",
        "naïve café 日本語 🙂 [MASK] https://example.com 3.14159",
    ]
    .iter()
    .map(|text| wordpiece.encode(text).ids())
    .collect();
    let shakespeare = String::from_utf8(read("assets/tinyshakespeare.txt")).unwrap();
    sequences.push(wordpiece.encode(&shakespeare[..20_000]).ids()[..MAX_POSITIONS].to_vec());
    sequences.push((0..MAX_POSITIONS as u32).map(|i| i * 59 % 30_522).collect());
    sequences
}

#[test]
fn embedding_layer_matches_float64_numpy() {
    let tokens = TokenEmbeddings::from_asset(&read("assets/minilm/tokens.bin")).unwrap();
    let weights = LayerWeights::from_asset(&read("assets/minilm/layer.bin")).unwrap();
    let sequences = sequences(&tokenizer());
    let input: String = sequences
        .iter()
        .map(|ids| ids.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let theirs = f64s(&run_bytes(
        "reference_minilm.py",
        &["--embed"],
        input.as_bytes(),
    ));
    let (mut worst_sum, mut worst_norm) = (0.0f64, 0.0f64);
    let mut at = 0;
    for ids in &sequences {
        let ours = forward(&tokens, &weights, ids).unwrap();
        let n = ids.len() * 384;
        let (sum, norm) = (&theirs[at..at + n], &theirs[at + n..at + 2 * n]);
        at += 2 * n;
        for (o, t) in ours.sum.iter().zip(sum) {
            worst_sum = worst_sum.max((f64::from(*o) - t).abs());
        }
        for (o, t) in ours.normalised.iter().zip(norm) {
            worst_norm = worst_norm.max((f64::from(*o) - t).abs());
        }
    }
    assert_eq!(
        at,
        theirs.len(),
        "the reference wrote one sum and one LayerNorm per sequence"
    );
    eprintln!("max |error|: raw sum {worst_sum:.3e}, LayerNorm {worst_norm:.3e}");
    assert!(worst_sum <= SUM_TOLERANCE, "raw sum off by {worst_sum:e}");
    assert!(
        worst_norm <= LAYER_NORM_TOLERANCE,
        "LayerNorm off by {worst_norm:e}"
    );
}

#[test]
fn token_neighbours_match_numpy() {
    let tokens = TokenEmbeddings::from_asset(&read("assets/minilm/tokens.bin")).unwrap();
    let wordpiece = tokenizer();
    let table = token_table(&tokens, wordpiece.vocab()).unwrap();
    let queries = ["king", "paris", "##ing", "happy", "[CLS]"];
    let theirs = run(
        "reference_minilm.py",
        &["--neighbours", "10"],
        queries.join("\n").as_bytes(),
    );
    let mut worst = 0.0f64;
    for (query, theirs) in queries.iter().zip(theirs.lines()) {
        let (_, ours) = of_word(&table, query, 10, table.rows(), |_| true).unwrap();
        let theirs: Vec<(u32, f64)> = theirs
            .split(' ')
            .map(|pair| {
                let (id, cosine) = pair.split_once(':').unwrap();
                (id.parse().unwrap(), cosine.parse().unwrap())
            })
            .collect();
        for (o, (id, cosine)) in ours.iter().zip(&theirs) {
            assert_eq!(o.id, *id, "{query}: neighbours {ours:?} vs {theirs:?}");
            worst = worst.max((f64::from(o.score) - cosine).abs());
        }
    }
    eprintln!("max |cosine error| {worst:.3e}");
    assert!(worst <= COSINE_TOLERANCE, "cosines off by {worst:e}");
}
