//! `til posenc table` / `til posenc dot` as a user runs them: the output shape, values that equal
//! the core's f64 reference bit for bit (shortest round-trip printing), the seed's worked numbers, and
//! one clear stderr line with exit code 2 for every bad command line.

mod support;

use support::{assert_fails, stdout, til};
use til_core::posenc::{direct_dot, offset_kernel, Sinusoidal, DEFAULT_BASE};

fn parse_row(line: &str) -> Vec<f64> {
    line.split(',')
        .map(|v| v.parse().expect("a number"))
        .collect()
}

#[test]
fn table_prints_n_lines_of_d_values_equal_to_the_core_bit_for_bit() {
    let text = stdout(&til(&[
        "posenc",
        "table",
        "--positions",
        "40",
        "--d",
        "7",
        "--base",
        "500",
    ]));
    let e = Sinusoidal::new(7, 500.0).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 40);
    for (pos, line) in lines.iter().enumerate() {
        let row = parse_row(line);
        assert_eq!(row.len(), 7);
        // Shortest round-trip: parsing the text gives back exactly the f64 the core computed.
        assert_eq!(row, e.encode(pos as f64).unwrap(), "position {pos}");
    }
}

#[test]
fn table_of_d4_is_the_worked_example() {
    let text = stdout(&til(&["posenc", "table", "--positions", "2", "--d", "4"]));
    assert_eq!(
        text,
        "0,1,0,1\n0.8414709848078965,0.5403023058681398,0.009999833334166664,0.9999500004166653\n"
    );
    assert_eq!(
        stdout(&til(&["posenc", "table", "--positions=0", "--d=4"])),
        ""
    );
}

#[test]
fn dot_prints_one_number_equal_to_the_direct_product_and_the_closed_form() {
    let e = Sinusoidal::new(64, DEFAULT_BASE).unwrap();
    for (p, k) in [("0", "3"), ("17", "3"), ("1000", "3"), ("12.5", "-4")] {
        let text = stdout(&til(&["posenc", "dot", "--p", p, "--k", k, "--d", "64"]));
        assert_eq!(text.lines().count(), 1);
        let value: f64 = text.trim_end().parse().unwrap();
        let (p, k): (f64, f64) = (p.parse().unwrap(), k.parse().unwrap());
        assert_eq!(value, direct_dot(&e, p, k).unwrap());
        assert!((value - offset_kernel(&e, k)).abs() <= 1e-12, "p={p} k={k}");
    }
    // d = 4, base 100: cos(3) + cos(3/10).
    let text = stdout(&til(&[
        "posenc", "dot", "--p", "5", "--k", "3", "--d", "4", "--base", "100",
    ]));
    let value: f64 = text.trim_end().parse().unwrap();
    assert!(
        (value - (3f64.cos() + 0.3f64.cos())).abs() <= 1e-15,
        "{value}"
    );
}

#[test]
fn help_lists_both_commands() {
    let text = stdout(&til(&["posenc", "--help"]));
    assert!(text.contains("til posenc table --positions N --d D [--base B]"));
    assert!(text.contains("til posenc dot --p P --k K --d D [--base B]"));
    assert_eq!(stdout(&til(&["posenc", "dot", "--help"])), text);
    assert!(stdout(&til(&["--help"])).contains("posenc table"));
}

#[test]
fn bad_command_lines_fail_with_one_clear_line() {
    // Each case is a command line of single words, split at spaces.
    let cases = [
        ("posenc tables", "unknown command `posenc tables`"),
        ("posenc table --d 4", "missing --positions"),
        ("posenc table --positions 3", "missing --d"),
        (
            "posenc table --positions -1 --d 4",
            "--positions expects a whole number, got `-1`",
        ),
        (
            "posenc table --positions 3 --d 0",
            "d_model must be at least 1, got 0",
        ),
        (
            "posenc table --positions 3 --d 4 --base 1",
            "base must be a finite number greater than 1, got 1",
        ),
        (
            "posenc table --positions 3 --d 4 --base NaN",
            "base must be a finite number greater than 1, got NaN",
        ),
        ("posenc table --positions 3 --d 4 --d 5", "--d given twice"),
        (
            "posenc table --positions 3 --d 4 --p 1",
            "unexpected argument `--p`",
        ),
        (
            "posenc dot --p -1 --k 1 --d 4",
            "position must be a finite number ≥ 0, got -1",
        ),
        (
            "posenc dot --p inf --k 1 --d 4",
            "position must be a finite number ≥ 0, got inf",
        ),
        (
            "posenc dot --p 2 --k -3 --d 4",
            "P + K = -1 is not a position",
        ),
        ("posenc dot --p 2 --k", "--k needs a value"),
    ];
    for (line, needle) in cases {
        assert_fails(&til(&line.split(' ').collect::<Vec<_>>()), 2, needle);
    }
}
