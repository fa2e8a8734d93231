//! The `BPE` model of a tokenizer.json, as Hugging Face `tokenizers` 0.23 runs it: a piece starts as
//! one symbol per character (per byte behind `ByteLevel`), each its vocabulary token, with
//! `continuing_subword_prefix` / `end_of_word_suffix` on inner / last characters; a character the
//! vocabulary lacks becomes its UTF-8 bytes' `<0xXX>` tokens (`byte_fallback`), else the unknown
//! token (consecutive ones fused with `fuse_unk`), else is dropped. Then the listed merges join
//! pairs, lowest rank first, leftmost on ties, in the one merge loop
//! ([`crate::byte_level::merge`]). With `ignore_merges`, a piece that is a token is that token.
//! Leaves out: dropout (a file with a dropout is refused), the word cache.

use serde_json::Value;

use super::Unsupported;
use crate::byte_level::merge::{self, Joins, Merged, Scratch};
use crate::byte_level::rank_table::RankTable;
use crate::fxhash::FxHashMap;
use crate::gpt2::byte_table::char_byte;

const NO_TOKEN: u32 = u32::MAX;
/// A merge whose token is the one of the bytes it joins.
const FOUND_BY_BYTES: u32 = u32::MAX - 1;
const COMPONENT: &str = "the BPE model";

#[derive(Clone, Debug)]
pub struct Bpe {
    /// What each token stands for in a piece: its bytes behind `ByteLevel`, else its text.
    ids: RankTable,
    /// The token of each byte behind `ByteLevel` ([`NO_TOKEN`] if none).
    byte_ids: [u32; 256],
    /// The `<0xXX>` tokens, for `byte_fallback`.
    fallback: Option<[u32; 256]>,
    /// (left id, right id) → (rank, id made, or [`FOUND_BY_BYTES`]).
    merges: FxHashMap<u64, (u32, u32)>,
    byte_level: bool,
    ignore_merges: bool,
    unk: Option<u32>,
    fuse_unk: bool,
    prefix: Option<String>,
    suffix: Option<String>,
    /// Whether no merge can cross into a `▁` that follows another character: no token holds `▁`
    /// after anything but `▁` (SentencePiece vocabularies), so a piece is merged a word at a time.
    words: bool,
}

const METASPACE: char = '▁';

/// A piece's starting symbols (token, where it starts) and its joins, in order.
pub type Traced = (Vec<(u32, usize)>, Vec<Merged>);

fn pair(left: u32, right: u32) -> u64 {
    u64::from(left) << 32 | u64::from(right)
}

