//! GPT-2 tokenizer: the committed asset loads, damaged assets fail with the right
//! error, the byte table and id layout are GPT-2's, and per-token detail, merge
//! traces and decode behave. Leaves out: random inputs (gpt2_props.rs) and the
//! js-tiktoken comparison (crates/cli/tests/gpt2_reference.rs).

use til_core::asset::{checksum, AssetError, Fault};
use til_core::gpt2::byte_table::{byte_char, byte_id, char_byte, id_byte, printable};
use til_core::gpt2::ranks::FORMAT;
use til_core::gpt2::{
    Gpt2Error, Gpt2Tokenizer, END_OF_TEXT, END_OF_TEXT_STR, MERGE_COUNT, VOCAB_SIZE,
};

const ASSET: &[u8] = include_bytes!("../../../assets/gpt2/merges.bin");

fn tokenizer() -> Gpt2Tokenizer {
    Gpt2Tokenizer::from_asset(ASSET).expect("committed asset is valid")
}

/// The asset with its merges replaced by `edit`, checksum recomputed so only the edit is wrong.
fn edited(edit: impl FnOnce(&mut [u8])) -> Vec<u8> {
    let mut asset = ASSET.to_vec();
    edit(&mut asset[FORMAT.header_len()..]);
    let sum = checksum(&asset[FORMAT.header_len()..]);
    asset[12..16].copy_from_slice(&sum.to_le_bytes());
    asset
}

fn load_err(asset: &[u8]) -> Gpt2Error {
    Gpt2Tokenizer::from_asset(asset).expect_err("damaged asset must be rejected")
}

#[test]
fn asset_is_gpt2_sized() {
    assert_eq!(ASSET.len(), FORMAT.header_len() + MERGE_COUNT * 4);
    assert_eq!(END_OF_TEXT, 50256);
    assert_eq!(VOCAB_SIZE, 50257);
    let tok = tokenizer();
    assert_eq!(
        tok.token_bytes(END_OF_TEXT),
        Some(END_OF_TEXT_STR.as_bytes())
    );
    assert_eq!(tok.token_bytes(END_OF_TEXT + 1), None);
    // The first merges of GPT-2's vocab.bpe: "Ġ t", "Ġ a", "h e".
    assert_eq!(tok.token_printable(256).as_deref(), Some("Ġt"));
    assert_eq!(tok.token_printable(257).as_deref(), Some("Ġa"));
    assert_eq!(tok.token_printable(258).as_deref(), Some("he"));
}

#[test]
fn known_ids() {
    let tok = tokenizer();
    assert_eq!(tok.encode("Hello world"), [15496, 995]);
    assert_eq!(tok.encode(" the"), [262]);
    assert_eq!(tok.encode(""), Vec::<u32>::new());
    // The special token's text is ordinary text on encode; its id still decodes.
    let ids = tok.encode(END_OF_TEXT_STR);
    assert!(!ids.contains(&END_OF_TEXT));
    assert_eq!(tok.decode(&ids).as_deref(), Ok(END_OF_TEXT_STR));
    assert_eq!(tok.decode(&[END_OF_TEXT]).as_deref(), Ok(END_OF_TEXT_STR));
}

