//! A training run as bytes (what the page's worker hands the page) and back: the seed's run and a
//! byte-level run on Shakespeare read back equal and scrub the same, and damaged bytes (cut short
//! anywhere, or with a byte changed) are refused or read without a panic. The random corpora of
//! bpe_incremental_vs_naive.rs also round-trip every trace they train.

use til_core::bpe::{
    train, CorpusFormat, CorpusStream, Pattern, TieRule, Trace, TrainOptions, WordCounts,
};

fn seed_run(tie_rule: TieRule) -> Trace {
    let seed = WordCounts::from_word_count_lines("low 5\nlowest 2\nnewer 6\nwider 3\n").unwrap();
    let options = TrainOptions {
        tie_rule,
        ..TrainOptions::default()
    };
    train(&seed, options, 10).unwrap()
}

#[test]
fn the_seeds_run_reads_back_equal_under_every_rule() {
    for rule in TieRule::ALL {
        let trace = seed_run(rule);
        let back = Trace::from_bytes(&trace.to_bytes()).unwrap();
        assert_eq!(back, trace);
        assert_eq!(back.options().tie_rule, rule);
        // Scrubbed to the end and back, the copy shows what the original shows.
        let (mut a, mut b) = (trace.cursor(), back.cursor());
        a.seek(10);
        b.seek(10);
        for w in 0..trace.words().len() {
            assert_eq!(a.segmentation(w), b.segmentation(w));
        }
        assert_eq!(a.top_pairs(5), b.top_pairs(5));
    }
}

#[test]
fn a_byte_level_run_on_shakespeare_reads_back_equal() {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/tinyshakespeare.txt"
    ))
    .unwrap();
    let mut stream = CorpusStream::new(CorpusFormat::ByteLevel(Pattern::Cl100k));
    stream.feed(&text[..200_000]).unwrap();
    let words = stream.finish().unwrap();
    let trace = train(
        &words,
        TrainOptions::byte_level(Pattern::Cl100k, TieRule::SmallestId),
        500,
    )
    .unwrap();
    let bytes = trace.to_bytes();
    assert_eq!(Trace::from_bytes(&bytes).unwrap(), trace);
    // About the size of the run in memory, not a copy per step.
    assert!(
        bytes.len() < trace.heap_bytes(),
        "{} bytes for {} in memory",
        bytes.len(),
        trace.heap_bytes()
    );
}

#[test]
fn damaged_bytes_are_refused_without_a_panic() {
    let bytes = seed_run(TieRule::FirstSeen).to_bytes();
    for end in 0..bytes.len() {
        let error = Trace::from_bytes(&bytes[..end]).unwrap_err();
        assert!(
            error.to_string().contains("damaged training trace"),
            "{error}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Trace::from_bytes(&longer).is_err());
    // Any one byte changed: an error, or a trace that is still within its own tables.
    for at in 0..bytes.len() {
        for change in [1u8, 0x80, 0xff] {
            let mut changed = bytes.clone();
            changed[at] ^= change;
            if let Ok(trace) = Trace::from_bytes(&changed) {
                assert!(trace
                    .steps()
                    .iter()
                    .all(|s| (s.merge.merged as usize) < trace.vocab().len()));
            }
        }
    }
    assert!(Trace::from_bytes(b"TILT").is_err());
}
