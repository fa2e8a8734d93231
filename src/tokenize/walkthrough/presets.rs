//! The corpora a visitor can start from. The seed's four words are inline; Shakespeare is fetched on demand
//! so the first view stays small.

pub use til_core::bpe::CorpusFormat;

use crate::assets::urls;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PresetSource {
    Inline(&'static str),
    /// A file Trunk copies next to the page (see index.html).
    Asset(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub id: &'static str,
    pub label: &'static str,
    pub source: PresetSource,
    pub format: CorpusFormat,
    pub merges: usize,
}

pub const SEED: Preset = Preset {
    id: "seed",
    label: "Seed walkthrough: low×5 lowest×2 newer×6 wider×3",
    source: PresetSource::Inline("low 5\nlowest 2\nnewer 6\nwider 3\n"),
    format: CorpusFormat::WordCountLines,
    merges: 10,
};

pub const SHAKESPEARE: Preset = Preset {
    id: "tinyshakespeare",
    label: "Tiny Shakespeare (1.1 MB, public domain)",
    source: PresetSource::Asset(urls::TINY_SHAKESPEARE),
    format: CorpusFormat::FreeText,
    merges: 5000,
};

pub const ALL: [Preset; 2] = [SEED, SHAKESPEARE];

impl Preset {
    /// The label up to its first colon or parenthesis, for the folded settings' line.
    pub fn short_label(&self) -> &'static str {
        self.label
            .split([':', '('])
            .next()
            .unwrap_or(self.label)
            .trim_end()
    }
}

pub fn by_id(id: &str) -> Option<Preset> {
    ALL.into_iter().find(|p| p.id == id)
}
