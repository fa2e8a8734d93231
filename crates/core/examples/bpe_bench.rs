//! A release-mode check you run by hand, not a test: how long training and scrubbing take on a real
//! corpus, and how much memory the trace holds.
//!
//! `cargo run --release -p til-core --example bpe_bench -- /work/shared/data/tinyshakespeare.txt 5000`
//!
//! Left out: statistics over repeated runs; one run is enough to see the order of magnitude.

use std::time::Instant;

use til_core::bpe::{train, TieRule, TrainOptions, WordCounts};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: bpe_bench CORPUS [MERGES]")?;
    let merges: usize = args.next().map_or(Ok(5000), |n| n.parse())?;
    let text = std::fs::read_to_string(&path)?;
    for tie_rule in TieRule::ALL {
        let start = Instant::now();
        let words = WordCounts::from_text(&text);
        let trace = train(
            &words,
            TrainOptions {
                tie_rule,
                ..TrainOptions::default()
            },
            merges,
        )?;
        let trained = start.elapsed();
        let mut cursor = trace.cursor();
        let start = Instant::now();
        cursor.seek(merges);
        let forward = start.elapsed();
        let start = Instant::now();
        cursor.seek(0);
        let back = start.elapsed();
        let tied: usize = trace.steps().iter().map(|s| s.tied.len()).sum();
        let changes: usize = trace.steps().iter().map(|s| s.changes.len()).sum();
        println!(
            "{tie_rule:>13}: {} words, {} merges in {trained:.0?}; seek 0->end {forward:.1?}, end->0 {back:.1?}; \
             trace {} bytes = {:.1} MiB ({tied} tied entries, {changes} count changes)",
            words.len(),
            trace.steps().len(),
            trace.heap_bytes(),
            trace.heap_bytes() as f64 / (1 << 20) as f64,
        );
    }
    Ok(())
}
