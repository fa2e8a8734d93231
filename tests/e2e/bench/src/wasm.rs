//! The wasm32 face of the workloads, for run.mjs: no wasm-bindgen, just exported functions over
//! linear memory. JavaScript asks [`input`] for a buffer per input and fills it, calls one `run_*`,
//! and reads the [`Outcome`] at the returned address; the clock is the imported `env.now_ms`
//! (`performance.now()`). A failed run returns 0 and leaves its message at [`error`].
//! Leaves out: freeing inputs one by one ([`reset`] drops them all).

use std::cell::RefCell;

use crate::Outcome;

#[link(wasm_import_module = "env")]
extern "C" {
    fn now_ms() -> f64;
}

thread_local! {
    static INPUTS: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
    static OUTCOME: RefCell<Outcome> = RefCell::new(Outcome::default());
    static ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn clock() -> f64 {
    // SAFETY: an imported function of no arguments that returns a number.
    unsafe { now_ms() }
}

/// A zeroed buffer of `len` bytes for the next input (inputs are numbered in the order asked).
#[no_mangle]
pub extern "C" fn input(len: usize) -> *mut u8 {
    INPUTS.with_borrow_mut(|inputs| {
        inputs.push(vec![0; len]);
        inputs
            .last_mut()
            .map_or(std::ptr::null_mut(), |b| b.as_mut_ptr())
    })
}

/// Drops every input.
#[no_mangle]
pub extern "C" fn reset() {
    INPUTS.with_borrow_mut(Vec::clear);
}

/// Input 0 is the corpus.
#[no_mangle]
pub extern "C" fn run_bpe(merges: u32) -> *const Outcome {
    finish(with_inputs(|i| {
        crate::bpe_train(text(i, 0)?, merges as usize, clock)
    }))
}

/// Input 0 is merges.bin, input 1 the text.
#[no_mangle]
pub extern "C" fn run_gpt2() -> *const Outcome {
    finish(with_inputs(|i| {
        crate::gpt2_encode(bytes(i, 0)?, text(i, 1)?, clock)
    }))
}

/// Input 0 is vectors.bin, input 1 questions-words.txt.
#[no_mangle]
pub extern "C" fn run_analogies(vocab: u32) -> *const Outcome {
    finish(with_inputs(|i| {
        crate::analogies(bytes(i, 0)?, text(i, 1)?, vocab as usize, clock)
    }))
}

/// The last failure's message (UTF-8) and, through [`error_len`], its length.
#[no_mangle]
pub extern "C" fn error() -> *const u8 {
    ERROR.with_borrow(|e| e.as_ptr())
}

#[no_mangle]
pub extern "C" fn error_len() -> usize {
    ERROR.with_borrow(String::len)
}

fn with_inputs(run: impl FnOnce(&[Vec<u8>]) -> Result<Outcome, String>) -> Result<Outcome, String> {
    INPUTS.with_borrow(|inputs| run(inputs))
}

fn bytes(inputs: &[Vec<u8>], index: usize) -> Result<&[u8], String> {
    inputs
        .get(index)
        .map(Vec::as_slice)
        .ok_or_else(|| format!("input {index} is missing"))
}

fn text(inputs: &[Vec<u8>], index: usize) -> Result<&str, String> {
    std::str::from_utf8(bytes(inputs, index)?).map_err(|e| format!("input {index}: {e}"))
}

fn finish(result: Result<Outcome, String>) -> *const Outcome {
    match result {
        Ok(outcome) => OUTCOME.with_borrow_mut(|o| {
            *o = outcome;
            o as *const Outcome
        }),
        Err(message) => {
            ERROR.with_borrow_mut(|e| *e = message);
            std::ptr::null()
        }
    }
}
