//! Every asset the page fetches, relative to the page (Trunk copies them next to it; index.html's
//! `copy-dir`/`copy-file` links). One list, so the loaders, the offline worker's notes and the
//! README speak of the same files.

/// GPT-2's 50,000 merges (200 KB).
pub const GPT2_MERGES: &str = "gpt2/merges.bin";
/// GloVe 6B 50d, the first 50,000 words, int8 (3 MB).
pub const GLOVE_VECTORS: &str = "glove/vectors.bin";
/// Google's analogy questions (the Embed lab's benchmark and the speed check).
pub const GLOVE_QUESTIONS: &str = "glove/questions-words.txt";
/// MiniLM's WordPiece vocabulary (231 KB).
pub const MINILM_VOCAB: &str = "minilm/vocab.txt";
/// MiniLM's position and type rows and LayerNorm (0.8 MB).
pub const MINILM_LAYER: &str = "minilm/layer.bin";
/// MiniLM's token table, float16 (23 MB).
pub const MINILM_TOKENS: &str = "minilm/tokens.bin";
/// OpenAI's cl100k_base ranks, GPT-3.5's and GPT-4's tokens (0.7 MB, 0.46 MB gzip).
pub const CL100K: &str = "tiktoken/cl100k_base.bin";
/// OpenAI's o200k_base ranks, GPT-4o's tokens (1.6 MB, 1.05 MB gzip).
pub const O200K: &str = "tiktoken/o200k_base.bin";
/// Mistral's SentencePiece v1 model, Mistral 7B's tokens (0.5 MB, 0.22 MB gzip).
pub const MISTRAL_V1: &str = "mistral/mistral-v1.bin";
/// Mistral's Tekken ranks, Mistral NeMo's tokens (1.0 MB, 0.65 MB gzip).
pub const TEKKEN: &str = "mistral/tekken.bin";
/// SmolLM2's tokens and merges (0.6 MB, 0.38 MB gzip).
pub const SMOLLM2: &str = "smollm2/smollm2.bin";
/// SmolLM2's first layer: token table (Q8_0), norm, W_q and W_k (Q4_1), as the GGUF has them
/// (30.4 MB, 28.5 MB gzip).
pub const SMOLLM2_LAYER0: &str = "smollm2/layer0.bin";
/// Article 1 of the Universal Declaration of Human Rights in 45 languages (16 KB), the token tax.
pub const UDHR: &str = "udhr/article1.tsv";
/// Tiny Shakespeare (1.1 MB), a corpus preset.
pub const TINY_SHAKESPEARE: &str = "tinyshakespeare.txt";
