//! What a rendered conversation costs in tokens: the whole text, each message's content on its own,
//! each role's, and the template's overhead — the tokens the template adds beyond the messages'
//! own (the total less the messages' counts; below zero if the template drops text, as Qwen3's does
//! with an earlier turn's reasoning).
use std::ops::Range;

use super::conversation::Message;

/// The counts for one rendered conversation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    pub total: usize,
    /// Each message's content, tokenized alone (no special tokens added).
    pub per_message: Vec<usize>,
    /// Each role's messages together, in the order the roles first appear.
    pub per_role: Vec<(String, usize)>,
    /// `total` less the messages' counts.
    pub overhead: i64,
}

/// Counts `messages` whose rendering gave `total` tokens, with `count` giving a text's tokens.
pub fn count<E>(
    total: usize,
    messages: &[Message],
    count: impl Fn(&str) -> Result<usize, E>,
) -> Result<Counts, E> {
    let per_message = messages
        .iter()
        .map(|m| count(m.content()))
        .collect::<Result<Vec<_>, E>>()?;
    let mut per_role: Vec<(String, usize)> = Vec::new();
    for (message, n) in messages.iter().zip(&per_message) {
        match per_role.iter_mut().find(|(role, _)| role == message.role()) {
            Some((_, sum)) => *sum += n,
            None => per_role.push((message.role().to_string(), *n)),
        }
    }
    let overhead = total as i64 - per_message.iter().sum::<usize>() as i64;
    Ok(Counts {
        total,
        per_message,
        per_role,
        overhead,
    })
}

/// `text` cut into stretches of plain text and `special_tokens` (text, id), each special string
/// taken whole wherever it appears — the longest at the first place any starts, as `tokenizers`
/// matches its added tokens. Each stretch: its byte span and, for a special one, its id.
pub fn segments(text: &str, special_tokens: &[(String, u32)]) -> Vec<(Range<usize>, Option<u32>)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < text.len() {
        let found = special_tokens
            .iter()
            .filter(|(s, _)| !s.is_empty() && text[at..].starts_with(s.as_str()))
            .max_by_key(|(s, _)| s.len());
        match found {
            Some((s, id)) => {
                if start < at {
                    out.push((start..at, None));
                }
                out.push((at..at + s.len(), Some(*id)));
                at += s.len();
                start = at;
            }
            None => at += text[at..].chars().next().map_or(1, char::len_utf8),
        }
    }
    if start < text.len() || out.is_empty() {
        out.push((start..text.len(), None));
    }
    out
}

/// `text`'s ids: each special token's own, the stretches between through `encode`.
pub fn encode_with_special_tokens<E>(
    text: &str,
    special_tokens: &[(String, u32)],
    encode: impl Fn(&str) -> Result<Vec<u32>, E>,
) -> Result<Vec<u32>, E> {
    let mut ids = Vec::new();
    for (span, special) in segments(text, special_tokens) {
        match special {
            Some(id) => ids.push(id),
            None => ids.extend(encode(&text[span])?),
        }
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::{count, encode_with_special_tokens};
    use crate::chat::conversation::Message;

    #[test]
    fn counts_split_into_messages_roles_and_the_template_s_overhead() {
        let messages = [
            Message::new("user", "a b"),
            Message::new("assistant", "c"),
            Message::new("user", "d e f"),
        ];
        let words = |t: &str| Ok::<_, ()>(t.split_whitespace().count());
        let counts = count(12, &messages, words).unwrap();
        assert_eq!(counts.per_message, [2, 1, 3]);
        assert_eq!(
            counts.per_role,
            [("user".into(), 5), ("assistant".into(), 1)]
        );
        assert_eq!(counts.overhead, 6);
    }

    #[test]
    fn special_strings_are_one_token_each_and_the_rest_is_encoded() {
        let specials = [
            ("<|im_start|>".to_string(), 1),
            ("<|im".to_string(), 9),
            ("<|im_end|>".to_string(), 2),
        ];
        let bytes = |t: &str| Ok::<_, ()>(t.bytes().map(u32::from).collect());
        let ids =
            encode_with_special_tokens("<|im_start|>é<|im_end|><|i", &specials, bytes).unwrap();
        assert_eq!(
            ids,
            [
                1,
                0xc3,
                0xa9,
                2,
                u32::from(b'<'),
                u32::from(b'|'),
                u32::from(b'i')
            ]
        );
    }
}
