//! Why a tokenizer.json cut a text as it did: the stretch the pipeline handed its model (an added
//! token found whole, or a pre-token piece after normalizing and the pre-tokenizer's stages), then,
//! for a BPE model, the piece's starting symbols (bytes behind `ByteLevel`, else characters, with
//! byte fallback's `<0xXX>` for a character it lacks) and each merge by rank, traced by the same
//! code that encodes; for a WordPiece model, each longest piece with how many longer candidates
//! the vocabulary lacked (its own spelling loop, traced); for WordLevel, the piece looked up whole;
//! for Unigram, the Viterbi lattice over the piece. Leaves out: the pieces of a text past the token
//! asked about.

use std::ops::Range;

use super::bpe::Bpe;
use super::model::{Buffers, Model};
use super::unigram::{path, Unigram, Weighed};
use super::{Cut, TokenizerJson};
use crate::gpt2::byte_table::printable;
use crate::tokenizer::Tokenizer;
use crate::why::{anatomy, replay, Candidate, Explain, Join, Story, Why, LONGEST_TRACED};

const ADDED: &str = "An added token: the file's added tokens are found in the text first, before \
                     it is normalized or cut, and each is its own token.";
const MERGED: &str = "The file's normalizer and pre-tokenizer stages cut this piece out of the \
                      text; its model starts from its symbols and joins the pair of lowest merge \
                      rank until none is listed.";
const LONGEST: &str = "The file's normalizer and pre-tokenizer stages cut this piece out of the \
                       text; its WordPiece model takes the longest piece of the vocabulary from the \
                       start, then the longest continuing piece from where that ends, and so on.";
const LOOKED_UP: &str = "The file's normalizer and pre-tokenizer stages cut this piece out of the \
                         text; its WordLevel model looks the whole piece up (the unknown token if \
                         the vocabulary lacks it).";
const LATTICE: &str = "The file's normalizer and pre-tokenizer stages cut this piece out of the \
                       text; its Unigram model takes the segmentation of highest total score \
                       (Viterbi): every token that could end at each place, the best way there.";

impl Explain for TokenizerJson {
    fn explain(&self, text: &str, token: usize) -> Option<Why> {
        let spans: Vec<_> = self.encode(text).into_iter().map(|p| p.span).collect();
        let mut first = 0;
        let mut why = None;
        let (mut scratch, mut out) = (Buffers::default(), Vec::new());
        self.cut(text, |cut| {
            if why.is_some() || first > token {
                return;
            }
            match cut {
                Cut::Added { index, span } => {
                    if first == token {
                        let id = self.added.tokens[index].id;
                        why = Some((
                            span,
                            self.added.tokens[index].content.clone(),
                            ADDED,
                            Story::Whole { id },
                        ));
                    }
                    first += 1;
                }
                Cut::Piece(piece) => {
                    out.clear();
                    self.model.tokenize(piece.as_str(), &mut scratch, &mut out);
                    if token < first + out.len() {
                        why = Some(match &self.model {
                            Model::Bpe(bpe) => {
                                let (word, made) = word_of(bpe, piece.as_str(), token - first);
                                let (seen, cut, story) =
                                    bpe_story(bpe, &piece.as_str()[word.clone()], made);
                                (piece.original(word), seen, cut, story)
                            }
                            Model::WordPiece(wp) => {
                                let word = piece.as_str();
                                let mut pieces = Vec::new();
                                let whole = wp.spell(word, |range, tried, _| {
                                    let prefix = if range.start == 0 { "" } else { wp.prefix() };
                                    pieces.push((format!("{prefix}{}", &word[range]), tried));
                                });
                                let story = Story::Longest {
                                    pieces,
                                    made: token - first,
                                    whole,
                                };
                                (
                                    piece.original(0..word.len()),
                                    word.to_string(),
                                    LONGEST,
                                    story,
                                )
                            }
                            Model::Unigram(unigram) => {
                                let word = piece.as_str();
                                let story = match word.len() > LONGEST_TRACED {
                                    true => Story::TooLong,
                                    false => unigram_story(unigram, word),
                                };
                                (
                                    piece.original(0..word.len()),
                                    word.to_string(),
                                    LATTICE,
                                    story,
                                )
                            }
                            Model::WordLevel(_) => {
                                let id = out[token - first].0.unwrap_or_default();
                                let chunk = piece.original(0..piece.as_str().len());
                                let story = Story::Whole { id };
                                (chunk, piece.as_str().to_string(), LOOKED_UP, story)
                            }
                        });
                    }
                    first += out.len();
                }
            }
        });
        let (chunk, seen, cut, story) = why?;
        Some(Why {
            chunk,
            seen,
            cut,
            story,
            anatomy: anatomy(text, &spans, token),
        })
    }
}

