//! "Where did my spaces and accents go?": a short story generated from the visitor's own tokens.
//! It points at a token that starts with `Ġ` (the space byte's stand-in), at other invisible bytes,
//! and at each multi-byte character (accent, emoji): its UTF-8 bytes, the printable characters
//! GPT-2 shows for them, and the tokens those bytes end up in. Only describes; til_core tokenizes.
use leptos::prelude::*;
use til_core::gpt2::byte_table::byte_char;
use til_core::gpt2::{Gpt2Tokenizer, TokenDetail};

use super::state::{hex, Encoded};
use crate::widgets::token_chip::TokenChip;

/// How many distinct multi-byte characters the story explains.
const MAX_CHARS_EXPLAINED: usize = 5;
/// How many distinct invisible bytes (newline, tab, …) it names.
const MAX_INVISIBLE: usize = 4;

#[derive(Clone, Debug, PartialEq)]
struct TokenRef {
    id: u32,
    text: String,
}

impl TokenRef {
    fn of(t: &TokenDetail) -> TokenRef {
        TokenRef {
            id: t.id,
            text: t.printable.clone(),
        }
    }
}

/// Where a character's bytes ended up.
#[derive(Clone, Debug, PartialEq)]
enum Landing {
    /// One token that is exactly this character.
    Own(TokenRef),
    /// One token holding this character and more.
    Inside(TokenRef),
    /// Several tokens, each holding part of the character.
    Split(Vec<TokenRef>),
}

#[derive(Clone, Debug, PartialEq)]
enum Part {
    /// A word token with a leading space, what the word is without it, and how many tokens lead with a space.
    Space {
        token: TokenRef,
        bare: Vec<TokenRef>,
        spaced: usize,
        total: usize,
    },
    /// No token starts with a space.
    NoSpace,
    /// The lone-space token, and how many times the text uses it.
    LoneSpace(TokenRef, usize),
    /// Another byte shown by a stand-in character (newline, tab, …), and a token holding it.
    Invisible { byte: u8, token: TokenRef },
    /// A character of more than one UTF-8 byte.
    MultiByte {
        ch: char,
        bytes: Vec<u8>,
        landing: Landing,
    },
}

#[component]
pub fn ByteStory(
    #[prop(into)] encoded: Signal<Encoded>,
    tokenizer: std::sync::Arc<Gpt2Tokenizer>,
) -> impl IntoView {
    let parts = Memo::new(move |_| encoded.with(|e| story(&tokenizer, &e.text, &e.tokens)));
    view! {
        <div class="gpt2-story" data-testid="gpt2-story">
            <h4>"Spaces, accents and emoji: bytes, not characters"</h4>
            <p>
                "GPT-2 reads UTF-8 bytes. Its first 256 tokens are the 256 byte values, so any text in any script \
                 can be spelled out and no character is ever unknown (the byte fallback); the 50,000 merges then \
                 join frequent byte sequences into bigger tokens. To keep tokens printable, each byte is shown as a \
                 character: the 188 visible Latin-1 bytes as themselves, the other 68 (space, newline, control bytes) \
                 as stand-ins from " <code>"Ā"</code> " (U+0100) on."
            </p>
            <ul class="story-parts">{crate::dynamic::dynamic(move || parts.get().into_iter().map(part_view).collect_view())}</ul>
        </div>
    }
}

fn story(tokenizer: &Gpt2Tokenizer, text: &str, tokens: &[TokenDetail]) -> Vec<Part> {
    let mut parts = Vec::new();
    // 1. The space: a word that carries its leading space.
    let word = tokens
        .iter()
        .find(|t| t.bytes.len() > 1 && t.bytes[0] == b' ' && t.bytes[1] != b' ');
    match word {
        Some(t) => {
            let bare = std::str::from_utf8(&t.bytes[1..])
                .map(|rest| {
                    tokenizer
                        .encode_detailed(rest)
                        .iter()
                        .map(TokenRef::of)
                        .collect()
                })
                .unwrap_or_default();
            let spaced = tokens
                .iter()
                .filter(|t| t.bytes.first() == Some(&b' '))
                .count();
            parts.push(Part::Space {
                token: TokenRef::of(t),
                bare,
                spaced,
                total: tokens.len(),
            });
        }
        None => parts.push(Part::NoSpace),
    }
    let lone: Vec<&TokenDetail> = tokens.iter().filter(|t| t.bytes == b" ").collect();
    if let Some(first) = lone.first() {
        parts.push(Part::LoneSpace(TokenRef::of(first), lone.len()));
    }
    // 2. Other invisible ASCII bytes (newline, tab, …): their printable form is a stand-in (U+0100 on).
    //    Bytes from 0x80 on belong to multi-byte characters, explained below.
    let mut seen = Vec::new();
    for t in tokens {
        for &b in &t.bytes {
            if b != b' '
                && b < 0x80
                && u32::from(byte_char(b)) >= 0x100
                && !seen.contains(&b)
                && seen.len() < MAX_INVISIBLE
            {
                seen.push(b);
                parts.push(Part::Invisible {
                    byte: b,
                    token: TokenRef::of(t),
                });
            }
        }
    }
    // 3. Multi-byte characters and the tokens their bytes land in.
    for (start, ch) in chosen_chars(text) {
        let end = start + ch.len_utf8();
        let first = tokens.partition_point(|t| t.end <= start);
        let over: Vec<&TokenDetail> = tokens[first..]
            .iter()
            .take_while(|t| t.start < end)
            .collect();
        let landing = match over.as_slice() {
            [] => continue,
            [t] if t.start == start && t.end == end => Landing::Own(TokenRef::of(t)),
            [t] => Landing::Inside(TokenRef::of(t)),
            many => Landing::Split(many.iter().map(|t| TokenRef::of(t)).collect()),
        };
        let bytes = text.as_bytes()[start..end].to_vec();
        parts.push(Part::MultiByte { ch, bytes, landing });
    }
    parts
}

