//! The committed MiniLM assets: they load with the model's shapes, the vocabulary is BERT's, the
//! learned position table has the statistics the issue quotes (to the printed digits), the seed's
//! guard trips at 513 tokens with its message, and damage is refused rather than decoded.

use til_core::asset::{AssetError, Fault};
use til_core::minilm::asset::{parse, LAYER_TENSORS, TOKEN_TENSORS};
use til_core::minilm::neighbours::token_table;
use til_core::minilm::offsets::offset_cosines;
use til_core::minilm::{
    check_length, forward, LayerWeights, MiniLmError, TokenEmbeddings, MAX_POSITIONS,
};
use til_core::wordpiece::{Vocab, WordPiece};

const TOKENS: &[u8] = include_bytes!("../../../assets/minilm/tokens.bin");
const LAYER: &[u8] = include_bytes!("../../../assets/minilm/layer.bin");
const VOCAB: &str = include_str!("../../../assets/minilm/vocab.txt");

fn loaded() -> (TokenEmbeddings, LayerWeights) {
    (
        TokenEmbeddings::from_asset(TOKENS).unwrap(),
        LayerWeights::from_asset(LAYER).unwrap(),
    )
}

#[test]
fn the_assets_have_the_models_shapes_and_vocabulary() {
    let (tokens, weights) = loaded();
    assert_eq!((tokens.rows(), tokens.dims()), (30_522, 384));
    assert_eq!(weights.max_positions(), 512);
    assert!(weights.position_row(511).is_some() && weights.position_row(512).is_none());
    assert!(weights.token_type_row(1).is_some() && weights.token_type_row(2).is_none());
    assert_eq!((weights.gamma().len(), weights.beta().len()), (384, 384));
    let vocab = Vocab::parse(VOCAB).unwrap();
    assert_eq!(vocab.len(), 30_522);
    let ids = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "##s"].map(|t| vocab.id(t));
    assert_eq!(ids, [0, 100, 101, 102, 103, 1996, 2015].map(Some));
    assert_eq!(tokens.row(30_522), None);
}

#[test]
fn learned_positions_have_the_issues_offset_statistics() {
    // Float32 weights as trained, so the numbers are the issue's to the digits it prints.
    let table = LayerWeights::from_asset(LAYER).unwrap().position_table();
    let shown = |k: usize, mean_digits: usize| {
        let found = offset_cosines(&table, k);
        assert_eq!(found.cosines.len(), 512 - k);
        format!("{:.*} ± {:.2}", mean_digits, found.mean, found.std)
    };
    assert_eq!(shown(1, 3), "0.851 ± 0.04");
    assert_eq!(shown(10, 2), "0.32 ± 0.17");
    assert_eq!(shown(200, 2), "0.00 ± 0.19");
}

#[test]
fn layer_norm_output_has_mean_zero_and_unit_variance_before_gamma_and_beta() {
    let (tokens, weights) = loaded();
    let wordpiece = WordPiece::from_vocab_text(VOCAB).unwrap();
    let embedded = forward(&tokens, &weights, &wordpiece.encode("Hello, world!").ids()).unwrap();
    assert_eq!(embedded.seq(), 6);
    assert_eq!(embedded.sum.len(), 6 * 384);
    for t in 0..embedded.seq() {
        let undone: Vec<f64> = embedded
            .normalised_row(t)
            .iter()
            .zip(weights.gamma().iter().zip(weights.beta()))
            .map(|(y, (g, b))| (f64::from(*y) - f64::from(*b)) / f64::from(*g))
            .collect();
        let mean = undone.iter().sum::<f64>() / 384.0;
        let var = undone.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / 384.0;
        assert!(
            mean.abs() < 1e-5 && (var - 1.0).abs() < 1e-4,
            "position {t}: {mean} {var}"
        );
        // The statistics are the raw sum's.
        let sum = embedded.sum_row(t);
        let sum_mean = sum.iter().map(|&v| f64::from(v)).sum::<f64>() / 384.0;
        assert!((sum_mean - embedded.stats[t].mean).abs() < 1e-6);
    }
}

#[test]
fn the_guard_trips_past_512_tokens_with_the_seeds_message() {
    let (tokens, weights) = loaded();
    let wordpiece = WordPiece::from_vocab_text(VOCAB).unwrap();
    // 510 words of one piece each, plus [CLS] and [SEP]: exactly the window.
    let fits = wordpiece.encode(&"the ".repeat(MAX_POSITIONS - 2)).ids();
    assert_eq!(forward(&tokens, &weights, &fits).unwrap().seq(), 512);
    let over = wordpiece.encode(&"the ".repeat(MAX_POSITIONS - 1)).ids();
    let error = forward(&tokens, &weights, &over).unwrap_err();
    assert_eq!(error, MiniLmError::ContextOverflow { len: 513, max: 512 });
    assert_eq!(check_length(513), Err(error.clone()));
    assert_eq!(check_length(512), Ok(()));
    assert_eq!(
        error.to_string(),
        "Sequence length (513) exceeds maximum context window (512)"
    );
    assert_eq!(
        forward(&tokens, &weights, &[101, 30_522])
            .unwrap_err()
            .to_string(),
        "token id 30522 at position 1 has no row: ids go from 0 to 30521"
    );
    assert_eq!(forward(&tokens, &weights, &[]).unwrap().seq(), 0);
}

#[test]
fn damage_and_mix_ups_are_refused() {
    let mut bad = TOKENS.to_vec();
    bad[TOKENS.len() / 2] ^= 1;
    assert!(matches!(
        TokenEmbeddings::from_asset(&bad),
        Err(MiniLmError::Asset(AssetError {
            fault: Fault::ChecksumMismatch { .. },
            ..
        }))
    ));
    assert!(matches!(
        LayerWeights::from_asset(&LAYER[..LAYER.len() - 4]),
        Err(MiniLmError::Asset(AssetError {
            fault: Fault::WrongLength { .. },
            ..
        }))
    ));
    // Each file holds what its reader expects, and not the other's.
    assert_eq!(parse(TOKENS, &TOKEN_TENSORS).unwrap().len(), 1);
    assert_eq!(parse(LAYER, &LAYER_TENSORS).unwrap().len(), 4);
    let error = TokenEmbeddings::from_asset(LAYER).unwrap_err();
    assert!(
        error.to_string().contains("is it the other file?"),
        "{error}"
    );
    // A vocabulary that is not the table's.
    let tokens = TokenEmbeddings::from_asset(TOKENS).unwrap();
    let small = Vocab::parse("[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\n").unwrap();
    assert_eq!(
        token_table(&tokens, &small).unwrap_err(),
        MiniLmError::VocabMismatch {
            vocab: 5,
            rows: 30_522
        }
    );
}
