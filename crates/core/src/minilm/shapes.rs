//! The shapes of MiniLM's embedding layer on one sentence of T tokens, step by step, written the way
//! seed 000 labels its `TransformerEmbeddings` (PyTorch expressions, batch axis first), with BERT's
//! two additions: the token-type row and the LayerNorm. Leaves out: the values (layer.rs).

use super::{D_MODEL, MAX_POSITIONS, TYPE_VOCAB_SIZE, VOCAB_SIZE};
use crate::embed::lookup::ShapeStep;

/// The forward pass's shapes for a sequence of `seq` tokens (batch 1).
pub fn shapes(seq: usize) -> Vec<ShapeStep> {
    let (t, d) = (seq, D_MODEL);
    // (PyTorch expression, shape, what it is): one step a line, as a table reads.
    #[rustfmt::skip]
    let steps: [(&'static str, Vec<usize>, &'static str); 10] = [
        ("input_ids", vec![1, t], "WordPiece ids, [CLS] … [SEP]"),
        ("word_embeddings.weight", vec![VOCAB_SIZE, d], "W_word: one row per WordPiece token"),
        ("tok_emb = W_word[input_ids]", vec![1, t, d], "each id replaced by its row"),
        ("positions = arange(seq_len).unsqueeze(0)", vec![1, t], "0 … T−1; T ≤ 512 or the guard trips"),
        ("position_embeddings.weight", vec![MAX_POSITIONS, d], "W_pos: one learned row per position"),
        ("pos_emb = W_pos[positions]", vec![1, t, d], "batch axis of size 1"),
        ("token_type_embeddings.weight", vec![TYPE_VOCAB_SIZE, d], "W_type: sentence A and B"),
        ("type_emb = W_type[zeros(1, seq_len)]", vec![1, t, d], "row 0 at every position: one sentence"),
        ("x = tok_emb + pos_emb + type_emb", vec![1, t, d], "the raw sum (seed 000's output + the type row)"),
        ("LayerNorm(x), eps = 1e-12", vec![1, t, d], "each position rescaled to mean 0, variance 1, then · γ + β"),
    ];
    steps
        .into_iter()
        .map(|(expression, shape, note)| ShapeStep {
            expression,
            shape,
            note,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::shapes;

    #[test]
    fn the_output_is_one_by_t_by_384() {
        let steps = shapes(7);
        assert_eq!(steps.len(), 10);
        assert_eq!(steps.first().unwrap().shape, [1, 7]);
        assert_eq!(steps[1].shape, [30_522, 384]);
        assert_eq!(steps.last().unwrap().shape, [1, 7, 384]);
    }
}