/// Up to `MAX_CHARS_EXPLAINED` distinct multi-byte characters with their byte offsets, in order;
/// a 4-byte one (usually an emoji) is always among them when the text has one.
fn chosen_chars(text: &str) -> Vec<(usize, char)> {
    let mut chosen: Vec<(usize, char)> = Vec::new();
    let mut four_byte = None;
    for (at, ch) in text.char_indices().filter(|(_, c)| c.len_utf8() > 1) {
        if chosen.iter().any(|&(_, c)| c == ch) {
            continue;
        }
        if chosen.len() < MAX_CHARS_EXPLAINED {
            chosen.push((at, ch));
        } else if ch.len_utf8() == 4 {
            four_byte = Some((at, ch));
            break;
        }
    }
    if let Some(emoji) = four_byte {
        if !chosen.iter().any(|(_, c)| c.len_utf8() == 4) {
            chosen.pop();
            chosen.push(emoji);
        }
    }
    chosen
}

fn chip(t: &TokenRef) -> impl IntoView {
    view! { <TokenChip text=t.text.clone() id=t.id/> " (id " {t.id} ")" }
}

fn chips(ts: &[TokenRef]) -> impl IntoView {
    ts.iter()
        .map(|t| view! { <TokenChip text=t.text.clone() id=t.id/> })
        .collect_view()
}

fn byte_name(b: u8) -> String {
    match b {
        b'\n' => "the newline byte 0x0A".into(),
        b'\t' => "the tab byte 0x09".into(),
        b'\r' => "the carriage-return byte 0x0D".into(),
        0x7F => "the delete byte 0x7F".into(),
        _ => format!("the control byte 0x{b:02X}"),
    }
}

fn part_view(part: Part) -> AnyView {
    match part {
        Part::Space { token, bare, spaced, total } => view! {
            <li data-testid="gpt2-story-space">
                {chip(&token)} " starts with " <code>"Ġ"</code>
                ", GPT-2's printable stand-in for the space byte 0x20: the pre-tokenizer keeps a space with the word after it, \
                 so a common word costs one token, space included. "
                {(!bare.is_empty()).then(|| {
                    let what = if bare.len() == 1 { ", a different token. " } else { ", different tokens. " };
                    view! { "Without its space the same text is " {chips(&bare)} {what} }
                })}
                {format!("{spaced} of your {total} tokens start with a space.")}
            </li>
        }
        .into_any(),
        Part::NoSpace => view! {
            <li data-testid="gpt2-story-space">
                "None of your tokens starts with " <code>"Ġ"</code>
                ". Type a word after a space: GPT-2 glues the space (byte 0x20, shown as Ġ) to the front of the word that follows."
            </li>
        }
        .into_any(),
        Part::LoneSpace(token, count) => view! {
            <li>
                {chip(&token)}
                {format!(
                    " is a space left on its own, {count} time{} in your text: no merge joined it to what \
                     follows. GPT-2 has no tokens for two or more spaces, so a run of spaces costs a token per space.",
                    if count == 1 { "" } else { "s" }
                )}
            </li>
        }
        .into_any(),
        Part::Invisible { byte, token } => view! {
            <li>
                <code>{byte_char(byte).to_string()}</code> {format!(" stands for {}, as in ", byte_name(byte))}
                {chip(&token)} "."
            </li>
        }
        .into_any(),
        Part::MultiByte { ch, bytes, landing } => {
            let shown: String = bytes.iter().map(|&b| byte_char(b)).collect();
            let pairs = bytes
                .iter()
                .map(|&b| view! { <span class="byte-pair"><code>{format!("{b:02X}")}</code>"→"<code>{byte_char(b).to_string()}</code></span> })
                .collect_view();
            let landing = match landing {
                Landing::Own(t) => view! { " Merged into a token of its own: " {chip(&t)} "." }.into_any(),
                Landing::Inside(t) => view! { " Merged, with its neighbours, into " {chip(&t)} "." }.into_any(),
                Landing::Split(ts) => {
                    let n = ts.len();
                    view! {
                        {format!(" Its bytes end up split across {n} tokens: ")} {chips(&ts)}
                        {format!(" ({}); a token can stop in the middle of a character, and only decoding them together gives {ch} back.",
                            ts.iter().map(|t| format!("id {}", t.id)).collect::<Vec<_>>().join(", "))}
                    }
                    .into_any()
                }
            };
            view! {
                <li data-testid="gpt2-story-char" data-char=ch.to_string()>
                    <strong class="story-char">{ch.to_string()}</strong>
                    {format!(" (U+{:04X}) is {} bytes in UTF-8: ", u32::from(ch), bytes.len())}
                    <code data-testid="gpt2-story-bytes">{hex(&bytes)}</code>
                    ", which GPT-2 shows as " <code>{shown}</code> " (" {pairs} ")."
                    {landing}
                </li>
            }
            .into_any()
        }
    }
}
