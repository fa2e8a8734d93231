//! Counting a side's tokens over many short texts (the numbers grid, the token tax): the page's own
//! tokenizers count here, the zoo's in the lab's worker, one message for all the texts. Leaves
//! out: the tokens themselves (only each token's byte length comes back).
use std::sync::Arc;

use super::side::SideState;

/// For each of `texts`, the byte length of each of its tokens under the side's tokenizer; `None`
/// while it is not ready.
pub async fn lengths(
    state: SideState,
    texts: Arc<Vec<String>>,
) -> Option<Result<Vec<Vec<u32>>, String>> {
    match state {
        SideState::Ready(tokenizer) => Some(Ok(texts
            .iter()
            .map(|t| {
                tokenizer
                    .encode(t)
                    .iter()
                    .map(|p| p.span.len() as u32)
                    .collect()
            })
            .collect())),
        SideState::Remote(remote) => Some(remote.lengths(&texts).await),
        SideState::Failed(why) => Some(Err(why)),
        SideState::Waiting(_) => None,
    }
}
