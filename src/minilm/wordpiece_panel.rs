//! WordPiece, the third tokenizer of the Tokenize lab's side-by-side: the same text as the
//! walkthrough's BPE and GPT-2 get, through MiniLM's (BERT's uncased) WordPiece. Its count, its chips
//! with ids, and the words it cut into `##` pieces or gave up on (`[UNK]`). Only the vocabulary
//! (vocab.txt, 231 KB) is fetched, when the side first renders. Leaves out: the embedding rows (the
//! Embed lab's views).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::wordpiece::{Encoding, UNK};

use super::asset_status::AssetStatus;
use super::loader::{Load, MiniLm};
use super::wordpiece_chips::WordPieceChips;

/// Chips drawn; the count covers every token.
const CHIP_LIMIT: usize = 200;
/// Split words listed.
const SPLITS_SHOWN: usize = 12;

/// A word the tokenizer did not keep whole: its pieces, or `[UNK]`.
#[derive(Clone, Debug, PartialEq)]
struct Split {
    word: String,
    pieces: Vec<String>,
}

/// The words of `encoding` that became more than one piece, or `[UNK]`, in order.
fn splits(encoding: &Encoding) -> Vec<Split> {
    let mut pieces: Vec<Vec<String>> = vec![Vec::new(); encoding.words.len()];
    for token in &encoding.tokens {
        if let Some(word) = token.word {
            pieces[word].push(token.text.clone());
        }
    }
    encoding
        .words
        .iter()
        .zip(pieces)
        .filter(|(_, pieces)| pieces.len() > 1 || pieces.iter().any(|p| p == UNK))
        .map(|(word, pieces)| Split {
            word: word.clone(),
            pieces,
        })
        .collect()
}

#[component]
pub fn WordPieceSide(
    /// The text the other sides tokenize.
    #[prop(into)]
    text: Signal<Arc<str>>,
) -> impl IntoView {
    let minilm = MiniLm::expect();
    minilm.want_vocab();
    let encoding = Memo::new(move |_| {
        let tokenizer = minilm.vocab.with(Load::ready)?;
        Some(text.with(|t| tokenizer.encode(t)))
    });
    let body = move || {
        encoding.get().map(|encoding| {
            let count = encoding.len();
            let continuations = encoding.tokens.iter().filter(|t| t.is_continuation()).count();
            let unknown = encoding.tokens.iter().filter(|t| t.text == UNK).count();
            let splits = splits(&encoding);
            let more_splits = splits.len().saturating_sub(SPLITS_SHOWN);
            view! {
                <p><strong data-testid="wordpiece-count">{count}</strong>" tokens, "<code>"[CLS]"</code>" and "<code>"[SEP]"</code>" included"</p>
                <p class="muted" data-testid="wordpiece-summary">
                    {format!("{continuations} ## piece{} continuing a word, {unknown} [UNK].", if continuations == 1 { "" } else { "s" })}
                </p>
                <div class="chips compare-chips" data-testid="wordpiece-chips">
                    <WordPieceChips tokens=encoding.tokens.clone() limit=CHIP_LIMIT/>
                </div>
                {(count > CHIP_LIMIT).then(|| view! {
                    <p class="muted">{format!("… and {} more tokens (only the first {CHIP_LIMIT} are drawn).", count - CHIP_LIMIT)}</p>
                })}
                {(!splits.is_empty()).then(|| view! {
                    <ul class="wp-splits" data-testid="wordpiece-splits" aria-label="Words not kept whole">
                        {splits.into_iter().take(SPLITS_SHOWN).map(|split| view! {
                            <li><code>{split.word}</code>" → "<code>{split.pieces.join(" ")}</code></li>
                        }).collect_view()}
                    </ul>
                    {(more_splits > 0).then(|| view! { <p class="muted">{format!("… and {more_splits} more split words.")}</p> })}
                })}
            }
        })
    };
    view! {
        <p class="muted">
            "MiniLM's (BERT's) 30,522 pieces, uncased: text is lower-cased, accents stripped, Chinese and Japanese characters split \
             one by one, then each word is cut greedily into the longest pieces it has, "<code>"##"</code>" marking a piece that \
             continues a word. A word with a character it has no piece for becomes one "<code>"[UNK]"</code>"."
        </p>
        <AssetStatus load=minilm.vocab what="MiniLM's vocabulary (vocab.txt)" total=0 testid="wordpiece-status"/>
        {body}
    }
}
