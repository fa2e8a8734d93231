//! Unigram training as sentencepiece 0.2.1 runs it (`UnigramModelTrainer::Train`):
//! 1. seed pieces ([`seeds`](super::seeds));
//! 2. EM, `sub_iterations` times: the E-step sums every piece's expected count over the corpus
//!    (forward-backward per word, times the word's count); the M-step drops pieces expected fewer
//!    than 0.5 times and scores the rest `digamma(count) − digamma(total)` (the Bayesian EM
//!    sentencepiece uses, a sparse prior);
//! 3. stop once at most 1.1 × the target size is left; else prune: each piece's loss is how much
//!    the corpus likelihood drops if its Viterbi uses go to its second-best split, and the
//!    pieces with the smallest losses go until 0.75 of them are left (pieces with no split are
//!    kept; pieces unused by Viterbi, or whose own best split is not themselves, go first);
//! 4. the final vocabulary: `<unk>`, `<s>`, `</s>`, every character (one no longer scored gets
//!    the lowest score, minus 0.0001 per character after it), then the best-scored pieces.
//!
//! Each EM iteration, pruning round and the final step is a [`Round`] that can be stepped to.
//! Arithmetic is f64 throughout (sentencepiece stores scores as f32): token counts agree with
//! sentencepiece's closely, not to the piece.

use std::sync::Arc;

use super::lattice::{Lattice, PieceIndex, UNKNOWN};
use super::seeds::{seed_pieces, sort_best_first};
use super::{UnigramError, UnigramOptions, META_PIECES};

/// The pruning loss of one removed piece.
#[derive(Clone, Debug, PartialEq)]
pub struct Removed {
    pub piece: String,
    /// How much the corpus log-likelihood (per word) drops without it.
    pub loss: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RoundKind {
    /// The seed vocabulary.
    Seeds,
    /// EM iteration `iteration` (from 1) of pruning round `round` (from 0).
    Em { round: usize, iteration: usize },
    /// Pruning round `round` (from 1): the pieces it removed that cost something, largest loss
    /// first (the closest calls), up to [`REMOVED_SHOWN`]; how many it removed in all; and how
    /// many of those cost nothing (unused by Viterbi, or splitting better without themselves).
    Prune {
        round: usize,
        removed: Vec<Removed>,
        removed_total: usize,
        costless: usize,
    },
    /// The final vocabulary, whose first `fixed` pieces are the meta and byte pieces.
    Final { fixed: usize },
}

/// How many removed pieces a pruning round keeps by name.
pub const REMOVED_SHOWN: usize = 200;

/// One state of training.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    pub kind: RoundKind,
    /// The pieces and their log-probabilities after this round.
    pub pieces: Arc<Vec<(String, f64)>>,
    /// The corpus's Viterbi token count: under the pieces an EM iteration started with (its
    /// E-step's), else under this round's pieces.
    pub tokens: u64,
    /// The corpus log-likelihood per token (all segmentations summed), under the pieces the
    /// round started with (an E-step's objective); 0 where no E-step ran.
    pub log_likelihood_per_token: f64,
}

impl Round {
    /// How many fixed pieces (`<unk>`, `<s>`, `</s>`, and the bytes with byte fallback) lead the
    /// pieces: only the final round's.
    pub fn meta_pieces(&self) -> usize {
        match self.kind {
            RoundKind::Final { fixed } => fixed,
            _ => 0,
        }
    }
}

/// A trained model: pieces in id order, `<unk>`, `<s>`, `</s>` first, then with byte fallback
/// `<0x00>`…`<0xFF>` (all score 0).
#[derive(Clone, Debug)]
pub struct Model {
    pieces: Vec<(String, f64)>,
    /// How many pieces lead as meta and byte pieces (3, or 259 with byte fallback).
    fixed: usize,
    index: PieceIndex,
}

impl Model {
    fn new(pieces: Vec<(String, f64)>, fixed: usize) -> Model {
        let index = PieceIndex::new(pieces.iter().skip(fixed).map(|(p, s)| (p.as_str(), *s)));
        Model {
            pieces,
            fixed,
            index,
        }
    }

