//! What the packed level engine asks of the processor and the system,
//! chosen at run time and passed explicitly as a [`Cpu`] value (no global
//! switch: two runs in one process may use different paths):
//!
//! - Packing a position to one bit per cell and back: a codec may use
//!   BMI2's `pext`/`pdep` ([`Bmi2`]) where the processor has them fast. The
//!   release build targets baseline x86-64, which has no BMI2; a codec
//!   compiles its expansion loop a second time with BMI2 (and POPCNT,
//!   BMI1, LZCNT) enabled ([`with_bmi2`]) and runs that version when the
//!   [`Cpu`] holds a [`Bmi2`].
//! - Transparent huge pages for big buffers (`advise_huge`, Linux):
//!   `SPIELBAUM_NO_THP=1` turns the advice off.
//! - The probe window of a table (`window`): eight keys compared at once
//!   with SSE2, which every x86-64 processor has; where the processor has
//!   AVX2 ([`Avx2`]) the whole merge loop of narrow records
//!   (`insert_narrow`) is compiled for it, with one 256-bit comparison
//!   per window and no bounds checks.
//! - The canonical forms of a position's successors under a group of eight
//!   symmetries ([`minima8`]) and the compaction of a finished table
//!   (`compact16`): where the processor has AVX-512F ([`Avx512`]), in
//!   functions compiled for AVX-512 on their own.
//!
//! [`Cpu::from_env`] is what the engines use unless told otherwise:
//! `SPIELBAUM_PORTABLE=1` in the environment forces the portable path
//! everywhere (CI runs the tests once that way); `SPIELBAUM_NO_BMI2=1`,
//! `SPIELBAUM_NO_AVX2=1` and `SPIELBAUM_NO_AVX512=1` turn off one feature
//! each.
//!
//! `unsafe` here and in the buckets' store, nowhere else in the crate:
//! calling the BMI2 instructions (and the function compiled for them) is
//! sound only on a processor that has them, and a [`Bmi2`] value exists
//! only after run-time detection found them (the same for [`Avx512`] and
//! [`Avx2`]); the SSE2 intrinsics are part of the baseline and read only
//! their arguments; the merge loop `insert_narrow` reads and writes a
//! table through raw pointers at indices it proves in bounds from
//! arguments it checks; `madvise` is a system call on memory the caller
//! owns.

#![allow(unsafe_code)]

/// The instruction-set extensions a run may use: each a proof that the
/// processor has it (or `None`). Made by [`Cpu::detect`],
/// [`Cpu::from_env`] or [`Cpu::portable`], passed to the engine as a value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cpu {
    bmi2: Option<Bmi2>,
    avx2: Option<Avx2>,
    avx512: Option<Avx512>,
}

impl Cpu {
    /// Everything this processor has (and does fast).
    pub fn detect() -> Cpu {
        Cpu { bmi2: Bmi2::detect(), avx2: Avx2::detect(), avx512: Avx512::detect() }
    }

    /// The portable path: no extension beyond the target's baseline.
    pub const fn portable() -> Cpu {
        Cpu { bmi2: None, avx2: None, avx512: None }
    }

    /// [`detect`](Self::detect), less what the environment turns off:
    /// `SPIELBAUM_PORTABLE=1` (any value but `0` and the empty string)
    /// everything; `SPIELBAUM_NO_BMI2`, `SPIELBAUM_NO_AVX2` and
    /// `SPIELBAUM_NO_AVX512` one feature each. Read where a run starts.
    pub fn from_env() -> Cpu {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| v != "0" && !v.is_empty());
        if set("SPIELBAUM_PORTABLE") {
            return Cpu::portable();
        }
        let mut cpu = Cpu::detect();
        if set("SPIELBAUM_NO_BMI2") {
            cpu.bmi2 = None;
        }
        if set("SPIELBAUM_NO_AVX2") {
            cpu.avx2 = None;
        }
        if set("SPIELBAUM_NO_AVX512") {
            cpu.avx512 = None;
        }
        cpu
    }

    /// Fast BMI2, if this run may use it.
    pub fn bmi2(self) -> Option<Bmi2> {
        self.bmi2
    }

    /// AVX2, if this run may use it.
    pub fn avx2(self) -> Option<Avx2> {
        self.avx2
    }

    /// AVX-512F, if this run may use it.
    pub fn avx512(self) -> Option<Avx512> {
        self.avx512
    }

    /// `true` if no extension is used.
    pub fn is_portable(self) -> bool {
        self == Cpu::portable()
    }
}

