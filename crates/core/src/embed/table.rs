//! The vectors asset (`assets/glove/vectors.bin`): its format, the encoder the asset builder uses,
//! and the loader that checks it and builds the [`EmbeddingTable`] every other module reads.
//!
//! Format, all integers little-endian:
//!
//! | offset | size             | field                                                    |
//! |--------|------------------|----------------------------------------------------------|
//! | 0      | 4                | magic `TGEV`                                             |
//! | 4      | 4                | version, u32 = 1                                         |
//! | 8      | 4                | rows, u32                                                |
//! | 12     | 4                | dims, u32                                                |
//! | 16     | 4                | encoding, u32: 1 = int8 with a per-row scale, 2 = f32    |
//! | 20     | 4                | byte length of the word list, u32                        |
//! | 24     | 4                | FNV-1a 32 checksum of everything after the header        |
//! | 28     | word list        | the rows' words in row order, UTF-8, joined by `\n`      |
//! | …      | rows × 4         | int8 only: each row's scale, f32                         |
//! | …      | rows × dims × w  | the values: int8 codes (value = code × scale) or f32     |
//!
//! int8 codes are `round(v / scale)` with `scale = max |v| / 127`, so every row keeps its own range.
//! The committed asset is int8 (see assets/glove/README.md for why); f32 exists so the builder can
//! write a float32 twin to check the reference numbers exactly.
//! Leaves out: reading files (callers pass bytes) and the scoring (neighbours.rs and friends).

use super::suggest;
use super::{EmbedError, UnitRows};
use crate::asset::Format;
use crate::fxhash::FxHashMap;

/// The asset's container: rows, dims, encoding and the word list's length.
pub const FORMAT: Format = Format {
    what: "the vectors file",
    magic: *b"TGEV",
    version: 1,
    fields: 4,
    rebuild: "cargo xtask vectors",
};
/// How many close words an unknown-word error suggests.
const SUGGESTIONS: usize = 5;

/// How the values are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// One signed byte per value plus one f32 scale per row.
    Int8RowScale,
    /// Four bytes per value, exactly as trained.
    F32,
}

impl Encoding {
    fn code(self) -> u32 {
        match self {
            Encoding::Int8RowScale => 1,
            Encoding::F32 => 2,
        }
    }

    fn from_code(code: u32) -> Result<Encoding, EmbedError> {
        match code {
            1 => Ok(Encoding::Int8RowScale),
            2 => Ok(Encoding::F32),
            found => Err(EmbedError::UnsupportedEncoding { found }),
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Encoding::Int8RowScale => "int8 with a per-row scale",
            Encoding::F32 => "float32",
        }
    }

    /// Bytes the values of `rows × dims` take, scales included; in u64 so a hostile header cannot
    /// overflow a 32-bit `usize`.
    fn payload_len(self, rows: u64, dims: u64) -> u64 {
        match self {
            Encoding::Int8RowScale => rows * 4 + rows * dims,
            Encoding::F32 => rows * dims * 4,
        }
    }
}

/// Writes `words` and their `values` (`words.len() × dims`, row-major) as an asset.
/// Words must be non-empty, unique, lower-case (lookups are case-insensitive by lower-casing the
/// query) and free of line breaks.
pub fn encode(
    words: &[String],
    values: &[f32],
    dims: usize,
    encoding: Encoding,
) -> Result<Vec<u8>, EmbedError> {
    // 1. Check what the loader will rely on.
    UnitRows::new(values, dims)?;
    if values.len() / dims != words.len() {
        return Err(EmbedError::BadWords(format!(
            "{} words for {} rows",
            words.len(),
            values.len() / dims
        )));
    }
    if let Some(word) = words.iter().find(|w| w.to_lowercase() != **w) {
        return Err(EmbedError::BadWords(format!(
            "\"{word}\" is not lower-case"
        )));
    }
    let word_list = words.join("\n");
    index_words(&word_list, words.len())?;

    // 2. Payload: words, then scales and codes (int8) or the raw floats (f32).
    let mut payload = word_list.into_bytes();
    match encoding {
        Encoding::Int8RowScale => {
            let scales: Vec<f32> = values
                .chunks_exact(dims)
                .map(|row| max_abs(row) / 127.0)
                .collect();
            payload.extend(scales.iter().flat_map(|s| s.to_le_bytes()));
            for (row, &scale) in values.chunks_exact(dims).zip(&scales) {
                payload.extend(row.iter().map(|&v| quantise(v, scale) as u8));
            }
        }
        Encoding::F32 => payload.extend(values.iter().flat_map(|v| v.to_le_bytes())),
    }

    // 3. Header.
    let words_len = payload.len() - encoding.payload_len(words.len() as u64, dims as u64) as usize;
    let fields = [
        words.len() as u32,
        dims as u32,
        encoding.code(),
        words_len as u32,
    ];
    Ok(FORMAT.write(&fields, &payload))
}

