//! The `typed_roundtrip` fuzz check on 2000 deterministic pseudo-random inputs, so that CI
//! writes and reads back typed collections of every game without a fuzzer.

use sgf_test_support::Rng;
use sgf_workspace_tests::fuzz_checks;

#[test]
fn typed_collections_read_back_from_what_the_encoder_writes() {
    let mut rng = Rng::new(0x5EED_F00D_CAFE_D00D);
    for case in 0..2000 {
        // Up to 4 KiB, long enough for three trees of many nodes.
        let len = rng.below(4096);
        let data = rng.bytes(len);
        eprintln!("case {case}: {} bytes", data.len());
        fuzz_checks::typed_roundtrip(&data);
    }
}
