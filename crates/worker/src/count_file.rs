//! A file's token count, for the page's file counter: the page posts the reader's `File` handle
//! and this reads it here with `FileReaderSync`, so a folder of large files never passes through
//! the page's thread. Leaves out: text in encodings other than UTF-8 (said so, not guessed).
use js_sys::Uint8Array;
use til_channel::Reply;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{File, FileReaderSync};

use crate::with_tokenizer;

/// The largest file read whole: larger ones are refused with a sentence, not an out-of-memory tab.
const LARGEST: f64 = 512e6;

pub fn count(tokenizer: &str, attached: JsValue) -> Result<Reply, String> {
    let file = attached
        .dyn_into::<File>()
        .map_err(|_| "no file came with the question")?;
    if file.size() > LARGEST {
        return Err(format!(
            "{:.0} MB is more than one file this counter reads ({:.0} MB)",
            file.size() / 1e6,
            LARGEST / 1e6
        ));
    }
    let buffer = FileReaderSync::new()
        .and_then(|reader| reader.read_as_array_buffer(&file))
        .map_err(|_| "the file could not be read (was it moved or deleted?)")?;
    let bytes = Uint8Array::new(&buffer).to_vec();
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| format!("not UTF-8 text (byte {} is not)", e.valid_up_to()))?;
    with_tokenizer(tokenizer, |t| Reply::Count {
        count: t.encode_ids(text).len(),
    })
}
