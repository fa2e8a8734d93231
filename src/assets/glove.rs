//! GloVe's vectors (`glove/vectors.bin`) as the page's asset, decoded once per page the first time
//! a lab that needs them (Embed, or Position's word order) is opened. A missing or damaged asset ends
//! in [`Load::Failed`](crate::assets::Load) with the core's sentence, shown as it is.
use til_core::embed::EmbeddingTable;

use super::{asset, urls, Asset};

/// The vectors' asset (the same handle wherever it is asked for).
pub fn vectors() -> Asset<EmbeddingTable> {
    asset(urls::GLOVE_VECTORS, 0, |_, bytes| {
        EmbeddingTable::from_asset(bytes).map_err(|e| e.to_string())
    })
}
