//! GPT-2's merges (`gpt2/merges.bin`) as the page's asset, checked and turned into the tokenizer
//! once per page; the Tokenize lab asks for it when it opens. A missing or damaged asset ends in
//! [`Load::Failed`](crate::assets::Load) with a sentence the page shows as it is.
use til_core::gpt2::Gpt2Tokenizer;

use til_core::registry;

use crate::assets::{asset, Asset};

/// The tokenizer's asset (the same handle wherever it is asked for).
pub fn merges() -> Asset<Gpt2Tokenizer> {
    asset(registry::GPT2.asset, 0, |_, bytes| {
        Gpt2Tokenizer::from_asset(bytes).map_err(|e| e.to_string())
    })
}
