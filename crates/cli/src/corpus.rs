//! A training corpus read from its file a piece at a time into word counts, so `til bpe train` and
//! `til unigram train` hold the table of distinct words and one piece, never the whole file; each
//! piece is counted on every core (`--threads`), with the same counts in the same order.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use til_core::bpe::{CorpusFormat, CorpusStream, WordCounts};

use crate::Failure;

/// How much of the file one read takes: large enough that reading costs nothing beside counting,
/// and that each thread's part is worth a thread.
const PIECE_BYTES: usize = 8 << 20;

/// The words of the corpus at `path` (stdin for `-`) in `format`, each piece counted on `threads`
/// threads (None: every core); one line naming the file for anything wrong with it.
pub fn read_words(
    path: &Path,
    format: CorpusFormat,
    threads: Option<usize>,
) -> Result<WordCounts, Failure> {
    let failed = |why: String| Failure::Run(format!("{}: {why}", path.display()));
    let mut input: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(
            File::open(path)
                .map_err(|e| Failure::Run(format!("cannot read `{}`: {e}", path.display())))?,
        )
    };
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let mut stream = CorpusStream::new(format).on_threads(threads);
    let mut piece = vec![0u8; PIECE_BYTES];
    loop {
        let read = match input.read(&mut piece) {
            Ok(0) => break,
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(failed(format!("cannot read: {e}"))),
        };
        stream
            .feed(&piece[..read])
            .map_err(|e| failed(e.to_string()))?;
    }
    stream.finish().map_err(|e| failed(e.to_string()))
}
