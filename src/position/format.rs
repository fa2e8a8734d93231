//! How numbers read on the page: fixed decimals for values a test or a reader compares, and short
//! forms for captions. Left out: locale-aware formatting (the page is in English, numbers in ASCII).

/// Values with 4 decimals, separated by ", " (the `pe-vector` text).
pub fn fixed4_list(values: &[f64]) -> String {
    values
        .iter()
        .map(|v| format!("{v:.4}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A small number a reader can take in at a glance: 4 decimals, or scientific below 0.001.
pub fn short(value: f64) -> String {
    if value != 0.0 && value.abs() < 1e-3 {
        format!("{value:.1e}")
    } else {
        format!("{value:.4}")
    }
}

/// Radians per position, with the wavelength in positions (2π/ω).
pub fn frequency(omega: f64) -> String {
    format!(
        "ω = {} rad per position (wavelength {:.1} positions)",
        short(omega),
        std::f64::consts::TAU / omega
    )
}

/// Whole positions as integers; the gliding cursor with two decimals.
pub fn show_position(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.2}")
    }
}