/// Proof that the processor has fast BMI2 (with POPCNT, BMI1 and LZCNT):
/// only made by [`Bmi2::detect`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bmi2(());

impl Bmi2 {
    /// `Some` if this processor has BMI2, POPCNT, BMI1 and LZCNT and its
    /// `pext`/`pdep` are fast: AMD processors before Zen 3 (family 0x19)
    /// run them in microcode, hundreds of cycles each, slower than tables.
    pub fn detect() -> Option<Bmi2> {
        #[cfg(target_arch = "x86_64")]
        {
            let has = std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("lzcnt");
            if has && !slow_pext() {
                return Some(Bmi2(()));
            }
        }
        None
    }

    /// The bits of `x` under `mask`, packed to the low bits (`pext`).
    #[inline(always)]
    pub fn pext(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a `Bmi2` exists only if BMI2 was detected (`detect`).
        unsafe {
            core::arch::x86_64::_pext_u64(x, mask)
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("no BMI2 proof off x86-64: {x} {mask}")
    }

    /// The low bits of `c` spread to the bits of `mask` (`pdep`).
    #[inline(always)]
    pub fn pdep(self, c: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `pext`.
        unsafe {
            core::arch::x86_64::_pdep_u64(c, mask)
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("no BMI2 proof off x86-64: {c} {mask}")
    }
}

/// `true` on AMD processors of family below 0x19 (Zen 1 and 2).
#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use core::arch::x86_64::__cpuid;
    // `__cpuid` is a safe function from Rust 1.94 on and `unsafe` before:
    // the block keeps the crate building with 1.89.
    #[allow(unused_unsafe)]
    // SAFETY: every x86-64 processor has CPUID; it only reads registers.
    let (v, f) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let amd = [v.ebx, v.edx, v.ecx] == [0x6874_7541, 0x6974_6e65, 0x444d_4163];
    if !amd {
        return false;
    }
    let family = (f >> 8 & 0xf) + if f >> 8 & 0xf == 0xf { f >> 20 & 0xff } else { 0 };
    family < 0x19
}

/// Runs `f` compiled with BMI2, BMI1, POPCNT and LZCNT enabled: `f` and
/// what it inlines use `pext`, `pdep`, `popcnt`, `tzcnt`, `blsr` and the
/// shifts without flags. The [`Bmi2`] proves the processor has them.
#[inline(always)]
pub fn with_bmi2<T>(_proof: Bmi2, f: impl FnOnce() -> T) -> T {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")]
        fn run<T>(f: impl FnOnce() -> T) -> T {
            f()
        }
        // SAFETY: `_proof` exists only if `Bmi2::detect` found the four
        // features on this processor.
        unsafe { run(f) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    f()
}

/// Bit `j` set if `w[j]` is `tag` or 0: two comparisons of four lanes and
/// a mask extraction each (SSE2).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn window(w: &[u32; 8], tag: u32) -> u32 {
    use core::arch::x86_64::{
        _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_movemask_ps, _mm_or_si128, _mm_set_epi32,
        _mm_set1_epi32, _mm_setzero_si128,
    };
    // SAFETY: SSE2 is part of every x86-64 processor (and of the target's
    // baseline); no memory is accessed but through the safe slices.
    unsafe {
        let (t, z) = (_mm_set1_epi32(tag as i32), _mm_setzero_si128());
        let half = |k: &[u32]| {
            let v = _mm_set_epi32(k[3] as i32, k[2] as i32, k[1] as i32, k[0] as i32);
            let hit = _mm_or_si128(_mm_cmpeq_epi32(v, t), _mm_cmpeq_epi32(v, z));
            _mm_movemask_ps(_mm_castsi128_ps(hit)) as u32
        };
        half(&w[..4]) | half(&w[4..]) << 4
    }
}

/// [`window`] on other processors.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn window(w: &[u32; 8], tag: u32) -> u32 {
    let mut m = 0;
    for (j, &k) in w.iter().enumerate() {
        m |= u32::from((k == tag) | (k == 0)) << j;
    }
    m
}

/// Proof that the processor has AVX2 (and BMI1): made only by
/// [`Avx2::detect`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2(());

impl Avx2 {
    /// `Some` if this processor has AVX2 and BMI1.
    pub fn detect() -> Option<Avx2> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
        {
            return Some(Avx2(()));
        }
        None
    }
}

