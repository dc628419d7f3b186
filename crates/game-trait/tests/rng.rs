//! `SplitMix64` against the reference implementation's published outputs,
//! and through `rand_core`'s traits.
use spielbaum_game_trait::SplitMix64;
use spielbaum_game_trait::rand_core::{RngCore, SeedableRng};

/// The first outputs of Vigna's reference `splitmix64.c` from the seed
/// 1234567 (the test vector that `rand_xoshiro` also checks).
const REFERENCE: [u64; 5] = [
    6457827717110365317,
    3203168211198807973,
    9817491932198370423,
    4593380528125082431,
    16408922859458223821,
];

#[test]
fn matches_the_reference_outputs() {
    let mut rng = SplitMix64::new(1234567);
    for want in REFERENCE {
        assert_eq!(rng.next_u64(), want);
    }
}

#[test]
fn rand_core_traits_give_the_same_stream() {
    let mut by_trait = SplitMix64::seed_from_u64(1234567);
    for want in REFERENCE {
        assert_eq!(RngCore::next_u64(&mut by_trait), want);
    }
    let mut from_seed = SplitMix64::from_seed(1234567u64.to_le_bytes());
    assert_eq!(RngCore::next_u64(&mut from_seed), REFERENCE[0]);
    let mut bytes = [0u8; 12];
    SplitMix64::new(1234567).fill_bytes(&mut bytes);
    assert_eq!(bytes[..8], REFERENCE[0].to_le_bytes());
    // rand_core fills a tail of four bytes or fewer from `next_u32`.
    assert_eq!(bytes[8..], ((REFERENCE[1] >> 32) as u32).to_le_bytes());
    assert_eq!(SplitMix64::new(1234567).next_u32(), (REFERENCE[0] >> 32) as u32);
}