#[test]
fn damaged_assets_are_rejected() {
    assert_eq!(
        load_err(&[]),
        Gpt2Error::Asset(FORMAT.error(Fault::TooShort {
            len: 0,
            needed: FORMAT.header_len()
        }))
    );
    assert_eq!(
        load_err(&ASSET[..10]),
        Gpt2Error::Asset(FORMAT.error(Fault::TooShort {
            len: 10,
            needed: FORMAT.header_len()
        }))
    );

    let mut bad_magic = ASSET.to_vec();
    bad_magic[0] = b'X';
    assert_eq!(
        load_err(&bad_magic),
        Gpt2Error::Asset(FORMAT.error(Fault::BadMagic { found: *b"XG2M" }))
    );

    let mut version = ASSET.to_vec();
    version[4] = 2;
    assert_eq!(
        load_err(&version),
        Gpt2Error::Asset(FORMAT.error(Fault::UnsupportedVersion { found: 2 }))
    );

    let mut count = ASSET.to_vec();
    count[8..12].copy_from_slice(&49_999u32.to_le_bytes());
    assert_eq!(
        load_err(&count),
        Gpt2Error::WrongMergeCount { found: 49_999 }
    );

    let expected = ASSET.len() as u64;
    let truncated = &ASSET[..ASSET.len() - 3];
    assert_eq!(
        load_err(truncated),
        Gpt2Error::Asset(FORMAT.error(Fault::WrongLength {
            expected,
            found: expected - 3
        }))
    );
    let trailing = [ASSET, b"x"].concat();
    assert_eq!(
        load_err(&trailing),
        Gpt2Error::Asset(FORMAT.error(Fault::WrongLength {
            expected,
            found: expected + 1
        }))
    );

    let mut flipped = ASSET.to_vec();
    flipped[FORMAT.header_len() + 1234] ^= 0x40;
    assert!(matches!(
        load_err(&flipped),
        Gpt2Error::Asset(AssetError {
            fault: Fault::ChecksumMismatch { .. },
            ..
        })
    ));

    // Merge 0 may only use byte ids (below 256).
    let out_of_range = edited(|p| p[0..2].copy_from_slice(&256u16.to_le_bytes()));
    assert_eq!(
        load_err(&out_of_range),
        Gpt2Error::MergeIdOutOfRange { rank: 0, id: 256 }
    );
    let past_vocab = edited(|p| p[4 * 9 + 2..4 * 9 + 4].copy_from_slice(&u16::MAX.to_le_bytes()));
    assert_eq!(
        load_err(&past_vocab),
        Gpt2Error::MergeIdOutOfRange { rank: 9, id: 65535 }
    );

    // Merge 1 repeating merge 0 makes the same bytes twice.
    let duplicate = edited(|p| {
        let first: [u8; 4] = [p[0], p[1], p[2], p[3]];
        p[4..8].copy_from_slice(&first);
    });
    assert_eq!(load_err(&duplicate), Gpt2Error::DuplicateToken { rank: 1 });
}

#[test]
fn errors_read_clearly() {
    let checksum = Gpt2Error::Asset(FORMAT.error(Fault::ChecksumMismatch {
        stored: 1,
        computed: 2,
    }))
    .to_string();
    assert!(checksum.contains("damaged"), "{checksum}");
    let magic = Gpt2Error::Asset(FORMAT.error(Fault::BadMagic {
        found: *b"PK\x03\x04",
    }))
    .to_string();
    assert!(magic.contains("TG2M"), "{magic}");
    let id = Gpt2Error::UnknownTokenId {
        id: 60000,
        position: 3,
    }
    .to_string();
    assert!(
        id.contains("60000") && id.contains("position 3") && id.contains("50256"),
        "{id}"
    );
}

#[test]
fn byte_table_is_gpt2s() {
    assert_eq!(byte_char(b' '), 'Ġ');
    assert_eq!(byte_char(b'\n'), 'Ċ');
    assert_eq!(byte_char(b'\t'), 'ĉ');
    assert_eq!(byte_char(b'A'), 'A');
    assert_eq!(byte_char(0xad), 'Ń');
    assert_eq!(byte_id(b'!'), 0);
    assert_eq!(byte_id(0xff), 187);
    assert_eq!(byte_id(0x00), 188);
    assert_eq!(byte_id(0xad), 255);
    let chars: std::collections::HashSet<char> = (0..=255u8).map(byte_char).collect();
    assert_eq!(chars.len(), 256);
    for b in 0..=255u8 {
        assert_eq!(char_byte(byte_char(b)), Some(b));
        assert_eq!(id_byte(byte_id(b) as u8), b);
    }
    assert_eq!(char_byte(' '), None);
    assert_eq!(char_byte('\u{0144}'), None);
    assert_eq!(printable(" café\n".as_bytes()), "ĠcafÃ©Ċ");
}