/// An open-addressing table being built, as [`insert_narrow`] sees it:
/// `counts.len()` slots, home slots below `homes` (a key's home is its rest
/// scaled to them) and at least eight more after them, keys `rest | full`
/// (0 for an empty slot) below `2^rest_bits` apart from the `full` bit, and
/// one more key past the slots (the sink: a key found again is stored there
/// instead of a branch).
pub(crate) struct Table<'a> {
    pub(crate) keys: &'a mut [u32],
    pub(crate) counts: &'a mut [u64],
    pub(crate) homes: usize,
    pub(crate) rest_bits: u32,
    pub(crate) full: u32,
}

/// Adds records to `table`, as `Part::add_all` does record by record,
/// until `room` new entries were added or the records run out; returns how
/// many words it took and how many entries were new. A record is narrow
/// (`rest | count << rest_bits`), or, if `escaped`, may carry the escape
/// value in its counter bits and its counter in the next word (see
/// `Escaped` in the buckets; a record cut short at the end is
/// dropped, as the portable reader does).
///
/// This is the merge's hot loop: compiled for AVX2 (the window of eight
/// keys in one comparison) and without bounds checks on the table, which
/// the checks of its arguments make unnecessary (see the `SAFETY`
/// comments). Measured against the safe loop in `part.rs`: see
/// `docs/bfs-reach.md`.
pub(crate) fn insert_narrow(
    proof: Avx2,
    table: Table<'_>,
    words: &[u64],
    escaped: bool,
    room: usize,
) -> (usize, usize) {
    let _ = proof;
    let Table { keys, counts, homes, rest_bits, full } = table;
    let cap = counts.len();
    // What the loop relies on, checked once per call.
    assert!(keys.len() == cap + 1, "one key per slot and the sink");
    assert!(homes >= 1 && homes + 8 <= cap, "eight slots past the last home slot");
    assert!(rest_bits <= 31 && full >> rest_bits != 0 && full.is_power_of_two(), "tags");
    assert!(homes as u64 <= u64::MAX >> rest_bits, "a rest times `homes` fits a u64");
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2,bmi1")]
        fn run<const ESCAPED: bool>(
            keys: &mut [u32],
            counts: &mut [u64],
            homes: usize,
            rest_bits: u32,
            full: u32,
            words: &[u64],
            room: usize,
        ) -> (usize, usize) {
            use core::arch::x86_64::{
                __m256i, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
                _mm256_movemask_ps, _mm256_or_si256, _mm256_set1_epi32, _mm256_setzero_si256,
            };
            let cap = counts.len();
            let rest_mask = (1u64 << rest_bits) - 1;
            let escape = u64::MAX >> rest_bits;
            let (kp, cp) = (keys.as_mut_ptr(), counts.as_mut_ptr());
            let zero = _mm256_setzero_si256();
            let (mut k, mut added) = (0, 0);
            while k < words.len() {
                let w = words[k];
                k += 1;
                let rest = (w & rest_mask) as u32;
                let mut count = w >> rest_bits;
                if ESCAPED && count == escape {
                    let Some(&c) = words.get(k) else {
                        break;
                    };
                    count = c;
                    k += 1;
                }
                let tag = rest | full;
                // Below `homes`: `rest < 2^rest_bits`, and the product
                // does not overflow (checked above).
                let home = ((u64::from(rest) * homes as u64) >> rest_bits) as usize;
                // SAFETY: `home + 8 <= homes + 8 <= cap < keys.len()`: the
                // eight keys read are in the table (unaligned loads are
                // allowed).
                let v = unsafe { _mm256_loadu_si256(kp.add(home).cast::<__m256i>()) };
                let t = _mm256_set1_epi32(tag as i32);
                let hit = _mm256_or_si256(_mm256_cmpeq_epi32(v, t), _mm256_cmpeq_epi32(v, zero));
                let m = _mm256_movemask_ps(_mm256_castsi256_ps(hit)) as u32;
                let mut i = home + (m.trailing_zeros() & 7) as usize;
                if m == 0 {
                    // A run longer than the window: linear probing past it,
                    // wrapping (`i < cap` throughout).
                    i = home + 8;
                    loop {
                        if i == cap {
                            i = 0;
                        }
                        // SAFETY: `i < cap < keys.len()`.
                        let key = unsafe { *kp.add(i) };
                        if key == tag || key == 0 {
                            break;
                        }
                        i += 1;
                    }
                }
                // SAFETY: `i < cap` (in the window, or from the loop
                // above), and the sink `cap` is `keys.len() - 1`; `counts`
                // has `cap` slots.
                unsafe {
                    let new = *kp.add(i) == 0;
                    *kp.add(if new { i } else { cap }) = tag;
                    *cp.add(i) += count;
                    added += usize::from(new);
                }
                if added >= room {
                    break;
                }
            }
            (k, added)
        }
        // SAFETY: a `proof` exists only if `Avx2::detect` found AVX2 and
        // BMI1 on this processor; the arguments were checked above.
        unsafe {
            if escaped {
                run::<true>(keys, counts, homes, rest_bits, full, words, room)
            } else {
                run::<false>(keys, counts, homes, rest_bits, full, words, room)
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    unreachable!("no AVX2 proof off x86-64")
}

/// Proof that the processor has AVX-512F: made only by
/// [`Avx512::detect`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512(());

impl Avx512 {
    /// `Some` if this processor has AVX-512F.
    pub fn detect() -> Option<Avx512> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512f") {
            return Some(Avx512(()));
        }
        None
    }
}