/// A Unigram model's lattice over `piece`: every candidate in the order Viterbi weighs it, the
/// best way to each end and the final path marked (`tokenizers` fuses unknown runs afterwards).
fn unigram_story(unigram: &Unigram, piece: &str) -> Story {
    let mut weighed: Vec<Weighed> = Vec::new();
    let best = unigram.viterbi(piece, |w| weighed.push(w));
    let chosen = path(&best);
    let candidates = weighed
        .iter()
        .enumerate()
        .map(|(i, w)| Candidate {
            span: w.span.clone(),
            piece: piece[w.span.clone()].to_string(),
            id: w.id.unwrap_or_default(),
            log_prob: w.score as f32,
            path: w.total as f32,
            // The last to win its end is the best way there.
            best: w.won
                && !weighed[i + 1..]
                    .iter()
                    .any(|l| l.won && l.span.end == w.span.end),
            on_path: chosen.contains(&(w.span.start, w.span.end, w.id)),
        })
        .collect();
    Story::Lattice { candidates }
}

/// The word of `piece` (its byte range: the BPE model merges a word at a time) that holds the
/// piece's token `token`, and that token's index in the word.
fn word_of(bpe: &Bpe, piece: &str, token: usize) -> (Range<usize>, usize) {
    let (mut at, mut first, mut out) = (0, 0, Vec::new());
    for word in bpe.words(piece) {
        out.clear();
        bpe.tokenize(word, &mut Default::default(), &mut out);
        if token < first + out.len() {
            return (at..at + word.len(), token - first);
        }
        (at, first) = (at + word.len(), first + out.len());
    }
    (0..piece.len(), token)
}