impl Bpe {
    /// The model in `json`, whose vocabulary `vocab` (id → token) the caller has read; `byte_level`
    /// when the pre-tokenizer ends in `ByteLevel`.
    pub fn from_json(
        json: &Value,
        vocab: &[Option<String>],
        byte_level: bool,
    ) -> Result<Bpe, Unsupported> {
        let list = json["merges"]
            .as_array()
            .ok_or_else(|| Unsupported::new(COMPONENT, "it has no merges list"))?;
        let by_text = by_text(vocab);
        let merges = list
            .iter()
            .enumerate()
            .map(|(rank, merge)| {
                let (left, right) = merge_parts(merge)
                    .ok_or_else(|| bad_merge(rank, "is not a pair of strings"))?;
                let id = |token: &str| {
                    by_text.get(token).copied().ok_or_else(|| {
                        bad_merge(
                            rank,
                            &format!(
                                "(`{left} {right}`) uses `{token}`, which is not in the vocabulary"
                            ),
                        )
                    })
                };
                // The token it makes must exist too (checked here once for every file, as
                // `Bpe::new` may find it only when the merge is used).
                let prefix_len = json["continuing_subword_prefix"]
                    .as_str()
                    .map_or(0, str::len);
                id(&format!(
                    "{left}{}",
                    right.get(prefix_len..).unwrap_or_default()
                ))?;
                Ok((id(left)?, id(right)?))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Bpe::new(json, vocab, &merges, byte_level)
    }

    /// The model with `json`'s options, its vocabulary `vocab` (id → token) and `merges` (rank
    /// order, each a pair of token ids that `vocab` has, whose joined token the caller has checked
    /// is in `vocab`: [`Bpe::from_json`] does, and an asset was read whole when written).
    pub fn new(
        json: &Value,
        vocab: &[Option<String>],
        merges: &[(u32, u32)],
        byte_level: bool,
    ) -> Result<Bpe, Unsupported> {
        if json["dropout"].as_f64().is_some_and(|d| d > 0.0) {
            return Err(Unsupported::new(
                COMPONENT,
                "it has a dropout; encoding would be random",
            ));
        }
        // Every token's surface (its bytes behind `ByteLevel`, else its text) end to end; a
        // byte-level token with a character outside GPT-2's byte table has none.
        let mut surfaces = Vec::with_capacity(vocab.len() * 8);
        let mut ends = Vec::with_capacity(vocab.len());
        for token in vocab {
            let start = surfaces.len();
            if let Some(token) = token {
                if !surface_into(token, byte_level, &mut surfaces) {
                    surfaces.truncate(start);
                }
            }
            ends.push((start, surfaces.len()));
        }
        let slices: Vec<&[u8]> = ends.iter().map(|&(a, b)| &surfaces[a..b]).collect();
        let ids = RankTable::with_repeats(&slices)
            .map_err(|_| Unsupported::new(COMPONENT, "it has 2^32 tokens or more"))?;
        drop(slices);
        let mut buffer = Vec::new();
        let text_id = |text: &str, buffer: &mut Vec<u8>| {
            buffer.clear();
            surface_into(text, byte_level, buffer)
                .then(|| ids.rank(buffer))
                .flatten()
        };
        let mut byte_ids = [NO_TOKEN; 256];
        if byte_level {
            for (byte, id) in byte_ids.iter_mut().enumerate() {
                *id = ids.rank(&[byte as u8]).unwrap_or(NO_TOKEN);
            }
        }
        let prefix = json["continuing_subword_prefix"]
            .as_str()
            .map(str::to_string);
        let prefix_len = prefix.as_ref().map_or(0, String::len);
        // Behind `ByteLevel`, with every byte a token and no prefix, the token a merge makes is
        // the one of the bytes it joins: found when the merge is used, not for each of hundreds of
        // thousands of merges at loading.
        let made_by_bytes = byte_level && prefix_len == 0 && !byte_ids.contains(&NO_TOKEN);
        let mut table = FxHashMap::default();
        table.reserve(merges.len());
        let mut joined = String::new();
        for (rank, &(l, r)) in merges.iter().enumerate() {
            let token = |id: u32| vocab.get(id as usize).and_then(Option::as_deref);
            let (Some(left), Some(right)) = (token(l), token(r)) else {
                return Err(bad_merge(rank, "uses an id that is not in the vocabulary"));
            };
            let made = match made_by_bytes {
                true => FOUND_BY_BYTES,
                false => {
                    joined.clear();
                    joined.push_str(left);
                    joined.push_str(right.get(prefix_len..).unwrap_or_default());
                    text_id(&joined, &mut buffer).ok_or_else(|| {
                        bad_merge(
                            rank,
                            &format!(
                                "(`{left} {right}`) uses `{joined}`, which is not in the vocabulary"
                            ),
                        )
                    })?
                }
            };
            // A pair listed twice keeps its later rank, as the reference's map does.
            table.insert(pair(l, r), (rank as u32, made));
        }
        let fallback = match json["byte_fallback"].as_bool().unwrap_or(false) {
            false => None,
            true => {
                let mut table = [NO_TOKEN; 256];
                for (byte, id) in table.iter_mut().enumerate() {
                    *id = text_id(&format!("<0x{byte:02X}>"), &mut buffer).unwrap_or(NO_TOKEN);
                }
                Some(table)
            }
        };
        let words = !byte_level
            && ids.rank("▁".as_bytes()).is_some()
            && vocab.iter().flatten().all(|token| {
                token
                    .char_indices()
                    .skip(1)
                    .all(|(at, c)| c != METASPACE || token[..at].ends_with(METASPACE))
            });
        let unk = match json["unk_token"].as_str() {
            None => None,
            Some(unk) => Some(
                text_id(unk, &mut buffer)
                    .or_else(|| {
                        let at = vocab.iter().position(|t| t.as_deref() == Some(unk))?;
                        Some(at as u32)
                    })
                    .ok_or_else(|| {
                        Unsupported::new(COMPONENT, "its unknown token is not in its vocabulary")
                    })?,
            ),
        };
        Ok(Bpe {
            ids,
            byte_ids,
            fallback,
            merges: table,
            byte_level,
            ignore_merges: json["ignore_merges"].as_bool().unwrap_or(false),
            unk,
            fuse_unk: json["fuse_unk"].as_bool().unwrap_or(false),
            prefix: prefix.filter(|p| !p.is_empty()),
            suffix: json["end_of_word_suffix"]
                .as_str()
                .filter(|s| !s.is_empty())
                .map(str::to_string),
            words,
        })
    }

    /// The tokens of one piece, each with the bytes of the piece it covers, appended to `out`.
    pub fn tokenize(&self, piece: &str, scratch: &mut Scratch, out: &mut Vec<(u32, usize)>) {
        if let Some(id) = self.whole(piece) {
            return out.push((id, piece.len()));
        }
        if self.byte_level {
            return merge::merge(piece.as_bytes(), self, scratch, out, |_| {});
        }
        for word in self.words(piece) {
            let symbols = self.symbols(word);
            merge::merge_symbols(word.as_bytes(), symbols, self, scratch, out, |_| {});
        }
    }

    /// `piece` cut where no merge can cross (before each `▁` that follows another character, when
    /// the vocabulary allows it), so that a text with no pre-tokenizer is not one long merge.
    pub fn words<'a>(&self, piece: &'a str) -> impl Iterator<Item = &'a str> {
        let (words, mut rest) = (self.words, (!piece.is_empty()).then_some(piece));
        std::iter::from_fn(move || {
            let text = rest?;
            let cut = match words {
                true => text
                    .char_indices()
                    .zip(text.chars().skip(1))
                    .find(|&((_, c), next)| c != METASPACE && next == METASPACE)
                    .map(|((at, c), _)| at + c.len_utf8()),
                false => None,
            };
            let (word, left) = text.split_at(cut.unwrap_or(text.len()));
            rest = (!left.is_empty()).then_some(left);
            Some(word)
        })
    }