    /// How many pieces lead as meta and byte pieces.
    pub fn fixed_pieces(&self) -> usize {
        self.fixed
    }

    /// Whether characters no piece covers are written as their UTF-8 bytes.
    pub fn byte_fallback(&self) -> bool {
        self.fixed > META_PIECES.len()
    }

    /// `(piece, score)` in id order.
    pub fn pieces(&self) -> &[(String, f64)] {
        &self.pieces
    }

    /// The lattice of one `▁word` (node ids are model ids minus the fixed pieces, or
    /// [`UNKNOWN`](super::lattice::UNKNOWN)).
    pub fn lattice(&self, word: &str) -> Lattice {
        self.index.lattice(word, None)
    }

    /// The ids of `text`: each whitespace-separated word as `▁word`, segmented by Viterbi; a
    /// character no piece covers becomes its UTF-8 bytes' pieces with byte fallback, else a run
    /// of them one `<unk>` (id 0), as in sentencepiece.
    pub fn encode(&self, text: &str) -> Vec<u32> {
        let byte_ids = META_PIECES.len() as u32;
        let mut ids = Vec::new();
        for word in super::words::word_sequence(text) {
            let lattice = self.index.lattice(&word, None);
            let (path, _) = lattice.viterbi().expect("every character has a node");
            for i in path {
                let node = &lattice.nodes()[i];
                match node.id {
                    UNKNOWN if self.byte_fallback() => {
                        let character = word.chars().nth(node.start).expect("a node's character");
                        let mut utf8 = [0; 4];
                        let bytes = character.encode_utf8(&mut utf8).bytes();
                        ids.extend(bytes.map(|b| byte_ids + u32::from(b)));
                    }
                    UNKNOWN if ids.last() == Some(&0) => {}
                    UNKNOWN => ids.push(0),
                    id => ids.push(id + self.fixed as u32),
                }
            }
        }
        ids
    }
}

/// The training run, one [`Round`] per [`Trainer::step`].
pub struct Trainer {
    options: UnigramOptions,
    words: Vec<(String, u64)>,
    total_words: f64,
    /// Every character of the corpus with its count: all are kept in the end.
    required: Vec<(String, f64)>,
    pieces: Vec<(String, f64)>,
    rounds: Vec<Round>,
    /// EM iterations done since the last pruning round.
    em_done: usize,
    pruned: usize,
    finished: bool,
}

