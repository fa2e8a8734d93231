//! The `Unigram` model of a tokenizer.json, as Hugging Face `tokenizers` 0.23 runs it: the
//! segmentation of highest total score (Viterbi over the piece's characters; a later candidate
//! wins only with a strictly higher score), a character no token starts with scoring the lowest
//! score less 10 as the unknown token, consecutive unknowns fused, and with `byte_fallback` an
//! unknown stretch spelled as its `<0xXX>` tokens. Leaves out: n-best and sampling.

use serde_json::Value;

use super::Unsupported;
use crate::fxhash::FxHashMap;

const UNKNOWN_PENALTY: f64 = 10.0;

/// The best path ending at a byte: its total score, where its last token starts, that token.
pub type Best = Option<(f64, usize, Option<u32>)>;

/// One candidate the Viterbi pass weighs: a token that could end at `span.end`.
#[derive(Clone, Debug, PartialEq)]
pub struct Weighed {
    pub span: std::ops::Range<usize>,
    /// None: the unknown token, which this vocabulary lacks.
    pub id: Option<u32>,
    pub score: f64,
    /// The best path to `span.start`, then this token.
    pub total: f64,
    /// Whether it beat every earlier way to its end.
    pub won: bool,
}
const COMPONENT: &str = "the Unigram model";

#[derive(Clone, Debug)]
pub struct Unigram {
    pieces: FxHashMap<String, (u32, f64)>,
    /// The longest piece, in bytes.
    longest: usize,
    unk: Option<u32>,
    unk_score: f64,
    byte_fallback: bool,
}

impl Unigram {
    /// The model and its vocabulary (id → token).
    pub fn from_json(json: &Value) -> Result<(Unigram, Vec<Option<String>>), Unsupported> {
        let list = json["vocab"]
            .as_array()
            .ok_or_else(|| Unsupported::new(COMPONENT, "it has no vocab list"))?;
        let mut pieces = FxHashMap::default();
        let mut vocab = Vec::with_capacity(list.len());
        let mut lowest = f64::INFINITY;
        for (id, entry) in list.iter().enumerate() {
            let (Some(piece), Some(score)) = (entry[0].as_str(), entry[1].as_f64()) else {
                return Err(Unsupported::new(
                    COMPONENT,
                    &format!("vocab entry {id} is not [piece, score]"),
                ));
            };
            lowest = lowest.min(score);
            pieces
                .entry(piece.to_string())
                .or_insert((id as u32, score));
            vocab.push(Some(piece.to_string()));
        }
        let unk = json["unk_id"].as_u64().map(|id| id as u32);
        if unk.is_some_and(|id| id as usize >= vocab.len()) {
            return Err(Unsupported::new(
                COMPONENT,
                "its unk_id is past its vocabulary",
            ));
        }
        Ok((
            Unigram {
                longest: pieces.keys().map(String::len).max().unwrap_or(0),
                pieces,
                unk,
                unk_score: lowest - UNKNOWN_PENALTY,
                byte_fallback: json["byte_fallback"].as_bool().unwrap_or(false),
            },
            vocab,
        ))
    }

    /// The tokens of `piece`, each with the bytes it covers, appended to `out`.
    pub fn tokenize(&self, piece: &str, out: &mut Vec<(Option<u32>, usize)>) {
        let best = self.viterbi(piece, |_| {});
        self.read_back(piece, &best, out);
    }

    /// The Viterbi pass: `best[end]` = (score, start, id) of the best path ending at byte `end`,
    /// with `note` called for every candidate in the order the pass weighs them.
    pub fn viterbi(&self, piece: &str, mut note: impl FnMut(Weighed)) -> Vec<Best> {
        let size = piece.len();
        let mut best: Vec<Best> = vec![None; size + 1];
        best[0] = Some((0.0, 0, None));
        let mut weigh =
            |best: &mut Vec<Best>, start: usize, end: usize, id, score: f64, here: f64| {
                let candidate = here + score;
                let won = best[end].is_none_or(|(s, _, _)| candidate > s);
                if won {
                    best[end] = Some((candidate, start, id));
                }
                note(Weighed {
                    span: start..end,
                    id,
                    score,
                    total: candidate,
                    won,
                });
            };
        for (start, c) in piece.char_indices() {
            let Some((here, _, _)) = best[start] else {
                continue;
            };
            let mut single = false;
            let mut end = start;
            for next in piece[start..].chars() {
                end += next.len_utf8();
                if end - start > self.longest {
                    break;
                }
                if let Some(&(id, score)) = self.pieces.get(&piece[start..end]) {
                    weigh(&mut best, start, end, Some(id), score, here);
                    single |= end - start == c.len_utf8();
                }
            }
            if !single {
                weigh(
                    &mut best,
                    start,
                    start + c.len_utf8(),
                    self.unk,
                    self.unk_score,
                    here,
                );
            }
        }
        best
    }

    /// The segmentation `best` holds, read back from the end, as tokens appended to `out`.
    fn read_back(&self, piece: &str, best: &[Best], out: &mut Vec<(Option<u32>, usize)>) {
        // Unknown stretches fused.
        let mut parts: Vec<(usize, usize, bool)> = Vec::new();
        for (start, end, id) in path(best) {
            let unknown = id.is_none() || id == self.unk;
            match parts.last_mut() {
                Some(last) if unknown && last.2 && self.unk.is_some() => last.1 = end,
                _ => parts.push((start, end, unknown)),
            }
        }
        for &(start, end, _) in &parts {
            let text = &piece[start..end];
            if let Some(&(id, _)) = self.pieces.get(text) {
                out.push((Some(id), end - start));
                continue;
            }
            if self.byte_fallback {
                let bytes: Option<Vec<u32>> = text
                    .bytes()
                    .map(|b| self.pieces.get(&format!("<0x{b:02X}>")).map(|p| p.0))
                    .collect();
                if let Some(bytes) = bytes {
                    out.extend(bytes.into_iter().map(|id| (Some(id), 1)));
                    continue;
                }
            }
            out.push((self.unk, end - start));
        }
    }
}

/// The best segmentation `best` holds, first token first: (start, end, id) each.
pub fn path(best: &[Best]) -> Vec<(usize, usize, Option<u32>)> {
    let mut tokens = Vec::new();
    let mut end = best.len() - 1;
    while end > 0 {
        let Some((_, start, id)) = best[end] else {
            break;
        };
        tokens.push((start, end, id));
        end = start;
    }
    tokens.reverse();
    tokens
}