    /// How `tokenize` made `piece`'s tokens: the token it is whole (`Err`), or the symbols it
    /// started from and each join in order.
    pub fn trace(&self, piece: &str) -> Result<Traced, u32> {
        if let Some(id) = self.whole(piece) {
            return Err(id);
        }
        let symbols = match self.byte_level {
            true => (piece.bytes().enumerate())
                .filter_map(|(at, byte)| Some((self.byte(byte)?, at)))
                .collect(),
            false => self.symbols(piece),
        };
        let mut joins = Vec::new();
        let (bytes, scratch) = (piece.as_bytes(), &mut Scratch::default());
        let note = |merged| joins.push(merged);
        merge::merge_symbols(bytes, symbols.clone(), self, scratch, &mut Vec::new(), note);
        Ok((symbols, joins))
    }

    /// Whether its symbols are bytes (behind `ByteLevel`) rather than characters.
    pub fn is_byte_level(&self) -> bool {
        self.byte_level
    }

    /// Whether `id` is a byte-fallback token.
    pub fn is_fallback(&self, id: u32) -> bool {
        self.fallback.is_some_and(|table| table.contains(&id))
    }

    /// With `ignore_merges`, the token `piece` is whole.
    fn whole(&self, piece: &str) -> Option<u32> {
        match self.ignore_merges {
            true => self.ids.rank(piece.as_bytes()),
            false => None,
        }
    }

    /// A character-level piece's starting symbols: each character's token (with the prefix and
    /// suffix), else its bytes' fallback tokens, else the unknown token (fused), else nothing.
    fn symbols(&self, piece: &str) -> Vec<(u32, usize)> {
        let mut symbols: Vec<(u32, usize)> = Vec::with_capacity(piece.len());
        let mut last_unk = false;
        let mut text = String::new();
        let count = piece.chars().count();
        for (i, (at, c)) in piece.char_indices().enumerate() {
            text.clear();
            if let Some(prefix) = self.prefix.as_deref().filter(|_| i > 0) {
                text.push_str(prefix);
            }
            text.push(c);
            if let Some(suffix) = self.suffix.as_deref().filter(|_| i + 1 == count) {
                text.push_str(suffix);
            }
            if let Some(id) = self.ids.rank(text.as_bytes()) {
                symbols.push((id, at));
                last_unk = false;
                continue;
            }
            let mut utf8 = [0; 4];
            let fallback = self.fallback.as_ref().and_then(|table| {
                let ids: Vec<u32> = c
                    .encode_utf8(&mut utf8)
                    .bytes()
                    .map(|b| table[b as usize])
                    .collect();
                ids.iter().all(|&id| id != NO_TOKEN).then_some(ids)
            });
            if let Some(ids) = fallback {
                symbols.extend(ids.into_iter().zip(at..));
                last_unk = false;
            } else if let Some(unk) = self.unk {
                if !(self.fuse_unk && last_unk) {
                    symbols.push((unk, at));
                }
                last_unk = true;
            }
        }
        symbols
    }
}

impl Joins for Bpe {
    fn byte(&self, byte: u8) -> Option<u32> {
        Some(self.byte_ids[byte as usize]).filter(|&id| id != NO_TOKEN)
    }

    fn join(&self, left: u32, right: u32, joined: &[u8]) -> Option<(u32, u32)> {
        match *self.merges.get(&pair(left, right))? {
            (rank, FOUND_BY_BYTES) => Some((rank, self.ids.rank(joined)?)),
            found => Some(found),
        }
    }
}

/// Appends `token`'s surface to `out`: its bytes through GPT-2's byte table behind `ByteLevel`
/// (false, with part of it appended, if a character is not in the table), else its text.
fn surface_into(token: &str, byte_level: bool, out: &mut Vec<u8>) -> bool {
    if !byte_level {
        out.extend_from_slice(token.as_bytes());
        return true;
    }
    token
        .chars()
        .all(|c| char_byte(c).map(|b| out.push(b)).is_some())
}

/// token → id.
fn by_text(vocab: &[Option<String>]) -> FxHashMap<&str, u32> {
    vocab
        .iter()
        .enumerate()
        .filter_map(|(id, t)| Some((t.as_deref()?, id as u32)))
        .collect()
}

fn bad_merge(rank: usize, what: &str) -> Unsupported {
    Unsupported::new(COMPONENT, &format!("merge {} {what}", rank + 1))
}

/// `["left", "right"]`, or the older `"left right"`.
pub(super) fn merge_parts(merge: &Value) -> Option<(&str, &str)> {
    match merge {
        Value::Array(parts) => match &parts[..] {
            [Value::String(left), Value::String(right)] => Some((left, right)),
            _ => None,
        },
        Value::String(line) => line.split_once(' '),
        _ => None,
    }
}
