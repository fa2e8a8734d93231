//! The BPE walkthrough: the corpus and its settings, training in the lab's worker, the stepper, the
//! pair-count table with the choice explained, the merges, the vocabulary and the words as they
//! stand at the step on show, "Encode a word", and the export of the trained run.
mod chunked;
mod corpus_editor;
mod corpus_file;
mod corpus_form;
mod encode_panel;
mod explanation;
mod export_panel;
mod markup_rows;
mod merge_list;
mod pair_table;
pub mod presets;
pub mod state;
mod stepper;
pub mod training;
mod words_table;
mod words_view;

pub use corpus_form::CorpusForm;
pub use encode_panel::EncodePanel;
pub use export_panel::ExportPanel;
pub use merge_list::{MergeList, VocabView};
pub use pair_table::PairTable;
pub use state::WalkthroughState;
pub use stepper::Stepper;
pub use words_view::WordsView;
