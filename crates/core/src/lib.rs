//! The maths of Transformer Input Lab, free of any web or GPU dependency so the page, the `til` CLI
//! and the tests share one implementation.
//!
//! - [`asset`]: the one container format of the binary assets, and its one error.
//! - [`bpe`]: byte-pair encoding training (incremental, with a scrubbable trace) and encoding.
//! - [`byte_level`]: what the byte-level tokenizers share: token bytes, their asset layout, pieces
//!   and decoding from a token stream.
//! - [`compare`]: what the tokenizers' comparison works out: differing cuts, CSV.
//! - [`cpu_features`]: hot kernels compiled again for AVX2, run where the CPU has it.
//! - [`csv`]: CSV records as every export writes them.
//! - [`decimal`]: decimal text to f64, correctly rounded, without the standard library's table.
//! - [`fxhash`]: the fast hash map of the tokenizers' hot tables (and the page's: one map type
//!   in the wasm is smaller than two).
//! - [`gguf`]: llama.cpp's GGUF model files (metadata and tensor directory), SmolLM2's source.
//! - [`gpt2`]: GPT-2's byte-level BPE tokenizer.
//! - [`half`]: half-precision numbers to f32 (MiniLM's token table, GGUF's block scales).
//! - [`embed`]: word vectors (GloVe): lookup, cosine neighbours, analogies, benchmarks.
//! - [`lanczos`]: the Lanczos method (the under-trained indicator's principal component).
//! - [`link`]: the page's state as a query string, hostile values clamped or ignored with notes.
//! - [`why`]: why a tokenizer cut a text as it did: merges with their ranks or scores, Unigram
//!   lattices, byte fallback and the UTF-8 bytes a token cuts.
//! - [`wordpiece`]: BERT's uncased WordPiece tokenizer (MiniLM's), identical to Hugging Face's.
//! - [`minilm`]: a real transformer's embedding layer (all-MiniLM-L6-v2): token, position and type
//!   rows, LayerNorm.
//! - [`order`]: one shared sort for the small sorts, so the wasm carries one copy.
//! - [`row_threads`]: a table's rows shared among threads (the CLI's passes over token tables).
//! - [`registry`]: the shipped tokenizers in one list: names, labels, assets, licences, builders.
//! - [`power_iteration`]: the power method (PCA's axes).
//! - [`posenc`]: positional schemes (sinusoidal, learned) and what they do to dot products.
//! - [`sentencepiece`]: SentencePiece models (Mistral's v1, any BPE or Unigram `.model`), id for id
//!   with Google's sentencepiece.
//! - [`smollm2`]: SmolLM2's byte-level BPE by merge list, id for id with Hugging Face tokenizers.
//! - [`tiktoken`]: OpenAI's tiktoken encodings (cl100k_base, o200k_base) and Mistral's Tekken, id for
//!   id with js-tiktoken and mistral-common.
//! - [`tokenizer`]: the interface every tokenizer implements, so they can be compared side by side.
//! - [`unicode`]: the range lookup behind the tokenizers' Unicode tables.

pub mod asset;
pub mod bpe;
pub mod byte_level;
#[cfg(feature = "chat")]
pub mod chat;
pub mod compare;
pub mod cpu_features;
pub mod csv;
pub mod decimal;
pub mod embed;
pub mod fxhash;
pub mod gguf;
pub mod gpt2;
pub mod half;
pub mod json_string;
pub mod lanczos;
pub mod link;
pub mod minilm;
pub mod oniguruma;
pub mod order;
pub mod posenc;
pub mod power_iteration;
pub mod registry;
pub mod row_threads;
pub mod sentencepiece;
pub mod smollm2;
pub mod tiktoken;
pub mod tokenizer;
#[cfg(feature = "tokenizer-json")]
pub mod tokenizer_json;
pub mod unicode;
pub mod unigram;
pub mod why;
pub mod wordpiece;