impl Trainer {
    /// Seeds the vocabulary of `words` (distinct `▁word`s with counts).
    pub fn new(
        words: Vec<(String, u64)>,
        options: UnigramOptions,
    ) -> Result<Trainer, UnigramError> {
        if words.is_empty() {
            return Err(UnigramError::EmptyCorpus);
        }
        let pieces = seed_pieces(&words, options.max_piece_len, options.seed_size);
        let required: Vec<(String, f64)> = pieces
            .iter()
            .filter(|(p, _)| p.chars().count() == 1)
            .cloned()
            .collect();
        let fixed = options.fixed_pieces().count();
        if options.vocab_size < required.len() + fixed {
            return Err(UnigramError::VocabTooSmall {
                asked: options.vocab_size,
                characters: required.len(),
                fixed,
            });
        }
        let total_words = words.iter().map(|(_, c)| *c as f64).sum();
        let mut trainer = Trainer {
            options,
            words,
            total_words,
            required,
            pieces,
            rounds: Vec::new(),
            em_done: 0,
            pruned: 0,
            finished: false,
        };
        let tokens = trainer.viterbi_counts(&PieceIndex::new(trainer.scored())).1;
        trainer.record(RoundKind::Seeds, tokens, 0.0);
        Ok(trainer)
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Runs the next state: an EM iteration, a pruning round or the final vocabulary; None when
    /// the final one is done.
    pub fn step(&mut self) -> Option<&Round> {
        if self.finished {
            return None;
        }
        let desired = (self.options.vocab_size as f64 * 1.1) as usize;
        if self.em_done < self.options.sub_iterations {
            self.em_step();
        } else if self.pieces.len() <= desired {
            self.finish();
        } else {
            self.prune(desired);
        }
        self.rounds.last()
    }

    /// Every step to the end, then the model.
    pub fn into_model(mut self) -> Model {
        while self.step().is_some() {}
        self.model().expect("the final round is done")
    }

    /// The trained model, once the final round is done.
    pub fn model(&self) -> Option<Model> {
        let last = self.rounds.last().filter(|_| self.finished)?;
        Some(Model::new(last.pieces.as_ref().clone(), last.meta_pieces()))
    }

    fn scored(&self) -> impl Iterator<Item = (&str, f64)> {
        self.pieces.iter().map(|(p, s)| (p.as_str(), *s))
    }

    fn record(&mut self, kind: RoundKind, tokens: u64, log_likelihood_per_token: f64) {
        self.rounds.push(Round {
            kind,
            pieces: Arc::new(self.pieces.clone()),
            tokens,
            log_likelihood_per_token,
        });
    }

    /// Viterbi over the corpus: each piece's uses (weighted by word counts) and the token count.
    fn viterbi_counts(&self, index: &PieceIndex) -> (Vec<f64>, u64) {
        let mut uses = vec![0.0; self.pieces.len()];
        let mut tokens = 0;
        for (word, count) in &self.words {
            let lattice = index.lattice(word, None);
            let (path, _) = lattice.viterbi().expect("every character is a piece");
            tokens += path.len() as u64 * count;
            for i in path {
                let id = lattice.nodes()[i].id;
                if id != UNKNOWN {
                    uses[id as usize] += *count as f64;
                }
            }
        }
        (uses, tokens)
    }

    /// E-step then M-step.
    fn em_step(&mut self) {
        // E: expected counts, the log-likelihood of the corpus, and its Viterbi tokens, all under
        //    the pieces the round starts with (one lattice per word serves all three).
        let index = PieceIndex::new(self.scored());
        let mut expected = vec![0.0; self.pieces.len()];
        let (mut log_likelihood, mut tokens) = (0.0, 0);
        for (word, count) in &self.words {
            let lattice = index.lattice(word, None);
            let (marginals, z) = lattice.marginals();
            log_likelihood += z * *count as f64;
            tokens += lattice.viterbi().map_or(0, |(path, _)| path.len() as u64) * count;
            for (node, m) in lattice.nodes().iter().zip(marginals) {
                if node.id != UNKNOWN {
                    expected[node.id as usize] += m * *count as f64;
                }
            }
        }
        // M: drop the rarely expected, score the rest with the digamma update.
        let kept: Vec<(String, f64)> = self
            .pieces
            .drain(..)
            .zip(expected)
            .filter(|(_, freq)| *freq >= 0.5)
            .map(|((piece, _), freq)| (piece, freq))
            .collect();
        let total: f64 = kept.iter().map(|(_, f)| f).sum();
        let log_total = digamma(total);
        self.pieces = kept
            .into_iter()
            .map(|(piece, freq)| (piece, digamma(freq) - log_total))
            .collect();
        self.em_done += 1;
        let kind = RoundKind::Em {
            round: self.pruned,
            iteration: self.em_done,
        };
        self.record(kind, tokens, log_likelihood / tokens.max(1) as f64);
    }

    /// One pruning round down to max(`desired`, 0.75 of the pieces).
    fn prune(&mut self, desired: usize) {
        let index = PieceIndex::new(self.scored());
        // 1. Each piece's second-best split, if its best is itself.
        let n = self.pieces.len();
        let mut always_keep = vec![true; n];
        let mut alternatives: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (i, (piece, _)) in self.pieces.iter().enumerate() {
            let best = index
                .lattice(piece, None)
                .viterbi()
                .map(|(path, _)| path.len());
            match best {
                Some(1) => {
                    let second = index.lattice(piece, Some(i as u32));
                    if let Some((path, _)) = second.viterbi() {
                        alternatives[i] = path.iter().map(|&k| second.nodes()[k].id).collect();
                    }
                }
                _ => always_keep[i] = false,
            }
        }
        // 2. Viterbi uses over the corpus.
        let (uses, _) = self.viterbi_counts(&index);
        let sum: f64 = uses.iter().sum();
        let log_sum = sum.ln();
        // 3. Losses; pieces with no alternative stay, unused or self-splitting ones go.
        let mut kept: Vec<usize> = Vec::new();
        let mut candidates: Vec<(usize, f64)> = Vec::new();
        let mut free: Vec<usize> = Vec::new();
        for i in 0..n {
            if uses[i] == 0.0 || !always_keep[i] {
                free.push(i);
            } else if alternatives[i].is_empty() || alternatives[i].contains(&UNKNOWN) {
                kept.push(i);
            } else {
                let share = uses[i] / self.total_words;
                let log_prob = uses[i].ln() - log_sum;
                let log_sum_alt = (sum + uses[i] * (alternatives[i].len() as f64 - 1.0)).ln();
                let log_prob_alt: f64 = alternatives[i]
                    .iter()
                    .map(|&a| (uses[a as usize] + uses[i]).ln() - log_sum_alt)
                    .sum();
                candidates.push((i, share * (log_prob - log_prob_alt)));
            }
        }
        crate::order::sort_by(&mut candidates, |a, b| {
            b.1.total_cmp(&a.1).then(a.0.cmp(&b.0))
        });
        let target = desired.max((self.options.shrinking_factor * n as f64) as usize);
        let room = target.saturating_sub(kept.len());
        let (survive, gone) = candidates.split_at(room.min(candidates.len()));
        kept.extend(survive.iter().map(|&(i, _)| i));
        // 4. The removed that cost something, the closest calls first.
        let removed = gone
            .iter()
            .take(REMOVED_SHOWN)
            .map(|&(i, loss)| Removed {
                piece: self.pieces[i].0.clone(),
                loss,
            })
            .collect();
        let (removed_total, costless) = (gone.len() + free.len(), free.len());
        crate::order::sort(&mut kept);
        self.pieces = kept.into_iter().map(|i| self.pieces[i].clone()).collect();
        self.pruned += 1;
        self.em_done = 0;
        let tokens = self.viterbi_counts(&PieceIndex::new(self.scored())).1;
        let kind = RoundKind::Prune {
            round: self.pruned,
            removed,
            removed_total,
            costless,
        };
        self.record(kind, tokens, 0.0);
    }

    /// The final vocabulary (see the module's step 4).
    fn finish(&mut self) {
        let lowest = self
            .pieces
            .iter()
            .map(|(_, s)| *s)
            .fold(f64::INFINITY, f64::min);
        let scores: crate::fxhash::FxHashMap<&str, f64> = self.scored().collect();
        let mut chosen: Vec<(String, f64)> = Vec::new();
        let mut penalty = 0.0;
        for (c, _) in &self.required {
            match scores.get(c.as_str()) {
                Some(&score) => chosen.push((c.clone(), score)),
                None => {
                    chosen.push((c.clone(), lowest - penalty));
                    penalty += 0.0001;
                }
            }
        }
        let fixed: Vec<(String, f64)> = self.options.fixed_pieces().map(|p| (p, 0.0)).collect();
        let room = self.options.vocab_size - fixed.len();
        let mut rest = self.pieces.clone();
        sort_best_first(&mut rest);
        for (piece, score) in rest {
            if chosen.len() >= room {
                break;
            }
            if piece.chars().count() > 1 {
                chosen.push((piece, score));
            }
        }
        sort_best_first(&mut chosen);
        let fixed_count = fixed.len();
        self.pieces = fixed.into_iter().chain(chosen).collect();
        self.finished = true;
        let model = Model::new(self.pieces.clone(), fixed_count);
        let tokens = self
            .words
            .iter()
            .map(|(word, count)| {
                let lattice = model.lattice(word);
                lattice.viterbi().map_or(0, |(p, _)| p.len() as u64) * count
            })
            .sum();
        self.record(RoundKind::Final { fixed: fixed_count }, tokens, 0.0);
    }
}

/// Trains on `text` (whitespace-separated words) to a vocabulary of `options.vocab_size`.
pub fn train(text: &str, options: UnigramOptions) -> Result<Model, UnigramError> {
    let words = super::unigram_words(&crate::bpe::WordCounts::from_text(text));
    Ok(Trainer::new(words, options)?.into_model())
}

/// ψ(x), as sentencepiece computes it: the recurrence up to 7, then the asymptotic series.
fn digamma(mut x: f64) -> f64 {
    let mut result = 0.0;
    while x < 7.0 {
        result -= 1.0 / x;
        x += 1.0;
    }
    x -= 0.5;
    let xx = 1.0 / x;
    let xx2 = xx * xx;
    let xx4 = xx2 * xx2;
    result + x.ln() + xx2 / 24.0 - 7.0 / 960.0 * xx4 + 31.0 / 8064.0 * xx4 * xx2
        - 127.0 / 30720.0 * xx4 * xx4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digamma_matches_known_values() {
        // ψ(1) = −γ, ψ(0.5) = −γ − 2 ln 2, ψ(10) = H_9 − γ.
        let gamma = 0.577_215_664_901_532_9;
        assert!((digamma(1.0) + gamma).abs() < 1e-9);
        assert!((digamma(0.5) + gamma + 2.0 * 2f64.ln()).abs() < 1e-9);
        let h9: f64 = (1..=9).map(|k| 1.0 / k as f64).sum();
        assert!((digamma(10.0) - (h9 - gamma)).abs() < 1e-9);
    }

    #[test]
    fn training_reaches_the_size_and_keeps_every_character() {
        let text = "the cat sat on the mat the cat ate the rat that sat on a hat ".repeat(20);
        let model = train(&text, UnigramOptions::with_vocab(17)).unwrap();
        let pieces: Vec<&str> = model.pieces().iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(pieces.len(), 17);
        assert_eq!(&pieces[..3], META_PIECES);
        for c in "▁thecasonmr".chars() {
            assert!(
                pieces.contains(&c.to_string().as_str()),
                "{c} in {pieces:?}"
            );
        }
        assert!(pieces.iter().any(|p| p.chars().count() > 2), "{pieces:?}");
        // Scores after the meta pieces are log-probabilities, best first.
        assert!(model.pieces()[3..].windows(2).all(|w| w[0].1 >= w[1].1));
        let ids = model.encode("the cat zz");
        assert_eq!(
            ids.iter().filter(|&&id| id == 0).count(),
            1,
            "zz is one <unk>: {ids:?}"
        );
    }

    #[test]
    fn rounds_shrink_and_end_final() {
        let text = "lower lowest newer newest wider widest ".repeat(10);
        let mut trainer = Trainer::new(
            super::super::unigram_words(&crate::bpe::WordCounts::from_text(&text)),
            UnigramOptions::with_vocab(16),
        )
        .unwrap();
        while trainer.step().is_some() {}
        let rounds = trainer.rounds();
        assert_eq!(rounds[0].kind, RoundKind::Seeds);
        assert!(matches!(
            rounds[1].kind,
            RoundKind::Em {
                round: 0,
                iteration: 1
            }
        ));
        assert_eq!(rounds.last().unwrap().kind, RoundKind::Final { fixed: 3 });
        assert_eq!(rounds.last().unwrap().pieces.len(), 16);
        assert!(rounds
            .windows(2)
            .all(|w| w[1].pieces.len() <= w[0].pieces.len() || w[1].meta_pieces() > 0));
    }

    #[test]
    fn too_small_a_vocabulary_or_no_words_is_refused() {
        let refused = train("abc abd", UnigramOptions::with_vocab(5)).unwrap_err();
        assert_eq!(
            refused,
            UnigramError::VocabTooSmall {
                asked: 5,
                characters: 5,
                fixed: 3
            }
        );
        assert!(refused
            .to_string()
            .contains("the corpus has 5 distinct characters"));
        assert_eq!(
            train(" \n", UnigramOptions::with_vocab(50)).unwrap_err(),
            UnigramError::EmptyCorpus
        );
    }
}
