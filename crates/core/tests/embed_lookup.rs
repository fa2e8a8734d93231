//! Seed 000 on real vectors: a word is a row id, `one_hot × W` equals the looked-up row, a batch has
//! the shapes of `TransformerEmbeddings.forward`, and the guards (unknown word, ragged batch, context
//! window) answer with clear messages instead of panicking.

use til_core::embed::lookup::Batch;
use til_core::embed::suggest::completions;
use til_core::embed::{neighbours, EmbedError, EmbeddingTable};

const ASSET: &[u8] = include_bytes!("../../../assets/glove/vectors.bin");

fn table() -> EmbeddingTable {
    EmbeddingTable::from_asset(ASSET).unwrap()
}

#[test]
fn one_hot_times_w_is_the_row() {
    let table = table();
    let king = table.lookup("King", table.rows()).unwrap();
    assert_eq!(table.word(king), "king");
    assert_eq!(table.one_hot_product(king), table.raw_row(king));
}

#[test]
fn a_batch_walks_through_the_seed_shapes() {
    let table = table();
    let batch = Batch::new(
        &table,
        &["the king spoke", "a queen listened"],
        table.rows(),
        8,
    )
    .unwrap();
    assert_eq!((batch.batch(), batch.seq()), (2, 3));
    let shapes: Vec<(&str, Vec<usize>)> = batch
        .shapes()
        .into_iter()
        .map(|s| (s.expression, s.shape))
        .collect();
    assert_eq!(shapes[0], ("input_ids", vec![2, 3]));
    assert_eq!(shapes[1].1, vec![50_000, 50]);
    assert_eq!(shapes[2].1, vec![2, 3, 50]);
    assert_eq!(
        shapes[5].1,
        vec![1, 3, 50],
        "positions have a batch axis of 1"
    );
    assert_eq!(
        shapes[6].1,
        vec![2, 3, 50],
        "and broadcast across the batch"
    );
    assert_eq!(batch.ids[0][0], 0, "\"the\" is row 0");
}

#[test]
fn guards_answer_with_the_seed_messages() {
    let table = table();
    let long = "the the the the the the the the the";
    let overflow = Batch::new(&table, &[long], table.rows(), 8).unwrap_err();
    assert_eq!(overflow, EmbedError::ContextOverflow { len: 9, max: 8 });
    assert_eq!(
        overflow.to_string(),
        "Sequence length (9) exceeds maximum context window (8)"
    );
    let ragged =
        Batch::new(&table, &["the king", "a queen listened"], table.rows(), 8).unwrap_err();
    assert_eq!(
        ragged,
        EmbedError::RaggedBatch {
            first: 2,
            row: 2,
            len: 3
        }
    );
    assert!(Batch::new(&table, &["  "], table.rows(), 8).is_err());
}

#[test]
fn unknown_words_get_suggestions_not_panics() {
    let table = table();
    let error = neighbours::of_word(&table, "kign", 5, table.rows(), |_| true).unwrap_err();
    let EmbedError::UnknownWord { suggestions, .. } = &error else {
        panic!("{error:?}")
    };
    assert_eq!(suggestions[0], "king", "one swap away and frequent");
    assert!(error
        .to_string()
        .starts_with("\"kign\" is not in the vocabulary; did you mean \"king\""));
    // A word beyond the searched rows is unknown there, even though the table has it.
    let rare = table.word(40_000).to_string();
    assert!(matches!(
        table.lookup(&rare, 30_000),
        Err(EmbedError::UnknownWord { .. })
    ));
    assert_eq!(
        table.check_vocab(0),
        Err(EmbedError::BadVocab {
            requested: 0,
            rows: 50_000
        })
    );
    assert_eq!(
        completions(table.words(), "quee", 3),
        ["queen", "queensland", "queens"],
        "frequency order"
    );
}

#[test]
fn neighbours_of_a_word_leave_the_word_out() {
    let table = table();
    let (id, found) = neighbours::of_word(&table, "frog", 5, table.rows(), |_| true).unwrap();
    assert!(found.iter().all(|s| s.id != id));
    assert!(found.windows(2).all(|w| w[0].score >= w[1].score));
    // "words only" drops rows with digits or punctuation.
    let (_, plain) = neighbours::of_word(&table, "1990", 5, table.rows(), |r| {
        til_core::embed::table::is_plain_word(table.word(r))
    })
    .unwrap();
    assert!(plain
        .iter()
        .all(|s| table.word(s.id).chars().all(char::is_alphabetic)));
}
