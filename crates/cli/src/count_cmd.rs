//! `til count --model NAME FILE…`: how many tokens each file is, and all of them together, as
//! `len(encode(text, add_special_tokens=False))`. The model is loaded once and the files are
//! shared out over every core; each thread keeps the pieces it has tokenized from file to file (a
//! tokenizer.json model). The lines come out in the order the files were given. Leaves out:
//! splitting one large file across cores (a cut between two cores could change the tokens at it).
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::ids::{read_input, utf8};
use crate::model::{chosen, Model};
use crate::Failure;

pub const COUNT_USAGE: &str = "\
usage: til count --model NAME FILE...
       til count --tokenizer-json PATH FILE...
       til count --sentencepiece PATH FILE...

Prints each file's tokens (no special tokens added), `TOKENS<TAB>PATH` a line, then
`TOKENS<TAB>total`. The files are counted on every core. The text must be UTF-8.
";

/// Runs `til count ARGS…`.
pub fn run(args: &[OsString], out: &mut impl Write) -> Result<(), Failure> {
    let usage = |message: &str| Failure::Usage(format!("{message}; try `til count --help`"));
    let flag = args.first().and_then(|a| a.to_str());
    let (flag, name, files) = match (flag, args.get(1).and_then(|a| a.to_str())) {
        (None | Some("-h" | "--help"), _) => return Ok(out.write_all(COUNT_USAGE.as_bytes())?),
        (Some(flag @ ("--model" | "--tokenizer-json" | "--sentencepiece")), Some(name)) => {
            (flag, name, &args[2..])
        }
        (Some(flag @ ("--model" | "--tokenizer-json" | "--sentencepiece")), None) => {
            return Err(usage(&format!("{flag} needs a value")))
        }
        _ => return Err(usage("--model NAME comes first")),
    };
    if files.is_empty() {
        return Err(usage("no FILE to count"));
    }
    let model = chosen(flag, name)?;
    let counts = count_all(&model, files)?;
    for (file, n) in files.iter().zip(&counts) {
        writeln!(out, "{n}\t{}", Path::new(file).display())?;
    }
    writeln!(out, "{}\ttotal", counts.iter().sum::<usize>())?;
    Ok(())
}

/// Each file's count, on as many threads as there are cores (and files), all reading one model.
fn count_all(model: &Model, files: &[OsString]) -> Result<Vec<usize>, Failure> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(files.len());
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<usize, Failure>>>> =
        Mutex::new((0..files.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut counter = model.counter();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(file) = files.get(i) else { break };
                    let path = Path::new(file);
                    let counted = read_input(Some(path)).and_then(|bytes| {
                        counter.count(utf8(&bytes, &path.display().to_string())?)
                    });
                    results.lock().unwrap()[i] = Some(counted);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every file was counted"))
        .collect()
}