/// For each set bit `b` of `moves` in increasing order, the minimum over
/// `g` of `img[g] ^ jumps[b][g]` (the canonical form of a successor, `K =
/// 8` images) into `out`; returns how many. One 512-bit XOR and a
/// reduction each, in a function of its own compiled for AVX-512F (the
/// rest of the expansion is not: compiled whole for AVX-512 it ran slower).
pub fn minima8<const K: usize>(
    proof: Avx512,
    img: &[u64; K],
    jumps: &[[u64; K]; 64],
    moves: u64,
    out: &mut [u64; 64],
) -> usize {
    assert_eq!(K, 8, "eight images");
    let _ = proof;
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f,bmi1")]
        fn run<const K: usize>(
            img: &[u64; K],
            jumps: &[[u64; K]; 64],
            moves: u64,
            out: &mut [u64; 64],
        ) -> usize {
            use core::arch::x86_64::{
                __m512i, _mm512_loadu_si512, _mm512_reduce_min_epu64, _mm512_xor_si512,
            };
            // SAFETY: `K == 8` (asserted by the caller): `img` and each
            // `jumps[b]` are 64 readable bytes; unaligned loads are allowed.
            let v = unsafe { _mm512_loadu_si512(img.as_ptr().cast::<__m512i>()) };
            let (mut n, mut m) = (0, moves);
            while m != 0 {
                let b = m.trailing_zeros() as usize;
                m &= m - 1;
                // SAFETY: as above.
                let j = unsafe { _mm512_loadu_si512(jumps[b].as_ptr().cast::<__m512i>()) };
                out[n] = _mm512_reduce_min_epu64(_mm512_xor_si512(v, j));
                n += 1;
            }
            n
        }
        // SAFETY: a `proof` exists only if `Avx512::detect` found AVX-512F
        // (and every x86-64 processor with it has BMI1).
        unsafe { run::<K>(img, jumps, moves, out) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    unreachable!("no AVX-512 proof off x86-64")
}

/// What [`compact16`] did: slots read, entries kept (written to the
/// front), and of the kept counters their total, largest and how many
/// were at least the bound.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Compacted16 {
    pub(crate) read: usize,
    pub(crate) kept: usize,
    pub(crate) paths: u128,
    pub(crate) max: u64,
    pub(crate) big: usize,
}

