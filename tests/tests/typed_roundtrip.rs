//! The `typed_roundtrip` fuzz check on 2000 deterministic pseudo-random inputs, so that CI
//! writes and reads back typed collections of every game without a fuzzer.

use sgf_workspace_tests::fuzz_checks;

/// A small deterministic generator (xorshift), so that a failure replays.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Bytes of a length up to 4 KiB, long enough for three trees of many nodes.
    fn bytes(&mut self) -> Vec<u8> {
        let len = usize::try_from(self.next() % 4096).expect("below 4096");
        (0..len).map(|_| self.next().to_le_bytes()[0]).collect()
    }
}

#[test]
fn typed_collections_read_back_from_what_the_encoder_writes() {
    let mut rng = Rng(0x5EED_F00D_CAFE_D00D);
    for case in 0..2000 {
        let data = rng.bytes();
        eprintln!("case {case}: {} bytes", data.len());
        fuzz_checks::typed_roundtrip(&data);
    }
}
