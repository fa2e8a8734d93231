//! The one interface every positional scheme of the lab plugs into, so the Position lab can switch
//! between them and its relative-offset views work on whichever is chosen: a name, d_model, how many
//! positions it has vectors for, the vector of a position, a table of the first n, and the
//! similarity of two positions k apart when that depends on k alone (a closed form).
//!
//! Implemented by [`Sinusoidal`] (any position, closed form Σᵢ cos(k·ωᵢ)) and [`LearnedTable`]
//! (whole positions below its length; its products depend on p too). Left out: schemes that act
//! inside attention rather than on the input rows (rotary, ALiBi); they will join with a score view.

use super::relative::{dot, dots_at_offset, offset_kernel};
use super::{LearnedTable, PosEncError, PositionTable, Sinusoidal};

pub trait PositionalScheme {
    /// A short name for menus and links: `sinusoidal`, `learned`.
    fn name(&self) -> &'static str;
    fn d(&self) -> usize;
    /// How many positions have a vector; `None` when every position has one.
    fn max_positions(&self) -> Option<usize>;
    /// The vector added to the token row at `pos`.
    fn vector(&self, pos: f64) -> Result<Vec<f64>, PosEncError>;
    /// Rows 0..n, for plots, products and the dot-product matrix.
    fn table(&self, n: usize) -> Result<PositionTable, PosEncError>;
    /// P(p)·P(p+k) for every p, when the scheme makes it depend on k alone.
    fn offset_kernel(&self, k: f64) -> Option<f64>;
}

/// P(p)·P(p+k) under any scheme, the long way: both vectors, multiplied and added.
pub fn dot_at(scheme: &dyn PositionalScheme, p: f64, k: f64) -> Result<f64, PosEncError> {
    Ok(dot(&scheme.vector(p)?, &scheme.vector(p + k)?))
}

/// The mean of P(p)·P(p+k) over p = 0…n−1 (as far as the table reaches): what a scheme without a
/// closed form makes of the offset k on average. `None` when no p has both rows.
pub fn mean_dot_at_offset(table: &PositionTable, k: usize, n: usize) -> Option<f64> {
    let dots = dots_at_offset(table, k, n);
    (!dots.is_empty()).then(|| dots.iter().sum::<f64>() / dots.len() as f64)
}

impl PositionalScheme for Sinusoidal {
    fn name(&self) -> &'static str {
        "sinusoidal"
    }

    fn d(&self) -> usize {
        Sinusoidal::d(self)
    }

    fn max_positions(&self) -> Option<usize> {
        None
    }

    fn vector(&self, pos: f64) -> Result<Vec<f64>, PosEncError> {
        self.encode(pos)
    }

    fn table(&self, n: usize) -> Result<PositionTable, PosEncError> {
        Sinusoidal::table(self, n)
    }

    fn offset_kernel(&self, k: f64) -> Option<f64> {
        // Exact for even d; an odd d's lone sine adds a term that depends on p.
        (!self.has_lone_sine()).then(|| offset_kernel(self, k))
    }
}

impl PositionalScheme for LearnedTable {
    fn name(&self) -> &'static str {
        "learned"
    }

    fn d(&self) -> usize {
        LearnedTable::d(self)
    }

    fn max_positions(&self) -> Option<usize> {
        Some(self.max_seq_len())
    }

    /// A row per whole position: `pos` is rounded to the nearest one (the page's cursor glides).
    fn vector(&self, pos: f64) -> Result<Vec<f64>, PosEncError> {
        if !pos.is_finite() || pos < 0.0 {
            return Err(PosEncError::BadPosition(pos));
        }
        Ok(self.row(pos.round() as usize)?.to_vec())
    }

    fn table(&self, n: usize) -> Result<PositionTable, PosEncError> {
        PositionTable::from_values(self.d(), self.lookup(n)?.to_vec())
    }

    fn offset_kernel(&self, _k: f64) -> Option<f64> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sinusoidal_scheme_has_a_closed_form_and_every_position() {
        let scheme = Sinusoidal::new(16, 10_000.0).unwrap();
        let scheme: &dyn PositionalScheme = &scheme;
        assert_eq!(
            (scheme.name(), scheme.d(), scheme.max_positions()),
            ("sinusoidal", 16, None)
        );
        for (p, k) in [(0.0, 3.0), (7.5, 3.0), (1e4, 3.0)] {
            let closed = scheme.offset_kernel(k).unwrap();
            assert!(
                (dot_at(scheme, p, k).unwrap() - closed).abs() < 1e-9,
                "p = {p}"
            );
        }
        let table = scheme.table(40).unwrap();
        let mean = mean_dot_at_offset(&table, 3, 40).unwrap();
        assert!((mean - scheme.offset_kernel(3.0).unwrap()).abs() < 1e-9);
        // An odd d has no closed form: its lone sine depends on p.
        assert_eq!(
            Sinusoidal::new(15, 10_000.0).unwrap().offset_kernel(3.0),
            None
        );
    }

    #[test]
    fn the_learned_scheme_ends_at_its_length_and_depends_on_p() {
        let learned = LearnedTable::new(8, 4, 2019).unwrap();
        let scheme: &dyn PositionalScheme = &learned;
        assert_eq!(
            (scheme.name(), scheme.max_positions()),
            ("learned", Some(8))
        );
        assert_eq!(scheme.offset_kernel(1.0), None);
        assert_eq!(scheme.vector(2.4).unwrap(), learned.row(2).unwrap());
        assert_eq!(
            scheme.vector(8.0),
            Err(PosEncError::SequenceTooLong { len: 9, max: 8 })
        );
        assert_eq!(scheme.vector(-1.0), Err(PosEncError::BadPosition(-1.0)));
        assert_eq!(
            scheme.table(9),
            Err(PosEncError::SequenceTooLong { len: 9, max: 8 })
        );
        let table = scheme.table(8).unwrap();
        // Products at the same offset differ from one p to the next.
        let dots = dots_at_offset(&table, 1, 8);
        assert_eq!(dots.len(), 7);
        assert!(dots.windows(2).any(|w| (w[0] - w[1]).abs() > 1e-3));
        assert_eq!(mean_dot_at_offset(&table, 8, 8), None);
    }
}
