//! BPE training to a vocabulary of 8,000 on Tiny Shakespeare (and the file ×10): `til bpe train
//! --tie smallest-id` against Hugging Face `tokenizers`' BpeTrainer set up the same way
//! (tools/bench/hf_bpe.py: whitespace split, `</w>` suffix, no special tokens, no minimum count).
//!
//! Ours is the whole `til` process (start, read, split, train, print every merge); HF's is
//! `Tokenizer.train` alone inside Python, on the threads it starts by itself. Peak memory: the `til`
//! process against the Python process right after training. Agreement cannot be identity (HF glues
//! `</w>` to the last character from the start, we merge it like any symbol), so the row gives the
//! share of HF's merges we also make and both tokenizers' length of the corpus in tokens (ours from
//! the same trainer in the kernels binary).

use super::inputs::{
    merges_for_vocab, repeated_corpus, til_merges, CORPUS, REPEAT, STREAMED, VOCAB,
};
use super::wasm::Kernels;
use super::{json_number, mib, Agreement, Bench, Row};
use crate::Result;
use std::collections::HashSet;
use std::ffi::OsStr;
use std::path::Path;

pub fn rows(bench: &Bench, kernels: &Kernels, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    let corpus = bench.root.join(CORPUS);
    let text = read(&corpus)?;
    let repeated = repeated_corpus(bench, &text, REPEAT)?;
    let streamed = repeated_corpus(bench, &text, STREAMED)?;
    let merges = merges_for_vocab(&text);
    let mut rows = Vec::new();
    // The 111 MB corpus is read a megabyte at a time: its goal is time, and in the notes, peak
    // memory no larger than HF's.
    for (label, path, goal) in [
        ("1.1 MB".to_string(), corpus, 1.0),
        (format!("×{REPEAT}, 11 MB"), repeated, 1.0),
        (format!("×{STREAMED}, 111 MB"), streamed, 0.2),
    ] {
        rows.push(row(bench, kernels, &label, &path, merges, goal, notes)?);
    }
    Ok(rows)
}

fn row(
    bench: &Bench,
    kernels: &Kernels,
    label: &str,
    corpus: &Path,
    merges: usize,
    goal: f64,
    notes: &mut Vec<String>,
) -> Result<Row> {
    crate::step(&format!("BPE training on {label}: til vs HF tokenizers"));
    let ours_out = bench.scratch("bpe-til.tsv");
    let hf_merges = bench.scratch("bpe-hf-merges.txt");
    let merges_arg = merges.to_string();
    let vocab = VOCAB.to_string();
    let til_args = [
        OsStr::new("bpe"),
        OsStr::new("train"),
        OsStr::new("--tie"),
        OsStr::new("smallest-id"),
        OsStr::new("--merges"),
        OsStr::new(&merges_arg),
        OsStr::new("--corpus"),
        corpus.as_os_str(),
    ];
    let peer_args = [
        corpus.as_os_str(),
        OsStr::new(&vocab),
        hf_merges.as_os_str(),
    ];
    let measured = bench.til_against(&til_args, &ours_out, "hf_bpe.py", &peer_args)?;
    let hf_line = &measured.peer_line;
    // Agreement: shared merges, and the corpus in tokens.
    let ours_merges: HashSet<String> = til_merges(&read(&ours_out)?).into_iter().collect();
    let theirs_merges: Vec<String> = read(&hf_merges)?.lines().map(str::to_string).collect();
    let shared = theirs_merges
        .iter()
        .filter(|m| ours_merges.contains(m.as_str()))
        .count();
    let our_tokens = kernels
        .native(&[
            Path::new("bpe").into(),
            corpus.into(),
            merges.to_string().into(),
        ])?
        .detail;
    let hf_tokens = json_number(hf_line, "tokens")?;
    let hf_vocab = json_number(hf_line, "vocab")?;
    notes.push(format!(
        "BPE {label}: {merges} merges for {VOCAB} symbols (ours, one thread), HF {} merges for \
         {hf_vocab} (its alphabet holds each final character with `</w>` too; its own thread pool, \
         one thread per core); peak memory: til {} (whole process), HF {} (Python process after \
         training)",
        theirs_merges.len(),
        mib(measured.ours_peak),
        mib(measured.peer_peak),
    ));
    Ok(Row {
        workload: format!("BPE training to vocab {VOCAB}, Tiny Shakespeare {label}"),
        peer: "HF tokenizers BpeTrainer".to_string(),
        ours: measured.ours,
        theirs: measured.theirs,
        goal,
        agreement: Agreement::Close(format!(
            "{:.1} % of HF's merges shared; corpus in tokens: ours {our_tokens:.0}, HF {hf_tokens:.0}",
            100.0 * shared as f64 / theirs_merges.len().max(1) as f64
        )),
    })
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocabulary_counts_characters_of_words_and_the_end_of_word_symbol() {
        // a, b, c, ! and </w>: whitespace is not a symbol.
        assert_eq!(merges_for_vocab("ab  c!\nba\t"), VOCAB - 5);
    }

    #[test]
    fn reads_merges_from_til_output() {
        let merges = til_merges("1\te\t</w>\t9\n2\tl\to\t7\n");
        assert_eq!(merges, ["e </w>", "l o"]);
    }
}
