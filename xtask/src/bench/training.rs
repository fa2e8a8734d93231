//! Training today's tokenizers: byte-level BPE on Tiny Shakespeare ×10 (11 MB) to a vocabulary of
//! 8,000 against Hugging Face's BpeTrainer behind ByteLevel (tools/bench/hf_byte_bpe.py, its own
//! thread pool), and Unigram on Tiny Shakespeare to 8,000 pieces against sentencepiece 0.2.1 on one
//! thread (tools/bench/spm_unigram.py).
//!
//! Ours is the whole `til` process, one thread; each peer's time is its training call alone. The
//! byte-level merges must be identical. Unigram models cannot be (sentencepiece stores f32 scores
//! and seeds from a suffix array), so that row gives both models' length of the corpus in tokens,
//! counted by `til tokenize --sentencepiece` (which equals sentencepiece id for id).

use super::inputs::{repeated_corpus, til_merges, CORPUS, REPEAT, VOCAB};
use super::{capture, mib, Agreement, Bench, Row};
use crate::Result;
use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

pub fn rows(bench: &Bench, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    Ok(vec![byte_level(bench, notes)?, unigram(bench, notes)?])
}

fn byte_level(bench: &Bench, notes: &mut Vec<String>) -> Result<Row> {
    crate::step("byte-level BPE training on 11 MB: til vs HF tokenizers");
    let corpus = repeated_corpus(bench, &read(&bench.root.join(CORPUS))?, REPEAT)?;
    let merges = (VOCAB - 256).to_string();
    let (ours_out, hf_out) = (
        bench.scratch("byte-bpe-til.tsv"),
        bench.scratch("byte-bpe-hf.txt"),
    );
    let vocab = VOCAB.to_string();
    let til_args = [
        OsStr::new("bpe"),
        OsStr::new("train"),
        OsStr::new("--byte-level"),
        OsStr::new("--tie"),
        OsStr::new("smallest-id"),
        OsStr::new("--merges"),
        OsStr::new(&merges),
        OsStr::new("--corpus"),
        corpus.as_os_str(),
    ];
    let peer_args = [corpus.as_os_str(), OsStr::new(&vocab), hf_out.as_os_str()];
    let measured = bench.til_against(&til_args, &ours_out, "hf_byte_bpe.py", &peer_args)?;
    let ours_merges = til_merges(&read(&ours_out)?);
    let hf_merges: Vec<String> = read(&hf_out)?.lines().map(str::to_string).collect();
    let agreement = if ours_merges == hf_merges {
        Agreement::Same(format!("{} merges", hf_merges.len()))
    } else {
        Agreement::Differs(format!("merges differ from {}", hf_out.display()))
    };
    notes.push(format!(
        "Byte-level BPE: ours on one thread, HF on its own pool (one thread per core); peak \
         memory: til {} (whole process), HF {} (Python process after training)",
        mib(measured.ours_peak),
        mib(measured.peer_peak)
    ));
    Ok(Row {
        workload: format!(
            "byte-level BPE training to vocab {VOCAB}, Tiny Shakespeare ×{REPEAT}, 11 MB"
        ),
        peer: "HF tokenizers BpeTrainer (ByteLevel)".to_string(),
        ours: measured.ours,
        theirs: measured.theirs,
        goal: 0.5,
        agreement,
    })
}

fn unigram(bench: &Bench, notes: &mut Vec<String>) -> Result<Row> {
    crate::step("Unigram training on 1.1 MB: til vs sentencepiece");
    let corpus = bench.root.join(CORPUS);
    let (ours_dir, spm_prefix) = (bench.scratch("unigram-til"), bench.scratch("unigram-spm"));
    let summary = bench.scratch("unigram-til.txt");
    let vocab = VOCAB.to_string();
    let til_args = [
        OsStr::new("unigram"),
        OsStr::new("train"),
        OsStr::new("--corpus"),
        corpus.as_os_str(),
        OsStr::new("--vocab"),
        OsStr::new(&vocab),
        OsStr::new("--export"),
        ours_dir.as_os_str(),
    ];
    let peer_args = [
        corpus.as_os_str(),
        OsStr::new(&vocab),
        spm_prefix.as_os_str(),
    ];
    let measured = bench.til_against(&til_args, &summary, "spm_unigram.py", &peer_args)?;
    let tokens = |model: &Path| -> Result<usize> {
        let ids = capture(
            Command::new(&bench.til)
                .args([OsStr::new("tokenize"), OsStr::new("--sentencepiece")])
                .arg(model)
                .arg(&corpus),
        )?;
        Ok(ids.split_whitespace().count())
    };
    let ours_tokens = tokens(&ours_dir.join("unigram.model"))?;
    let spm_tokens = tokens(&spm_prefix.with_extension("model"))?;
    notes.push(format!(
        "Unigram: both on one thread; peak memory: til {} (whole process), sentencepiece {} \
         (Python process after training)",
        mib(measured.ours_peak),
        mib(measured.peer_peak)
    ));
    Ok(Row {
        workload: format!("Unigram training to vocab {VOCAB}, Tiny Shakespeare 1.1 MB"),
        peer: "sentencepiece 0.2.1 (one thread)".to_string(),
        ours: measured.ours,
        theirs: measured.theirs,
        goal: 1.0,
        agreement: Agreement::Close(format!(
            "corpus in tokens: ours {ours_tokens}, sentencepiece {spm_tokens} ({:.4}×)",
            ours_tokens as f64 / spm_tokens as f64
        )),
    })
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}
