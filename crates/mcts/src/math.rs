//! Lookup tables for the selection formulas: `sqrt(ln n)` and `1 / sqrt n`
//! for small visit counts, where most selections happen, computed once per
//! process. Larger counts fall back to the library functions.

use std::sync::OnceLock;

/// Visit counts below this use the tables (two tables of 16 KiB each).
const TABLE: usize = 4096;

struct Tables {
    sqrt_ln: Vec<f32>,
    inv_sqrt: Vec<f32>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        sqrt_ln: (0..TABLE).map(|n| (n.max(1) as f64).ln().sqrt() as f32).collect(),
        inv_sqrt: (0..TABLE).map(|n| 1.0 / (n.max(1) as f64).sqrt() as f32).collect(),
    })
}

/// Fast `sqrt(ln n)` and `1 / sqrt n` for visit counts.
#[derive(Clone, Copy)]
pub(crate) struct Math {
    /// The tables as slices, so a lookup is one bounds check and one load
    /// (no pointer chase through the `Vec`s).
    sqrt_ln: &'static [f32],
    inv_sqrt: &'static [f32],
}

impl Math {
    pub(crate) fn new() -> Self {
        let t = tables();
        Math { sqrt_ln: &t.sqrt_ln, inv_sqrt: &t.inv_sqrt }
    }

    /// `sqrt(ln(max(n, 1)))`.
    #[inline]
    pub(crate) fn sqrt_ln(self, n: u32) -> f64 {
        match self.sqrt_ln.get(n as usize) {
            Some(&v) => f64::from(v),
            None => f64::from(n).ln().sqrt(),
        }
    }

    /// `1 / sqrt(max(n, 1))`.
    #[inline]
    pub(crate) fn inv_sqrt(self, n: u32) -> f64 {
        match self.inv_sqrt.get(n as usize) {
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
            assert!((m.sqrt_ln(n) - f64::from(n).ln().sqrt()).abs() < 1e-6);
            assert!((m.inv_sqrt(n) - 1.0 / f64::from(n).sqrt()).abs() < 1e-6);
        }
        assert_eq!(m.sqrt_ln(0), 0.0);
    }
}
