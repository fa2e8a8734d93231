//! Counting a long text slice by slice (`compare::slices`, as the page counts a 1 MB paste) gives
//! every page-side tokenizer exactly the tokens of the whole text (less the `[CLS]` and `[SEP]`
//! WordPiece adds to each slice): GPT-2 and MiniLM's WordPiece,
//! over the reference corpus and all of Tiny Shakespeare, with slices of every size from tiny to
//! large. Leaves out: the walkthrough's BPE, which splits on whitespace before anything else.

use std::fs;

use til_core::compare::slices::{added, slices};
use til_core::gpt2::Gpt2Tokenizer;
use til_core::tokenizer::Tokenizer;
use til_core::wordpiece::WordPiece;

fn read(path: &str) -> Vec<u8> {
    fs::read(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).expect("file")
}

#[test]
fn slices_count_as_the_whole_text_does() {
    let gpt2 = Gpt2Tokenizer::from_asset(&read("assets/gpt2/merges.bin")).expect("GPT-2");
    let vocab = String::from_utf8(read("assets/minilm/vocab.txt")).expect("UTF-8");
    let wordpiece = WordPiece::from_vocab_text(&vocab).expect("vocabulary");
    let dir = format!(
        "{}/../../tests/reference/corpus",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut texts: Vec<String> = fs::read_dir(dir)
        .expect("corpus")
        .map(|e| fs::read_to_string(e.expect("entry").path()).expect("UTF-8"))
        .collect();
    texts.push(String::from_utf8(read("assets/tinyshakespeare.txt")).expect("UTF-8"));
    let tokenizers: [&dyn Tokenizer; 2] = [&gpt2, &wordpiece];
    for text in &texts {
        for tokenizer in tokenizers {
            let whole = tokenizer.encode(text).len();
            for len in [1, 7, 100, 4_096] {
                let counts: Vec<usize> = slices(text, len)
                    .map(|s| tokenizer.encode(s).len())
                    .collect();
                let sliced = counts.iter().sum::<usize>() - (counts.len() - 1) * added(tokenizer);
                assert_eq!(sliced, whole, "{} with slices of {len}", tokenizer.name());
            }
        }
    }
}