#[test]
fn every_token_traces_back_to_its_merge() {
    let tok = tokenizer();
    for id in 0..256 {
        assert_eq!(tok.merge_trace(id), Some(Vec::new()));
    }
    assert_eq!(tok.merge_trace(END_OF_TEXT), Some(Vec::new()));
    assert_eq!(tok.merge_trace(END_OF_TEXT + 1), None);
    for rank in 0..MERGE_COUNT as u32 {
        let id = 256 + rank;
        let steps = tok.merge_trace(id).expect("known id");
        let last = steps.last().expect("merged tokens need a merge");
        // BPE on the token's own bytes ends in the token, by its listed merge.
        assert_eq!(
            (last.merged, last.rank, last.offset),
            (id, rank, 0),
            "token {id}"
        );
        assert_eq!(tok.merge(rank), Some((last.left, last.right)), "token {id}");
        for step in &steps {
            assert_eq!(step.merged, 256 + step.rank);
            let joined =
                [tok.token_bytes(step.left), tok.token_bytes(step.right)].map(Option::unwrap);
            assert_eq!(
                Some(joined.concat().as_slice()),
                tok.token_bytes(step.merged)
            );
        }
        let ranks: Vec<u32> = steps.iter().map(|s| s.rank).collect();
        assert!(
            ranks.windows(2).all(|w| w[0] <= w[1]),
            "token {id}: merges out of rank order"
        );
    }
}

#[test]
fn trace_of_a_word() {
    let tok = tokenizer();
    let steps = tok.trace_merges(b" lower");
    let made: Vec<String> = steps
        .iter()
        .map(|s| tok.token_printable(s.merged).unwrap())
        .collect();
    assert_eq!(made.last().map(String::as_str), Some("Ġlower"));
    assert_eq!(tok.encode(" lower"), [2793]);
}

#[test]
fn detail_covers_the_text() {
    let tok = tokenizer();
    let text = "Don't panic: naïve café 🤷🏽‍♀️ costs €12.50\n\n  ok";
    let detail = tok.encode_detailed(text);
    let ids: Vec<u32> = detail.iter().map(|t| t.id).collect();
    assert_eq!(ids, tok.encode(text));
    let mut at = 0;
    for t in &detail {
        assert_eq!(t.start, at);
        assert_eq!(&text.as_bytes()[t.start..t.end], t.bytes.as_slice());
        assert_eq!(t.printable, printable(&t.bytes));
        at = t.end;
    }
    assert_eq!(at, text.len());
    assert_eq!(detail[0].printable, "Don");
    assert!(detail.iter().any(|t| t.printable == "Ġpanic"));
    let pieces: Vec<usize> = detail.iter().map(|t| t.piece).collect();
    assert!(pieces.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
}

#[test]
fn decode_reports_bad_ids_and_replaces_broken_utf8() {
    let tok = tokenizer();
    assert_eq!(
        tok.decode(&[15496, 50257, 995]),
        Err(Gpt2Error::UnknownTokenId {
            id: 50257,
            position: 1
        })
    );
    // "龘" (E9 BE 98) is two tokens, the first ending mid-character.
    let ids = tok.encode("龘");
    assert_eq!(ids, [11737, 246]);
    assert_eq!(tok.decode(&ids[..1]).as_deref(), Ok("\u{fffd}"));
    assert_eq!(tok.decode_bytes(&ids[..1]), Ok(vec![0xe9, 0xbe]));
}

#[test]
fn long_runs_of_one_character() {
    let tok = tokenizer();
    for text in ["a".repeat(10_000), "🙂".repeat(3_000), "1".repeat(10_000)] {
        let ids = tok.encode(&text);
        assert_eq!(tok.decode(&ids).as_deref(), Ok(text.as_str()));
        assert!(ids.len() <= text.len() / 2);
    }
    // GPT-2 has no multi-space tokens: each space is "Ġ" (220).
    assert_eq!(tok.encode(&" ".repeat(5_000)), vec![220; 5_000]);
}
