//! Why WordPiece cut a text as it did: the word the pre-tokenizer made (lowercased, accents
//! stripped), then, from its start, the longest piece of the vocabulary, then the longest `##`
//! piece from where that one ended, and so on ([`WordPiece::pieces`]'s own loop, traced); a word
//! with a stretch no piece covers is `[UNK]`. `[CLS]` and `[SEP]` are added to every text.

use super::{WordPiece, CONTINUATION, SPECIAL_TOKENS};
use crate::why::{Explain, Story, Why};

const CUT: &str = "BERT's pre-tokenizer lowercases the text, strips accents, and splits it on \
                   whitespace and around every punctuation mark and CJK character; WordPiece then \
                   takes each word's longest piece from its start, then the longest ## piece from \
                   where that ends, and so on.";

impl Explain for WordPiece {
    fn explain(&self, text: &str, token: usize) -> Option<Why> {
        let encoding = self.encode(text);
        let asked = encoding.tokens.get(token)?;
        let Some(w) = asked.word else {
            return Some(Why {
                chunk: asked.span.clone(),
                seen: asked.text.clone(),
                cut: CUT,
                story: Story::Added { id: asked.id },
                anatomy: Vec::new(),
            });
        };
        let word = &encoding.words[w];
        let of_word: Vec<usize> = (0..encoding.tokens.len())
            .filter(|&j| encoding.tokens[j].word == Some(w))
            .collect();
        let (first, last) = (of_word[0], of_word[of_word.len() - 1]);
        let chunk = encoding.tokens[first].span.start..encoding.tokens[last].span.end;
        let story = if SPECIAL_TOKENS.contains(&word.as_str()) && of_word.len() == 1 {
            Story::Whole { id: asked.id }
        } else {
            let mut pieces = Vec::new();
            let whole = self.pieces_with(word, &mut Vec::new(), |range, tried| {
                let prefix = if range.start == 0 { "" } else { CONTINUATION };
                pieces.push((format!("{prefix}{}", &word[range]), tried));
            });
            Story::Longest {
                pieces,
                made: token - first,
                whole,
            }
        };
        Some(Why {
            chunk,
            seen: word.clone(),
            cut: CUT,
            story,
            anatomy: Vec::new(),
        })
    }
}
