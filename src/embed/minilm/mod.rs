//! MiniLM (all-MiniLM-L6-v2, a BERT-style encoder) in the Embed lab: [`MiniLmNeighbours`],
//! neighbours among its 30,522 token rows beside GloVe's for the same word, and [`PipelinePanel`], a
//! sentence through the whole embedding layer as (1, T, 384) heatmaps with the seed's guard; both
//! load the 23 MB token table only once opened. The files are shared page-wide
//! (`crate::assets::minilm`). Leaves out: the attention layers and the maths (in the core).
mod lookup;
mod neighbours_panel;
mod pipeline;
mod tensor_heatmap;
mod token_values;

pub use neighbours_panel::MiniLmNeighbours;
pub use pipeline::PipelinePanel;
