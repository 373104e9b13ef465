//! The `typed_roundtrip` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer; the same
//! check replays `fuzz/regressions/typed_roundtrip/` in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sgf_workspace_tests::fuzz_checks::typed_roundtrip(data)
});
