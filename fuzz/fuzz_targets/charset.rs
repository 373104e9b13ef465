//! The `charset` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer; the same check
//! replays `fuzz/regressions/charset/` in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgf_workspace_tests::fuzz_checks::charset(data));
