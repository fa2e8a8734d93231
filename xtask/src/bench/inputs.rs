//! The texts the workloads share: the BPE corpus and the vocabulary it trains to, and the 10 MB
//! GPT-2 text. Both the native rows and the wasm row read them, so the two compare the same work.

use super::Bench;
use crate::Result;
use std::collections::HashSet;
use std::path::PathBuf;

/// The BPE training corpus.
pub const CORPUS: &str = "assets/tinyshakespeare.txt";
/// The vocabulary the BPE rows train to.
pub const VOCAB: usize = 8_000;
/// The GPT-2 text is at least this long.
const MIN_BYTES: usize = 10_000_000;

/// Merges that bring our vocabulary (every character, `</w>`, one symbol per merge) to VOCAB.
pub fn merges_for_vocab(text: &str) -> usize {
    let alphabet: HashSet<char> = text.split_whitespace().flat_map(str::chars).collect();
    VOCAB - (alphabet.len() + 1)
}

/// The larger training corpus: CORPUS ten times over, written once to target/bench.
pub const REPEAT: usize = 10;
/// The corpus larger than the trainers should hold in memory: CORPUS a hundred times (111 MB).
pub const STREAMED: usize = 100;

/// CORPUS's `text` `times` times over, as a file under target/bench (written when missing).
pub fn repeated_corpus(bench: &Bench, text: &str, times: usize) -> Result<PathBuf> {
    let path = bench.scratch(&format!("tinyshakespeare-x{times}.txt"));
    if std::fs::metadata(&path).map(|m| m.len()).ok() != Some((text.len() * times) as u64) {
        std::fs::write(&path, text.repeat(times))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(path)
}

/// `LEFT RIGHT` of each `RANK<TAB>LEFT<TAB>RIGHT<TAB>COUNT` line `til bpe train` prints, in order.
pub fn til_merges(output: &str) -> Vec<String> {
    output
        .lines()
        .filter_map(|line| {
            let mut fields = line.split('\t').skip(1);
            Some(format!("{} {}", fields.next()?, fields.next()?))
        })
        .collect()
}

/// The GPT-2 benchmark text (Tiny Shakespeare five times, then the reference corpus without
/// long-runs.txt, repeated past MIN_BYTES), written once to target/bench/gpt2-text.txt.
pub fn text(bench: &Bench) -> Result<PathBuf> {
    let path = bench.scratch("gpt2-text.txt");
    if path.is_file() {
        return Ok(path);
    }
    let read = |p: PathBuf| {
        std::fs::read_to_string(&p).map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    let corpus_dir = bench.root.join("tests/reference/corpus");
    let mut names: Vec<String> = std::fs::read_dir(&corpus_dir)
        .map_err(|e| format!("cannot list {}: {e}", corpus_dir.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".txt") && name != "long-runs.txt")
        .collect();
    names.sort();
    let corpus = names
        .into_iter()
        .map(|name| read(corpus_dir.join(name)))
        .collect::<Result<Vec<String>>>()?
        .join("\n");
    let mut text = read(bench.root.join(CORPUS))?.repeat(5);
    while text.len() < MIN_BYTES {
        text += &corpus;
    }
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}
