//! The vectors asset: the committed file loads with the shape the lab promises, the format round-trips,
//! and every kind of damage is refused with its own clear message rather than a panic.

use til_core::asset::{AssetError, Fault};
use til_core::embed::table::{encode, Encoding, FORMAT};
use til_core::embed::{EmbedError, EmbeddingTable};

const ASSET: &[u8] = include_bytes!("../../../assets/glove/vectors.bin");

fn small() -> (Vec<String>, Vec<f32>) {
    let words = ["the", "king", "queen"].map(String::from).to_vec();
    let values = vec![0.5, -1.0, 0.25, 3.0, 0.0, -0.1, 0.0, 0.0, 0.0];
    (words, values)
}

#[test]
fn the_committed_asset_is_glove_in_frequency_order() {
    let table = EmbeddingTable::from_asset(ASSET).unwrap();
    assert_eq!(
        (table.rows(), table.dims(), table.encoding()),
        (50_000, 50, Encoding::Int8RowScale)
    );
    assert_eq!(&table.words()[..6], ["the", ",", ".", "of", "to", "and"]);
    // glove.6B.50d.txt's first line starts: the 0.418 0.24968 -0.41242 0.1217 0.34527
    let scale = 4.5 / 127.0; // no GloVe 50d value exceeds 4.5 in magnitude
    for (got, want) in table
        .raw_row(0)
        .iter()
        .zip([0.418, 0.24968, -0.41242, 0.1217, 0.34527])
    {
        assert!((got - want).abs() <= scale / 2.0, "{got} vs {want}");
    }
}

#[test]
fn f32_round_trips_exactly_and_int8_within_half_a_step() {
    let (words, values) = small();
    let exact =
        EmbeddingTable::from_asset(&encode(&words, &values, 3, Encoding::F32).unwrap()).unwrap();
    assert_eq!(exact.raw_row(1), &values[3..6]);
    let int8 =
        EmbeddingTable::from_asset(&encode(&words, &values, 3, Encoding::Int8RowScale).unwrap())
            .unwrap();
    for row in 0..3u32 {
        let original = &values[row as usize * 3..][..3];
        let step = original.iter().fold(0.0f32, |m, v| m.max(v.abs())) / 127.0;
        for (got, want) in int8.raw_row(row).iter().zip(original) {
            assert!(
                (got - want).abs() <= step / 2.0 + 1e-7,
                "row {row}: {got} vs {want}"
            );
        }
    }
    // The all-zero row stays zero, with a zero cosine to everything rather than NaN.
    assert_eq!(int8.unit_rows().row(2), [0.0, 0.0, 0.0]);
}

#[test]
fn damage_is_reported_by_kind() {
    let (words, values) = small();
    let good = encode(&words, &values, 3, Encoding::Int8RowScale).unwrap();
    let load = |bytes: &[u8]| EmbeddingTable::from_asset(bytes).unwrap_err();

    assert_eq!(
        load(&good[..10]),
        EmbedError::Asset(FORMAT.error(Fault::TooShort {
            len: 10,
            needed: FORMAT.header_len()
        }))
    );
    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(
        load(&bad),
        EmbedError::Asset(FORMAT.error(Fault::BadMagic { found: *b"XGEV" }))
    );
    let mut bad = good.clone();
    bad[4] = 9;
    assert_eq!(
        load(&bad),
        EmbedError::Asset(FORMAT.error(Fault::UnsupportedVersion { found: 9 }))
    );
    let mut bad = good.clone();
    bad[16] = 7;
    assert_eq!(load(&bad), EmbedError::UnsupportedEncoding { found: 7 });
    let truncated = load(&good[..good.len() - 1]);
    assert_eq!(
        truncated,
        EmbedError::Asset(FORMAT.error(Fault::WrongLength {
            expected: good.len() as u64,
            found: good.len() as u64 - 1
        }))
    );
    assert!(
        truncated.to_string().contains("truncated or damaged"),
        "{truncated}"
    );
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    let damaged = load(&bad);
    assert!(
        matches!(
            damaged,
            EmbedError::Asset(AssetError {
                fault: Fault::ChecksumMismatch { .. },
                ..
            })
        ),
        "{damaged:?}"
    );
    assert!(
        damaged.to_string().contains("cargo xtask vectors"),
        "{damaged}"
    );
    // A header that claims 4 billion rows must not overflow or allocate.
    let mut bad = good.clone();
    bad[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        load(&bad),
        EmbedError::Asset(AssetError {
            fault: Fault::WrongLength { .. },
            ..
        })
    ));
    assert!(FORMAT.header_len() < good.len());
}

#[test]
fn the_encoder_refuses_what_the_loader_could_not_index() {
    let values = vec![0.0; 6];
    let encode_words = |list: &[&str]| {
        encode(
            &list.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
            &values,
            3,
            Encoding::F32,
        )
        .unwrap_err()
        .to_string()
    };
    assert!(encode_words(&["a", "a"]).contains("appears twice"));
    assert!(encode_words(&["a", ""]).contains("empty word"));
    assert!(encode_words(&["a", "B"]).contains("not lower-case"));
    assert!(encode_words(&["a"]).contains("1 words for 2 rows"));
    assert!(encode_words(&["a", "b\nc"]).contains("3 words for 2 rows"));
}
