//! The `roundtrip` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer (read, write,
//! read again: equal); the same check replays `fuzz/regressions/roundtrip/` in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgf_workspace_tests::fuzz_checks::roundtrip(data));
