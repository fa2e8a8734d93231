//! What only WordPiece has to say in the Tokenize lab's side-by-side (whose generic column draws its
//! chips and count): how its vocabulary loads, its `##` pieces and `[UNK]`s, and the words it cut
//! into pieces or gave up on, as the lab's worker encodes it. Only the vocabulary (vocab.txt,
//! 231 KB) is fetched, when the side first renders. Leaves out: the embedding rows (the Embed lab's views).
use std::sync::Arc;

use leptos::prelude::*;
use til_core::wordpiece::{Encoding, UNK};

use crate::assets::minilm::MiniLm;
use crate::assets::status::AssetStatus;
use crate::async_derived::async_derived;
use crate::worker::Remote;

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
pub fn WordPieceNotes(
    /// The text the other sides tokenize.
    #[prop(into)]
    text: Signal<Arc<str>>,
) -> impl IntoView {
    let minilm = MiniLm::expect();
    let encoding = async_derived(
        move || Some((minilm.vocab.ready()?, text.get())),
        async |(_, text)| Remote::wordpiece(&text).await,
    );
    let body = move || {
        encoding.get().map(|encoding| {
            let encoding = match encoding {
                Ok(encoding) => encoding,
                Err(why) => return view! { <p class="error">{why}</p> }.into_any(),
            };
            let continuations = encoding.tokens.iter().filter(|t| t.is_continuation()).count();
            let unknown = encoding.tokens.iter().filter(|t| t.text == UNK).count();
            let splits = splits(&encoding);
            let more_splits = splits.len().saturating_sub(SPLITS_SHOWN);
            view! {
                <p class="muted" data-testid="wordpiece-summary">
                    <code>"[CLS]"</code>" and "<code>"[SEP]"</code>
                    {format!(" included; {continuations} ## piece{} continuing a word, {unknown} [UNK].", if continuations == 1 { "" } else { "s" })}
                </p>
                {(!splits.is_empty()).then(|| view! {
                    <ul class="wp-splits" data-testid="wordpiece-splits" aria-label="Words not kept whole">
                        {splits.into_iter().take(SPLITS_SHOWN).map(|split| view! {
                            <li><code>{split.word}</code>" → "<code>{split.pieces.join(" ")}</code></li>
                        }).collect_view()}
                    </ul>
                    {(more_splits > 0).then(|| view! { <p class="muted">{format!("… and {more_splits} more split words.")}</p> })}
                })}
            }
            .into_any()
        })
    };
    view! {
        <AssetStatus asset=minilm.vocab what="MiniLM's vocabulary (vocab.txt)" total=0 testid="wordpiece-status"/>
        {body}
    }
}