fn max_abs(row: &[f32]) -> f32 {
    row.iter().fold(0.0f32, |m, v| m.max(v.abs()))
}

fn quantise(v: f32, scale: f32) -> i8 {
    if scale == 0.0 {
        0
    } else {
        (v / scale).round().clamp(-127.0, 127.0) as i8
    }
}

/// The vocabulary and its vectors: the raw rows (the `W` of `nn.Embedding`) and the same rows scaled
/// to unit length (what every cosine reads).
#[derive(Clone, Debug)]
pub struct EmbeddingTable {
    words: Vec<String>,
    index: FxHashMap<String, u32>,
    dims: usize,
    encoding: Encoding,
    raw: Vec<f32>,
    unit: Vec<f32>,
}

impl EmbeddingTable {
    /// Checks the asset's header, length and checksum, then decodes it.
    pub fn from_asset(asset: &[u8]) -> Result<EmbeddingTable, EmbedError> {
        // 1. Header: present, right magic and version, a known encoding.
        let header = FORMAT.read(asset)?;
        let (rows, dims) = (header.field(0) as usize, header.field(1) as usize);
        let encoding = Encoding::from_code(header.field(2))?;
        let words_len = header.field(3) as usize;

        // 2. Length before checksum, so a truncated file reports as truncated.
        let expected = (FORMAT.header_len() + words_len) as u64
            + encoding.payload_len(rows as u64, dims as u64);
        let payload = header.payload(expected)?;

        // 3. Words, then values.
        let (word_bytes, values) = payload.split_at(words_len);
        let word_list = std::str::from_utf8(word_bytes)
            .map_err(|e| EmbedError::BadWords(format!("not UTF-8 at byte {}", e.valid_up_to())))?;
        let index = index_words(word_list, rows)?;
        let words = word_list.split('\n').map(str::to_string).collect();
        let raw = match encoding {
            Encoding::Int8RowScale => {
                let (scales, codes) = values.split_at(rows * 4);
                let scales = scales
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
                codes
                    .chunks_exact(dims.max(1))
                    .zip(scales)
                    .flat_map(|(row, scale)| row.iter().map(move |&c| f32::from(c as i8) * scale))
                    .collect()
            }
            Encoding::F32 => values
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
        };
        EmbeddingTable::build(words, index, raw, dims, encoding)
    }

    /// A table from words and raw rows (`words.len() × dims`), as trained; for tests and tools.
    pub fn from_rows(
        words: Vec<String>,
        raw: Vec<f32>,
        dims: usize,
    ) -> Result<EmbeddingTable, EmbedError> {
        UnitRows::new(&raw, dims)?;
        let index = index_words(&words.join("\n"), raw.len() / dims)?;
        EmbeddingTable::build(words, index, raw, dims, Encoding::F32)
    }

    fn build(
        words: Vec<String>,
        index: FxHashMap<String, u32>,
        raw: Vec<f32>,
        dims: usize,
        encoding: Encoding,
    ) -> Result<EmbeddingTable, EmbedError> {
        UnitRows::new(&raw, dims)?;
        let unit = raw.chunks_exact(dims).flat_map(super::normalised).collect();
        Ok(EmbeddingTable {
            words,
            index,
            dims,
            encoding,
            raw,
            unit,
        })
    }

