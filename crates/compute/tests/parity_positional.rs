//! Kernels 3 and 4, positional encoding: the GPU's f32 sinusoidal table against the core's f64 one,
//! and PE·PEᵀ of sinusoidal and learned tables against the core's `dot_matrix`, on odd sizes (37 to
//! 70,001 positions, d = 7, 33, 64, 128, a non-default base). Tolerances, with their reasons in
//! `pe_table` and `pe_dots`: table values within `pe_table::tolerance(pos)` (2⁻²⁰ + pos·2⁻³¹ below
//! 2¹⁶ positions: the angle is carried exactly, sine and cosine are the kernel's own polynomials);
//! matrix cells within `pe_dots::tolerance` ((d + 3)·2⁻²⁴·Σ|aᵢbᵢ|). The worst error is printed.

mod common;

use common::{block_on, gpu};
use til_compute::gpu::{pe_dots, pe_table};
use til_compute::Backend;
use til_core::posenc::{LearnedTable, PositionTable, Sinusoidal};

#[test]
fn the_sinusoidal_table_matches_the_f64_reference() {
    let gpu = gpu();
    for (d, base, positions) in [
        (7, 10_000.0, 37),
        (33, 10_000.0, 300),
        (128, 10_000.0, 640),
        (64, 31.6, 300),
        (3, 10_000.0, 70_001),
    ] {
        let encoding = Sinusoidal::new(d, base).unwrap();
        let cpu = block_on(Backend::Cpu.pe_table(&encoding, positions)).unwrap();
        let got = block_on(gpu.pe_table(&encoding, positions)).unwrap();
        assert_eq!((got.rows(), got.cols()), (positions, d));
        assert_eq!(
            cpu.as_slice(),
            encoding.table(positions).unwrap().as_slice(),
            "the CPU backend is the core"
        );
        let mut worst: f64 = 0.0;
        for pos in 0..positions {
            for (dim, (c, g)) in cpu
                .row(pos)
                .unwrap()
                .iter()
                .zip(got.row(pos).unwrap())
                .enumerate()
            {
                let error = (c - g).abs();
                assert!(
                    error <= pe_table::tolerance(pos as f64),
                    "d {d}, PE({pos}, {dim}): f64 {c}, GPU {g}"
                );
                worst = worst.max(error);
            }
        }
        eprintln!("d {d}, base {base}, {positions} positions: worst |GPU − f64| = {worst:.2e}");
    }
}

fn assert_matrix_matches(gpu: &Backend, table: &PositionTable, n: usize, what: &str) {
    let cpu = block_on(Backend::Cpu.pe_dot_matrix(table, n)).unwrap();
    let got = block_on(gpu.pe_dot_matrix(table, n)).unwrap();
    let n = n.min(table.positions());
    assert_eq!((got.rows(), got.cols(), cpu.rows()), (n, n, n), "{what}");
    let mut worst: f64 = 0.0;
    for p in 0..n {
        for q in 0..n {
            let (c, g) = (cpu.get(p, q).unwrap(), got.get(p, q).unwrap());
            let tolerance = pe_dots::tolerance(table.row(p).unwrap(), table.row(q).unwrap());
            assert!(
                (c - g).abs() <= tolerance,
                "{what}: M[{p}][{q}] f64 {c}, GPU {g}"
            );
            assert_eq!(
                g,
                got.get(q, p).unwrap(),
                "{what}: the GPU matrix is exactly symmetric"
            );
            worst = worst.max((c - g).abs());
        }
    }
    eprintln!("{what}: worst |GPU − f64| = {worst:.2e}");
}

#[test]
fn dot_matrices_match_the_core() {
    let gpu = gpu();
    for (d, rows, n) in [(7, 37, 37), (33, 300, 129), (128, 640, 128)] {
        let sinusoidal = Sinusoidal::new(d, 10_000.0).unwrap().table(rows).unwrap();
        assert_matrix_matches(&gpu, &sinusoidal, n, &format!("sinusoidal d {d}, n {n}"));
        let learned = LearnedTable::new(rows, d, 2019).unwrap();
        assert_matrix_matches(&gpu, learned.table(), n, &format!("learned d {d}, n {n}"));
    }
    // n past the table's end is cut to the table, as the core does.
    let short = LearnedTable::new(20, 9, 1).unwrap();
    assert_matrix_matches(&gpu, short.table(), 64, "learned, 20 rows, n 64");
}

#[test]
fn empty_and_oversized_requests_agree() {
    let gpu = gpu();
    let encoding = Sinusoidal::new(16, 10_000.0).unwrap();
    for backend in [&gpu, &Backend::Cpu] {
        assert_eq!(block_on(backend.pe_table(&encoding, 0)).unwrap().rows(), 0);
        assert!(
            block_on(backend.pe_table(&encoding, 1 << 25)).is_err(),
            "past the core's table limit"
        );
    }
}
