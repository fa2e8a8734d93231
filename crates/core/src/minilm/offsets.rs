//! Does a learned position table know about distance? For an offset k, cos(p, p+k) for every p
//! where both rows exist, and its mean and spread across p. For the sinusoidal table every p gives the
//! same cosine (spread 0, see posenc::relative); MiniLM's learned table only roughly has the property:
//! on its float32 weights, k = 1: 0.851 ± 0.04, k = 10: 0.32 ± 0.17, k = 200: 0.00 ± 0.19.
//! Works on any [`PositionTable`]. Leaves out: plotting (the page), other similarity measures.

use crate::posenc::{dots_at_offset, PositionTable};

/// cos(p, p+k) across p, with its mean and population standard deviation.
#[derive(Clone, Debug, PartialEq)]
pub struct OffsetCosines {
    pub k: usize,
    /// Entry p is cos(row p, row p+k), for p = 0 … positions − k − 1.
    pub cosines: Vec<f64>,
    pub mean: f64,
    /// √(Σ (c − mean)² / n): the spread across p, 0 when the cosine does not depend on p.
    pub std: f64,
}

/// cos(p, p+k) over `table`: the rows scaled to unit length, then posenc's dot products at offset k.
/// Empty (mean and std NaN) when k leaves no pair.
pub fn offset_cosines(table: &PositionTable, k: usize) -> OffsetCosines {
    unit_offset_cosines(&unit_rows(table), k)
}

/// `table` with every row scaled to unit length (a zero row stays zero): what [`offset_cosines`]
/// reads, made once by a caller that asks for many offsets.
pub fn unit_rows(table: &PositionTable) -> PositionTable {
    let unit: Vec<f64> = table
        .rows()
        .flat_map(|row| {
            let norm = row.iter().map(|v| v * v).sum::<f64>().sqrt();
            row.iter()
                .map(move |v| if norm > 0.0 { v / norm } else { 0.0 })
        })
        .collect();
    PositionTable::from_values(table.d(), unit).expect("same shape as a valid table")
}

/// [`offset_cosines`] of a table whose rows [`unit_rows`] already scaled.
pub fn unit_offset_cosines(unit: &PositionTable, k: usize) -> OffsetCosines {
    let cosines = dots_at_offset(unit, k, unit.positions());
    let n = cosines.len() as f64;
    let mean = cosines.iter().sum::<f64>() / n;
    let std = (cosines.iter().map(|c| (c - mean) * (c - mean)).sum::<f64>() / n).sqrt();
    OffsetCosines {
        k,
        cosines,
        mean,
        std,
    }
}

#[cfg(test)]
mod tests {
    use super::offset_cosines;
    use crate::posenc::{PositionTable, Sinusoidal, DEFAULT_BASE};

    #[test]
    fn sinusoidal_positions_have_one_cosine_per_offset() {
        let table = Sinusoidal::new(64, DEFAULT_BASE)
            .unwrap()
            .table(200)
            .unwrap();
        let found = offset_cosines(&table, 5);
        assert_eq!(found.cosines.len(), 195);
        assert!(found.std < 1e-12, "{}", found.std);
    }

    #[test]
    fn worked_example() {
        // Rows (1, 0), (1, 1), (0, 2): cos at k = 1 is 1/√2 twice; at k = 2, 0; at k = 3, nothing.
        let table = PositionTable::from_values(2, vec![1.0, 0.0, 1.0, 1.0, 0.0, 2.0]).unwrap();
        let one = offset_cosines(&table, 1);
        assert!((one.mean - 0.5f64.sqrt()).abs() < 1e-15 && one.std < 1e-15);
        assert_eq!(offset_cosines(&table, 2).cosines, [0.0]);
        assert!(offset_cosines(&table, 3).cosines.is_empty());
    }
}