/// Compacts the front of a built table, sixteen slots at a time: the full
/// slots (key not 0) of `keys[..read]` and `counts[..read]` are moved to
/// the front in order, each key without its `full` bit, for the largest
/// multiple of sixteen `read ≤ counts.len()`; the caller compacts the
/// rest. One AVX-512 compress per sixteen keys and per eight counters
/// (a masked store writes only the kept lanes, never past the slots read).
pub(crate) fn compact16(
    proof: Avx512,
    keys: &mut [u32],
    counts: &mut [u64],
    full: u32,
    big: u64,
) -> Compacted16 {
    let _ = proof;
    let n = counts.len().min(keys.len()) / 16 * 16;
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f,popcnt")]
        fn run(keys: &mut [u32], counts: &mut [u64], n: usize, full: u32, big: u64) -> Compacted16 {
            use core::arch::x86_64::{
                __m512i, _mm512_add_epi64, _mm512_and_si512, _mm512_cmpge_epu64_mask,
                _mm512_loadu_si512, _mm512_mask_compress_epi32, _mm512_mask_compress_epi64,
                _mm512_mask_storeu_epi32, _mm512_mask_storeu_epi64, _mm512_max_epu64,
                _mm512_reduce_add_epi64, _mm512_reduce_max_epu64, _mm512_set1_epi32,
                _mm512_set1_epi64, _mm512_setzero_si512, _mm512_srli_epi64, _mm512_test_epi32_mask,
            };
            let (kp, cp) = (keys.as_mut_ptr(), counts.as_mut_ptr());
            let zero = _mm512_setzero_si512();
            let low = _mm512_set1_epi64(0xffff_ffff);
            let rest = _mm512_set1_epi32(!full as i32);
            let bound = _mm512_set1_epi64(big as i64);
            let (mut lo, mut hi, mut max) = (zero, zero, zero);
            let (mut j, mut bigs) = (0usize, 0usize);
            let mut i = 0;
            while i < n {
                // SAFETY: `i + 16 <= n <= keys.len()` and `<= counts.len()`:
                // the loads are in the slices (unaligned loads are
                // allowed). The masked stores write lanes `j..j + kept` with
                // `j + kept <= i + 16`, inside the slots already read.
                unsafe {
                    let k = _mm512_loadu_si512(kp.add(i).cast::<__m512i>());
                    let m = _mm512_test_epi32_mask(k, k);
                    let kept = _mm512_mask_compress_epi32(zero, m, _mm512_and_si512(k, rest));
                    let km = (1u32 << m.count_ones()) - 1;
                    _mm512_mask_storeu_epi32(kp.add(j).cast(), km as u16, kept);
                    let mut at = j;
                    for half in 0..2 {
                        let mh = (m >> (8 * half)) as u8;
                        let c = _mm512_loadu_si512(cp.add(i + 8 * half).cast::<__m512i>());
                        let c = _mm512_mask_compress_epi64(zero, mh, c);
                        let cm = ((1u32 << mh.count_ones()) - 1) as u8;
                        _mm512_mask_storeu_epi64(cp.add(at).cast(), cm, c);
                        at += mh.count_ones() as usize;
                        // Compressed lanes past the kept ones are 0.
                        lo = _mm512_add_epi64(lo, _mm512_and_si512(c, low));
                        hi = _mm512_add_epi64(hi, _mm512_srli_epi64::<32>(c));
                        max = _mm512_max_epu64(max, c);
                        bigs += (_mm512_cmpge_epu64_mask(c, bound) & cm).count_ones() as usize;
                    }
                    j = at;
                }
                i += 16;
            }
            // Each lane of `lo` and `hi` adds at most 2^32 per 16 slots: no
            // overflow below 2^35 slots.
            let lo = _mm512_reduce_add_epi64(lo) as u64;
            let hi = _mm512_reduce_add_epi64(hi) as u64;
            let paths = u128::from(lo) + (u128::from(hi) << 32);
            let max = _mm512_reduce_max_epu64(max);
            Compacted16 { read: n, kept: j, paths, max, big: bigs }
        }
        assert!(n < 1 << 35, "sums fit");
        // SAFETY: a `proof` exists only if `Avx512::detect` found
        // AVX-512F (and every processor with it has POPCNT); `n` is within
        // both slices.
        unsafe { run(keys, counts, n, full, big) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    unreachable!("no AVX-512 proof off x86-64")
}

/// Allocations at least this big are backed by transparent huge pages
/// where the system allows it (bytes).
const HUGE_MIN: usize = 4 << 20;

/// The size of a huge page (x86-64 and AArch64 with 4 KiB base pages).
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the allocation of `v` (its whole capacity)
/// with transparent huge pages: one page fault per 2 MiB instead of per 4
/// KiB (the English statistics fault in about 140 K pages otherwise, each
/// a few microseconds on a virtual machine), and fewer TLB misses on the
/// tables' random accesses. Only advice: a no-op on small allocations,
/// other systems, or when the system refuses. Public for the other
/// crates' big tables (the Mühle engine's transposition table).
pub fn advise_huge<T>(v: &mut Vec<T>) {
    let bytes = v.capacity() * size_of::<T>();
    if bytes < HUGE_MIN || std::env::var_os("SPIELBAUM_NO_THP").is_some() {
        return;
    }
    let start = v.as_mut_ptr() as usize;
    let lo = start.next_multiple_of(HUGE_PAGE);
    let hi = (start + bytes) / HUGE_PAGE * HUGE_PAGE;
    if hi <= lo {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: `lo..hi` lies inside the vector's allocation (its capacity,
    // rounded inwards to whole huge pages). `MADV_HUGEPAGE` only changes how
    // the kernel backs the range: contents and validity of the memory stay
    // as they were, so nothing Rust relies on changes. The result is
    // ignored: the advice is optional.
    unsafe {
        libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator of test data from `seed` (not 0).
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn avx512_minima_match_scalar_ones() {
        let Some(avx) = Avx512::detect() else {
            eprintln!("skipped: this processor has no AVX-512F");
            return;
        };
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..1000 {
            // Top bits set as well: the comparison must be unsigned.
            let img: [u64; 8] = core::array::from_fn(|_| next());
            let jumps: [[u64; 8]; 64] = core::array::from_fn(|_| core::array::from_fn(|_| next()));
            let moves = next() & next();
            let mut out = [0u64; 64];
            let n = minima8(avx, &img, &jumps, moves, &mut out);
            let want: Vec<u64> = (0..64)
                .filter(|b| moves >> b & 1 == 1)
                .map(|b| (0..8).map(|g| img[g] ^ jumps[b][g]).min().unwrap())
                .collect();
            assert_eq!(&out[..n], &want[..]);
        }
    }

    #[test]
    fn compaction_by_sixteen_matches_its_definition() {
        let Some(avx) = Avx512::detect() else {
            eprintln!("skipped: this processor has no AVX-512F");
            return;
        };
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let full = 1u32 << 31;
        for len in [0usize, 15, 16, 17, 100, 1000, 4099] {
            // Empty slots at random (none, a quarter, half or three
            // quarters), counters of every
            // size up to 2^64 − 1.
            let share = next() % 4;
            let keys: Vec<u32> = (0..len)
                .map(|_| if next() % 4 < share { 0 } else { (next() as u32 >> 7) | full })
                .collect();
            let counts: Vec<u64> = (0..len).map(|_| next() >> (next() % 64)).collect();
            let big = next() >> 20;
            let (mut k, mut c) = (keys.clone(), counts.clone());
            let got = compact16(avx, &mut k, &mut c, full, big);
            let n = len / 16 * 16;
            let kept: Vec<(u32, u64)> =
                (0..n).filter(|&i| keys[i] != 0).map(|i| (keys[i] & !full, counts[i])).collect();
            let want = Compacted16 {
                read: n,
                kept: kept.len(),
                paths: kept.iter().map(|&(_, c)| u128::from(c)).sum(),
                max: kept.iter().map(|&(_, c)| c).max().unwrap_or(0),
                big: kept.iter().filter(|&&(_, c)| c >= big).count(),
            };
            assert_eq!(got, want, "{len}");
            let front: Vec<(u32, u64)> =
                k[..got.kept].iter().copied().zip(c[..got.kept].iter().copied()).collect();
            assert_eq!(front, kept);
            // Slots past those read are untouched.
            assert_eq!(k[n..], keys[n..]);
            assert_eq!(c[n..], counts[n..]);
        }
    }

    /// `SPIELBAUM_PORTABLE=1` (set by CI for one test run) turns every
    /// extension off; without it, `from_env` gives at most what the
    /// processor has.
    #[test]
    fn the_environment_can_force_the_portable_path() {
        let env = Cpu::from_env();
        let forced =
            std::env::var_os("SPIELBAUM_PORTABLE").is_some_and(|v| v != "0" && !v.is_empty());
        if forced {
            assert!(env.is_portable(), "{env:?}");
            eprintln!("SPIELBAUM_PORTABLE is set: the portable path");
        } else {
            let all = Cpu::detect();
            assert!(env.bmi2.is_none() || all.bmi2.is_some());
            assert!(env.avx2.is_none() || all.avx2.is_some());
            assert!(env.avx512.is_none() || all.avx512.is_some());
        }
        assert!(Cpu::portable().is_portable());
    }

    #[test]
    fn window_matches_its_definition() {
        const VALUES: [u32; 4] = [0, 0x8000_0001, 0x8000_0002, 0x8000_0003];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..10_000 {
            let mut w = [0u32; 8];
            for k in &mut w {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Few distinct values: hits, empties and misses all occur.
                *k = VALUES[(seed % 4) as usize];
            }
            let tag = VALUES[(seed >> 40) as usize % 4];
            let want = (0..8).filter(|&j| w[j] == tag || w[j] == 0).fold(0, |m, j| m | 1 << j);
            assert_eq!(window(&w, tag), want, "{w:x?} {tag:x}");
        }
    }
}
