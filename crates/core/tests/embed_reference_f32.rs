//! The reference numbers exactly, on the float32 twin of the asset that `cargo xtask vectors` writes
//! to target/glove/vectors-f32.bin (not committed: 10 MB). Ignored by default because a fresh clone
//! does not have it; run with `cargo test --release -p til-core --test embed_reference_f32 -- --ignored`
//! after `cargo xtask vectors`.

use std::path::Path;

use til_core::embed::benchmark::{BenchmarkRun, QuestionSet};
use til_core::embed::similarity::evaluate_pairs;
use til_core::embed::{analogy, EmbeddingTable, Method};

const QUESTIONS: &str = include_str!("../../../assets/glove/questions-words.txt");
const WORDSIM: &str = include_str!("../../../assets/glove/wordsim353.tsv");

fn table() -> EmbeddingTable {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/glove/vectors-f32.bin");
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run `cargo xtask vectors` first", path.display()));
    EmbeddingTable::from_asset(&bytes).unwrap()
}

#[test]
#[ignore = "needs target/glove/vectors-f32.bin from `cargo xtask vectors`"]
fn every_reference_number_exactly() {
    let table = table();
    let set = QuestionSet::parse(QUESTIONS, &table, 30_000).unwrap();
    let add = BenchmarkRun::new(&table, &set, Method::Add).finish();
    assert_eq!(
        (add.semantic().correct, add.semantic().asked),
        (3_053, 6_002)
    );
    assert_eq!(
        (add.syntactic().correct, add.syntactic().asked),
        (4_340, 8_875)
    );
    assert_eq!((add.total().correct, add.total().asked), (7_393, 14_877));
    let mul = BenchmarkRun::new(&table, &set, Method::Mul).finish();
    assert_eq!((mul.total().correct, mul.total().asked), (6_434, 14_877));

    let pairs = evaluate_pairs(WORDSIM, &table, 50_000).unwrap();
    // gensim: 0.5246909727294781 (scipy's spearmanr over float32 cosines).
    assert!((pairs.spearman - 0.524691).abs() < 1e-4, "{pairs:?}");

    let solve = |include| {
        analogy::of_words(
            &table,
            ["king", "man", "woman"],
            Method::Add,
            1,
            include,
            50_000,
        )
        .unwrap()
        .1
    };
    // gensim: queen 0.8523604273796082.
    let queen = solve(false)[0];
    assert_eq!(table.word(queen.id), "queen");
    assert!((queen.score - 0.852_360_4).abs() < 1e-5);
    assert_eq!(table.word(solve(true)[0].id), "king");
}
