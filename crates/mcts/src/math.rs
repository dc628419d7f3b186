//! Lookup tables for the selection formulas: `ln n` and `1 / sqrt n` for
//! small visit counts, where most selections happen, computed once per
//! process. Larger counts fall back to the library functions.

use std::sync::OnceLock;

/// Visit counts below this use the tables (two tables of 16 KiB each).
const TABLE: usize = 4096;

struct Tables {
    ln: Vec<f32>,
    inv_sqrt: Vec<f32>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        ln: (0..TABLE).map(|n| (n.max(1) as f64).ln() as f32).collect(),
        inv_sqrt: (0..TABLE).map(|n| 1.0 / (n.max(1) as f64).sqrt() as f32).collect(),
    })
}

/// Fast `ln` and `1 / sqrt` for visit counts.
#[derive(Clone, Copy)]
pub(crate) struct Math {
    t: &'static Tables,
}

impl Math {
    pub(crate) fn new() -> Self {
        Math { t: tables() }
    }

    /// `ln(max(n, 1))`.
    #[inline]
    pub(crate) fn ln(self, n: u32) -> f64 {
        match self.t.ln.get(n as usize) {
            Some(&v) => f64::from(v),
            None => f64::from(n).ln(),
        }
    }

    /// `1 / sqrt(max(n, 1))`.
    #[inline]
    pub(crate) fn inv_sqrt(self, n: u32) -> f64 {
        match self.t.inv_sqrt.get(n as usize) {
            Some(&v) => f64::from(v),
            None => 1.0 / f64::from(n).sqrt(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Math;

    #[test]
    fn tables_match_the_library() {
        let m = Math::new();
        for n in [1u32, 2, 3, 10, 4095, 4096, 100_000] {
            assert!((m.ln(n) - f64::from(n).ln()).abs() < 1e-6);
            assert!((m.inv_sqrt(n) - 1.0 / f64::from(n).sqrt()).abs() < 1e-6);
        }
        assert_eq!(m.ln(0), 0.0);
    }
}
