//! Every asset the page fetches, relative to the page (Trunk copies them next to it; index.html's
//! `copy-dir`/`copy-file` links). One list, so the loaders, the offline worker's notes and the
//! README speak of the same files. The shipped tokenizers' files are their registry entries'
//! (`til_core::registry::Entry::asset`).

/// GloVe 6B 50d, the first 50,000 words, int8 (3 MB).
pub const GLOVE_VECTORS: &str = "glove/vectors.bin";
/// Google's analogy questions (the Embed lab's benchmark and the speed check).
pub const GLOVE_QUESTIONS: &str = "glove/questions-words.txt";
/// MiniLM's position and type rows and LayerNorm (0.8 MB).
pub const MINILM_LAYER: &str = "minilm/layer.bin";
/// MiniLM's token table, float16 (23 MB).
pub const MINILM_TOKENS: &str = "minilm/tokens.bin";
/// SmolLM2's first layer: token table (Q8_0), norm, W_q and W_k (Q4_1), as the GGUF has them
/// (30.4 MB, 28.5 MB gzip).
pub const SMOLLM2_LAYER0: &str = "smollm2/layer0.bin";
/// Article 1 of the Universal Declaration of Human Rights in 45 languages (16 KB), the token tax.
pub const UDHR: &str = "udhr/article1.tsv";
/// Tiny Shakespeare (1.1 MB), a corpus preset.
pub const TINY_SHAKESPEARE: &str = "tinyshakespeare.txt";
