//! Lookup tables for the selection formulas: `sqrt(ln n)` and `1 / sqrt n`
//! for the visit counts where most selections happen, computed once per
//! process. Larger counts fall back to the library functions.
//!
//! The tables hold `f64`s, so a lookup is one load (no conversion), and
//! are fixed-size arrays, so the bounds check compares with a constant.
//! The values below [`TABLE`] are the `f32`-rounded ones of the first
//! version (widened exactly to `f64`), and `sqrt(ln n)` for
//! `TABLE..BIG_TABLE` is exactly what the library computes, so every
//! search gives bit-for-bit the statistics it gave before the tables
//! changed.

use std::sync::OnceLock;

/// Visit counts below this use the small tables (two tables of 32 KiB).
const TABLE: usize = 4096;

/// Parent visit counts below this (and at least [`TABLE`]) use the exact
/// `sqrt(ln n)` table (480 KiB; only the entries near the root's current
/// count are touched, and they advance one by one): the root and the
/// first levels of a search of up to 65 536 iterations never call `ln`.
const BIG_TABLE: usize = 1 << 16;

struct Tables {
    sqrt_ln: Box<[f64; TABLE]>,
    inv_sqrt: Box<[f64; TABLE]>,
    sqrt_ln_big: Box<[f64]>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut sqrt_ln = Box::new([0.0; TABLE]);
        let mut inv_sqrt = Box::new([0.0; TABLE]);
        for n in 0..TABLE {
            let x = n.max(1) as f64;
            // f32-rounded, as the first version of these tables stored them.
            sqrt_ln[n] = f64::from(x.ln().sqrt() as f32);
            inv_sqrt[n] = f64::from(1.0 / x.sqrt() as f32);
        }
        let sqrt_ln_big = (TABLE..BIG_TABLE).map(|n| (n as f64).ln().sqrt()).collect();
        Tables { sqrt_ln, inv_sqrt, sqrt_ln_big }
    })
}

/// Fast `sqrt(ln n)` and `1 / sqrt n` for visit counts.
#[derive(Clone, Copy)]
pub(crate) struct Math {
    /// The tables as references, so a lookup is one bounds check against
    /// a constant and one load (no pointer chase through a `Vec`).
    sqrt_ln: &'static [f64; TABLE],
    inv_sqrt: &'static [f64; TABLE],
    sqrt_ln_big: &'static [f64],
}

impl Math {
    pub(crate) fn new() -> Self {
        let t = tables();
        Math { sqrt_ln: &t.sqrt_ln, inv_sqrt: &t.inv_sqrt, sqrt_ln_big: &t.sqrt_ln_big }
    }

    /// `sqrt(ln(max(n, 1)))`.
    #[inline]
    pub(crate) fn sqrt_ln(self, n: u32) -> f64 {
        let n = n as usize;
        if n < TABLE {
            self.sqrt_ln[n]
        } else {
            match self.sqrt_ln_big.get(n - TABLE) {
                Some(&v) => v,
                None => (n as f64).ln().sqrt(),
            }
        }
    }

    /// Whether `n` and every smaller count are in the small tables.
    #[inline]
    pub(crate) fn small(self, n: u32) -> bool {
        (n as usize) < TABLE
    }

    /// [`inv_sqrt`](Math::inv_sqrt) for `n` with [`small`](Math::small)
    /// `(n)` true: one load, no bounds check, no fallback.
    #[inline]
    pub(crate) fn inv_sqrt_small(self, n: u32) -> f64 {
        debug_assert!(self.small(n));
        self.inv_sqrt[n as usize & (TABLE - 1)]
    }

    /// `1 / sqrt(max(n, 1))`.
    #[inline]
    pub(crate) fn inv_sqrt(self, n: u32) -> f64 {
        match self.inv_sqrt.get(n as usize) {
            Some(&v) => v,
            None => 1.0 / f64::from(n).sqrt(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BIG_TABLE, Math, TABLE};

    #[test]
    fn tables_match_the_library() {
        let m = Math::new();
        for n in [1u32, 2, 3, 10, 4095, 4096, 4097, 30_000, 65_535, 65_536, 100_000] {
            assert!((m.sqrt_ln(n) - f64::from(n).ln().sqrt()).abs() < 1e-6);
            assert!((m.inv_sqrt(n) - 1.0 / f64::from(n).sqrt()).abs() < 1e-6);
        }
        assert_eq!(m.sqrt_ln(0), 0.0);
        for n in [0u32, 1, 2, 4095] {
            assert!(m.small(n));
            assert_eq!(m.inv_sqrt_small(n), m.inv_sqrt(n));
        }
        assert!(!m.small(4096));
    }

    /// The values the first version used: `f32`-rounded below `TABLE`,
    /// the library's `f64` above (so statistics stay bit-identical).
    #[test]
    fn tables_keep_the_first_versions_values() {
        let m = Math::new();
        for n in 0..TABLE as u32 {
            let x = f64::from(n.max(1));
            assert_eq!(m.sqrt_ln(n), f64::from(x.ln().sqrt() as f32));
            assert_eq!(m.inv_sqrt(n), f64::from(1.0 / x.sqrt() as f32));
        }
        for n in (TABLE as u32..BIG_TABLE as u32 + 10).step_by(7) {
            assert_eq!(m.sqrt_ln(n), f64::from(n).ln().sqrt());
        }
    }
}