    pub fn rows(&self) -> usize {
        self.words.len()
    }

    pub fn dims(&self) -> usize {
        self.dims
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The word of row `id`. Panics on an id that is not a row (ids come from this table).
    pub fn word(&self, id: u32) -> &str {
        &self.words[id as usize]
    }

    /// Row `id` of the table as stored: the lookup `W[id]` of `nn.Embedding`.
    pub fn raw_row(&self, id: u32) -> &[f32] {
        &self.raw[id as usize * self.dims..(id as usize + 1) * self.dims]
    }

    /// The unit-length rows that the scorers read.
    pub fn unit_rows(&self) -> UnitRows<'_> {
        UnitRows {
            data: &self.unit,
            dims: self.dims,
        }
    }

    /// The row of `word`, case-insensitively (exact spelling first), if it is among the first `vocab` rows.
    pub fn id_within(&self, word: &str, vocab: usize) -> Option<u32> {
        let id = self
            .index
            .get(word)
            .or_else(|| self.index.get(&word.to_lowercase()))?;
        ((*id as usize) < vocab).then_some(*id)
    }

    /// Like [`id_within`](Self::id_within), but an unknown word is an error that names close words.
    pub fn lookup(&self, word: &str, vocab: usize) -> Result<u32, EmbedError> {
        let word = word.trim();
        if word.is_empty() {
            return Err(EmbedError::Empty("type a word"));
        }
        self.id_within(word, vocab)
            .ok_or_else(|| EmbedError::UnknownWord {
                word: word.to_string(),
                suggestions: suggest::close_words(
                    &self.words[..vocab.min(self.rows())],
                    word,
                    SUGGESTIONS,
                )
                .into_iter()
                .map(str::to_string)
                .collect(),
            })
    }

    /// Checks a `restrict_vocab` value: between 1 and the number of rows.
    pub fn check_vocab(&self, vocab: usize) -> Result<usize, EmbedError> {
        if (1..=self.rows()).contains(&vocab) {
            Ok(vocab)
        } else {
            Err(EmbedError::BadVocab {
                requested: vocab,
                rows: self.rows(),
            })
        }
    }

    /// `one_hot(id) × W` computed as the full product over every row, the way a one-hot input to a
    /// linear layer would be: it equals [`raw_row`](Self::raw_row) and costs `rows × dims` multiplies
    /// instead of none, which is why `nn.Embedding` looks the row up instead.
    pub fn one_hot_product(&self, id: u32) -> Vec<f32> {
        let mut out = vec![0.0f32; self.dims];
        for (i, row) in self.raw.chunks_exact(self.dims).enumerate() {
            let weight = if i == id as usize { 1.0 } else { 0.0 };
            for (o, &v) in out.iter_mut().zip(row) {
                *o += weight * v;
            }
        }
        out
    }
}

/// Splits the word list and maps each word to its row, rejecting a wrong count, empty or repeated words.
fn index_words(word_list: &str, rows: usize) -> Result<FxHashMap<String, u32>, EmbedError> {
    let mut index = FxHashMap::with_capacity_and_hasher(rows, Default::default());
    for (id, word) in word_list.split('\n').enumerate() {
        if word.is_empty() {
            return Err(EmbedError::BadWords(format!("row {id} has an empty word")));
        }
        if index.insert(word.to_string(), id as u32).is_some() {
            return Err(EmbedError::BadWords(format!("\"{word}\" appears twice")));
        }
    }
    if index.len() != rows {
        return Err(EmbedError::BadWords(format!(
            "{} words for {rows} rows",
            index.len()
        )));
    }
    Ok(index)
}

/// True for words made of letters only: the page's "words only" filter (GloVe's rows also hold
/// punctuation, numbers and fragments like `'s`).
pub fn is_plain_word(word: &str) -> bool {
    !word.is_empty() && word.chars().all(char::is_alphabetic)
}
