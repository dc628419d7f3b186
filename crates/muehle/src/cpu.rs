//! What the engine asks of the processor, chosen at run time and passed
//! explicitly as a [`Cpu`] value (no global switch: two engines in one
//! process may take different paths).
//!
//! The release build targets baseline x86-64, which has no `popcnt`
//! instruction; the evaluator's population counts then read a table of
//! 65,536 bytes (two or three look-ups a count). Where the processor has
//! the instruction ([`Popcnt`]), the evaluation is compiled a second time
//! with it (a type parameter that counts bits) and the engine takes that
//! version. [`Cpu::from_env`] is what an engine uses unless told
//! otherwise: `SPIELBAUM_PORTABLE=1` in the environment forces the
//! portable path (CI runs the tests once that way).
//!
//! `unsafe` here only, nowhere else in the crate: the `popcnt` instruction
//! is sound to run only on a processor that has it, and a [`Popcnt`]
//! value exists only after run-time detection found it.

#![allow(unsafe_code)]

/// Population counts of masks of up to 48 bits: the table ([`Portable`])
/// or the instruction ([`Popcnt`]).
pub(crate) trait PopCount: Copy {
    /// The number of set bits of a mask of at most 24 bits.
    fn pop24(self, x: u32) -> u32;
    /// The number of set bits of a mask of at most 48 bits.
    fn pop48(self, x: u64) -> u32;
}

/// Population counts by table (every processor).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Portable;

impl PopCount for Portable {
    #[inline(always)]
    fn pop24(self, x: u32) -> u32 {
        crate::lines::pop24(x)
    }

    #[inline(always)]
    fn pop48(self, x: u64) -> u32 {
        crate::lines::pop48(x)
    }
}

/// Proof that the processor has the `popcnt` instruction: only made by
/// [`Popcnt::detect`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Popcnt(());

impl Popcnt {
    /// `Some` if this processor has `popcnt`.
    pub fn detect() -> Option<Popcnt> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            return Some(Popcnt(()));
        }
        None
    }

    /// The number of set bits of `x`, by the instruction.
    #[inline(always)]
    pub fn count(self, x: u64) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            let n: u64;
            // SAFETY: a `Popcnt` value exists only where `detect` found the
            // instruction on this processor. It reads a register, writes
            // another and the flags, and touches no memory.
            unsafe {
                std::arch::asm!(
                    "popcnt {n}, {x}",
                    x = in(reg) x,
                    n = lateout(reg) n,
                    options(pure, nomem, nostack),
                );
            }
            n as u32
        }
        #[cfg(not(target_arch = "x86_64"))]
        x.count_ones()
    }
}

impl PopCount for Popcnt {
    #[inline(always)]
    fn pop24(self, x: u32) -> u32 {
        self.count(u64::from(x))
    }

    #[inline(always)]
    fn pop48(self, x: u64) -> u32 {
        self.count(x)
    }
}

/// The instruction-set extensions an engine may use: each a proof that the
/// processor has it (or `None`). Made by [`Cpu::detect`],
/// [`Cpu::from_env`] or [`Cpu::portable`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cpu {
    popcnt: Option<Popcnt>,
}

impl Cpu {
    /// Everything this processor has.
    pub fn detect() -> Cpu {
        Cpu { popcnt: Popcnt::detect() }
    }

    /// The portable path: nothing beyond the target's baseline.
    pub const fn portable() -> Cpu {
        Cpu { popcnt: None }
    }

    /// [`detect`](Self::detect), unless `SPIELBAUM_PORTABLE` is set (to
    /// anything but `0` and the empty string): then
    /// [`portable`](Self::portable).
    pub fn from_env() -> Cpu {
        if std::env::var_os("SPIELBAUM_PORTABLE").is_some_and(|v| v != "0" && !v.is_empty()) {
            Cpu::portable()
        } else {
            Cpu::detect()
        }
    }

    /// The `popcnt` instruction, if this run may use it.
    pub fn popcnt(self) -> Option<Popcnt> {
        self.popcnt
    }

    /// `true` if no extension is used.
    pub fn is_portable(self) -> bool {
        self == Cpu::portable()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_instruction_counts_as_the_table_does() {
        let Some(h) = Popcnt::detect() else {
            eprintln!("no popcnt on this processor: nothing to compare");
            return;
        };
        for x in 0..1u32 << 24 {
            assert_eq!(h.pop24(x), Portable.pop24(x), "{x:#x}");
        }
        let mut y = 0u64;
        for x in 0..1u64 << 20 {
            y = (y.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(x)) & ((1 << 48) - 1);
            assert_eq!(h.pop48(y), Portable.pop48(y), "{y:#x}");
        }
        assert_eq!(h.pop48((1 << 48) - 1), 48);
    }

    /// `SPIELBAUM_PORTABLE=1` (set by CI for one test run) turns every
    /// extension off; without it, `from_env` gives what the processor has.
    #[test]
    fn the_environment_can_force_the_portable_path() {
        let env = Cpu::from_env();
        let forced =
            std::env::var_os("SPIELBAUM_PORTABLE").is_some_and(|v| v != "0" && !v.is_empty());
        if forced {
            assert!(env.is_portable(), "{env:?}");
        } else {
            assert_eq!(env, Cpu::detect());
        }
        assert!(Cpu::portable().is_portable());
    }
}
