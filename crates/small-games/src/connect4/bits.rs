//! The integer types a Connect Four bitboard can live in.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{Add, BitAnd, BitOr, BitXor, Not, Shl, Shr, Sub};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// An unsigned integer used as a Connect Four bitboard: `u64` (every board
/// with `(height + 1) · width ≤ 64`, i.e. all but 9×7) or `u128` (all
/// boards). Sealed: implemented for exactly these two.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + sealed::Sealed
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Number of bits.
    const BITS: u32;
    /// All bits clear.
    const ZERO: Self;
    /// Only bit 0 set.
    const ONE: Self;
    /// `true` if [`key`](Bits::key) is injective on the values a board of
    /// this type uses (the value fits in 64 bits).
    const EXACT: bool;
    /// The low `BITS` bits of `v`.
    fn from_u128(v: u128) -> Self;
    /// The value widened to 128 bits.
    fn to_u128(self) -> u128;
    /// Number of set bits.
    fn count_ones(self) -> u32;
    /// Index of the lowest set bit (`BITS` for zero).
    fn trailing_zeros(self) -> u32;
    /// A 64-bit key: the value itself for `u64`, a mix of both halves for
    /// `u128` (a hash, not injective).
    fn key(self) -> u64;
}

impl Bits for u64 {
    const BITS: u32 = 64;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const EXACT: bool = true;
    #[inline(always)]
    fn from_u128(v: u128) -> Self {
        v as u64
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline(always)]
    fn key(self) -> u64 {
        self
    }
}

impl Bits for u128 {
    const BITS: u32 = 128;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const EXACT: bool = false;
    #[inline(always)]
    fn from_u128(v: u128) -> Self {
        v
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn key(self) -> u64 {
        // The high half holds at most 8 bits (72-bit boards); an odd
        // multiplier spreads them over the whole word.
        let (lo, hi) = (self as u64, (self >> 64) as u64);
        lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31)
    }
}