/// What a BPE model did with `piece`, whose token `made` is explained: the piece as the
/// vocabulary writes it, and its story.
fn bpe_story(bpe: &Bpe, piece: &str, made: usize) -> (String, &'static str, Story) {
    let bytes = piece.as_bytes();
    let write = |range: std::ops::Range<usize>| match bpe.is_byte_level() {
        true => printable(&bytes[range]),
        false => String::from_utf8_lossy(&bytes[range]).into_owned(),
    };
    let seen = write(0..bytes.len());
    if bytes.len() > LONGEST_TRACED {
        return (seen, MERGED, Story::TooLong);
    }
    let (symbols, joins) = match bpe.trace(piece) {
        Err(id) => return (seen, MERGED, Story::Whole { id }),
        Ok(traced) => traced,
    };
    let starts: Vec<usize> = symbols.iter().map(|&(_, at)| at).collect();
    let joins: Vec<Join> = joins.into_iter().map(Join::of).collect();
    let (units, steps) = replay(&starts, bytes.len(), &joins, write);
    // A character spelt as its bytes, untouched by any merge, is byte fallback's story.
    let mut out = Vec::new();
    bpe.tokenize(piece, &mut Default::default(), &mut out);
    let at: usize = out[..made].iter().map(|&(_, len)| len).sum();
    if out.get(made).is_some_and(|&(id, _)| bpe.is_fallback(id)) {
        let start = (0..=at)
            .rev()
            .find(|&i| piece.is_char_boundary(i))
            .unwrap_or(0);
        let character = piece[start..].chars().next().unwrap_or_default();
        let ids = (start..start + character.len_utf8())
            .filter_map(|i| symbols.iter().find(|&&(_, s)| s == i).map(|&(id, _)| id))
            .collect();
        let story = Story::Bytes {
            character: character.to_string(),
            ids,
            at: at - start,
        };
        return (seen, MERGED, story);
    }
    (seen, MERGED, Story::Merges { units, steps, made })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{"normalizer": null, "pre_tokenizer": {"type": "WhitespaceSplit"},
        "added_tokens": [{"id": 6, "content": "<s>", "special": true}],
        "post_processor": null, "decoder": null,
        "model": {"type": "BPE", "byte_fallback": true, "unk_token": "<unk>",
                  "vocab": {"a": 0, "b": 1, "ab": 2, "<0xC3>": 3, "<0xA9>": 4, "<unk>": 5},
                  "merges": [["a", "b"]]}}"#;

    #[test]
    fn merges_byte_fallback_and_added_tokens_are_told_apart() {
        let tokenizer = TokenizerJson::from_str(FILE, "t").unwrap();
        let text = "xab é<s>";
        let ids: Vec<_> = tokenizer.encode(text).iter().map(|p| p.id).collect();
        assert_eq!(ids, [Some(5), Some(2), Some(3), Some(4), Some(6)]);

        let ab = tokenizer.explain(text, 1).unwrap();
        assert_eq!((ab.chunk, ab.seen.as_str(), ab.cut), (0..3, "xab", MERGED));
        let Story::Merges { units, steps, made } = ab.story else {
            panic!("{:?}", ab.story)
        };
        assert_eq!((units, made), (vec!["x".into(), "a".into(), "b".into()], 1));
        assert_eq!(steps[0].parts, ["x", "ab"]);

        let e = tokenizer.explain(text, 3).unwrap();
        assert_eq!(e.chunk, 4..6);
        assert_eq!(
            e.story,
            Story::Bytes {
                character: "é".into(),
                ids: vec![3, 4],
                at: 1
            }
        );

        let added = tokenizer.explain(text, 4).unwrap();
        assert_eq!((added.chunk, added.cut), (6..9, ADDED));
        assert_eq!(added.story, Story::Whole { id: 6 });
        assert!(tokenizer.explain(text, 5).is_none());
    }

    #[test]
    fn wordpiece_spells_longest_first_and_word_level_looks_up_whole() {
        let wordpiece = r###"{"normalizer": null, "pre_tokenizer": {"type": "WhitespaceSplit"},
            "added_tokens": [], "post_processor": null, "decoder": null,
            "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                      "max_input_chars_per_word": 100,
                      "vocab": {"[UNK]": 0, "un": 1, "unaff": 2, "##able": 3, "##a": 4, "##ble": 5}}}"###;
        let tokenizer = TokenizerJson::from_str(wordpiece, "w").unwrap();
        let text = "x unable";
        let ids: Vec<_> = tokenizer.encode(text).iter().map(|p| p.id).collect();
        assert_eq!(ids, [Some(0), Some(1), Some(3)]);
        let able = tokenizer.explain(text, 2).unwrap();
        assert_eq!(
            (able.chunk, able.seen.as_str(), able.cut),
            (2..8, "unable", LONGEST)
        );
        // "unable" and "unabl"… are no pieces: four longer candidates before "un"; then "##able".
        assert_eq!(
            able.story,
            Story::Longest {
                pieces: vec![("un".into(), 4), ("##able".into(), 0)],
                made: 1,
                whole: true
            }
        );
        let unknown = tokenizer.explain(text, 0).unwrap();
        let Story::Longest { whole: false, .. } = unknown.story else {
            panic!("{:?}", unknown.story)
        };

        let word_level = r#"{"normalizer": null, "pre_tokenizer": {"type": "WhitespaceSplit"},
            "added_tokens": [], "post_processor": null, "decoder": null,
            "model": {"type": "WordLevel", "unk_token": "<unk>", "vocab": {"<unk>": 0, "hello": 1}}}"#;
        let tokenizer = TokenizerJson::from_str(word_level, "l").unwrap();
        let hello = tokenizer.explain("hi hello", 1).unwrap();
        assert_eq!(
            (hello.chunk, hello.cut, hello.story),
            (3..8, LOOKED_UP, Story::Whole { id: 1 })
        );
    }

    #[test]
    fn a_unigram_piece_shows_its_lattice() {
        let unigram = r#"{"normalizer": null, "pre_tokenizer": {"type": "WhitespaceSplit"},
            "added_tokens": [], "post_processor": null, "decoder": null,
            "model": {"type": "Unigram", "unk_id": 0,
                      "vocab": [["<unk>", 0.0], ["a", -1.0], ["b", -2.0], ["ab", -1.5]]}}"#;
        let tokenizer = TokenizerJson::from_str(unigram, "u").unwrap();
        let ids: Vec<_> = tokenizer.encode("ab").iter().map(|p| p.id).collect();
        assert_eq!(ids, [Some(3)]);
        let why = tokenizer.explain("ab", 0).unwrap();
        assert_eq!(why.cut, LATTICE);
        let Story::Lattice { candidates } = why.story else {
            panic!("{:?}", why.story)
        };
        let shown: Vec<_> = candidates
            .iter()
            .map(|c| (c.piece.as_str(), c.path, c.best, c.on_path))
            .collect();
        // "ab" (−1.5) beats "a" then "b" (−3): the best way to the end, and the path.
        assert_eq!(
            shown,
            [
                ("a", -1.0, true, false),
                ("ab", -1.5, true, true),
                ("b", -3.0, false, false)
            ]
        );
    }
}
