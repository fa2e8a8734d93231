//! One word's neighbours as the views need them: what the search gives and the panels, the PCA
//! picture, the CSV download and the MiniLM comparison read.

/// The neighbours of the searched word, as the views need them.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub id: u32,
    pub word: String,
    /// (row, word, cosine), best first.
    pub neighbours: Vec<(u32, String, f32)>,
    /// Time of the search in the page, in milliseconds.
    pub millis: f64,
}
