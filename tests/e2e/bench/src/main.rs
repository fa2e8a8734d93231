//! The native side of the wasm row: `til-bench-kernels WORKLOAD INPUTS… ARG` runs one workload of
//! lib.rs twice in this process and prints the second run's outcome as one JSON line, with the
//! first run's time as `first_ms` (the first warms caches, as run.mjs's first run warms the
//! browser's compiler).
//!
//!   til-bench-kernels bpe CORPUS MERGES
//!   til-bench-kernels gpt2 MERGES_BIN TEXT
//!   til-bench-kernels analogies VECTORS_BIN QUESTIONS VOCAB

use std::process::ExitCode;
use std::time::Instant;

use til_bench_kernels::{analogies, bpe_train, gpt2_encode, Outcome};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = run(&args).and_then(|first| Ok((first.ms, run(&args)?)));
    match outcome {
        Ok((first_ms, o)) => {
            println!(
                "{{\"first_ms\":{first_ms},\"ms\":{},\"count\":{},\"digest\":\"{:016x}\",\"detail\":{}}}",
                o.ms, o.count, o.digest, o.detail
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("til-bench-kernels: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<Outcome, String> {
    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64() * 1000.0;
    match args {
        [w, corpus, merges] if w == "bpe" => bpe_train(&read_text(corpus)?, number(merges)?, now),
        [w, asset, text] if w == "gpt2" => gpt2_encode(&read(asset)?, &read_text(text)?, now),
        [w, asset, questions, vocab] if w == "analogies" => {
            analogies(&read(asset)?, &read_text(questions)?, number(vocab)?, now)
        }
        _ => Err(
            "usage: til-bench-kernels bpe CORPUS MERGES | gpt2 MERGES_BIN TEXT | \
                  analogies VECTORS_BIN QUESTIONS VOCAB"
                .to_string(),
        ),
    }
}

fn read(path: &str) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))
}

fn read_text(path: &str) -> Result<String, String> {
    String::from_utf8(read(path)?).map_err(|e| format!("{path}: {e}"))
}

fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a number"))
}
